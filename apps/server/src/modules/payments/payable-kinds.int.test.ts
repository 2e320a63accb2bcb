import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { quietShopper } from '../../../test/shoppers.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import type { Payable, PayableKind } from './public.ts';

/**
 * A product line other than orders plugs into the cashier once (issue 26): a payable kind registered
 * at start, and the cashier, the wallet (in a transaction: the kind has no one-statement path), the
 * gateways' callbacks and the refunds work for it. The kind here is a fee with a table of its own,
 * the shape a top-up or a card fee takes.
 */
const SECRET = 'test-payment-secret';
let shop: TestShop;

type FeeRow = { id: string; user_id: string; amount_cents: number; paid_cents: number; state: string };

const asPayable = (r: FeeRow): Payable => ({
  kind: 'fee',
  id: r.id,
  userId: r.user_id,
  reference: `FEE-${r.id.slice(0, 8)}`,
  payableCents: r.amount_cents,
  paidCents: r.paid_cents,
  state: r.state,
  deadlineAt: null,
});

async function feeRows(db: Db, query: ReturnType<typeof sql>) {
  return ((await db.execute(query)) as unknown as { rows: FeeRow[] }).rows;
}

const feeKind = (db: Db): PayableKind => ({
  kind: 'fee',
  own: async (userId, id) => {
    const [row] = await feeRows(db, sql`SELECT * FROM t_fees WHERE id = ${id} AND user_id = ${userId}`);
    if (!row) throw new AppError('PAY0009');
    return asPayable(row);
  },
  find: async (id) => {
    const [row] = await feeRows(db, sql`SELECT * FROM t_fees WHERE id = ${id}`);
    return row ? asPayable(row) : null;
  },
  refusal: (p) => (p.state === 'WP' ? null : new AppError('PAY0008')),
  lockForSettlement: async (id, tx) => {
    const [row] = await feeRows(tx, sql`SELECT * FROM t_fees WHERE id = ${id} FOR UPDATE`);
    return row ? asPayable(row) : null;
  },
  awaitsPayment: (p) => p.state === 'WP',
  markPaid: async (p, _channel, tx) => {
    await tx.execute(sql`UPDATE t_fees SET state = 'PAY', paid_cents = amount_cents WHERE id = ${p.id}`);
  },
});

beforeAll(async () => {
  shop = await startTestShop({ paymentSecret: SECRET });
  await shop.db.execute(sql`CREATE TABLE t_fees (id uuid PRIMARY KEY, user_id text NOT NULL,
    amount_cents int NOT NULL, paid_cents int NOT NULL DEFAULT 0, state text NOT NULL DEFAULT 'WP')`);
  shop.services.payments.registerPayable(feeKind(shop.db));
});
afterAll(() => shop.close());

const shopper = (cashCents: number, giftCents = 0) =>
  quietShopper(shop, { payPassword: '246810', cashCents, giftCents });

async function newFee(userId: string, cents: number) {
  const id = randomUUID();
  await shop.db.execute(sql`INSERT INTO t_fees (id, user_id, amount_cents) VALUES (${id}, ${userId}, ${cents})`);
  return id;
}

const balances = (userId: string) => shop.services.wallet.balances(userId);

