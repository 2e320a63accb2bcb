import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { AppError } from '../../platform/errors.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

async function shopper() {
  const userId = `u-${randomUUID()}`;
  const { token } = await shop.ctx.sessions.create('shopper', userId);
  return { userId, token };
}

const topUp = (userId: string, amountCents: number, account: 'cash' | 'gift' = 'cash') =>
  shop.services.wallet.adjust({
    userId,
    account,
    amountCents,
    reason: 'opening balance',
    staffId: 'staff-9',
    idempotencyKey: randomUUID(),
  });

describe('GET /v1/wallet/queryacount', () => {
  it('needs a session (HTTP 400 without token, USR00003 with a bad one)', async () => {
    expect((await shop.call('GET', '/v1/wallet/queryacount')).status).toBe(400);
    const bad = await shop.call('GET', '/v1/wallet/queryacount', {
      token: 'nope',
    });
    expect(bad.body.code).toBe('USR00003');
  });

  it('answers zero balances for a new shopper, then what came in', async () => {
    const { userId, token } = await shopper();
    const empty = await shop.call('GET', '/v1/wallet/queryacount', { token });
    expect(empty.body.data).toMatchObject({
      cashCents: 0,
      frozenCents: 0,
      giftCents: 0,
      points: 0,
      withdrawableCents: 0,
      withdrawalMinCents: 500,
    });
    await topUp(userId, 12_345);
    await shop.services.wallet.reward({
      userId,
      amountCents: 1000,
      ref: { type: 'reward', id: 'r1' },
      idempotencyKey: `reward:${userId}`,
    });
    await shop.services.wallet.adjust({
      userId,
      account: 'points',
      amountCents: 40,
      reason: 'birthday points',
      staffId: 's',
      idempotencyKey: randomUUID(),
    });
    const after = await shop.call('GET', '/v1/wallet/queryacount', { token });
    expect(after.body.data).toMatchObject({
      cashCents: 12_345,
      giftCents: 1000,
      points: 40,
      withdrawableCents: 12_345,
    });
  });
});

describe('payOrder and refundOrder', () => {
  it('pays gift first, then cash; the same key pays once', async () => {
    const { userId } = await shopper();
    await topUp(userId, 1000);
    await shop.services.wallet.reward({
      userId,
      amountCents: 300,
      ref: { type: 'reward', id: 'x' },
      idempotencyKey: `rw:${userId}`,
    });
    const key = `order-1:${userId}`;
    const first = await shop.services.wallet.payOrder({
      userId,
      orderId: 'order-1',
      amountCents: 800,
      idempotencyKey: key,
    });
    expect(first).toEqual({ giftCents: 300, cashCents: 500, replayed: false });
    const again = await shop.services.wallet.payOrder({
      userId,
      orderId: 'order-1',
      amountCents: 800,
      idempotencyKey: key,
    });
    expect(again).toEqual({ giftCents: 300, cashCents: 500, replayed: true });
    expect(await shop.services.wallet.balances(userId)).toMatchObject({
      cashCents: 500,
      giftCents: 0,
    });
    // The same key for another amount is refused, never a second payment.
    await expect(
      shop.services.wallet.payOrder({
        userId,
        orderId: 'order-1',
        amountCents: 100,
        idempotencyKey: key,
      }),
    ).rejects.toMatchObject({ code: 'WAL00007' });
  });

  it('refuses a payment larger than gift + cash, and nothing moves', async () => {
    const { userId } = await shopper();
    await topUp(userId, 200);
    await expect(
      shop.services.wallet.payOrder({
        userId,
        orderId: 'o',
        amountCents: 201,
        idempotencyKey: randomUUID(),
      }),
    ).rejects.toBeInstanceOf(AppError);
    expect((await shop.services.wallet.balances(userId)).cashCents).toBe(200);
  });

  it('takes part in the caller’s transaction: a rollback undoes the payment', async () => {
    const { userId } = await shopper();
    await topUp(userId, 900);
    await expect(
      shop.db.transaction(async (tx) => {
        await shop.services.wallet.payOrder(
          {
            userId,
            orderId: 'o-tx',
            amountCents: 900,
            idempotencyKey: randomUUID(),
          },
          tx,
        );
        expect((await shop.services.wallet.balances(userId, tx)).cashCents).toBe(0);
        throw new Error('checkout failed later');
      }),
    ).rejects.toThrow('checkout failed later');
    expect((await shop.services.wallet.balances(userId)).cashCents).toBe(900);
  });

  it('refunds gift as gift first, never more than was paid', async () => {
    const { userId } = await shopper();
    await topUp(userId, 1000);
    await shop.services.wallet.reward({
      userId,
      amountCents: 200,
      ref: { type: 'reward', id: 'y' },
      idempotencyKey: `rw2:${userId}`,
    });
    await shop.services.wallet.payOrder({
      userId,
      orderId: 'o-r',
      amountCents: 700,
      idempotencyKey: randomUUID(),
    });
    const part = await shop.services.wallet.refundOrder({
      userId,
      orderId: 'o-r',
      amountCents: 300,
      idempotencyKey: `ref-1${userId}`,
    });
    expect(part).toEqual({ giftCents: 200, cashCents: 100, replayed: false });
    await expect(
      shop.services.wallet.refundOrder({
        userId,
        orderId: 'o-r',
        amountCents: 401,
        idempotencyKey: randomUUID(),
      }),
    ).rejects.toMatchObject({ code: 'WAL00008' });
    await shop.services.wallet.refundOrder({
      userId,
      orderId: 'o-r',
      amountCents: 400,
      idempotencyKey: randomUUID(),
    });
    expect(await shop.services.wallet.balances(userId)).toMatchObject({
      cashCents: 1000,
      giftCents: 200,
    });
    expect(await shop.services.wallet.orderMoves('o-r')).toEqual({
      paidCents: 700,
      paidGiftCents: 200,
      refundedCents: 700,
    });
  });
});

