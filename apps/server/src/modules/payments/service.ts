import { randomUUID } from 'node:crypto';
import type { Cashier, Language, PayChannel } from '@shop/contracts';
import { errorMessage, isErrorCode } from '@shop/contracts';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { hmacHex, safeEqual } from '../../platform/crypto.ts';
import { type Db, refusalOf, refuseUnless, valuesOf } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import type { Ports } from '../orders/ports.ts';
import type { OrderService } from '../orders/service.ts';
import { bridgeSignText, type Gateway, PaywayGateway, SandboxGateway, type VerifiedCallback } from './gateways.ts';
import { khqrPayload } from './khqr.ts';
import { paymentCallbacks, payments } from './tables.ts';

/** A pending online payment not confirmed within this time is shown as "Payment timeout". */
export const PAYMENT_TIMEOUT_MS = 15 * 60_000;

/** Where the browser comes back to after each online channel (spec §2 routes). */
const RETURN_PATH: Record<string, string> = {
  sandbox: '/h5/outPayment',
  payway: '/h5/abaPayExp',
  mpgs: '/h5/mpgsSuccess',
  khqr: '/h5/outPayment',
};

export type SettleOutcome = 'paid' | 'duplicate' | 'failed' | 'late' | 'refused';

export type SandboxBehaviour = {
  /** Delay before the first callback. */
  delayMs: number;
  /** Callbacks sent per decision (real gateways repeat until acknowledged, and sometimes regardless). */
  copies: number;
};

/** The idempotency key of an order's wallet payment: the same order is paid from the wallet once. */
const walletPayKey = (orderId: string) => `order-pay:${orderId}`;

/** The answer to a wallet payment, which is settled when it answers. */
const walletPaid = (paymentId: string) => ({
  paymentId,
  status: 'SUCCEEDED' as const,
  redirectUrl: null,
  form: null,
  khqr: null,
  bridge: null,
});

/**
 * A payment starts only for an order waiting for it and within its time to pay: past its deadline
 * the order is the overdue sweep's to cancel (within a minute), not the shopper's to pay.
 */
function payableRefusal(order: { state: string; paidCents: number; deadlineAt: Date | null }, now = new Date()) {
  if (order.state !== 'WP') return new AppError(order.paidCents > 0 ? 'PAY0008' : 'ORD0002', { action: 'pay' });
  if (order.deadlineAt && order.deadlineAt <= now) return new AppError('ORD0020');
  return null;
}

function refuseUnlessPayable(order: Parameters<typeof payableRefusal>[0]) {
  const refusal = payableRefusal(order);
  if (refusal) throw refusal;
}

export class PaymentService {
  private readonly ctx: PlatformContext;
  private readonly db: Db;
  private readonly orders: OrderService;
  private readonly ports: () => Ports;
  readonly sandbox: SandboxGateway;
  readonly gateway: Gateway;
  sandboxBehaviour: SandboxBehaviour;
  /** Sends a sandbox callback to our own callback URL (set by the routes: real HTTP to this app). */
  deliver: ((body: Record<string, unknown>) => Promise<{ ok: boolean }>) | undefined;

  constructor(ctx: PlatformContext, orders: OrderService, ports: () => Ports) {
    this.ctx = ctx;
    this.db = ctx.db;
    this.orders = orders;
    this.ports = ports;
    if (ctx.config.production && !ctx.config.paymentSecret) throw new Error('PAYMENT_SECRET must be set in production');
    this.sandbox = new SandboxGateway(ctx.config.paymentSecret);
    this.gateway =
      ctx.config.paymentGateway === 'payway'
        ? new PaywayGateway({ ...ctx.config.payway, publicUrl: ctx.config.publicUrl ?? '' })
        : this.sandbox;
    this.sandboxBehaviour = {
      delayMs: Number(process.env.SANDBOX_CALLBACK_DELAY_MS ?? 1500),
      copies: Number(process.env.SANDBOX_CALLBACK_COPIES ?? 2),
    };
  }

  // Cashier ----------------------------------------------------------------------------------

