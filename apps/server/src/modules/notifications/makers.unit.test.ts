import { describe, expect, it } from 'vitest';
import { loanReminderEvent, overseasEvent, refundEvent, topupEvent } from './makers.ts';

describe('events as the owning modules make them', () => {
  const reminder = { loanId: 'l1', userId: 'u1', reference: 'KMF-1', dueDate: '2026-12-01', cents: 3000 };

  it('tells a loan 3 days before, on the day, and 1, 3 and 7 days late; no other day', () => {
    expect(loanReminderEvent({ ...reminder, kind: 'before', days: 3 })?.kind).toBe('loan.repayment_due');
    expect(loanReminderEvent({ ...reminder, kind: 'before', days: 0 })?.data).toMatchObject({ inDays: 0 });
    expect(loanReminderEvent({ ...reminder, kind: 'before', days: 1 })).toBeNull();
    for (const days of [1, 3, 7])
      expect(loanReminderEvent({ ...reminder, kind: 'late', days })?.kind).toBe('loan.overdue');
    for (const days of [15, 25, 30]) expect(loanReminderEvent({ ...reminder, kind: 'late', days })).toBeNull();
    // Each reminder is its own event (its day in the key), so the three late ones are three messages.
    const subjects = [1, 3, 7].map((days) => loanReminderEvent({ ...reminder, kind: 'late', days })?.subject);
    expect(new Set(subjects).size).toBe(3);
  });

  it('tells an overseas order bought, at the warehouse and shipped, not its other moves', () => {
    const o = { id: 7, userId: 'u', orderNo: 'H7' };
    expect(['BOUGHT', 'WAREHOUSE', 'FREIGHT'].map((s) => overseasEvent(s, o)?.kind)).toEqual([
      'overseas.bought',
      'overseas.at_warehouse',
      'overseas.shipped',
    ]);
    expect(overseasEvent('PAID', o)).toBeNull();
    expect(overseasEvent('ARRIVED', o)).toBeNull();
  });

  it('makes top-up and refund events with the number and amounts the templates read', () => {
    expect(topupEvent(false, { id: 'r1', userId: 'u', msisdn: '12345678', amountCents: 500 })).toEqual({
      kind: 'topup.failed_refunded',
      userId: 'u',
      subject: 'r1',
      data: { recordId: 'r1', phone: '+85512345678', amountCents: 500 },
    });
    const made = refundEvent('made', {
      refundId: 9,
      userId: 'u',
      amountCents: 100,
      subject: 'A1',
      link: '/x',
      method: 'ABA',
    });
    expect(made.kind).toBe('refund.made');
  });
});
