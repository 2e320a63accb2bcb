import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop, testConfig } from '../../../test/harness.ts';
import { quietShopper } from '../../../test/shoppers.ts';
import { sql } from '../../platform/sql.ts';
import { notificationDeliveries, notificationEvents } from '../notifications/tables.ts';
import { giftPurchases } from './tables.ts';

/**
 * Gift cards bought and sent (issue 46 point 5) over HTTP: the send form's bounds and limits, paid
 * at the cashier (never by gift balance), the recipient told by SMS with a one-time link, claimed
 * once under 50 concurrent claims, resent and refunded the way it was paid.
 */
let shop: TestShop;
const PAY = '246810';

beforeAll(async () => {
  shop = await startTestShop({
    quietHours: null,
    sms: { ...testConfig().sms, simDelayMs: 0, simFailureRate: 0 },
  });
});
afterAll(() => shop.close());

let phoneSerial = 0;
/** A Cambodian mobile number nobody in this shop has (+855 77 …). */
const freshPhone = () => {
  phoneSerial += 1;
  return `077 ${String(100 + (phoneSerial % 800)).padStart(3, '0')} ${String(100 + Math.floor(Math.random() * 899))}`;
};
const e164 = (typed: string) => `+855${typed.replace(/\D/g, '').replace(/^0/, '')}`;

const buyer = (cashCents = 50_000, giftCents = 0) => quietShopper(shop, { payPassword: PAY, cashCents, giftCents });

async function send(token: string, body: Record<string, unknown>) {
  return shop.call('POST', '/v1/giftcard/send', {
    token,
    body: { amountCents: 2000, design: 'lotus', message: 'Happy birthday!', phone: freshPhone(), ...body },
  });
}

async function payByWallet(token: string, id: string) {
  return shop.call('POST', '/v1/order/pay', {
    token,
    body: { orderId: id, kind: 'giftcard', channel: 'wallet', payPassword: PAY },
  });
}

/**
 * Sends every pending message and returns the SMS texts to a phone as the phone receives them: the
 * outbox (what staff read) has the claim token masked, as a sign-in code; the message handed to
 * the gateway has it (the outbox keeps it apart outside production: `secret`).
 */
async function smsTo(phone: string): Promise<string[]> {
  const pending = await shop.db
    .select()
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.state, 'pending'));
  for (const d of pending) await shop.services.notifications.outbox.deliver(d.id);
  const shown = await shop.services.sms.outbox({ page: 1, size: 200 });
  const mine = shown.list.filter((m: { phone: string }) => m.phone === phone);
  for (const m of mine) expect(m.text).not.toMatch(/giftClaim\?t=[A-Za-z0-9_-]{43}/);
  const rows = (await shop.db.execute(
    sql`SELECT text, secret FROM sms_outbox WHERE phone = ${phone} ORDER BY id`,
  )) as unknown as { rows: { text: string; secret: string | null }[] };
  expect(rows.rows).toHaveLength(mine.length);
  return rows.rows.map((r) => (r.secret ? r.text.replace(/•+/, r.secret) : r.text));
}

const tokenOf = (text: string) => (/giftClaim\?t=([A-Za-z0-9_-]{43})/.exec(text) as RegExpExecArray)[1];

async function paidGift(amountCents = 2000) {
  const me = await buyer();
  const phone = freshPhone();
  const made = await send(me.token, { amountCents, phone });
  expect(made.body.code).toBe('0');
  expect((await payByWallet(me.token, made.body.data.id)).body.data.status).toBe('SUCCEEDED');
  const texts = await smsTo(e164(phone));
  expect(texts).toHaveLength(1);
  return { me, id: made.body.data.id as string, phone, token: tokenOf(texts[0]), text: texts[0] };
}