  async cashier(
    userId: string,
    orderId: string,
    language: Language,
    entrance: 'h5' | 'long' | 'acleda' = 'h5',
  ): Promise<Cashier> {
    const order = await this.orders.ownOrder(userId, orderId);
    const { wallet, accounts } = this.ports();
    let balance: number | null = null;
    if (wallet) balance = extractCash(await wallet.balances(userId));
    const hasPayPassword = accounts ? await accounts.hasPayPassword(userId) : null;
    const payable = order.payableCents;
    const channels: Cashier['channels'] = [];
    const add = (code: PayChannel, enabled: boolean, reason: string | null) => channels.push({ code, enabled, reason });
    if (wallet) {
      const enough = balance !== null && balance >= payable;
      add('wallet', enough, enough ? null : errorMessage('PAY0005', language));
    } else add('wallet', false, errorMessage('ORD0016', language));
    // Bank partners' entrances offer their own channel first; everything else is the same.
    const online: PayChannel[] =
      this.gateway.name === 'payway' ? ['payway', 'khqr'] : ['sandbox', 'payway', 'mpgs', 'khqr'];
    if (entrance === 'acleda') online.unshift('bridge');
    for (const c of online) add(c, true, null);
    if (entrance !== 'acleda') add('bridge', true, null);
    return {
      orderId: order.id,
      orderNo: order.orderNo,
      state: order.state as Cashier['state'],
      payableCents: payable,
      deadlineAt: order.deadlineAt?.toISOString() ?? null,
      channels,
      walletBalanceCents: balance,
      hasPayPassword,
    };
  }

  // Paying -----------------------------------------------------------------------------------

  async pay(userId: string, orderId: string, channel: PayChannel, payPassword: string | undefined) {
    // The wallet reads the order itself, with what its one-statement move needs.
    if (channel === 'wallet') return this.payByWallet(userId, orderId, payPassword);
    const order = await this.orders.ownOrder(userId, orderId);
    refuseUnlessPayable(order);
    const [payment] = await this.db
      .insert(payments)
      .values({ orderId, userId, channel, amountCents: order.payableCents })
      .returning();
    const base = {
      paymentId: payment.id,
      status: 'PENDING' as const,
      redirectUrl: null,
      form: null,
      khqr: null,
      bridge: null,
    };
    const returnPath = `${RETURN_PATH[channel] ?? '/h5/outPayment'}?orderId=${orderId}&paymentId=${payment.id}`;
    switch (channel) {
      case 'sandbox':
      case 'mpgs':
        return {
          ...base,
          ...this.sandbox.start({
            paymentId: payment.id,
            orderNo: order.orderNo,
            amountCents: payment.amountCents,
            returnPath,
          }),
        };
      case 'payway':
        return {
          ...base,
          ...this.gateway.start({
            paymentId: payment.id,
            orderNo: order.orderNo,
            amountCents: payment.amountCents,
            returnPath,
          }),
        };
      case 'khqr':
        return {
          ...base,
          khqr: khqrPayload({
            bakongAccountId: this.ctx.config.khqr.account,
            merchantName: this.ctx.config.khqr.merchantName,
            merchantCity: this.ctx.config.khqr.city,
            amountCents: payment.amountCents,
            billNumber: order.orderNo,
            storeLabel: payment.id.slice(0, 8),
          }),
          redirectUrl: this.sandbox.start({
            paymentId: payment.id,
            orderNo: order.orderNo,
            amountCents: payment.amountCents,
            returnPath,
          }).redirectUrl,
        };
      case 'bridge':
        return {
          ...base,
          bridge: {
            orderId,
            partnerRefNumber: payment.id,
            amount: (payment.amountCents / 100).toFixed(2),
            currency: 'USD',
          },
        };
    }
  }

