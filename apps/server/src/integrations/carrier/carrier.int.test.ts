import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop, testConfig } from '../../../test/harness.ts';
import { registeredShopper } from '../../../test/shoppers.ts';
import { signCarrierCallback } from './carrier.ts';
import { CARRIER_CALLBACK_PATH } from './service.ts';

const L = (en: string) => ({ 'en-US': en, chs: en, kh: en });
const SECRET = 'carrier-test-secret';
const STEP_MINUTES = 30;
const minutes = (n: number) => n * 60_000;

/** A shop with a catalogue item, a fulfilment clerk and a shopper with a Phnom Penh address. */
async function shopWithShopper(carrier: Partial<TestShop['ctx']['config']['carrier']>) {
  const shop = await startTestShop({
    trustProxy: true,
    carrier: { ...testConfig().carrier, secret: SECRET, simStepMinutes: STEP_MINUTES, ...carrier },
  });
  const owner = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
  const clerk = await shop.services.staff.create(
    { login: 'ship.one', displayName: 'Fulfilment', password: 'Angkor2026pass', roles: ['fulfilment'] },
    { staffId: owner.id, login: 'owner' },
  );
  const staff = (await shop.ctx.sessions.create('staff', clerk.id)).token;
  const top = await shop.services.catalogue.addCategory({ parentId: null, name: L('Phones') });
  const mid = await shop.services.catalogue.addCategory({ parentId: top, name: L('Smart') });
  const leaf = await shop.services.catalogue.addCategory({ parentId: mid, name: L('Android') });
  const product = await shop.services.catalogue.addProduct({
    categoryId: leaf,
    name: L('Mekong X1'),
    description: L('Phone'),
    imageIds: [],
    items: [{ spec: [], priceCents: 12900, stock: 20 }],
  });
  const { token: shopper } = await registeredShopper(shop, { payPassword: null });
  const address = await shop.call('POST', '/v1/address/addaddress', {
    token: shopper,
    body: {
      receiver: 'Sok Dara',
      mobile: '012345678',
      provinceCode: '12',
      cityCode: '1201',
      districtCode: '120101',
      detail: 'House 1',
    },
  });
  expect(address.body.code, address.body.msg).toBe('0');

  /** A cash-on-delivery order: it waits to be shipped at once. */
  async function codOrder(): Promise<string> {
    const pre = await shop.call('POST', '/v1/preorder/createdirect', {
      token: shopper,
      body: { skuId: String(product.itemIds[0]), quantity: 1, payType: 'COD' },
    });
    expect(pre.body.code, pre.body.msg).toBe('0');
    const done = await shop.call('POST', '/v1/preorder/finish', {
      token: shopper,
      body: { preorderId: pre.body.data.id },
    });
    expect(done.body.data.state, done.body.msg).toBe('WS');
    return done.body.data.orderId as string;
  }
  const ship = (orderId: string, waybillNo: string) =>
    shop.call('POST', '/admin-api/v1/orders/ship', {
      token: staff,
      language: 'chs',
      body: { orderId, logisticsCompany: 'J&T Express', waybillNo },
    });
  async function shippedOrder(waybillNo: string): Promise<string> {
    const orderId = await codOrder();
    const shipped = await ship(orderId, waybillNo);
    expect(shipped.body.data?.state, shipped.body.msg).toBe('WR');
    return orderId;
  }

  const timeline = async (orderId: string) =>
    (await shop.call('GET', '/v1/order/detail', { token: shopper, query: { orderId } })).body.data as {
      state: string;
      logistics: { status: string; description: string; location: string | null; at: string }[];
    };

  return { shop, codOrder, ship, shippedOrder, timeline };
}

/** Posts a carrier callback the way a carrier does: raw JSON, signed with `secret`. */
async function callback(
  shop: TestShop,
  body: unknown,
  options: { secret?: string; timestamp?: number; raw?: string } = {},
) {
  const raw = options.raw ?? JSON.stringify(body);
  const timestamp = String(options.timestamp ?? Date.now());
  const res = await shop.app.inject({
    method: 'POST',
    url: CARRIER_CALLBACK_PATH,
    headers: {
      'content-type': 'application/json',
      language: 'kh',
      'x-carrier-timestamp': timestamp,
      'x-carrier-signature': signCarrierCallback(options.secret ?? SECRET, timestamp, raw),
    },
    payload: raw,
  });
  return { status: res.statusCode, body: res.json() as { code: string; msg?: string; outcome: string } };
}

