import {
  type Cashier,
  errorMessage,
  type Language,
  type PaidBy,
  type PayChannel,
  type PayCurrency,
  rielFromCents,
} from '@shop/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, valuesOf } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext, Services } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import { lockedRiel, PaymentBooks } from './books.ts';
import { countKeyRefused, GatewayLookups } from './gateway-lookups.ts';
import {
  bridgeSignText,
  type Gateway,
  GatewayKeyRefused,
  GatewayUnavailable,
  hmacHex,
  PaywayGateway,
  SandboxGateway,
  safeEqual,
  type VerifiedCallback,
} from './gateways.ts';
import { LATER_ANSWER_CHANNELS, paymentInFlight, refuseWhileInFlight } from './in-flight.ts';
import { KhqrBakong } from './khqr-bakong.ts';
import { PaywayRefunds } from './refund-parties.ts';
import { adminRefundLineOf, openRefunds, payableMoneyOf } from './refund-views.ts';
import { RefundEngine, type RefundRow } from './refunds.ts';
import {
  type CashierEntrance,
  type PayAnswer,
  type Payable,
  type PayableKind,
  type PayMethod,
  PaymentRegistry,
} from './registry.ts';
import { SandboxBank } from './sandbox-bank.ts';
import { Settlement, type SettleOutcome } from './settlement.ts';
import { paymentCallbacks, payments } from './tables.ts';
import { takingsPerCurrency } from './takings.ts';
import { type WalletSide, walletMethod } from './wallet-method.ts';

/** A pending online payment not confirmed within this time is shown as "Payment timeout". */
export const PAYMENT_TIMEOUT_MS = 15 * 60_000;

/** Where the browser comes back to after each online channel (spec §2 routes). */
const RETURN_PATH: Record<string, string> = {
  sandbox: '/h5/outPayment',
  payway: '/h5/abaPayExp',
  mpgs: '/h5/mpgsSuccess',
  khqr: '/h5/outPayment',
};

export type { SettleOutcome } from './settlement.ts';
/**
 * A callback's outcome: settled (or not), the gateway could not be asked to confirm it (it sends
 * again), or the gateway refused the shop's own key when asked (`key-refused`: staff must fix
 * PAYWAY_API_KEY; the payment stays pending for the lookup job, the gateway is not asked to resend).
 */
export type CallbackOutcome = SettleOutcome | 'unavailable' | 'key-refused';

export { ONLINE_GATEWAY_CHANNELS } from './in-flight.ts';

/** Gateway channels: their money goes back through refunds.ts (a gateway's refund call, or the wallet for KHQR). */
const GATEWAY_CHANNELS: PayChannel[] = [...LATER_ANSWER_CHANNELS];

export class PaymentService {
  private readonly ctx: PlatformContext;
  private readonly db: Db;
  private readonly walletSide: WalletSide;
  /** The day's riel rate (issue 47): the cashier's quote and the rate a code in riel locks. */
  private readonly currency: Pick<Services['currency'], 'lockedRate' | 'current'>;
  /** What can be paid and how: registered at start (registerPayable, registerMethod). */
  private readonly registry = new PaymentRegistry();
  private readonly gateways: PayMethod;
  readonly sandbox: SandboxGateway;
  readonly gateway: Gateway;
  /** The app's logger (set by the routes): what Bakong says that staff must see. */
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> = { info: () => {}, warn: () => {}, error: () => {} };
  /** KHQR confirmed through the Bakong Open API. */
  readonly khqr: KhqrBakong;
  /** The one refund path (refunds.ts) and the parties it sends to. */
  readonly refunds: RefundEngine;
  readonly sandboxBank: SandboxBank;
  readonly paywayRefunds: PaywayRefunds | null;
  /** What reconciliation reads of the payments and refunds, and of the gateways' own books (books.ts). */
  readonly books: PaymentBooks;
  /** The gateways asked about their own payments, and the sweep of those past their time (gateway-lookups.ts). */
  readonly lookups: GatewayLookups;
  private readonly settlement: Settlement;

