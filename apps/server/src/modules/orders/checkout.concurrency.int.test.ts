import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { installDoubles } from '../../../test/buying-doubles.ts';
import { askUntilAnswered } from '../../../test/crowd.ts';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { sql } from '../../platform/sql.ts';

/** Full size on PostgreSQL (issue 5); a smaller crowd on PGlite, which runs one statement at a time. */
const onPg = inject('dbKind') === 'pg';
const BUYERS = onPg ? 500 : 60;
const STOCK = onPg ? 50 : 10;
const PAYMENTS = onPg ? 200 : 30;
const AFFORDABLE = onPg ? 120 : 18;

let shop: TestShop;
let d: Awaited<ReturnType<typeof installDoubles>>;
beforeAll(async () => {
  shop = await startTestShop();
  d = await installDoubles(shop);
});
afterAll(() => shop.close());

const rows = async <T>(q: ReturnType<typeof sql>) => ((await shop.db.execute(q)) as unknown as { rows: T[] }).rows;

describe('checkout under load', () => {
  it(`${BUYERS} buyers at once for ${STOCK} in stock: exactly ${STOCK} orders, stock 0, never negative`, async () => {
    await d.addSku({ skuId: '108', priceCents: 990, stock: STOCK, maxPurchase: 1 });
    const tokens = await Promise.all(
      Array.from({ length: BUYERS }, (_, i) => shop.ctx.sessions.create('shopper', `crowd-${i}`).then((s) => s.token)),
    );
    const outcomes = await Promise.all(
      tokens.map(async (token) => {
        const pre = await askUntilAnswered(() =>
          shop.call('POST', '/v1/preorder/createdirect', {
            token,
            body: { skuId: '108', quantity: 1, shipType: 'STORE' },
          }),
        );
        if (pre.body.code !== '0') return pre.body.code;
        const done = await askUntilAnswered(() =>
          shop.call('POST', '/v1/preorder/finish', { token, body: { preorderId: pre.body.data.id } }),
        );
        return done.body.code;
      }),
    );
    const ok = outcomes.filter((c) => c === '0').length;
    expect(ok).toBe(STOCK);
    expect(outcomes.every((c) => c === '0' || c === 'ORD0005' || c === 'ORD0003')).toBe(true);
    expect(await d.stock('108')).toBe(0);
    const [{ n }] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM order_items WHERE sku_id = '108'`);
    expect(n).toBe(STOCK);
  });

  it(`${PAYMENTS} wallet payments at once against one balance: no overdraft, each paid order paid once`, async () => {
    const userId = 'big-spender';
    const token = (await shop.ctx.sessions.create('shopper', userId)).token;
    await d.addSku({ skuId: '107', priceCents: 100, stock: PAYMENTS, maxPurchase: 0 });
    await d.setPayPassword(userId, '135790');
    const orderIds: string[] = [];
    for (let i = 0; i < PAYMENTS; i++) {
      const pre = await shop.call('POST', '/v1/preorder/createdirect', {
        token,
        body: { skuId: '107', quantity: 1, shipType: 'STORE' },
      });
      const done = await shop.call('POST', '/v1/preorder/finish', { token, body: { preorderId: pre.body.data.id } });
      orderIds.push(done.body.data.orderId);
    }
    await d.fund(userId, 100 * AFFORDABLE);
    // Each order is paid twice at once as well (double tap on two devices).
    const attempts = [...orderIds, ...orderIds.slice(0, 20)];
    const codes = await Promise.all(
      attempts.map((orderId) =>
        shop
          .call('POST', '/v1/order/pay', { token, body: { orderId, channel: 'wallet', payPassword: '135790' } })
          .then((r) => r.body.code),
      ),
    );
    expect(codes.filter((c) => c === '0')).toHaveLength(AFFORDABLE);
    expect(codes.every((c) => ['0', 'PAY0005', 'PAY0008'].includes(c))).toBe(true);
    expect(await d.balance(userId)).toBe(0);
    const paid = await rows<{ id: string; succeeded: number; ledger: number; moves: number }>(sql`
      SELECT o.id,
        (SELECT count(*)::int FROM payments p WHERE p.order_id = o.id AND p.status = 'SUCCEEDED') AS succeeded,
        (SELECT count(*)::int FROM t_ledger l WHERE l.order_id = o.id::text) AS ledger,
        (SELECT count(*)::int FROM order_history h WHERE h.order_id = o.id AND h.action = 'pay') AS moves
      FROM orders o WHERE o.user_id = ${userId} AND o.paid_cents > 0`);
    expect(paid).toHaveLength(AFFORDABLE);
    expect(paid.every((p) => p.succeeded === 1 && p.ledger === 1 && p.moves === 1)).toBe(true);
    const [{ unpaidWithPayment }] = await rows<{ unpaidWithPayment: number }>(sql`
      SELECT count(*)::int AS "unpaidWithPayment" FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.paid_cents = 0 AND p.status = 'SUCCEEDED'`);
    expect(unpaidWithPayment).toBe(0);
  });
});
