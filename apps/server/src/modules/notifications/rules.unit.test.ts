import { LANGUAGES } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { EVENT_KINDS, EVENT_RULES } from './events.ts';
import {
  channelsFor,
  choicesOf,
  DAILY_LIMIT,
  DAILY_SECURITY_LIMIT,
  DEFAULT_CHOICES,
  PHONE_ONLY_REACH,
  sendableAt,
  withinDailyLimit,
} from './rules.ts';
import { SAMPLES } from './samples.ts';
import { placeholders, render, TEMPLATES } from './templates.ts';

const all = { phone: true, telegram: true, push: true };

describe('which channels', () => {
  it('follows the group’s choices on the channels the shopper has', () => {
    expect(channelsFor('order.paid', DEFAULT_CHOICES, all, false)).toEqual(['inApp', 'sms', 'telegram', 'push']);
    expect(channelsFor('order.paid', DEFAULT_CHOICES, { phone: true, telegram: false, push: false }, false)).toEqual([
      'inApp',
      'sms',
    ]);
    const noSms = choicesOf({ orders: { sms: false }, money: { telegram: false } });
    expect(channelsFor('order.delivered', noSms, all, false)).toEqual(['inApp', 'telegram', 'push']);
    expect(channelsFor('refund.made', noSms, all, false)).toEqual(['inApp', 'sms', 'push']);
  });

  it('leaves out the in-app notice when the owning module writes it', () => {
    expect(EVENT_RULES['order.shipped'].ownerNotice).toBe(true);
    expect(channelsFor('order.shipped', DEFAULT_CHOICES, all, false)).toEqual(['sms', 'telegram', 'push']);
  });

  it('sends promotions only with consent and a channel turned on; off by default', () => {
    expect(channelsFor('promotion', DEFAULT_CHOICES, all, true)).toEqual([]);
    const on = choicesOf({ promotions: { telegram: true } });
    expect(channelsFor('promotion', on, all, false)).toEqual([]);
    expect(channelsFor('promotion', on, all, true)).toEqual(['telegram']);
  });

  it('sends security messages on every channel the shopper has, whatever the choices', () => {
    const none = choicesOf({
      orders: { inApp: false, sms: false, telegram: false, push: false },
      money: { inApp: false, sms: false, telegram: false, push: false },
      loans: { inApp: false, sms: false, telegram: false, push: false },
    });
    expect(channelsFor('security.new_sign_in', none, { phone: true, telegram: false, push: true }, false)).toEqual([
      'inApp',
      'sms',
      'push',
    ]);
  });

  it('ignores stored choices it does not know', () => {
    expect(choicesOf({ orders: { sms: 'no', fax: true }, nonsense: 1 })).toEqual(DEFAULT_CHOICES);
    expect(choicesOf(null)).toEqual(DEFAULT_CHOICES);
  });
});

describe('quiet hours (21:00–08:00 Phnom Penh)', () => {
  // Phnom Penh is UTC+7: 21:00 there is 14:00 UTC, 08:00 is 01:00 UTC.
  it('defers a message to a phone to 08:00', () => {
    const evening = new Date('2026-11-28T14:30:00Z'); // 21:30
    expect(sendableAt(evening, 'order.shipped', 'telegram').toISOString()).toBe('2026-11-29T01:00:00.000Z');
    const night = new Date('2026-11-28T19:00:00Z'); // 02:00 the next day
    expect(sendableAt(night, 'order.shipped', 'sms').toISOString()).toBe('2026-11-29T01:00:00.000Z');
  });

  it('sends at once in the day, on the edges as written', () => {
    const at = (iso: string) => new Date(iso);
    expect(sendableAt(at('2026-11-28T01:00:00Z'), 'order.paid', 'sms').toISOString()).toBe('2026-11-28T01:00:00.000Z');
    expect(sendableAt(at('2026-11-28T13:59:59Z'), 'order.paid', 'sms').toISOString()).toBe('2026-11-28T13:59:59.000Z');
    expect(sendableAt(at('2026-11-28T14:00:00Z'), 'order.paid', 'sms').toISOString()).toBe('2026-11-29T01:00:00.000Z');
    expect(sendableAt(at('2026-11-28T00:59:00Z'), 'order.paid', 'push').toISOString()).toBe('2026-11-28T01:00:00.000Z');
  });

  it('never holds security messages or in-app notices', () => {
    const night = new Date('2026-11-28T19:00:00Z');
    expect(sendableAt(night, 'security.new_sign_in', 'sms')).toEqual(night);
    expect(sendableAt(night, 'security.pay_password_changed', 'telegram')).toEqual(night);
    expect(sendableAt(night, 'order.shipped', 'inApp')).toEqual(night);
  });
});

