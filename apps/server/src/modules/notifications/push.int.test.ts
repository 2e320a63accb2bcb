import { createPrivateKey, sign } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { quietShopper } from '../../../test/shoppers.ts';
import { LEASE_MS } from './outbox.ts';
import { notificationDeliveries, pushSubscriptions } from './tables.ts';

/**
 * Web push end to end over HTTP: the shop's VAPID key, a subscription issued by the push-service
 * stand-in (as a browser's `pushManager.subscribe` would), the web-push sender, and the stand-in
 * checking the VAPID JWT and decrypting the aes128gcm payload (RFC 8030, 8291, 8292).
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ quietHours: null });
});
afterAll(() => shop.close());

const DAY = new Date('2026-11-28T04:00:00Z');
let serial = 0;

async function subscribedShopper(language = 'en-US') {
  const me = await quietShopper(shop);
  const key = await shop.call('GET', '/v1/notify/push/key', { token: me.token, language });
  expect(key.body.code).toBe('0');
  expect(key.body.data.standInUrl).toBe('/push-sim/subscriptions');
  const made = await shop.app.inject({
    method: 'POST',
    url: '/push-sim/subscriptions',
    payload: { applicationServerKey: key.body.data.publicKey },
  });
  expect(made.statusCode).toBe(201);
  const subscription = made.json() as { endpoint: string; keys: { p256dh: string; auth: string } };
  const saved = await shop.call('POST', '/v1/notify/push/subscribe', {
    token: me.token,
    language,
    body: subscription,
    headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36' },
  });
  expect(saved.body.code).toBe('0');
  expect(saved.body.data.pushDevices).toBe(1);
  const id = subscription.endpoint.split('/').at(-1) as string;
  return { ...me, subscription, id, key: key.body.data.publicKey as string };
}

async function standInLog(id: string): Promise<{ payload: string; sender: string }[]> {
  return (await shop.app.inject({ method: 'GET', url: `/push-sim/subscriptions/${id}/messages` })).json().messages;
}

async function shipped(userId: string, language?: string) {
  serial += 1;
  const orderNo = `P-${serial}`;
  await shop.services.notifications.emit(
    {
      kind: 'order.shipped',
      userId,
      subject: orderNo,
      data: { orderId: serial, orderNo, carrier: 'J&T', trackingNo: `JT${serial}` },
      language,
    },
    undefined,
    DAY,
  );
  const rows = await shop.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, userId));
  return { orderNo, push: rows.filter((r) => r.channel === 'push').at(-1) as (typeof rows)[number] };
}

const stateOf = async (id: number) =>
  (await shop.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, id)))[0];

describe('web push through the push-service stand-in', () => {
  it('sends the shopper’s message, signed with VAPID and encrypted, and the stand-in decrypts it', async () => {
    const me = await subscribedShopper('kh');
    const { orderNo, push } = await shipped(me.userId, 'kh');
    expect(push.state).toBe('pending');
    await shop.services.notifications.outbox.deliver(push.id, DAY);
    expect(await stateOf(push.id)).toMatchObject({ state: 'sent', attempts: 1, lastError: null });
    const log = await standInLog(me.id);
    expect(log).toHaveLength(1);
    const message = JSON.parse(log[0].payload);
    expect(message).toMatchObject({ tag: 'order.shipped', lang: 'kh', url: `/h5/orderDetail?orderId=${serial}` });
    expect(message.body).toContain(orderNo);
    expect(message.title).toMatch(/[\u1780-\u17FF]/); // written in Khmer
    expect(log[0].sender).toBe('mailto:notifications@angkormall.invalid');
  });

  it('refuses a forged or stale VAPID token and a payload for other keys', async () => {
    const me = await subscribedShopper();
    const push = (headers: Record<string, string>, body?: Buffer) =>
      shop.app.inject({ method: 'POST', url: `/push-sim/push/${me.id}`, headers, ...(body ? { payload: body } : {}) });
    const origin = new URL(me.subscription.endpoint).origin;
    const other = webpush.generateVAPIDKeys();
    const request = (keys: { publicKey: string; privateKey: string }, subscription = me.subscription) =>
      webpush.generateRequestDetails(subscription, 'hello', {
        vapidDetails: { subject: 'mailto:x@example.com', ...keys },
        TTL: 60,
        contentEncoding: 'aes128gcm',
      });
    const asHeaders = (h: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), String(v)]));
    // Another server's key: signed correctly, but not the key the subscription was made with.
    const foreign = request(other);
    expect((await push(asHeaders(foreign.headers), foreign.body as Buffer)).statusCode).toBe(403);
    // The JWT signed by another key than the `k` it names.
    const good = request(webpushKeysOf(shop));
    const forged = asHeaders(good.headers);
    const signedByOther = webpush.getVapidHeaders(
      origin,
      'mailto:x@example.com',
      other.publicKey,
      other.privateKey,
      'aes128gcm',
    );
    forged.authorization = signedByOther.Authorization.replace(/k=[^,]+/, `k=${me.key}`);
    expect((await push(forged, good.body as Buffer)).statusCode).toBe(401);
    // Another audience, and an expiry more than 24 hours ahead.
    const wrongAud = webpush.getVapidHeaders(
      'https://elsewhere.example',
      'mailto:x@example.com',
      webpushKeysOf(shop).publicKey,
      webpushKeysOf(shop).privateKey,
      'aes128gcm',
    );
    expect(
      (await push({ ...asHeaders(good.headers), authorization: wrongAud.Authorization }, good.body as Buffer))
        .statusCode,
    ).toBe(401);
    const keys = webpushKeysOf(shop);
    const tooLong = `vapid t=${jwt({ aud: origin, exp: Math.floor(Date.now() / 1000) + 25 * 3600, sub: 'mailto:x@example.com' }, keys)}, k=${keys.publicKey}`;
    const inTime = `vapid t=${jwt({ aud: origin, exp: Math.floor(Date.now() / 1000) + 3600, sub: 'mailto:x@example.com' }, keys)}, k=${keys.publicKey}`;
    expect((await push({ ...asHeaders(good.headers), authorization: tooLong }, good.body as Buffer)).statusCode).toBe(
      401,
    );
    // No TTL: RFC 8030 §5.2 makes it required.
    const { ttl: _ttl, ...noTtl } = asHeaders(good.headers);
    expect((await push(noTtl, good.body as Buffer)).statusCode).toBe(400);
    // Encrypted for another subscription's keys: does not decrypt.
    const elsewhere = await subscribedShopper();
    const misaddressed = request(webpushKeysOf(shop), elsewhere.subscription);
    expect((await push(asHeaders(misaddressed.headers), misaddressed.body as Buffer)).statusCode).toBe(400);
    // The genuine one goes through, and is the only one in the log.
    expect((await push(asHeaders(good.headers), good.body as Buffer)).statusCode).toBe(201);
    // Our own JWT (signed here, not by the library) is read the same way.
    expect((await push({ ...asHeaders(good.headers), authorization: inTime }, good.body as Buffer)).statusCode).toBe(
      201,
    );
    expect((await standInLog(me.id)).map((m) => m.payload)).toEqual(['hello', 'hello']);
  });

  it('removes a subscription the push service answers 410 Gone for', async () => {
    const me = await subscribedShopper();
    expect((await shop.app.inject({ method: 'POST', url: `/push-sim/subscriptions/${me.id}/expire` })).statusCode).toBe(
      204,
    );
    const { push } = await shipped(me.userId);
    await shop.services.notifications.outbox.deliver(push.id, DAY);
    const row = await stateOf(push.id);
    expect(row.state).toBe('failed');
    expect(row.lastError).toContain('410 gone, removed');
    expect(await shop.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.userId))).toHaveLength(
      0,
    );
    const settings = await shop.call('GET', '/v1/notify/settings', { token: me.token });
    expect(settings.body.data.pushDevices).toBe(0);
    // With no device left, the next event has no push delivery at all.
    await shipped(me.userId);
    const rows = await shop.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.userId, me.userId));
    expect(rows.filter((r) => r.channel === 'push')).toHaveLength(1);
  });

  it('sends at most once: two senders at once, and a send cut off mid-request is not repeated', async () => {
    const me = await subscribedShopper();
    const first = await shipped(me.userId);
    await Promise.all([
      shop.services.notifications.outbox.deliver(first.push.id, DAY),
      shop.services.notifications.outbox.deliver(first.push.id, DAY),
      shop.ctx.jobs.runDue(),
    ]);
    expect((await standInLog(me.id)).filter((m) => m.payload.includes(first.orderNo))).toHaveLength(1);
    // The request reaches the push service and the process dies before the answer.
    const second = await shipped(me.userId);
    const webPush = shop.services.webPush;
    const real = webPush.localTransport;
    let reached!: () => void;
    const atService = new Promise<void>((resolve) => (reached = resolve));
    webPush.localTransport = async (url, init) => {
      await real?.(url, init);
      reached();
      return new Promise(() => {});
    };
    void shop.services.notifications.outbox.deliver(second.push.id, DAY);
    await atService;
    webPush.localTransport = real;
    await shop.services.notifications.outbox.deliver(second.push.id, DAY);
    const later = new Date(Date.now() + LEASE_MS + 1000);
    expect((await shop.services.notifications.outbox.sweep(later)).interrupted).toBeGreaterThanOrEqual(1);
    await shop.services.notifications.outbox.deliver(second.push.id, later);
    expect((await standInLog(me.id)).filter((m) => m.payload.includes(second.orderNo))).toHaveLength(1);
    expect(await stateOf(second.push.id)).toMatchObject({ state: 'failed' });
  });

  it('refuses a subscription that is not an https endpoint with a P-256 key', async () => {
    const me = await quietShopper(shop);
    const bad = await shop.call('POST', '/v1/notify/push/subscribe', {
      token: me.token,
      language: 'chs',
      body: { endpoint: 'http://push.example/abc', keys: { p256dh: 'AAAA', auth: 'BBBB' } },
    });
    expect(bad.body.code).toBe('NTF00201');
    expect(bad.body.msg).toContain('推送');
  });
});

/** An ES256 JWT signed with a VAPID pair (RFC 7515 with the raw r||s signature). */
function jwt(claims: Record<string, unknown>, keys: { publicKey: string; privateKey: string }) {
  const pub = Buffer.from(keys.publicKey, 'base64url');
  const key = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: keys.privateKey,
      x: pub.subarray(1, 33).toString('base64url'),
      y: pub.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const input = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

/** The shop's VAPID pair (the tests sign their own requests with it). */
function webpushKeysOf(s: TestShop) {
  const service = s.services.webPush as unknown as { publicKey: string; privateKey: string };
  return { publicKey: service.publicKey, privateKey: service.privateKey };
}