describe('carrier simulator (CARRIER=simulator)', () => {
  let t: Awaited<ReturnType<typeof shopWithShopper>>;
  beforeAll(async () => {
    t = await shopWithShopper({ mode: 'simulator' });
  });
  afterAll(() => t.shop.close());

  it('registers a shipped parcel and reports its journey over time, through the signed callback', async () => {
    const start = Date.now();
    const orderId = await t.shippedOrder('JT-SIM-0001');
    await t.shop.ctx.jobs.runDue(); // the registration job schedules the journey
    expect(await t.shop.services.carrier.shipment('JT-SIM-0001')).toMatchObject({
      orderId,
      provider: 'simulator',
      status: 'registered',
    });
    expect((await t.timeline(orderId)).logistics.map((e) => e.status)).toEqual(['SHIPPED']);

    // Nothing before the first step; then one event per step.
    await t.shop.ctx.jobs.runDue(new Date(start + minutes(STEP_MINUTES - 1)));
    expect((await t.timeline(orderId)).logistics).toHaveLength(1);
    await t.shop.ctx.jobs.runDue(new Date(start + minutes(STEP_MINUTES) + 5_000));
    const first = (await t.timeline(orderId)).logistics;
    expect(first.map((e) => e.status)).toEqual(['PICKED_UP', 'SHIPPED']);
    expect(first[0].description).toContain('J&T Express picked up the parcel');
    await t.shop.ctx.jobs.runDue(new Date(start + minutes(3 * STEP_MINUTES) + 5_000));
    const middle = (await t.timeline(orderId)).logistics;
    expect(middle.map((e) => e.status)).toEqual(['IN_TRANSIT', 'IN_TRANSIT', 'PICKED_UP', 'SHIPPED']);
    expect(middle[0].location).toBe('Phnom Penh Sorting Centre, Chbar Ampov');

    await t.shop.ctx.jobs.runDue(new Date(start + minutes(5 * STEP_MINUTES) + 5_000));
    const done = await t.timeline(orderId);
    expect(done.logistics.map((e) => e.status)).toEqual([
      'DELIVERED',
      'OUT_FOR_DELIVERY',
      'IN_TRANSIT',
      'IN_TRANSIT',
      'PICKED_UP',
      'SHIPPED',
    ]);
    // Events are stamped when they happened at the carrier: one step apart.
    const gap = Date.parse(done.logistics[0].at) - Date.parse(done.logistics[1].at);
    expect(gap).toBe(minutes(STEP_MINUTES));
    expect(done.logistics[0].location).toContain('House 1');
    // The state table has no "delivered" state: the shopper (or the auto-receive job) still confirms.
    expect(done.state).toBe('WR');

    // The carrier sending the same event again keeps one row.
    await t.shop.services.carrier.sendSimulatedEvent({
      waybillNo: 'JT-SIM-0001',
      step: 4,
      at: done.logistics[0].at,
    });
    expect((await t.timeline(orderId)).logistics).toHaveLength(6);
  });

  it('keeps a callback delivered twice once, and refuses forged, altered, stale and unknown ones', async () => {
    const orderId = await t.shippedOrder('JT-SIM-0002');
    const event = {
      eventId: 'EXT-777',
      waybillNo: 'JT-SIM-0002',
      status: 'IN_TRANSIT',
      description: 'Arrived at the Siem Reap branch',
      location: 'Siem Reap',
      at: new Date().toISOString(),
    };
    const [a, b] = await Promise.all([callback(t.shop, event), callback(t.shop, event)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.outcome, b.body.outcome].sort()).toEqual(['duplicate', 'recorded']);
    const count = async () => (await t.timeline(orderId)).logistics.length;
    expect(await count()).toBe(2);

    const forged = await callback(t.shop, { ...event, eventId: 'EXT-778' }, { secret: 'guessed' });
    expect(forged).toMatchObject({ status: 401, body: { code: 'ORD0017', outcome: 'forged' } });
    expect(forged.body.msg).toBe('ហត្ថលេខាព្រឹត្តិការណ៍ដឹកជញ្ជូនមិនត្រឹមត្រូវ');

    // Signed for one body, sent with another.
    const timestamp = Date.now();
    const signedFor = JSON.stringify({ ...event, eventId: 'EXT-779' });
    const altered = await t.shop.app.inject({
      method: 'POST',
      url: CARRIER_CALLBACK_PATH,
      headers: {
        'content-type': 'application/json',
        'x-carrier-timestamp': String(timestamp),
        'x-carrier-signature': signCarrierCallback(SECRET, String(timestamp), signedFor),
      },
      payload: JSON.stringify({ ...event, eventId: 'EXT-779', status: 'DELIVERED' }),
    });
    expect(altered.statusCode).toBe(401);

    const stale = await callback(t.shop, { ...event, eventId: 'EXT-780' }, { timestamp: Date.now() - minutes(60) });
    expect(stale.status).toBe(401);
    const unsigned = await t.shop.app.inject({
      method: 'POST',
      url: CARRIER_CALLBACK_PATH,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...event, eventId: 'EXT-781' }),
    });
    expect(unsigned.statusCode).toBe(401);
    const unknown = await callback(t.shop, { ...event, eventId: 'EXT-782', waybillNo: 'NOPE-1' });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'ORD0018' } });
    const malformed = await callback(t.shop, { ...event, eventId: 'EXT-783', status: 'TELEPORTED' });
    expect(malformed).toMatchObject({ status: 400, body: { code: 'SYS00001' } });
    const notJson = await callback(t.shop, null, { raw: '{"eventId":' });
    expect(notJson.status).toBe(400);

    expect(await count()).toBe(2);
  });
});