describe('adjust', () => {
  it('needs a reason and keeps it with the staff id on the bill', async () => {
    const { userId, token } = await shopper();
    await expect(
      shop.services.wallet.adjust({
        userId,
        account: 'cash',
        amountCents: 5,
        reason: '  ',
        staffId: 's',
        idempotencyKey: randomUUID(),
      }),
    ).rejects.toMatchObject({ code: 'WAL00009' });
    await shop.services.wallet.adjust({
      userId,
      account: 'cash',
      amountCents: 250,
      reason: 'Goodwill for late delivery',
      staffId: 'staff-7',
      idempotencyKey: `adj-${userId}`,
    });
    const bills = await shop.call('GET', '/v1/wallet/queryacountline', {
      token,
    });
    expect(bills.body.data.list[0]).toMatchObject({
      kind: 'adjustment',
      account: 'cash',
      amountCents: 250,
      balanceAfterCents: 250,
      note: 'Goodwill for late delivery',
    });
  });
});

describe('GET /v1/wallet/queryacountline', () => {
  it('lists movements newest first, paginated and filtered, linked to what they belong to', async () => {
    const { userId, token } = await shopper();
    await topUp(userId, 5000);
    await shop.services.wallet.payOrder({
      userId,
      orderId: 'order-77',
      amountCents: 1200,
      idempotencyKey: randomUUID(),
    });
    await shop.services.wallet.refundOrder({
      userId,
      orderId: 'order-77',
      amountCents: 200,
      idempotencyKey: randomUUID(),
    });
    const all = await shop.call('GET', '/v1/wallet/queryacountline', {
      token,
      query: { page: '1', size: '2' },
    });
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.list.map((l: { kind: string }) => l.kind)).toEqual(['refund', 'payment']);
    expect(all.body.data.list[1]).toMatchObject({
      amountCents: -1200,
      refType: 'order',
      refId: 'order-77',
      balanceAfterCents: 3800,
    });
    const page2 = await shop.call('GET', '/v1/wallet/queryacountline', {
      token,
      query: { page: '2', size: '2' },
    });
    expect(page2.body.data.list.map((l: { kind: string }) => l.kind)).toEqual(['adjustment']);
    const payments = await shop.call('GET', '/v1/wallet/queryacountline', {
      token,
      query: { kind: 'payment' },
    });
    expect(payments.body.data.total).toBe(1);
    const bad = await shop.call('GET', '/v1/wallet/queryacountline', {
      token,
      query: { kind: 'bogus' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('SYS00001');
  });

  it('never shows another shopper’s movements', async () => {
    const a = await shopper();
    const b = await shopper();
    await topUp(a.userId, 100);
    const other = await shop.call('GET', '/v1/wallet/queryacountline', {
      token: b.token,
    });
    expect(other.body.data.total).toBe(0);
  });
});

describe('ledger audit', () => {
  it('holds after everything above', async () => {
    expect(await shop.services.wallet.ledger.audit()).toEqual([]);
  });
});