  /**
   * `walletSide`: the wallet and accounts services, read on use (the wallet is the first method);
   * `bakong`: the Bakong integration, which KHQR payments are confirmed with.
   */
  constructor(
    ctx: PlatformContext,
    walletSide: WalletSide & {
      readonly bakong: Services['bakong'];
      readonly currency: Pick<Services['currency'], 'lockedRate' | 'current'>;
      readonly notifications: Pick<Services['notifications'], 'emit'>;
      readonly wallet: Pick<Services['wallet'], 'transfer'>;
    },
  ) {
    this.ctx = ctx;
    this.walletSide = walletSide;
    this.currency = walletSide.currency;
    this.db = ctx.db;
    this.khqr = new KhqrBakong({
      ctx,
      bakong: () => walletSide.bakong,
      currency: () => this.currency,
      settle: (v, channel) => this.settle(v, channel),
      settleAfterExpiry: (paymentId, transactionId) => this.settleAfterExpiry(paymentId, transactionId),
      log: () => this.log,
    });
    if (ctx.config.production && !ctx.config.paymentSecret) throw new Error('PAYMENT_SECRET must be set in production');
    this.sandbox = new SandboxGateway(ctx.config.paymentSecret);
    this.gateway =
      ctx.config.paymentGateway === 'payway'
        ? new PaywayGateway({
            ...ctx.config.payway,
            publicUrl: ctx.config.publicUrl ?? '',
            lifetimeMinutes: PAYMENT_TIMEOUT_MS / 60_000,
          })
        : this.sandbox;
    this.sandboxBank = new SandboxBank(ctx, this.sandbox, (kind, id) => this.registry.kind(kind).find(id));
    this.paywayRefunds =
      ctx.config.paymentGateway === 'payway'
        ? new PaywayRefunds({ ...ctx.config.payway, rsaPublicKey: ctx.config.payway.rsaPublicKey ?? '' })
        : null;
    this.books = new PaymentBooks(this.db, this.gateway, this.sandbox);
    this.refunds = new RefundEngine({
      ctx,
      wallet: () => walletSide.wallet as Pick<Services['wallet'], 'transfer' | 'refundOrder'>,
      notifications: () => walletSide.notifications,
      parties: { sandbox: this.sandboxBank.client, payway: this.paywayRefunds },
      log: () => this.log,
    });
    this.settlement = new Settlement({
      db: this.db,
      registry: this.registry,
      refunds: this.refunds,
      log: () => this.log,
    });
    this.registry.registerMethod(
      walletMethod(
        walletSide,
        (paymentId, payable) => this.walletPaymentRow(paymentId, payable),
        this.db,
        (input, tx) => this.refunds.toWallet(input, tx),
      ),
    );
    this.gateways = this.gatewayMethod();
    this.registry.registerMethod(this.gateways);
    this.lookups = new GatewayLookups({
      db: this.db,
      books: this.books,
      gatewayName: this.gateway.name,
      settle: (v, channel) => this.settle(v, channel),
      log: () => this.log,
      timeoutMs: PAYMENT_TIMEOUT_MS,
    });
  }

  /** A module's thing to pay (orders: 'order'), registered at start by the module that owns it. */
  registerPayable(kind: PayableKind): void {
    this.registry.registerPayable(kind);
  }

  /** The kinds of payable the modules registered ('order', 'loan', …). */
  payableKinds(): string[] {
    return this.registry.kindNames();
  }

  /**
   * PAY0060 while a payment of this payable waits for its answer: its owner's steps that change its
   * amount or content call this with the payable's row locked (payments/in-flight.ts).
   */
  async refuseWhileInFlight(kindName: string, id: string, tx: Db = this.db): Promise<void> {
    await refuseWhileInFlight(tx, kindName, id, PAYMENT_TIMEOUT_MS);
  }

  /** Another way to pay (loan credit next), offered after the wallet and the gateways. */
  registerMethod(method: PayMethod): void {
    this.registry.registerMethod(method);
  }

  // Cashier ----------------------------------------------------------------------------------