describe('daily limit', () => {
  it('stops phone messages at the limit, security at its own, in-app never', () => {
    expect(withinDailyLimit({ normal: DAILY_LIMIT - 1, security: 0 }, 'order.paid', 'sms')).toBe(true);
    expect(withinDailyLimit({ normal: DAILY_LIMIT, security: 0 }, 'order.paid', 'telegram')).toBe(false);
    expect(withinDailyLimit({ normal: DAILY_LIMIT, security: 0 }, 'security.new_sign_in', 'sms')).toBe(true);
    expect(withinDailyLimit({ normal: 0, security: DAILY_SECURITY_LIMIT }, 'security.new_sign_in', 'sms')).toBe(false);
    expect(withinDailyLimit({ normal: 999, security: 999 }, 'order.paid', 'inApp')).toBe(true);
  });
});

describe('templates', () => {
  it('has every event in the three languages, with the same variables, each given', () => {
    for (const kind of EVENT_KINDS) {
      const t = TEMPLATES[kind];
      const given = Object.keys(t.vars(SAMPLES[kind] as never, 'en-US')).sort();
      for (const language of LANGUAGES) {
        expect(t.title[language].trim(), `${kind} title ${language}`).not.toBe('');
        expect(placeholders(t.body[language]), `${kind} ${language}`).toEqual(placeholders(t.body['en-US']));
        for (const name of placeholders(t.body[language])) expect(given, `${kind} {${name}}`).toContain(name);
        const out = render({ kind, data: SAMPLES[kind] } as never, language);
        expect(out.body, `${kind} ${language} filled`).not.toMatch(/\{\w+\}/);
        expect(out.link.startsWith('/') || out.link.startsWith('https://')).toBe(true);
      }
    }
  });

  it('writes money, phones and dates as the screens do, in the shopper’s language', () => {
    expect(render({ kind: 'order.paid', data: SAMPLES['order.paid'] }, 'en-US').body).toContain('$1,019.90');
    expect(render({ kind: 'topup.done', data: SAMPLES['topup.done'] }, 'kh').body).toContain('+855 12 345 678');
    expect(render({ kind: 'valuation.booked', data: SAMPLES['valuation.booked'] }, 'kh').body).toContain(
      '1 ធ្នូ 2026, 10:00',
    );
    expect(render({ kind: 'valuation.booked', data: SAMPLES['valuation.booked'] }, 'en-US').body).toContain(
      'Dec 1, 2026, 10:00 AM',
    );
    expect(render({ kind: 'loan.repayment_due', data: SAMPLES['loan.repayment_due'] }, 'chs').body).toContain(
      '2026年12月1日',
    );
  });
});

describe('quiet hours as configured', () => {
  it('takes other hours, or none', () => {
    const at = new Date('2026-11-28T15:30:00Z'); // 22:30 in Phnom Penh
    expect(sendableAt(at, 'order.paid', 'sms', null)).toEqual(at);
    expect(sendableAt(at, 'order.paid', 'sms', { from: 23, until: 6 })).toEqual(at);
    expect(sendableAt(at, 'order.paid', 'sms', { from: 22, until: 6 }).toISOString()).toBe('2026-11-28T23:00:00.000Z');
    expect(sendableAt(at, 'order.paid', 'sms', { from: 13, until: 23 }).toISOString()).toBe('2026-11-28T16:00:00.000Z');
  });
});

describe('a gift card’s claim link (decision 0075)', () => {
  const all = { phone: true, telegram: true, push: true };
  it('goes by Telegram when linked, else by SMS, never both; in-app as well for a shopper', () => {
    expect(channelsFor('giftcard.received', DEFAULT_CHOICES, all, false).sort()).toEqual(['inApp', 'push', 'telegram']);
    expect(channelsFor('giftcard.received', DEFAULT_CHOICES, { ...all, telegram: false, push: false }, false)).toEqual([
      'inApp',
      'sms',
    ]);
  });
  it('reaches a phone with no account by SMS (emit leaves in-app out: no account to show it in)', () => {
    expect(channelsFor('giftcard.received', DEFAULT_CHOICES, PHONE_ONLY_REACH, false)).toEqual(['inApp', 'sms']);
  });
});