describe('a payable kind registered by another module', () => {
  it('is shown at the cashier and paid by wallet once; a second pay is refused and moves nothing', async () => {
    const { userId, token } = await shopper(1_000);
    const id = await newFee(userId, 400);
    const cashier = await shop.call('GET', '/v1/h5/new/cashier/refresh', {
      token,
      query: { orderId: id, kind: 'fee' },
    });
    expect(cashier.body.data).toMatchObject({ orderId: id, payableCents: 400, state: 'WP' });
    expect(cashier.body.data.channels.find((c: { code: string }) => c.code === 'wallet')).toMatchObject({
      enabled: true,
    });

    const pay = (payPassword = '246810') =>
      shop.call('POST', '/v1/order/pay', { token, body: { orderId: id, kind: 'fee', channel: 'wallet', payPassword } });
    expect((await pay('111111')).body.code).not.toBe('0');
    expect((await balances(userId)).cashCents).toBe(1_000);
    const paid = await pay();
    expect(paid.body).toMatchObject({ code: '0', data: { status: 'SUCCEEDED' } });
    expect((await pay()).body.code).toBe('PAY0008');
    expect((await balances(userId)).cashCents).toBe(600);
    const status = await shop.call('GET', '/v1/pay/query', { token, query: { orderId: id, kind: 'fee' } });
    expect(status.body.data).toMatchObject({ state: 'PAY', paid: true, lastPayment: { status: 'SUCCEEDED' } });
  });

  it('ten pays at once take the money once', async () => {
    const { userId, token } = await shopper(1_000);
    const id = await newFee(userId, 300);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        shop.call('POST', '/v1/order/pay', {
          token,
          body: { orderId: id, kind: 'fee', channel: 'wallet', payPassword: '246810' },
        }),
      ),
    );
    expect(answers.filter((a) => a.body.code === '0')).toHaveLength(1);
    for (const a of answers) expect(a.status).toBeLessThan(500);
    expect((await balances(userId)).cashCents).toBe(700);
  });

  it('leaves the gift balance (for shopping only) alone unless the kind says it may pay', async () => {
    const { userId, token } = await shopper(100, 500);
    const id = await newFee(userId, 300);
    const pay = await shop.call('POST', '/v1/order/pay', {
      token,
      body: { orderId: id, kind: 'fee', channel: 'wallet', payPassword: '246810' },
    });
    expect(pay.body.code).toBe('WAL00001');
    expect(await balances(userId)).toMatchObject({ cashCents: 100, giftCents: 500 });
  });

  it('refunds a wallet payment to the wallet exactly once, filed under its own kind', async () => {
    const { userId, token } = await shopper(1_000);
    const id = await newFee(userId, 250);
    await shop.call('POST', '/v1/order/pay', {
      token,
      body: { orderId: id, kind: 'fee', channel: 'wallet', payPassword: '246810' },
    });
    const refund = () =>
      shop.db.transaction((tx) =>
        shop.services.payments.refund({ kind: 'fee', id, userId, amountCents: 250, channel: 'wallet' }, tx),
      );
    await refund();
    await refund();
    expect((await balances(userId)).cashCents).toBe(1_000);
    const moves = await shop.db.execute(
      sql`SELECT ref_type, count(*)::int AS n FROM wallet_transfers WHERE ref_id = ${id} GROUP BY ref_type`,
    );
    expect((moves as unknown as { rows: unknown[] }).rows).toEqual([{ ref_type: 'fee', n: 2 }]);
  });

  it('is paid through a gateway: the signed callback settles it through the kind', async () => {
    const { userId, token } = await shopper(0);
    const id = await newFee(userId, 990);
    const pay = await shop.call('POST', '/v1/order/pay', {
      token,
      body: { orderId: id, kind: 'fee', channel: 'sandbox' },
    });
    expect(pay.body.data.status).toBe('PENDING');
    // The payer pays on the sandbox bank's page (its books say paid); its callback is sent here.
    await shop.services.payments.sandboxDecide(pay.body.data.paymentId, 'success');
    const body = {
      paymentId: pay.body.data.paymentId,
      status: 'SUCCEEDED',
      amountCents: 990,
      transactionId: (await shop.services.payments.sandboxRecord(pay.body.data.paymentId))?.transactionId ?? '',
      timestamp: Date.now(),
    };
    const signature = createHmac('sha256', SECRET)
      .update(`${body.paymentId}|${body.status}|${body.amountCents}|${body.transactionId}|${body.timestamp}`)
      .digest('hex');
    const callback = await shop.app.inject({
      method: 'POST',
      url: '/v1/pay/callback/sandbox',
      payload: { ...body, signature },
    });
    expect(callback.json().outcome).toBe('paid');
    const [fee] = await feeRows(shop.db, sql`SELECT * FROM t_fees WHERE id = ${id}`);
    expect(fee).toMatchObject({ state: 'PAY', paid_cents: 990 });

    // Its refund goes back through the gateway, by the refund job of this kind's payment.
    await shop.db.transaction((tx) =>
      shop.services.payments.refund({ kind: 'fee', id, userId, amountCents: 990, channel: 'sandbox' }, tx),
    );
    for (let i = 0; i < 3; i++) await shop.ctx.jobs.runDue(new Date(Date.now() + 10_000));
    const [payment] = await shop.services.payments.paymentsOf(id);
    expect(payment).toMatchObject({ payableKind: 'fee', status: 'REFUNDED' });
    // The bank's own books: the fee went back once.
    expect(await shop.services.payments.sandboxBank.refunds(payment.id)).toMatchObject({
      paidCents: 990,
      refundedCents: 990,
    });
  });

  it('an unknown kind or someone else\u2019s payable is a catalogue error, not a 500', async () => {
    const { userId } = await shopper(0);
    const other = await shopper(0);
    const id = await newFee(userId, 100);
    for (const query of [
      { orderId: id, kind: 'nothing-here' },
      { orderId: id, kind: 'fee' },
    ]) {
      const res = await shop.call('GET', '/v1/h5/new/cashier/refresh', { token: other.token, query });
      expect(res.status).toBeLessThan(500);
      expect(res.body.code).toBe('PAY0009');
    }
  });
});