  async cashier(
    userId: string,
    payableId: string,
    language: Language,
    entrance: CashierEntrance = 'h5',
    kindName = 'order',
  ): Promise<Cashier> {
    const kind = this.registry.kind(kindName);
    const payable = await kind.own(userId, payableId);
    const offered: Cashier['channels'] = [];
    let extra: Partial<Pick<Cashier, 'walletBalanceCents' | 'wallet' | 'hasPayPassword'>> = {};
    for (const method of this.registry.methods) {
      const offer = await method.offer(userId, payable, entrance, language, kind);
      offered.push(...offer.channels);
      extra = { ...extra, ...offer.cashier };
    }
    // What the shopper can pay with comes first (in the methods' order); what they cannot, after,
    // each with its reason: a new shopper's empty wallet never leads the list.
    const channels = [...offered.filter((c) => c.enabled), ...offered.filter((c) => !c.enabled)];
    const [pending] = await this.db
      .select({ id: payments.id, channel: payments.channel, createdAt: payments.createdAt })
      .from(payments)
      .where(
        and(
          eq(payments.payableKind, kind.kind),
          eq(payments.orderId, payable.id),
          eq(payments.status, 'PENDING'),
          inArray(payments.channel, GATEWAY_CHANNELS),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return {
      orderId: payable.id,
      orderNo: payable.reference,
      state: payable.state as Cashier['state'],
      payableCents: payable.payableCents,
      deadlineAt: payable.deadlineAt?.toISOString() ?? null,
      channels,
      walletBalanceCents: extra.walletBalanceCents ?? null,
      wallet: extra.wallet ?? null,
      hasPayPassword: extra.hasPayPassword ?? null,
      pending:
        pending && kind.awaitsPayment(payable)
          ? {
              paymentId: pending.id,
              channel: pending.channel as PayChannel,
              createdAt: pending.createdAt.toISOString(),
            }
          : null,
      resultPath: kind.resultPath?.(payable.id) ?? null,
      riel: await this.rielQuote(payable.payableCents, channels),
    };
  }

  /** The cashier's amount in riel at the day's rate, when KHQR is offered and a rate is set (issue 47). */
  private async rielQuote(cents: number, channels: Cashier['channels']): Promise<Cashier['riel']> {
    if (!channels.some((c) => c.code === 'khqr' && c.enabled)) return null;
    const rate = await this.currency.current();
    const amountRiel = rate ? rielFromCents(cents, rate.khrPerUsd) : 0;
    return rate && amountRiel > 0 ? { amountRiel, khrPerUsd: rate.khrPerUsd } : null;
  }

  // Paying -----------------------------------------------------------------------------------

  async pay(
    userId: string,
    payableId: string,
    channel: PayChannel,
    payPassword: string | undefined,
    kindName = 'order',
    currency: PayCurrency = 'USD',
  ): Promise<PayAnswer> {
    const method = this.registry.methodOf(channel);
    if (!method) throw new AppError('PAY0003');
    // Riel is paid by KHQR only (issue 47): its code carries the riel amount, locked with the payment.
    if (currency === 'KHR' && channel !== 'khqr') throw new AppError('CUR00003');
    if (currency === 'KHR')
      return this.payByGateway(userId, this.registry.kind(kindName), payableId, channel, currency);
    return method.pay({ userId, kind: this.registry.kind(kindName), id: payableId, channel, payPassword });
  }

  /**
   * Gives back what a payable's payment through `channel` took, in the caller's transaction (a
   * move's hook): the entry point of every module's refund (refunds.ts does the work).
   */
  async refund(
    input: { kind: string; id: string; userId: string; amountCents: number; channel: string | null },
    tx: Db,
  ): Promise<void> {
    if (input.amountCents <= 0) return;
    // A channel no method answers (cash at the store, on delivery) goes the gateways' way, as before:
    // their refund job gives back only what a gateway took.
    const method = (input.channel && this.registry.methodOf(input.channel)) || this.gateways;
    await method.refund({ ...input, channel: input.channel ?? '' }, tx);
  }

  /** A payable's gateway refund queued before the refund path (a `payments.refund` job): through it now. */
  async refundPayable(kind: string, id: string, amountCents: number): Promise<void> {
    const [paid] = await this.db
      .select({ cents: payments.amountCents })
      .from(payments)
      .where(and(eq(payments.payableKind, kind), eq(payments.orderId, id), eq(payments.status, 'SUCCEEDED')));
    const cents = Number.isSafeInteger(amountCents) && amountCents > 0 ? amountCents : (paid?.cents ?? 0);
    if (cents > 0) await this.db.transaction((tx) => this.refunds.forPayable({ kind, id, amountCents: cents }, tx));
  }

  /** The gateways, KHQR and the wallet app's bridge: a payment row, then the browser goes on. */
  private gatewayMethod(): PayMethod {
    // Bank partners' entrances offer their own channel first; everything else is the same.
    const channels = (entrance: CashierEntrance): PayChannel[] => {
      const online: PayChannel[] =
        this.gateway.name === 'payway' ? ['payway', 'khqr'] : ['sandbox', 'payway', 'mpgs', 'khqr'];
      return entrance === 'acleda' ? ['bridge', ...online] : [...online, 'bridge'];
    };
    return {
      answers: GATEWAY_CHANNELS,
      offer: async (_userId, _payable, entrance, language) => {
        // KHQR needs Bakong to confirm it: without a usable token it is shown, off, with why.
        const khqrOff = this.khqr.tokenProblem() !== null;
        return {
          channels: channels(entrance).map((code) =>
            code === 'khqr' && khqrOff
              ? { code, enabled: false, reason: errorMessage('PAY0011', language) }
              : { code, enabled: true, reason: null },
          ),
        };
      },
      pay: ({ userId, kind, id, channel }) => this.payByGateway(userId, kind, id, channel),
      refund: async ({ kind, id, amountCents }, tx) => {
        // Money taken by a gateway goes back through that gateway (or, for KHQR, the wallet): refunds.ts.
        await this.refunds.forPayable({ kind, id, amountCents }, tx);
      },
    };
  }

  private async payByGateway(
    userId: string,
    kind: PayableKind,
    id: string,
    channel: PayChannel,
    currency: PayCurrency = 'USD',
  ): Promise<PayAnswer> {
    const owned = await kind.own(userId, id);
    const refusal = kind.refusal(owned);
    if (refusal) throw refusal;
    if (channel === 'khqr') return this.khqr.start(userId, kind, owned, new Date(), currency);
    // The payment is made for the payable as it is under its lock: a change step (which takes the
    // same lock and refuses while a payment is in flight) comes wholly before or wholly after.
    const { payment, payable } = await this.db.transaction(async (tx) => {
      const locked = await kind.lockForSettlement(id, tx);
      if (!locked) throw new AppError('PAY0009');
      const lockedRefusal = kind.refusal(locked);
      if (lockedRefusal) throw lockedRefusal;
      const [row] = await tx
        .insert(payments)
        .values({ payableKind: kind.kind, orderId: id, userId, channel, amountCents: locked.payableCents })
        .returning();
      return { payment: row, payable: locked };
    });
    const base = {
      paymentId: payment.id,
      status: 'PENDING' as const,
      redirectUrl: null,
      form: null,
      khqr: null,
      bridge: null,
    };
    const returnPath = kind.resultPath
      ? `/h5${kind.resultPath(id)}`
      : `${RETURN_PATH[channel] ?? '/h5/outPayment'}?orderId=${id}&paymentId=${payment.id}`;
    const start = { paymentId: payment.id, orderNo: payable.reference, amountCents: payment.amountCents, returnPath };
    switch (channel) {
      case 'sandbox':
      case 'mpgs':
        return { ...base, ...this.sandbox.start(start) };
      case 'payway':
        return { ...base, ...this.gateway.start(start) };
      case 'bridge':
        return {
          ...base,
          bridge: {
            orderId: id,
            partnerRefNumber: payment.id,
            amount: (payment.amountCents / 100).toFixed(2),
            currency: 'USD',
          },
        };
      default:
        throw new AppError('PAY0003');
    }
  }

  /** The settled payment row of another method's payment (loan credit), in that method's transaction. */
  async recordSettledPayment(paymentId: string, payable: Payable, channel: PayChannel, tx: Db): Promise<void> {
    await tx.execute(this.walletPaymentRow(paymentId, payable, channel));
  }

  /** The payment row of a wallet payment, settled with the move (an `alongside` of its statement). */
  private walletPaymentRow(paymentId: string, payable: Payable, channel: PayChannel = 'wallet') {
    return sql`INSERT INTO ${payments} ${valuesOf(payments, [
      {
        id: paymentId,
        payableKind: payable.kind,
        orderId: payable.id,
        userId: payable.userId,
        channel,
        amountCents: payable.payableCents,
        status: 'SUCCEEDED',
        settledAt: new Date(),
      },
    ])}`;
  }

  /** A verified gateway outcome, settled once (settlement.ts). */
  settle(v: VerifiedCallback, channel: string): Promise<SettleOutcome> {
    return this.settlement.settle(v, channel);
  }

  /** A KHQR payment reported paid after the shop closed it: LATE, its money back (settlement.ts). */
  settleAfterExpiry(paymentId: string, transactionId: string): Promise<'late' | 'duplicate'> {
    return this.settlement.settleAfterExpiry(paymentId, transactionId);
  }

  /**
   * A callback as received: verified, recorded, settled. Unverified callbacks change nothing; one
   * the gateway could not confirm now (PayWay's lookup timed out or failed) leaves the payment
   * pending: the gateway sends it again, and the lookup job asks later.
   */
  async receiveCallback(
    channel: 'sandbox' | 'payway',
    body: Record<string, unknown>,
    headers: Record<string, unknown> = {},
  ): Promise<CallbackOutcome> {
    const gateway = channel === 'sandbox' ? this.sandbox : this.gateway;
    let verified: VerifiedCallback | null = null;
    let unavailable: string | null = null;
    let keyRefused = false;
    try {
      verified = await gateway.verify(body, headers);
    } catch (error) {
      if (error instanceof GatewayUnavailable) unavailable = error.message;
      else if (error instanceof GatewayKeyRefused) {
        keyRefused = true;
        countKeyRefused(this.log, channel, error);
      } else this.log.error({ channel, err: error }, 'gateway callback could not be verified');
    }
    const outcome: CallbackOutcome = keyRefused
      ? 'key-refused'
      : unavailable
        ? 'unavailable'
        : verified
          ? await this.settle(verified, await this.channelOf(verified.paymentId, channel))
          : 'refused';
    const paymentId = verified?.paymentId ?? body.paymentId ?? body.return_params;
    if (unavailable)
      this.log.warn({ channel, paymentId, reason: unavailable }, 'gateway lookup unavailable: payment left pending');
    else if (verified && outcome === 'refused')
      this.log.warn(
        { channel, paymentId, gatewayCents: verified.amountCents, transactionId: verified.transactionId },
        'gateway confirmed another amount (or an unknown payment): not settled',
      );
    await this.db.insert(paymentCallbacks).values({
      channel,
      paymentId: typeof paymentId === 'string' ? paymentId.slice(0, 64) : null,
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
    const payable = await this.registry.kind(payment.payableKind).find(r.orderId);
    return { orderId: r.orderId, paid: (payable?.paidCents ?? 0) > 0 };
  }

  /** Whether a payment of payable `id` of `kindName` is still at a bank, a KHQR code or the wallet app (in-flight.ts). */
  inFlight(kindName: string, id: string, db: Db = this.db): Promise<boolean> {
    return paymentInFlight(db, kindName, id, PAYMENT_TIMEOUT_MS);
  }

  /** How a paid payable was paid (spec §3: an order's amount paid; books.ts); null while nothing is paid. */
  paidBy(kindName: string, id: string): Promise<PaidBy | null> {
    return this.books.paidBy(kindName, id, (orderId) => this.walletSide.wallet.orderMoves(orderId));
  }

  /** "I have paid" of a KHQR: Bakong is asked at once; only what it reports paid as asked settles. */
  async checkKhqr(userId: string, paymentId: string) {
    const [payment] = await this.db.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment || payment.userId !== userId || payment.channel !== 'khqr') throw new AppError('PAY0009');
    const outcome = await this.khqr.check(paymentId);
    const [after] = await this.db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId));
    const payable = await this.registry.kind(payment.payableKind).find(payment.orderId);
    return {
      paid: (payable?.paidCents ?? 0) > 0,
      status: after.status,
      answered: outcome !== 'unauthorised' && outcome !== 'unavailable',
    };
  }

  async status(userId: string, orderId: string, kindName = 'order') {
    const payable = await this.registry.kind(kindName).own(userId, orderId);
    const [last] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.payableKind, kindName), eq(payments.orderId, orderId)))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    let lastPayment = null;
    if (last) {
      const timedOut = last.status === 'PENDING' && Date.now() - last.createdAt.getTime() > PAYMENT_TIMEOUT_MS;
      lastPayment = {
        status: timedOut ? 'TIMEOUT' : last.status,
        channel: last.channel,
        failureReason: last.failureReason,
        createdAt: last.createdAt.toISOString(),
        riel: lockedRiel(last),
      };
    }
    return { orderId, state: payable.state as Cashier['state'], paid: payable.paidCents > 0, lastPayment };
  }

  // The sandbox gateway's own side (sandbox-bank.ts) ------------------------------------------

  /** The shopper decided on the sandbox page; the outcome reaches us later by signed callbacks. */
  sandboxDecide(paymentId: string, decision: 'success' | 'fail' | 'timeout'): Promise<void> {
    return this.sandboxBank.decide(paymentId, decision);
  }

  sandboxRecord(paymentId: string) {
    return this.sandboxBank.record(paymentId);
  }

  /** The payments that took money for a shopper's payable and their refunds (refund-views.ts). */
  async payableMoney(userId: string, id: string, kindName = 'order') {
    await this.registry.kind(kindName).own(userId, id);
    return payableMoneyOf(this.db, userId, kindName, id);
  }

  /** The console's refunds not done: finance tasks first (refund-views.ts), and one refund as it shows it. */
  openRefunds() {
    return openRefunds(this.db);
  }
  adminRefundLine(r: RefundRow) {
    return adminRefundLineOf(r);
  }

  /** Settled payments per Phnom Penh day and currency since `since` (takings.ts). */
  takings(since: Date) {
    return takingsPerCurrency(this.db, since);
  }

  async paymentsOf(orderId: string) {
    return this.db.select().from(payments).where(eq(payments.orderId, orderId));
  }
}
