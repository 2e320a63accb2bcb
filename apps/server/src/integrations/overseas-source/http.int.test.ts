import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop, testConfig } from '../../../test/harness.ts';
import { paidOverseasOrder } from '../../../test/overseas.ts';
import { SourceBooks } from '../../../test/partner-books.ts';
import { PartnerStandin } from '../../../test/partner-standin.ts';
import { webhookPath } from '../../platform/partner-http/webhooks.ts';

// The overseas channel through OVERSEAS_SOURCE=http, over HTTP against a stand-in written from
// docs/partners/overseas-source.yaml on 127.0.0.1 (requests and answers checked against the document).

const PIN = '135790';
let books: SourceBooks;
let standin: PartnerStandin;
let shop: TestShop;

beforeAll(async () => {
  books = new SourceBooks();
  standin = await new PartnerStandin('overseas-source', books.handlers()).start();
  const base = testConfig().partners;
  shop = await startTestShop({
    partners: { ...base, overseasSource: { mode: 'http', url: standin.url, key: standin.key, timeoutMs: 1_500 } },
  });
});
afterAll(async () => {
  await shop?.close();
  await standin?.close();
});

const ok = <T = any>(res: { body: { code: string; msg: string; data: T } }) => {
  expect(res.body.code, res.body.msg).toBe('0');
  return res.body.data;
};
const deliver = (hook: { body: string; headers: Record<string, string> }) =>
  shop.app.inject({ method: 'POST', url: webhookPath('overseas-source'), headers: hook.headers, payload: hook.body });
const runJobs = (ms = 0) => shop.ctx.jobs.runDue(new Date(Date.now() + ms));

/** A shopper who bought one product (index `n` of taobao) and paid by wallet. */
const paidOrder = (n: number) => paidOverseasOrder(shop, n, PIN);
const orderOf = (id: string) => shop.services.overseas.orders.get(id);
const cash = async (userId: string) => (await shop.services.wallet.balances(userId)).cashCents;

