// What the daily reconciliation reads of the payments module: the gateway and KHQR payments of a
// day, the gateways' own records and lists, and the refunds still open.
import type { PaidBy } from '@shop/contracts';
import { and, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import {
  type Gateway,
  type GatewayRecord,
  PaywayGateway,
  type PaywayListed,
  paywayTranId,
  type SandboxGateway,
} from './gateways.ts';
import type { RefundState } from './refund-states.ts';
import { paymentRefunds, payments } from './tables.ts';

/**
 * The riel a payment in riel moved and the rate it was locked at, from the payment's own row (issue
 * 47): what the shopper sees as paid, never recomputed at today's rate. Null for a payment in USD.
 */
export function lockedRiel(p: { currency: string; amountRiel: number | null; khrPerUsd: number | null }) {
  return p.currency === 'KHR' && p.amountRiel != null && p.khrPerUsd != null
    ? { amountRiel: p.amountRiel, khrPerUsd: p.khrPerUsd }
    : null;
}

/** The online gateways' channels (the sandbox also answers 'mpgs'; 'payway' is PayWay when configured). */
const ONLINE = ['sandbox', 'mpgs', 'payway'];

export class PaymentBooks {
  private readonly db: Db;
  private readonly gateway: Gateway;
  private readonly sandbox: SandboxGateway;

  constructor(db: Db, gateway: Gateway, sandbox: SandboxGateway) {
    this.db = db;
    this.gateway = gateway;
    this.sandbox = sandbox;
  }

  /** The gateway's record of one of its payments (its lookup: PayWay's check-transaction-2, the sandbox's record). */
  async gatewayRecord(paymentId: string, channel: string): Promise<GatewayRecord> {
    return (channel === 'payway' ? this.gateway : this.sandbox).lookup(paymentId);
  }

  /** The online gateway payments made in [from, to), whatever became of them (the daily reconciliation). */
  async gatewayPaymentsBetween(from: Date, to: Date) {
    return this.db
      .select({
        id: payments.id,
        channel: payments.channel,
        amountCents: payments.amountCents,
        status: payments.status,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(and(inArray(payments.channel, ONLINE), gte(payments.createdAt, from), lt(payments.createdAt, to)))
      .orderBy(payments.createdAt);
  }

  /** PayWay's own list of its transactions in [from, to) (null when the gateway is not PayWay). */
  async paywayTransactions(from: Date, to: Date): Promise<PaywayListed[] | null> {
    return this.gateway instanceof PaywayGateway ? this.gateway.list(from, to) : null;
  }

  /** PayWay's tran_id of a payment. */
  tranIdOf(paymentId: string): string {
    return paywayTranId(paymentId);
  }

  /**
   * The KHQR payments made in [from, to) with the MD5 Bakong knows them by, whatever became of
   * them (the daily reconciliation asks Bakong about each).
   */
  async khqrPaymentsBetween(from: Date, to: Date) {
    return this.db
      .select({
        id: payments.id,
        amountCents: payments.amountCents,
        status: payments.status,
        md5: payments.khqrMd5,
        currency: payments.currency,
        amountRiel: payments.amountRiel,
      })
      .from(payments)
      .where(and(inArray(payments.channel, ['khqr']), gte(payments.createdAt, from), lt(payments.createdAt, to)));
  }

  /**
   * How a paid payable was paid: the channel of its settled payment and, for the wallet, how much
   * came from the gift balance and how much from cash (`orderMoves`: the wallet's). Null while
   * nothing is paid.
   */
  async paidBy(
    kindName: string,
    id: string,
    orderMoves: (id: string) => Promise<{ paidCents: number; paidGiftCents: number }>,
  ): Promise<PaidBy | null> {
    const [settled] = await this.db
      .select({
        channel: payments.channel,
        amountCents: payments.amountCents,
        currency: payments.currency,
        amountRiel: payments.amountRiel,
        khrPerUsd: payments.khrPerUsd,
      })
      .from(payments)
      .where(and(eq(payments.payableKind, kindName), eq(payments.orderId, id), eq(payments.status, 'SUCCEEDED')))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (!settled) return null;
    if (settled.channel !== 'wallet') {
      return {
        channel: settled.channel,
        giftCents: 0,
        cashCents: 0,
        otherCents: settled.amountCents,
        riel: lockedRiel(settled),
      };
    }
    const moves = await orderMoves(id);
    return {
      channel: settled.channel,
      giftCents: moves.paidGiftCents,
      cashCents: moves.paidCents - moves.paidGiftCents,
      otherCents: 0,
    };
  }

  /** Refunds in these states asked before `before` (open refunds and finance tasks, oldest first). */
  async refundsOpenSince(states: RefundState[], before: Date, limit = 500) {
    return this.db
      .select()
      .from(paymentRefunds)
      .where(and(inArray(paymentRefunds.state, states), lt(paymentRefunds.createdAt, before)))
      .orderBy(paymentRefunds.createdAt)
      .limit(limit);
  }

  /** Refunds the shop counts as made through a gateway, of payments made in [from, to). */
  async gatewayRefundsOf(paymentIds: string[]) {
    if (paymentIds.length === 0) return [];
    return this.db
      .select()
      .from(paymentRefunds)
      .where(and(inArray(paymentRefunds.paymentId, paymentIds), inArray(paymentRefunds.state, ['REFUNDED'])));
  }
}