describe('one waybill, one parcel', () => {
  let t: Awaited<ReturnType<typeof shopWithShopper>>;
  beforeAll(async () => {
    t = await shopWithShopper({ mode: 'simulator' });
  });
  afterAll(() => t.shop.close());

  it('refuses to ship a second order under a waybill already used; that order still waits to be shipped', async () => {
    const first = await t.shippedOrder('JT-DUP-0001');
    // A third order typed with the first order's waybill: refused, and the order does not move.
    const third = await t.codOrder();
    const refused = await t.ship(third, 'JT-DUP-0001');
    expect(refused.body).toMatchObject({ code: 'ORD0019', msg: '该运单号已被其他订单使用' });
    expect((await t.timeline(third)).state).toBe('WS');
    expect((await t.timeline(third)).logistics).toEqual([]);
    expect(await t.shop.services.carrier.shipment('JT-DUP-0001')).toMatchObject({ orderId: first });
  });
});

describe('HTTP carrier adapter (CARRIER=http)', () => {
  const received: { body: Record<string, string>; auth: string | undefined; key: unknown }[] = [];
  let tries = 0;
  // A stand-in carrier API: busy on the first try, then takes the registration.
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      tries += 1;
      if (tries === 1) return res.writeHead(503).end('busy');
      received.push({ body: JSON.parse(raw), auth: req.headers.authorization, key: req.headers['idempotency-key'] });
      res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
    });
  });
  let t: Awaited<ReturnType<typeof shopWithShopper>>;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await shopWithShopper({ mode: 'http', url: `http://127.0.0.1:${port}/waybills`, token: 'carrier-token' });
  });
  afterAll(async () => {
    await t.shop.close();
    server.close();
  });

  it('posts the waybill registration with the bearer token, retrying when the carrier is busy', async () => {
    const orderId = await t.shippedOrder('JT-HTTP-0001');
    await t.shop.ctx.jobs.runDue();
    expect(await t.shop.services.carrier.shipment('JT-HTTP-0001')).toMatchObject({
      status: 'registering',
      lastError: 'carrier answered 503: busy',
    });
    await t.shop.ctx.jobs.runDue(new Date(Date.now() + minutes(60)));
    expect(await t.shop.services.carrier.shipment('JT-HTTP-0001')).toMatchObject({ status: 'registered', orderId });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      auth: 'Bearer carrier-token',
      key: 'waybill-JT-HTTP-0001',
      body: { waybillNo: 'JT-HTTP-0001', company: 'J&T Express' },
    });
    expect(received[0].body.destination).toContain('House 1');
    // No simulated events with a real carrier: only the hand-over is on the timeline.
    await t.shop.ctx.jobs.runDue(new Date(Date.now() + minutes(24 * 60)));
    expect((await t.timeline(orderId)).logistics.map((e) => e.status)).toEqual(['SHIPPED']);
  });
});