  /** Wallet balance with the 6-digit pay password: ledger transfers and order move in one statement. */
  private async payByWallet(userId: string, orderId: string, payPassword: string | undefined) {
    const { wallet, accounts } = this.ports();
    if (!wallet || !accounts) throw new AppError('PAY0003');
    if (!payPassword) throw new AppError('PAY0006');
    const paidFromKept = await this.payByWalletFromKept(userId, orderId, payPassword, wallet, accounts);
    if (paidFromKept) return walletPaid(paidFromKept);
    // One read (issue 5): the order, the shopper's pay password and lock-out, the wallet's balances.
    const read = await this.orders.orderForMove(orderId, {
      pay_password: accounts.payPasswordRead(userId),
      balances: wallet.balancesRead(userId),
    });
    if (!read) throw new AppError('ORD0001');
    try {
      await accounts.verifyPayPassword(userId, payPassword, undefined, read.read.pay_password);
    } catch (error) {
      // None set yet (one read of the shopper instead of asking hasPayPassword first).
      if (error instanceof AppError && error.code === 'USR00031') throw new AppError('PAY0006');
      throw error;
    }
    if (read.order.userId !== userId) throw new AppError('ORD0001');
    const order = read.order;
    refuseUnlessPayable(order);
    // One statement (issue 5): the order's move, its history, the payment row and the wallet's
    // anchor and transfers; any refusal leaves none of them.
    const parts = await wallet.orderPaymentParts(
      { userId, orderId, amountCents: order.payableCents, idempotencyKey: walletPayKey(orderId) },
      undefined,
      read.read.balances,
    );
    const paymentId = randomUUID();
    try {
      await this.orders.moveInStatement(read, 'pay', 'system', {
        channel: 'wallet',
        alongside: [this.walletPaymentRow(paymentId, userId, orderId, order.payableCents)],
        parts,
      });
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal && isErrorCode(refusal)) throw new AppError(refusal); // the wallet's WAL00001
      if (refusal) {
        // The order moved since it was read (a second tap on "pay"): say what happened to it.
        const now = await this.orders.getOrder(orderId);
        if ((now?.paidCents ?? 0) > 0) throw new AppError('PAY0008');
        if (now?.state !== 'WP') throw new AppError('ORD0002', { action: 'pay' });
      }
      throw error;
    }
    return walletPaid(paymentId);
  }

  /**
   * The wallet payment without its read (issue 5), from what this process kept: the order it just
   * placed, the pay password it verified before and the gift balance it last split with. The move's
   * statement checks each of them (the order still waiting and not its shopper's first paid one, the
   * hash unchanged with no wrong try on record, the gift balance the same) besides its own checks;
   * its payment's id, or undefined when something is not kept or the statement refused, and the
   * payment then reads as usual, which also gives a refusal its words.
   */
  private async payByWalletFromKept(
    userId: string,
    orderId: string,
    payPassword: string,
    wallet: NonNullable<Ports['wallet']>,
    accounts: NonNullable<Ports['accounts']>,
  ): Promise<string | undefined> {
    const kept = this.orders.keptOrderForMove(orderId, userId);
    if (!kept) return undefined;
    const order = kept.order;
    if (payableRefusal(order)) return undefined; // the read says why
    const password = await accounts.payPasswordKept(userId, payPassword);
    if (!password) return undefined;
    const parts = await wallet.keptOrderPaymentParts({
      userId,
      orderId,
      amountCents: order.payableCents,
      idempotencyKey: walletPayKey(orderId),
    });
    if (!parts) return undefined;
    const paymentId = randomUUID();
    try {
      await this.orders.moveInStatement(kept, 'pay', 'system', {
        channel: 'wallet',
        alongside: [this.walletPaymentRow(paymentId, userId, orderId, order.payableCents)],
        parts: {
          ctes: parts.ctes,
          refusals: [...parts.refusals, refuseUnless(password, 'pay-password-moved'), kept.guard],
        },
      });
      return paymentId;
    } catch (error) {
      if (refusalOf(error)) return undefined;
      throw error;
    }
  }

  /** The payment row of a wallet payment, settled with the move (an `alongside` of its statement). */
  private walletPaymentRow(paymentId: string, userId: string, orderId: string, amountCents: number) {
    return sql`INSERT INTO ${payments} ${valuesOf(payments, [
      {
        id: paymentId,
        orderId,
        userId,
        channel: 'wallet',
        amountCents,
        status: 'SUCCEEDED',
        settledAt: new Date(),
      },
    ])}`;
  }

  private async lockOrder(orderId: string, tx: Db) {
    const order = await this.orders.getOrderForUpdate(orderId, tx);
    if (!order) throw new AppError('ORD0001');
    return order;
  }

  /**
   * A verified gateway outcome. Idempotent and race-free: the payment row is locked, a settled
   * payment is never settled again, and the order moves through the transition table once.
   */
  async settle(v: VerifiedCallback, channel: string): Promise<SettleOutcome> {
    return this.db.transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, v.paymentId)).for('update');
      if (!payment || payment.amountCents !== v.amountCents) return 'refused';
      if (payment.status === 'SUCCEEDED' || payment.status === 'LATE' || payment.status === 'REFUNDED')
        return 'duplicate';
      if (v.status === 'FAILED') {
        await tx
          .update(payments)
          .set({ status: 'FAILED', failureReason: 'declined', externalRef: v.transactionId, settledAt: new Date() })
          .where(eq(payments.id, payment.id));
        return 'failed';
      }
      const order = await this.lockOrder(payment.orderId, tx);
      if (order.state !== 'WP') {
        // Money arrived for an order that was cancelled, or already paid another way: give it back.
        await tx
          .update(payments)
          .set({ status: 'LATE', externalRef: v.transactionId, settledAt: new Date() })
          .where(eq(payments.id, payment.id));
        await this.ctx.jobs.enqueue(
          'payments.refund-late',
          { paymentId: payment.id },
          { dedupeKey: `refund-late:${payment.id}` },
          tx,
        );
        return 'late';
      }
      await tx
        .update(payments)
        .set({ status: 'SUCCEEDED', externalRef: v.transactionId, settledAt: new Date() })
        .where(eq(payments.id, payment.id));
      await this.orders.move(order.id, 'pay', 'system', { db: tx, channel, locked: order });
      return 'paid';
    });
  }

  /** A callback as received: verified, recorded, settled. Unverified callbacks change nothing. */
  async receiveCallback(channel: 'sandbox' | 'payway', body: Record<string, unknown>): Promise<SettleOutcome> {
    const gateway = channel === 'sandbox' ? this.sandbox : this.gateway;
    let verified: VerifiedCallback | null = null;
    try {
      verified = await gateway.verify(body);
    } catch {
      verified = null;
    }
    const outcome = verified
      ? await this.settle(verified, await this.channelOf(verified.paymentId, channel))
      : 'refused';
    await this.db.insert(paymentCallbacks).values({
      channel,
      paymentId: verified?.paymentId ?? (typeof body.paymentId === 'string' ? body.paymentId.slice(0, 64) : null),
      dedupeKey: String(verified?.transactionId ?? body.transactionId ?? body.tran_id ?? '').slice(0, 64),
      verified: verified ? 'yes' : 'no',
      outcome,
      body,
    });
    return outcome;
  }

  private async channelOf(paymentId: string, fallback: string): Promise<string> {
    const [p] = await this.db.select({ channel: payments.channel }).from(payments).where(eq(payments.id, paymentId));
    return p?.channel ?? fallback;
  }

  /** The wallet app's result: status_code 200 goes to the success API, anything else to failure. */
  async bridgeResult(
    r: { statusCode: string; orderId: string; partnerRefNumber: string; transactionId?: string; sign: string },
    success: boolean,
  ): Promise<{ orderId: string; paid: boolean }> {
    const expected = hmacHex(this.ctx.config.paymentSecret, bridgeSignText(r));
    if (!safeEqual(expected, r.sign)) throw new AppError('PAY0007');
    const [payment] = await this.db.select().from(payments).where(eq(payments.id, r.partnerRefNumber));
    if (!payment || payment.orderId !== r.orderId || payment.channel !== 'bridge') throw new AppError('PAY0009');
    const ok = success && r.statusCode === '200' && !!r.transactionId;
    const outcome = await this.settle(
      {
        paymentId: payment.id,
        status: ok ? 'SUCCEEDED' : 'FAILED',
        amountCents: payment.amountCents,
        transactionId: r.transactionId ?? `fail-${r.statusCode}`,
      },
      'bridge',
    );
    await this.db.insert(paymentCallbacks).values({
      channel: 'bridge',
      paymentId: payment.id,
      dedupeKey: r.transactionId ?? r.statusCode,
      verified: 'yes',
      outcome,
      body: r,
    });
    const order = await this.orders.getOrder(r.orderId);
    return { orderId: r.orderId, paid: (order?.paidCents ?? 0) > 0 };
  }

  async status(userId: string, orderId: string) {
    const order = await this.orders.ownOrder(userId, orderId);
    const [last] = await this.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    let lastPayment = null;
    if (last) {
      const timedOut = last.status === 'PENDING' && Date.now() - last.createdAt.getTime() > PAYMENT_TIMEOUT_MS;
      lastPayment = {
        status: timedOut ? 'TIMEOUT' : last.status,
        channel: last.channel,
        failureReason: last.failureReason,
      };
    }
    return { orderId, state: order.state as Cashier['state'], paid: order.paidCents > 0, lastPayment };
  }

  // The sandbox gateway's own side -----------------------------------------------------------

  async sandboxPayment(paymentId: string) {
    const [payment] = await this.db.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment) return null;
    const order = await this.orders.getOrder(payment.orderId);
    return { payment, orderNo: order?.orderNo ?? '' };
  }

  /**
   * The shopper decided on the sandbox page: like a real gateway, the outcome reaches us later by
   * signed server-to-server callbacks (delayed, sent more than once); "timeout" sends nothing.
   */
  async sandboxDecide(paymentId: string, decision: 'success' | 'fail' | 'timeout'): Promise<void> {
    const found = await this.sandboxPayment(paymentId);
    if (!found) throw new AppError('PAY0009');
    if (decision === 'timeout') return;
    const transactionId = `SBX${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`;
    const status = decision === 'success' ? 'SUCCEEDED' : 'FAILED';
    const { delayMs, copies } = this.sandboxBehaviour;
    for (let i = 0; i < copies; i++) {
      await this.ctx.jobs.enqueue(
        'payments.sandbox-callback',
        { paymentId, status, amountCents: found.payment.amountCents, transactionId },
        {
          runAt: new Date(Date.now() + delayMs * (i + 1)),
          dedupeKey: `sbx:${paymentId}:${transactionId}:${i}`,
          maxAttempts: 8,
        },
      );
    }
  }

  /** Job: send one signed sandbox callback; a refused or failed delivery is retried with backoff. */
  async sendSandboxCallback(p: {
    paymentId: string;
    status: string;
    amountCents: number;
    transactionId: string;
  }): Promise<void> {
    const timestamp = Date.now();
    const body = { ...p, timestamp, signature: this.sandbox.sign({ ...p, timestamp }) };
    if (!this.deliver) throw new Error('sandbox delivery not wired');
    const { ok } = await this.deliver(body);
    if (!ok) throw new Error('callback not acknowledged');
  }

  /** Job: give back money that arrived after the order closed (gateway refund; sandbox at once). */
  async refundLate(paymentId: string): Promise<void> {
    await this.db
      .update(payments)
      .set({ status: 'REFUNDED' })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'LATE')));
  }

  /** Job: refund a paid order's gateway payment after a refund move of the order. */
  async refundOrderPayment(orderId: string): Promise<void> {
    await this.db
      .update(payments)
      .set({ status: 'REFUNDED' })
      .where(
        and(
          eq(payments.orderId, orderId),
          eq(payments.status, 'SUCCEEDED'),
          inArray(payments.channel, ['sandbox', 'payway', 'mpgs', 'khqr', 'bridge']),
        ),
      );
  }

  /** Job: pending payments past the timeout become EXPIRED. */
  async expirePending(now = new Date()): Promise<number> {
    const rows = await this.db
      .update(payments)
      .set({ status: 'EXPIRED', failureReason: 'timeout' })
      .where(and(eq(payments.status, 'PENDING'), lt(payments.createdAt, new Date(now.getTime() - PAYMENT_TIMEOUT_MS))))
      .returning({ id: payments.id });
    return rows.length;
  }

  async paymentsOf(orderId: string) {
    return this.db.select().from(payments).where(eq(payments.orderId, orderId));
  }
}

/** The cash balance from whatever shape the wallet's `balances` answers. */
function extractCash(balances: unknown): number | null {
  if (typeof balances === 'number') return balances;
  if (balances && typeof balances === 'object') {
    const b = balances as Record<string, unknown>;
    for (const key of ['cashCents', 'cash', 'balanceCents', 'availableCents'])
      if (typeof b[key] === 'number') return b[key] as number;
  }
  return null;
}
