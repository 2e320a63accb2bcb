import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { quietShopper } from '../../../test/shoppers.ts';
import { DAILY_LIMIT } from './rules.ts';
import { notificationDeliveries } from './tables.ts';

let shop: TestShop;
let chatSerial = 6_100_000;
beforeAll(async () => {
  shop = await startTestShop({
    sms: { ...(await import('../../../test/harness.ts')).testConfig().sms, simDelayMs: 0, simFailureRate: 0 },
  });
});
afterAll(() => shop.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DAY = new Date('2026-11-28T04:00:00Z'); // 11:00 in Phnom Penh

async function deliveries(userId: string) {
  return shop.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, userId));
}

/** Sends every due delivery of the shopper, waiting out Telegram's retry_after. */
async function drain(userId: string, now?: Date) {
  for (let round = 0; round < 5; round++) {
    const pending = (await deliveries(userId)).filter((d) => d.state === 'pending');
    if (!pending.length) return;
    for (const d of pending) await shop.services.notifications.outbox.deliver(d.id, now ?? new Date());
    if ((await deliveries(userId)).some((d) => d.state === 'pending')) await sleep(1100);
  }
}

async function chatLog(chat: string): Promise<{ author: string; text: string }[]> {
  const res = await shop.app.inject({ method: 'GET', url: `/telegram-sim/chats/${chat}/messages` });
  return res.json().messages;
}

/** A shopper who links Telegram through the stand-in: the deep link, then "Start" pressed as that user. */
async function linkedShopper(language = 'en-US') {
  const me = await quietShopper(shop);
  const link = await shop.call('POST', '/v1/notify/telegram/link', { token: me.token, body: {}, language });
  expect(link.body.code).toBe('0');
  const token = new URL(link.body.data.link).searchParams.get('start') as string;
  expect(link.body.data.link).toBe(`https://t.me/AngkorMallBot?start=${token}`);
  chatSerial += 1;
  const chat = String(chatSerial);
  expect(await shop.services.telegram.simulator?.pressStart(chat, 'Dara', token)).toBe(200);
  return { ...me, chat, startToken: token };
}

describe('Telegram linking', () => {
  it('links through the deep link once, and the chat is told in the shopper’s language', async () => {
    const me = await linkedShopper('kh');
    const settings = await shop.call('GET', '/v1/notify/settings', { token: me.token, language: 'kh' });
    expect(settings.body.data.telegram).toEqual({ linked: true, name: 'Dara', available: true });
    expect((await chatLog(me.chat)).at(-1)?.text).toContain('បានភ្ជាប់');
    // The same token again, from another chat: refused, the first link stays.
    await shop.services.telegram.simulator?.pressStart('6099999', 'Mallory', me.startToken);
    expect((await chatLog('6099999')).at(-1)?.text).toContain('expired or was used');
    const again = await shop.call('GET', '/v1/notify/settings', { token: me.token });
    expect(again.body.data.telegram.linked).toBe(true);
  });

  it('refuses a token past its 10 minutes', async () => {
    const me = await quietShopper(shop);
    const old = await shop.services.notifications.telegram.createLink(
      me.userId,
      'en-US',
      new Date(Date.now() - 11 * 60_000),
    );
    const token = new URL(old.link).searchParams.get('start') as string;
    await shop.services.telegram.simulator?.pressStart('6099998', 'Late', token);
    expect((await shop.call('GET', '/v1/notify/settings', { token: me.token })).body.data.telegram.linked).toBe(false);
  });

  it('refuses a forged webhook: no secret header, or a wrong one, changes nothing', async () => {
    const me = await quietShopper(shop);
    const link = await shop.call('POST', '/v1/notify/telegram/link', { token: me.token, body: {} });
    const token = new URL(link.body.data.link).searchParams.get('start');
    const update = {
      update_id: 1,
      message: {
        message_id: 1,
        date: 0,
        text: `/start ${token}`,
        chat: { id: 6090001, type: 'private' },
        from: { id: 6090001, first_name: 'Eve' },
      },
    };
    for (const headers of [{}, { 'x-telegram-bot-api-secret-token': 'guess' }]) {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/v1/notify/telegram/webhook',
        payload: update,
        headers,
      });
      expect(res.statusCode).toBe(401);
    }
    expect((await shop.call('GET', '/v1/notify/settings', { token: me.token })).body.data.telegram.linked).toBe(false);
    // With the secret the same update links: the refusal above was the header's.
    const res = await shop.app.inject({
      method: 'POST',
      url: '/v1/notify/telegram/webhook',
      payload: update,
      headers: { 'x-telegram-bot-api-secret-token': shop.services.telegram.webhookSecret },
    });
    expect(res.statusCode).toBe(200);
    expect((await shop.call('GET', '/v1/notify/settings', { token: me.token })).body.data.telegram.linked).toBe(true);
  });

  it('unlinks from the chat (/stop) and from settings', async () => {
    const a = await linkedShopper();
    await shop.services.telegram.simulator?.userSays(a.chat, '/stop');
    expect((await shop.call('GET', '/v1/notify/settings', { token: a.token })).body.data.telegram.linked).toBe(false);
    expect((await chatLog(a.chat)).at(-1)?.text).toContain('Stopped');
    const channels = await shop.services.notifications.emit(
      { kind: 'order.delivered', userId: a.userId, subject: 'stop-1', data: { orderId: 1, orderNo: 'S1' } },
      undefined,
      DAY,
    );
    expect(channels).not.toContain('telegram');

    const b = await linkedShopper();
    const off = await shop.call('POST', '/v1/notify/telegram/unlink', { token: b.token, body: {} });
    expect(off.body.data.telegram.linked).toBe(false);
  });
});