describe('the overseas source over HTTP', () => {
  it('search, detail, purchase once, then parcel moves to delivery: the whole order over the document', async () => {
    const found = ok(
      await shop.call('GET', '/v1/haitao/product/list', {
        query: { channel: 'taobao', keyword: '连衣裙', page: '1', size: '5' },
      }),
    );
    expect(found.total).toBeGreaterThan(0);
    expect(standin.count('searchProducts')).toBe(1);

    const me = await paidOrder(1);
    await runJobs();
    const bought = await orderOf(me.orderId);
    expect(bought?.state).toBe('BOUGHT');
    const purchase = standin.seen.find((r) => r.operationId === 'purchase');
    expect(purchase?.idempotencyKey).toBe(purchase?.body.reference);
    const sourceOrderNo = books.purchases.get(purchase?.body.reference)?.sourceOrderNo as string;

    for (const status of ['WAREHOUSE', 'FREIGHT', 'ARRIVED', 'DELIVERED']) {
      const hook = standin.webhook('parcel.moved', {
        reference: purchase?.body.reference,
        sourceOrderNo,
        status,
        note: `parcel ${status.toLowerCase()}`,
        at: new Date().toISOString(),
      });
      // The same move delivered twice at once, and again later: taken once.
      const both = await Promise.all([deliver(hook), deliver(hook)]);
      expect(both.map((a) => a.json().outcome).sort()).toEqual(['duplicate', `order ${status}`].sort());
      expect((await deliver(hook)).json()).toEqual({ outcome: 'duplicate' });
    }
    expect((await orderOf(me.orderId))?.state).toBe('DELIVERED');
    const tracking = ok(
      await shop.call('GET', '/v1/haitao/order/detail', { token: me.token, query: { orderId: me.orderId } }),
    );
    expect(JSON.stringify(tracking)).toContain('parcel arrived');
    expect(standin.problems).toEqual([]);
  });

  it('a purchase the seller refuses refunds the order', async () => {
    const me = await paidOrder(2);
    books.refusing.add(me.productId);
    const before = await cash(me.userId);
    await runJobs();
    expect((await orderOf(me.orderId))?.state).toBe('REFUNDED');
    expect(await cash(me.userId)).toBeGreaterThan(before);
  });

  it('no answer in time, then a 500: the buy job asks again with the same key, and buys once', async () => {
    const me = await paidOrder(3);
    standin.next.purchase = [{ hang: true }, { status: 500 }];
    await runJobs();
    expect((await orderOf(me.orderId))?.state).toBe('PAID');
    await runJobs(3_000);
    expect((await orderOf(me.orderId))?.state).toBe('PAID');
    await runJobs(10_000);
    expect((await orderOf(me.orderId))?.state).toBe('BOUGHT');
    const orderNo = (await orderOf(me.orderId))?.orderNo as string;
    const mine = standin.seen.filter((r) => r.operationId === 'purchase' && r.body.reference.startsWith(`${orderNo}-`));
    expect(mine).toHaveLength(3);
    expect(new Set(mine.map((r) => r.idempotencyKey))).toEqual(new Set([mine[0].body.reference]));
    expect([...books.purchases.keys()].filter((k) => k.startsWith(`${orderNo}-`))).toHaveLength(1);
  });

  it('a parcel move with a wrong signature, or replayed outside the window, changes nothing and is logged', async () => {
    const me = await paidOrder(4);
    await runJobs();
    const reference = [...books.purchases.keys()].pop() as string;
    const sourceOrderNo = books.purchases.get(reference)?.sourceOrderNo as string;
    const move = { reference, sourceOrderNo, status: 'WAREHOUSE', note: null, at: new Date().toISOString() };
    const forged = await deliver(standin.webhook('parcel.moved', move, { key: 'x'.repeat(48) }));
    expect([forged.statusCode, forged.json()]).toEqual([401, { outcome: 'bad-signature' }]);
    const stale = await deliver(standin.webhook('parcel.moved', move, { at: Date.now() - 10 * 60_000 }));
    expect([stale.statusCode, stale.json()]).toEqual([401, { outcome: 'outside-window' }]);
    expect((await orderOf(me.orderId))?.state).toBe('BOUGHT');
    expect(
      shop.logs.filter((l) => l.msg === 'partner webhook refused: nothing changed' && l.party === 'overseas-source'),
    ).toHaveLength(2);
  });
});

describe('the overseas source answers only for purchases the shop made', () => {
  it('a parcel move for a reference or seller order the shop never made is refused once with 422', async () => {
    const me = await paidOrder(5);
    await runJobs();
    const orderNo = (await orderOf(me.orderId))?.orderNo as string;
    const reference = [...books.purchases.keys()].find((k) => k.startsWith(`${orderNo}-`)) as string;
    const sourceOrderNo = books.purchases.get(reference)?.sourceOrderNo as string;
    const move = (r: string, s: string) => ({
      reference: r,
      sourceOrderNo: s,
      status: 'WAREHOUSE',
      note: null,
      at: new Date().toISOString(),
    });
    const logged = shop.logs.length;
    for (const [r, s] of [
      ['not-ours', sourceOrderNo],
      [reference, 'SO-NOT-OURS'],
      ['00000000-0000-4000-8000-000000000000', 'x'],
    ]) {
      const answer = await deliver(standin.webhook('parcel.moved', move(r, s)));
      expect([r, s, answer.statusCode, answer.json()]).toEqual([r, s, 422, { outcome: 'unknown reference' }]);
    }
    expect((await orderOf(me.orderId))?.state).toBe('BOUGHT');
    expect(shop.logs.slice(logged).filter((l) => l.msg === 'partner webhook failed')).toEqual([]);
    const ok = await deliver(standin.webhook('parcel.moved', move(reference, sourceOrderNo)));
    expect([ok.statusCode, ok.json()]).toEqual([200, { outcome: 'order WAREHOUSE' }]);
  });
});
