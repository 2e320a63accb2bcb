import { describe, expect, it } from 'vitest';
import { CONFIRMING_FOR_MS, outcomeOf, pollEvery, returnMarkOf } from './outcome.ts';

const unpaid = (status?: string) => ({ paid: false, lastPayment: status ? { status } : null });

describe('a result page after paying', () => {
  it('is confirming when the bank said success and the server has not heard it yet', () => {
    expect(outcomeOf(unpaid('PENDING'), 'success', 2_000)).toBe('confirming');
    // Before the server's first answer too: the page never shows "to pay" first.
    expect(outcomeOf(undefined, 'success', 0)).toBe('confirming');
  });

  it('is paid as soon as the server says so, whatever the return said', () => {
    expect(outcomeOf({ paid: true, lastPayment: { status: 'SUCCEEDED' } }, 'success', 1)).toBe('paid');
    expect(outcomeOf({ paid: true, lastPayment: null }, null, 1)).toBe('paid');
    expect(outcomeOf({ paid: true, lastPayment: { status: 'SUCCEEDED' } }, 'fail', 1)).toBe('paid');
  });

  it('is failed when the bank declined, and stops confirming after a long silence', () => {
    expect(outcomeOf(unpaid('FAILED'), 'success', 1)).toBe('failed');
    expect(outcomeOf(unpaid('PENDING'), 'fail', 1)).toBe('failed');
    expect(outcomeOf(unpaid('PENDING'), 'success', CONFIRMING_FOR_MS + 1)).toBe('none');
  });

  it('offers to pay again when the shopper left the bank without paying', () => {
    expect(outcomeOf(unpaid('PENDING'), 'timeout', 1)).toBe('none');
    expect(outcomeOf(unpaid('PENDING'), null, 1)).toBe('none');
    expect(outcomeOf(unpaid(), null, 1)).toBe('none');
  });

  it('asks quickly while confirming, slowly while a bank payment is open, never once paid', () => {
    expect(pollEvery('confirming', { status: 'PENDING' })).toBe(1_500);
    expect(pollEvery('none', { status: 'PENDING' })).toBe(4_000);
    expect(pollEvery('none', null)).toBe(false);
    expect(pollEvery('paid', { status: 'SUCCEEDED' })).toBe(false);
  });

  it('reads only the marks a return or the bridge puts', () => {
    expect(returnMarkOf('success')).toBe('success');
    expect(returnMarkOf('fail')).toBe('fail');
    expect(returnMarkOf('<script>')).toBe(null);
    expect(returnMarkOf(null)).toBe(null);
  });
});
