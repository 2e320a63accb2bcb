import { describe, expect, it } from 'vitest';
import { loanReminderEvent, overseasEvent, refundEvent, topupEvent } from './makers.ts';
import { renderAll } from './templates.ts';

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
    const refund = {
      id: 'f9',
      userId: 'u',
      channel: 'khqr',
      destination: 'wallet',
      bankAccount: null,
      partyRef: null,
      amountCents: 100,
      payableKind: 'order',
      payableId: 'o1',
    };
    // A method code, not words: each language's template names it.
    expect(refundEvent('arrived', refund)).toEqual({
      kind: 'refund.arrived',
      userId: 'u',
      subject: 'f9:wallet',
      data: {
        amountCents: 100,
        method: 'wallet',
        bankAccount: null,
        link: '/orderDetail?orderId=o1',
        transferRef: null,
      },
    });
    // Sent on to the bank: told again (another subject), with the transfer's reference once it arrives.
    const toBank = { ...refund, destination: 'bank', bankAccount: '000 123 456', partyRef: 'FT1' };
    expect(refundEvent('made', toBank)).toMatchObject({ subject: 'f9:bank', data: { method: 'bank' } });
    expect(refundEvent('arrived', toBank).data).toMatchObject({ transferRef: 'FT1' });
    expect(
      refundEvent('made', { ...refund, channel: 'payway', destination: 'gateway', payableKind: 'topup' }).data,
    ).toEqual({
      amountCents: 100,
      method: 'payway',
      bankAccount: null,
      link: '/bills',
    });
  });

  it('names a refund’s method in each language, not one string for all', () => {
    const data = { amountCents: 1250, method: 'sandbox', bankAccount: null, link: '/bills' };
    const texts = renderAll({ kind: 'refund.made', data } as never);
    expect(texts['en-US'].body).toBe(
      '$12.50 is going back to the bank card you paid with. We will tell you when it arrives.',
    );
    expect(texts.chs.body).toContain('银行卡');
    expect(texts.kh.body).toContain('កាតធនាគារ');
    const bank = renderAll({
      kind: 'refund.arrived',
      data: { ...data, method: 'bank', bankAccount: '000 123 456', transferRef: 'FT26' },
    } as never);
    expect(bank['en-US'].body).toBe('$12.50 was refunded to your bank account 000 123 456. Transfer reference: FT26.');
    expect(bank.kh.body).toContain('គណនីធនាគាររបស់អ្នក 000 123 456');
    expect(bank.chs.title).toBe('退款已到账');
  });
});