describe('sending', () => {
  it('sends an order-shipped message on Telegram and SMS in the shopper’s language, once', async () => {
    const me = await linkedShopper('kh');
    const event = {
      kind: 'order.shipped' as const,
      userId: me.userId,
      subject: 'A-77',
      data: { orderId: 77, orderNo: 'A-77', carrier: 'J&T', trackingNo: 'JT0001' },
    };
    expect(await shop.services.notifications.emit(event, undefined, DAY)).toEqual(['sms', 'telegram']);
    expect(await shop.services.notifications.emit(event, undefined, DAY)).toEqual([]); // told twice: one event
    await sleep(1100); // the stand-in allows one message a second in a chat (the link's reply was one)
    await drain(me.userId);
    const log = await chatLog(me.chat);
    const shipped = log.filter((m) => m.text.includes('JT0001'));
    expect(shipped).toHaveLength(1);
    expect(shipped[0].text).toContain('ការបញ្ជាទិញ A-77');
    const sms = await shop.services.sms.outbox({ page: 1, size: 50 });
    expect(sms.list.filter((m) => m.text.includes('JT0001'))).toHaveLength(1);
    expect((await deliveries(me.userId)).map((d) => d.state).sort()).toEqual(['sent', 'sent']);
  });

  it('waits out Telegram’s retry_after without counting a try', async () => {
    const me = await linkedShopper();
    // The link's reply was just sent: the next message in this chat within a second is a 429.
    await shop.services.notifications.emit(
      { kind: 'order.delivered', userId: me.userId, subject: 'R-1', data: { orderId: 1, orderNo: 'R-1' } },
      undefined,
      DAY,
    );
    const tg = (await deliveries(me.userId)).find((d) => d.channel === 'telegram');
    await shop.services.notifications.outbox.deliver(tg?.id as number);
    const after = (await deliveries(me.userId)).find((d) => d.channel === 'telegram');
    expect(after).toMatchObject({ state: 'pending', attempts: 0 });
    expect(after?.lastError).toContain('429');
    expect(after?.dueAt.getTime()).toBeGreaterThan(Date.now() + 500);
    await sleep(1100);
    await drain(me.userId);
    expect((await chatLog(me.chat)).filter((m) => m.text.includes('R-1'))).toHaveLength(1);
  });

  it('defers a message at night to 08:00, but not a security message', async () => {
    const me = await quietShopper(shop);
    const night = new Date('2026-11-28T16:00:00Z'); // 23:00 in Phnom Penh
    await shop.services.notifications.emit(
      {
        kind: 'order.paid',
        userId: me.userId,
        subject: 'N-1',
        data: { orderId: 1, orderNo: 'N-1', amountCents: 1000 },
      },
      undefined,
      night,
    );
    await shop.services.notifications.emit(
      { kind: 'security.pay_password_changed', userId: me.userId, subject: 'pp-1', data: { at: night.toISOString() } },
      undefined,
      night,
    );
    const rows = await deliveries(me.userId);
    const sms = rows.filter((d) => d.channel === 'sms');
    const paid = sms.find((d) => d.deferred);
    expect(paid?.dueAt.toISOString()).toBe('2026-11-29T01:00:00.000Z');
    expect(sms.filter((d) => !d.deferred)).toHaveLength(1);
    // At 23:00 only the security message goes; the order's waits (deferred, not dropped).
    for (const d of rows) await shop.services.notifications.outbox.deliver(d.id, night);
    const states = await deliveries(me.userId);
    expect(states.find((d) => d.id === paid?.id)?.state).toBe('pending');
    await shop.services.notifications.outbox.deliver(paid?.id as number, new Date('2026-11-29T01:00:01Z'));
    expect((await deliveries(me.userId)).find((d) => d.id === paid?.id)?.state).toBe('sent');
  });

  it('stops at the daily limit: the rest is withheld, in-app notices still go', async () => {
    const me = await quietShopper(shop);
    for (let i = 0; i <= DAILY_LIMIT; i++)
      await shop.services.notifications.emit(
        { kind: 'order.delivered', userId: me.userId, subject: `L-${i}`, data: { orderId: i, orderNo: `L-${i}` } },
        undefined,
        DAY,
      );
    await drain(me.userId);
    const rows = await deliveries(me.userId);
    const sms = rows.filter((d) => d.channel === 'sms');
    expect(sms.filter((d) => d.state === 'sent')).toHaveLength(DAILY_LIMIT);
    expect(sms.filter((d) => d.state === 'withheld').map((d) => d.lastError)).toEqual(['daily_limit']);
    expect(rows.filter((d) => d.channel === 'inApp' && d.state === 'sent')).toHaveLength(DAILY_LIMIT + 1);
  });

  it('withholds promotions until the shopper turns them on, and records the consent’s time', async () => {
    const me = await linkedShopper();
    const promo = (subject: string) => ({
      kind: 'promotion' as const,
      userId: me.userId,
      subject,
      data: {
        title: { 'en-US': 'Sale', chs: '促销', kh: 'លក់' },
        body: { 'en-US': 'Half off', chs: '半价', kh: 'ពាក់កណ្តាល' },
        link: '/home',
      },
    });
    expect(await shop.services.notifications.emit(promo('p1'), undefined, DAY)).toEqual([]);
    const before = Date.now();
    const on = await shop.call('POST', '/v1/notify/settings', {
      token: me.token,
      body: { choices: { promotions: { telegram: true } } },
    });
    expect(on.body.data.choices.promotions).toEqual({ inApp: false, sms: false, telegram: true, push: false });
    expect(Date.parse(on.body.data.promotionsConsentAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(await shop.services.notifications.emit(promo('p2'), undefined, DAY)).toEqual(['telegram']);
    // Turned off before it went: withheld at sending time, and the consent withdrawn.
    const off = await shop.call('POST', '/v1/notify/settings', {
      token: me.token,
      body: { choices: { promotions: { telegram: false } } },
    });
    expect(off.body.data.promotionsConsentAt).toBeNull();
    await drain(me.userId);
    const rows = await deliveries(me.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'telegram', state: 'withheld', lastError: 'preference' });
  });

  it('refuses malformed settings with the catalogue’s input error', async () => {
    const me = await quietShopper(shop);
    const bad = await shop.call('POST', '/v1/notify/settings', {
      token: me.token,
      body: { choices: { orders: { sms: 'yes' } } },
    });
    expect(bad.body.code).toBe('SYS00001');
  });
});