describe('sending a gift card', () => {
  it('offers the bounds staff set, and refuses what is out of them with catalogue errors', async () => {
    const me = await buyer();
    const page = await shop.call('GET', '/v1/giftcard/send/page', { token: me.token });
    expect(page.body.data).toMatchObject({ minCents: 500, maxCents: 20_000, messageMax: 140 });
    await shop.services.giftSending.setSettings(
      { minCents: 1000, maxCents: 5000, amountsCents: [1000, 2500] },
      'staff-1',
    );
    const low = await send(me.token, { amountCents: 500 });
    expect(low.body.code).toBe('GFT00100');
    expect(low.body.msg).toContain('$10.00');
    expect((await send(me.token, { amountCents: 5001 })).body.code).toBe('GFT00100');
    await shop.services.giftSending.setSettings(
      { minCents: 500, maxCents: 20_000, amountsCents: [500, 2000] },
      'staff-1',
    );
    expect((await send(me.token, { design: 'nope' })).body.code).toBe('GFT00101');
    expect((await send(me.token, { message: 'x'.repeat(141) })).body.code).toBe('GFT00102');
    expect((await send(me.token, { phone: '023 123 456' })).body.code).toBe('USR00010');
    const kh = await shop.call('POST', '/v1/giftcard/send', {
      token: me.token,
      language: 'kh',
      body: { amountCents: 100, design: 'lotus', message: '', phone: freshPhone() },
    });
    expect(kh.body.msg).toContain('សូមជ្រើសរើស');
  });

  it('is paid at the cashier by cash, never by the gift balance', async () => {
    const rich = await buyer(0, 50_000);
    const made = await send(rich.token, {});
    const cashier = await shop.call('GET', '/v1/h5/new/cashier/refresh', {
      token: rich.token,
      query: { orderId: made.body.data.id, kind: 'giftcard' },
    });
    expect(cashier.body.data).toMatchObject({ payableCents: 2000, state: 'WP' });
    const pay = await payByWallet(rich.token, made.body.data.id);
    expect(pay.body.code).toBe('WAL00001');
    expect(await shop.services.wallet.balances(rich.userId)).toMatchObject({ giftCents: 50_000, cashCents: 0 });
  });

  it('tells the recipient by SMS with a link, never the code, and the buyer sees it sent', async () => {
    const { me, id, text } = await paidGift(2500);
    expect(text).toContain('$25.00');
    expect(text).not.toMatch(/\b\d{8}\b/);
    const list = await shop.call('GET', '/v1/giftcard/sent', { token: me.token });
    expect(list.body.data.list[0]).toMatchObject({ id, state: 'sent', amountCents: 2500, canRefund: false });
    expect(JSON.stringify(list.body.data)).not.toContain('giftClaim');
    expect(await shop.services.wallet.balances(me.userId)).toMatchObject({ cashCents: 50_000 - 2500 });
  });

  it('goes by Telegram, not SMS, to a shopper who linked it', async () => {
    const recipient = await quietShopper(shop);
    const link = await shop.call('POST', '/v1/notify/telegram/link', { token: recipient.token, body: {} });
    const start = new URL(link.body.data.link).searchParams.get('start') as string;
    expect(await shop.services.telegram.simulator?.pressStart('7300001', 'Sophea', start)).toBe(200);
    const me = await buyer();
    const rows = (await shop.db.execute(sql`SELECT phone FROM users WHERE id = ${recipient.userId}`)) as unknown as {
      rows: { phone: string }[];
    };
    const made = await send(me.token, { phone: rows.rows[0].phone });
    await payByWallet(me.token, made.body.data.id);
    const [event] = await shop.db
      .select()
      .from(notificationEvents)
      .where(eq(notificationEvents.key, `giftcard.received:${made.body.data.id}:1`));
    const channels = (
      await shop.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.eventId, event.id))
    ).map((d) => d.channel);
    expect(channels.sort()).toEqual(['inApp', 'telegram']);
  });
});

describe('paid at the sandbox bank', () => {
  it('its signed callback makes the card and tells the recipient', async () => {
    const me = await buyer(0);
    const phone = freshPhone();
    const made = await send(me.token, { phone, amountCents: 1200 });
    const pay = await shop.call('POST', '/v1/order/pay', {
      token: me.token,
      body: { orderId: made.body.data.id, kind: 'giftcard', channel: 'sandbox' },
    });
    expect(pay.body.data.status, pay.body.msg).toBe('PENDING');
    await shop.services.payments.sandboxDecide(pay.body.data.paymentId, 'success');
    for (let i = 0; i < 4; i++) await shop.ctx.jobs.runDue(new Date(Date.now() + 10_000));
    const list = await shop.call('GET', '/v1/giftcard/sent', { token: me.token });
    expect(list.body.data.list[0]).toMatchObject({ state: 'sent', amountCents: 1200 });
    expect(await smsTo(e164(phone))).toHaveLength(1);
  });
});

describe('claiming', () => {
  it('50 concurrent claims activate the card once', async () => {
    const { token } = await paidGift(3000);
    const claimer = await quietShopper(shop);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        shop.call('POST', '/v1/giftcard/claim', { token: claimer.token, body: { claimToken: token } }),
      ),
    );
    for (const a of answers) expect(a.status).toBeLessThan(500);
    expect(answers.filter((a) => a.body.code === '0')).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 'GFT00108')).toHaveLength(49);
    expect((await shop.services.wallet.balances(claimer.userId)).giftCents).toBe(3000);
    const moves = (await shop.db.execute(
      sql`SELECT count(*)::int AS n FROM wallet_transfers WHERE kind = 'gift_card' AND idempotency_key LIKE 'giftcard:%'
          AND ref_id IN (SELECT card_id::text FROM gift_purchases WHERE claimed_by = ${claimer.userId})`,
    )) as unknown as { rows: { n: number }[] };
    expect(moves.rows[0].n).toBe(1);
  });

  it('50 claims by 50 shoppers at once: one gift balance grows', async () => {
    const { token } = await paidGift(1500);
    const claimers = await Promise.all(Array.from({ length: 50 }, () => quietShopper(shop)));
    const answers = await Promise.all(
      claimers.map((c) => shop.call('POST', '/v1/giftcard/claim', { token: c.token, body: { claimToken: token } })),
    );
    expect(answers.filter((a) => a.body.code === '0')).toHaveLength(1);
    const balances = await Promise.all(claimers.map((c) => shop.services.wallet.balances(c.userId)));
    expect(balances.reduce((s, b) => s + b.giftCents, 0)).toBe(1500);
  });

  it('refuses a made-up link and the buyer sees claimed', async () => {
    const bad = await shop.call('POST', '/v1/giftcard/claim', {
      token: (await quietShopper(shop)).token,
      body: { claimToken: 'A'.repeat(43) },
    });
    expect(bad.body.code).toBe('GFT00107');
    const { me, id, token } = await paidGift();
    const claimer = await quietShopper(shop);
    await shop.call('POST', '/v1/giftcard/claim', { token: claimer.token, body: { claimToken: token } });
    const list = await shop.call('GET', '/v1/giftcard/sent', { token: me.token });
    expect(list.body.data.list.find((g: { id: string }) => g.id === id)).toMatchObject({
      state: 'claimed',
      canResend: false,
    });
    const refund = await shop.call('POST', '/v1/giftcard/sent/refund', { token: me.token, body: { id } });
    expect(refund.body.code).toBe('GFT00109');
  });
});

describe('resend and refund', () => {
  it('resends to a corrected number: the old link stops working, the new one claims', async () => {
    const { me, id, token: old } = await paidGift();
    const corrected = freshPhone();
    const again = await shop.call('POST', '/v1/giftcard/sent/resend', {
      token: me.token,
      body: { id, phone: corrected },
    });
    expect(again.body.data).toMatchObject({ state: 'sent', sends: 2, recipientPhone: e164(corrected) });
    const [text] = await smsTo(e164(corrected));
    const claimer = await quietShopper(shop);
    expect(
      (await shop.call('POST', '/v1/giftcard/claim', { token: claimer.token, body: { claimToken: old } })).body.code,
    ).toBe('GFT00107');
    expect(
      (await shop.call('POST', '/v1/giftcard/claim', { token: claimer.token, body: { claimToken: tokenOf(text) } }))
        .body.code,
    ).toBe('0');
  });

  it('refunds an unclaimed card to the wallet it was paid from, after 30 days only, once', async () => {
    const { me, id, token } = await paidGift(4000);
    const early = await shop.call('POST', '/v1/giftcard/sent/refund', { token: me.token, body: { id } });
    expect(early.body.code).toBe('GFT00112');
    await shop.db
      .update(giftPurchases)
      .set({ paidAt: sql`now() - interval '31 days'` })
      .where(eq(giftPurchases.id, id));
    const list = await shop.call('GET', '/v1/giftcard/sent', { token: me.token });
    expect(list.body.data.list.find((g: { id: string }) => g.id === id)).toMatchObject({
      state: 'unclaimed',
      canRefund: true,
    });
    const before = (await shop.services.wallet.balances(me.userId)).cashCents;
    const refund = await shop.call('POST', '/v1/giftcard/sent/refund', { token: me.token, body: { id } });
    expect(refund.body.data).toMatchObject({ state: 'refunded' });
    await shop.call('POST', '/v1/giftcard/sent/refund', { token: me.token, body: { id } });
    expect((await shop.services.wallet.balances(me.userId)).cashCents).toBe(before + 4000);
    const claimer = await quietShopper(shop);
    expect(
      (await shop.call('POST', '/v1/giftcard/claim', { token: claimer.token, body: { claimToken: token } })).body.code,
    ).toBe('GFT00107');
  });
});

describe('abuse limits', () => {
  it('refuses a sixth card a day, and a fourth card to one phone', async () => {
    const me = await buyer();
    for (let i = 0; i < 5; i++) expect((await send(me.token, { amountCents: 500 })).body.code).toBe('0');
    expect((await send(me.token, { amountCents: 500 })).body.code).toBe('GFT00104');
    const phone = freshPhone();
    for (let i = 0; i < 3; i++) expect((await send((await buyer()).token, { phone })).body.code).toBe('0');
    expect((await send((await buyer()).token, { phone })).body.code).toBe('GFT00106');
  });

  it('refuses more than $500 a day from one buyer, concurrent sends included', async () => {
    const me = await buyer();
    const answers = await Promise.all(Array.from({ length: 4 }, () => send(me.token, { amountCents: 20_000 })));
    expect(answers.filter((a) => a.body.code === '0')).toHaveLength(2);
    expect(answers.filter((a) => a.body.code === 'GFT00105')).toHaveLength(2);
  });
});

describe('the console', () => {
  let finance = '';
  let support = '';
  beforeAll(async () => {
    const owner = await shop.services.staff.createOwner('owner.gift', 'Angkor2026pass');
    for (const role of ['finance', 'support'] as const) {
      const m = await shop.services.staff.create(
        { login: `${role}.sent`, displayName: role, password: 'Angkor2026pass', roles: [role] },
        { staffId: owner.id, login: 'owner.gift' },
      );
      const token = (await shop.ctx.sessions.create('staff', m.id)).token;
      if (role === 'finance') finance = token;
      else support = token;
    }
  });

  it('lists purchases with buyer and recipient to finance only, and sets the amounts shoppers may send', async () => {
    const { id, phone } = await paidGift(1800);
    const list = await shop.call('GET', '/admin-api/v1/giftcards/purchases', {
      token: finance,
      query: { state: 'sent' },
    });
    const row = list.body.data.list.find((g: { id: string }) => g.id === id);
    expect(row).toMatchObject({ state: 'sent', amountCents: 1800, recipientPhone: e164(phone), payChannel: 'wallet' });
    expect(row.buyer.phone).toMatch(/^\+855/);
    expect(JSON.stringify(list.body.data)).not.toContain('giftClaim');
    const refused = await shop.call('GET', '/admin-api/v1/giftcards/purchases', { token: support });
    expect(refused.body.code).not.toBe('0');
    const saved = await shop.call('POST', '/admin-api/v1/giftcards/send-settings', {
      token: finance,
      body: { minCents: 1000, maxCents: 10_000, amountsCents: [5000, 1000] },
    });
    expect(saved.body.data).toEqual({ minCents: 1000, maxCents: 10_000, amountsCents: [1000, 5000] });
    const wide = await shop.call('POST', '/admin-api/v1/giftcards/send-settings', {
      token: finance,
      body: { minCents: 100, maxCents: 50_000, amountsCents: [] },
    });
    expect(wide.body.code).toBe('GFT00100');
    const page = await shop.call('GET', '/v1/giftcard/send/page', { token: (await buyer()).token });
    expect(page.body.data).toMatchObject({ minCents: 1000, maxCents: 10_000, amountsCents: [1000, 5000] });
    await shop.services.giftSending.setSettings({ minCents: 500, maxCents: 20_000, amountsCents: [500, 2000] }, 'test');
  });

  it('resends to a corrected number and cancels an unclaimed card: the money back, audited; a claimed one refused', async () => {
    const { me, id } = await paidGift(2200);
    const corrected = freshPhone();
    const again = await shop.call('POST', '/admin-api/v1/giftcards/purchases/resend', {
      token: finance,
      body: { id, phone: corrected },
    });
    expect(again.body.data).toMatchObject({ recipientPhone: e164(corrected), sends: 2 });
    expect(await smsTo(e164(corrected))).toHaveLength(1);
    const before = (await shop.services.wallet.balances(me.userId)).cashCents;
    const cancelled = await shop.call('POST', '/admin-api/v1/giftcards/purchases/cancel', {
      token: finance,
      body: { id, reason: 'the buyer asked by phone' },
    });
    expect(cancelled.body.data).toMatchObject({ state: 'refunded' });
    expect((await shop.services.wallet.balances(me.userId)).cashCents).toBe(before + 2200);
    const audit = (await shop.db.execute(
      sql`SELECT action FROM staff_audit WHERE target_id = ${id} ORDER BY id`,
    )) as unknown as { rows: { action: string }[] };
    expect(audit.rows.map((r) => r.action)).toEqual(['giftcards.resend', 'giftcards.cancel-purchase']);

    const claimed = await paidGift(900);
    await shop.call('POST', '/v1/giftcard/claim', {
      token: (await quietShopper(shop)).token,
      body: { claimToken: claimed.token },
    });
    const no = await shop.call('POST', '/admin-api/v1/giftcards/purchases/cancel', {
      token: finance,
      body: { id: claimed.id, reason: 'test' },
    });
    expect(no.body.code).toBe('GFT00109');
  });
});
