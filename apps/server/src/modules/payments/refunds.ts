// The one refund path. Every money-back case reaches it: a late or duplicate payment (settle), and a
// payable's refund (`PaymentService.refund`: a cancelled or refunded order, a failed top-up, a
// refused card application, a loan's extra repayment). A refund is a row of `payment_refunds` with
// one idempotency key per payment and amount, moved through the states of refund-states.ts:
// - a gateway's money (sandbox bank, mpgs, PayWay) is sent by a durable job; a time-out is followed
//   by a lookup at the party, never a blind resend; it is REFUNDED only when the party confirms;
// - KHQR (Bakong has no refund call) goes to the wallet at once; the shopper may send it to the
//   paying account Bakong reported instead: a finance task staff close with the transfer reference;
// - the wallet and gift balance are given back by the ledger at once, as before.
import { rielFromCents } from '@shop/contracts';
import { and, desc, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext, Services } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import { refundEvent } from '../notifications/public.ts';
import { GatewayUnavailable } from './gateways.ts';
import { LATER_ANSWER_CHANNELS, ONLINE_GATEWAY_CHANNELS } from './in-flight.ts';
import type { RefundLookup, RefundParty } from './refund-parties.ts';
import {
  canMove,
  KHQR_BANK_CHOICE_MS,
  type RefundDestination,
  type RefundReason,
  type RefundState,
  refundKey,
  refundRetryDelayMs,
} from './refund-states.ts';
import { paymentCallbacks, paymentRefunds, payments } from './tables.ts';

export const REFUND_SEND_JOB = 'payments.refund-send';

export type RefundRow = typeof paymentRefunds.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export type RefundSide = {
  ctx: PlatformContext;
  wallet: () => Pick<Services['wallet'], 'transfer' | 'refundOrder'>;
  notifications: () => Pick<Services['notifications'], 'emit'>;
  /** The parties that give back a gateway's money (PayWay's when it is the shop's gateway). */
  parties: { sandbox: RefundParty; payway: RefundParty | null };
  log: () => Log;
};

export class RefundEngine {
  private readonly side: RefundSide;
  private readonly db: Db;

  constructor(side: RefundSide) {
    this.side = side;
    this.db = side.ctx.db;
  }

  // Asking ----------------------------------------------------------------------------------

  /**
   * A payable's money back through the channel it was paid with, in the caller's transaction: its
   * settled payments are refunded up to `amountCents`, each once (what a refund of it already asked
   * is not asked again).
   */
  async forPayable(input: { kind: string; id: string; amountCents: number }, tx: Db): Promise<RefundRow[]> {
    const paid = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.payableKind, input.kind),
          eq(payments.orderId, input.id),
          inArray(payments.status, ['SUCCEEDED', 'REFUNDED']),
          // Money a gateway, KHQR or the bridge took; the wallet's own refunds go through `wallet`.
          inArray(payments.channel, [...LATER_ANSWER_CHANNELS]),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .for('update');
    const opened: RefundRow[] = [];
    let left = input.amountCents;
    for (const payment of paid) {
      if (left <= 0) break;
      const take = Math.min(left, payment.amountCents - (await this.askedCents(payment.id, tx)));
      if (take <= 0) continue;
      const row = await this.open(payment, take, 'payable', tx);
      if (row) opened.push(row);
      left -= take;
    }
    return opened;
  }

  /** Money that arrived for a payable that no longer awaited it: the whole payment goes back, once. */
  async forLatePayment(paymentId: string, tx?: Db): Promise<RefundRow | null> {
    return inTransaction(tx ?? this.db, async (t) => {
      const [payment] = await t.select().from(payments).where(eq(payments.id, paymentId)).for('update');
      if (payment?.status !== 'LATE') return null;
      const left = payment.amountCents - (await this.askedCents(payment.id, t));
      return left > 0 ? this.open(payment, left, 'late', t) : null;
    });
  }

  /** A wallet payment's money back to the same balances (gift and cash), by the ledger at once. */
  async toWallet(input: { kind: string; id: string; userId: string; amountCents: number }, tx: Db): Promise<void> {
    await this.side.wallet().refundOrder(
      {
        userId: input.userId,
        orderId: input.id,
        kind: input.kind,
        amountCents: input.amountCents,
        idempotencyKey: `${input.kind}-refund:${input.id}`,
      },
      tx,
    );
    const [paid] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.payableKind, input.kind), eq(payments.orderId, input.id), eq(payments.channel, 'wallet')))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    await tx
      .insert(paymentRefunds)
      .values({
        idempotencyKey: refundKey(paid?.id ?? `${input.kind}:${input.id}`, input.amountCents),
        paymentId: paid?.id ?? null,
        payableKind: input.kind,
        payableId: input.id,
        userId: input.userId,
        channel: 'wallet',
        amountCents: input.amountCents,
        reason: 'payable',
        destination: 'wallet',
        state: 'REFUNDED',
        partyRef: `${input.kind}-refund:${input.id}`,
        doneAt: new Date(),
      })
      .onConflictDoNothing();
  }

  /** What refunds of a payment asked so far (all but the refused, which staff may send again). */
  private async askedCents(paymentId: string, tx: Db): Promise<number> {
    const [row] = await tx
      .select({ cents: sql<string>`COALESCE(SUM(${paymentRefunds.amountCents}), 0)` })
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.paymentId, paymentId), ne(paymentRefunds.state, 'FAILED')));
    return Number(row.cents);
  }

  /** Opens one refund of a payment (once per amount), in the caller's transaction. */
  private async open(payment: PaymentRow, amountCents: number, reason: RefundReason, tx: Db) {
    const destination: RefundDestination = (ONLINE_GATEWAY_CHANNELS as readonly string[]).includes(payment.channel)
      ? 'gateway'
      : payment.channel === 'khqr'
        ? 'wallet'
        : 'bank';
    const state: RefundState =
      destination === 'gateway' ? 'REQUESTED' : destination === 'wallet' ? 'REFUNDED' : 'AWAITING_TRANSFER';
    const [row] = await tx
      .insert(paymentRefunds)
      .values({
        idempotencyKey: refundKey(payment.id, amountCents),
        paymentId: payment.id,
        payableKind: payment.payableKind,
        payableId: payment.orderId,
        userId: payment.userId,
        channel: payment.channel,
        amountCents,
        reason,
        destination,
        state,
        bankAccount: payment.channel === 'khqr' ? await this.payingAccount(payment.id, tx) : null,
        amountRiel: rielRefundOf(payment, amountCents),
        doneAt: state === 'REFUNDED' ? new Date() : null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    const notifications = this.side.notifications();
    if (destination === 'wallet') {
      // KHQR: Bakong has no refund call. The wallet has it at once (withdrawable); the shopper may
      // send it to the paying account instead (`toBank`).
      await this.side.wallet().transfer(
        {
          from: { platform: 'refunds' },
          to: { userId: payment.userId, account: 'cash' },
          amountCents,
          kind: 'refund',
          ref: { type: payment.payableKind, id: payment.orderId },
          idempotencyKey: `refund:${row.id}`,
          memo: { refundId: row.id, paymentId: payment.id, channel: payment.channel },
        },
        tx,
      );
      await this.settleSums(row, tx);
      await notifications.emit(refundEvent('arrived', row), tx);
      return row;
    }
    await notifications.emit(refundEvent('made', row), tx);
    if (state === 'REQUESTED')
      await this.side.ctx.jobs.enqueue(
        REFUND_SEND_JOB,
        { refundId: row.id },
        { dedupeKey: `refund-send:${row.id}` },
        tx,
      );
    return row;
  }

  /** The account that paid a KHQR, as Bakong reported it when it confirmed the payment. */
  async payingAccount(paymentId: string, tx: Db): Promise<string | null> {
    const [seen] = await tx
      .select({ body: paymentCallbacks.body })
      .from(paymentCallbacks)
      .where(
        and(
          eq(paymentCallbacks.channel, 'khqr'),
          eq(paymentCallbacks.paymentId, paymentId),
          eq(paymentCallbacks.verified, 'yes'),
        ),
      )
      .limit(1);
    const from = (seen?.body as { fromAccountId?: unknown } | undefined)?.fromAccountId;
    return typeof from === 'string' && from ? from : null;
  }

  // Sending ---------------------------------------------------------------------------------

  /**
   * Job: sends one refund to its party. A refund already SENT (a try that got no answer) is looked
   * up at the party first: made there, it is confirmed; not there, it is sent again under the same key.
   */
  async send(refundId: string): Promise<RefundState | 'gone'> {
    const [r] = await this.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
    if (!r || (r.state !== 'REQUESTED' && r.state !== 'SENT') || !r.paymentId)
      return r ? (r.state as RefundState) : 'gone';
    const party = this.partyOf(r.channel);
    if (!party) return this.fail(r, `no party gives back ${r.channel} payments here (gateway not configured)`);
    const log = this.side.log();
    if (r.state === 'SENT') {
      let look: RefundLookup;
      try {
        look = await party.lookup(r.paymentId, r.idempotencyKey);
      } catch (error) {
        return this.later(r, error);
      }
      const made = await this.madeAtParty(r, look);
      if (made) return this.confirm(r, made);
      log.info({ refundId, said: look.found ? look.said : 'not found' }, 'refund not made at the party: sent again');
    }
    const claimed = await this.db
      .update(paymentRefunds)
      .set({ state: 'SENT', attempts: r.attempts + 1, sentAt: new Date(), updatedAt: new Date() })
      .where(
        and(eq(paymentRefunds.id, r.id), eq(paymentRefunds.state, r.state), eq(paymentRefunds.attempts, r.attempts)),
      )
      .returning();
    if (!claimed.length) return 'gone'; // another worker has it
    const sent = claimed[0];
    let answer: Awaited<ReturnType<RefundParty['refund']>>;
    try {
      answer = await party.refund({ paymentId: r.paymentId, amountCents: r.amountCents, key: r.idempotencyKey });
    } catch (error) {
      return this.later(sent, error);
    }
    if (answer.outcome === 'refunded') return this.confirm(sent, answer.partyRef);
    if (answer.why === 'not-refundable') {
      // Already refunded (by an earlier try, or in the party's own console)? Its books say.
      try {
        const made = await this.madeAtParty(sent, await party.lookup(r.paymentId, r.idempotencyKey));
        if (made) return this.confirm(sent, made);
      } catch (error) {
        return this.later(sent, error);
      }
    }
    return this.fail(sent, `${party.name} refused: ${answer.said}`);
  }

  /** The party that gives back a channel's money (null: none here, e.g. PayWay's when it is not the gateway). */
  private partyOf(channel: string): RefundParty | null {
    const { sandbox, payway } = this.side.parties;
    return channel === 'payway' ? payway : channel === 'sandbox' || channel === 'mpgs' ? sandbox : null;
  }

  /** Whether the party's books hold this refund: its own record, or refunded totals that cover it. */
  private async madeAtParty(r: RefundRow, look: RefundLookup): Promise<string | null> {
    if (!look.found) return null;
    if (look.refund !== undefined) return look.refund ? look.refund.partyRef : null;
    const confirmedBefore = await this.db
      .select({ cents: sql<string>`COALESCE(SUM(${paymentRefunds.amountCents}), 0)` })
      .from(paymentRefunds)
      .where(
        and(
          eq(paymentRefunds.paymentId, r.paymentId as string),
          eq(paymentRefunds.state, 'REFUNDED'),
          ne(paymentRefunds.id, r.id),
        ),
      );
    return look.refundedCents >= Number(confirmedBefore[0].cents) + r.amountCents ? `lookup: ${look.said}` : null;
  }

  /** No answer: stays SENT; the next try, later, starts with a lookup. */
  private async later(r: RefundRow, error: unknown): Promise<RefundState> {
    const message = (error as Error).message;
    if (!(error instanceof GatewayUnavailable)) return this.fail(r, message);
    this.side.log().warn({ refundId: r.id, err: message }, 'refund: the party could not be asked; looked up later');
    await this.db
      .update(paymentRefunds)
      .set({ failure: message, updatedAt: new Date() })
      .where(eq(paymentRefunds.id, r.id));
    await this.side.ctx.jobs.enqueue(
      REFUND_SEND_JOB,
      { refundId: r.id },
      { runAt: new Date(Date.now() + refundRetryDelayMs(r.attempts)), dedupeKey: `refund-send:${r.id}:${r.attempts}` },
    );
    return r.state as RefundState;
  }

  private async fail(r: RefundRow, why: string): Promise<RefundState> {
    if (!canMove(r.state, 'FAILED')) return r.state as RefundState;
    await this.db
      .update(paymentRefunds)
      .set({ state: 'FAILED', failure: why.slice(0, 500), updatedAt: new Date() })
      .where(and(eq(paymentRefunds.id, r.id), eq(paymentRefunds.state, r.state)));
    this.side
      .log()
      .error(
        { refundId: r.id, paymentId: r.paymentId, amountCents: r.amountCents, why },
        'refund failed: staff must act',
      );
    return 'FAILED';
  }

  /** The party confirmed: REFUNDED, the payment too once all of it went back, and the shopper is told. */
  private async confirm(r: RefundRow, partyRef: string, extra: { doneBy?: string } = {}): Promise<RefundState> {
    return inTransaction(this.db, async (tx): Promise<RefundState> => {
      const [done] = await tx
        .update(paymentRefunds)
        .set({
          state: 'REFUNDED',
          partyRef: partyRef.slice(0, 200),
          failure: null,
          doneAt: new Date(),
          updatedAt: new Date(),
          ...extra,
        })
        .where(and(eq(paymentRefunds.id, r.id), eq(paymentRefunds.state, r.state)))
        .returning();
      if (!done) return 'REFUNDED';
      await this.settleSums(done, tx);
      await this.side.notifications().emit(refundEvent('arrived', done), tx);
      return 'REFUNDED';
    });
  }

  /** A payment all of whose money went back is REFUNDED (reconciliation then expects the gateway to say so). */
  private async settleSums(r: RefundRow, tx: Db) {
    if (!r.paymentId) return;
    await tx.execute(sql`UPDATE ${payments} SET status = 'REFUNDED'
      WHERE id = ${r.paymentId} AND status IN ('SUCCEEDED', 'LATE')
        AND amount_cents <= (SELECT COALESCE(SUM(amount_cents), 0) FROM ${paymentRefunds}
          WHERE payment_id = ${r.paymentId} AND state = 'REFUNDED')`);
  }

  // The shopper's choice and the finance task (KHQR) ----------------------------------------

  /**
   * The shopper sends a KHQR refund from the wallet to the account that paid it: the wallet gives
   * the money back (refused when it was spent or withdrawn) and a finance task is opened.
   */
  async toBank(userId: string, refundId: string): Promise<RefundRow> {
    return inTransaction(this.db, async (tx) => {
      const [r] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId)).for('update');
      if (!r || r.userId !== userId) throw new AppError('PAY0050');
      if (r.destination === 'bank') return r;
      // Bakong's report of the payment is recorded just after it settles: read now if it was not then.
      const bankAccount = r.bankAccount ?? (r.paymentId ? await this.payingAccount(r.paymentId, tx) : null);
      const khqrInWallet = r.channel === 'khqr' && r.destination === 'wallet' && canMove(r.state, 'AWAITING_TRANSFER');
      if (!khqrInWallet || !bankAccount) throw new AppError('PAY0051');
      if (Date.now() - r.createdAt.getTime() > KHQR_BANK_CHOICE_MS) throw new AppError('PAY0051');
      try {
        await this.side.wallet().transfer(
          {
            from: { userId, account: 'cash' },
            to: { platform: 'refunds' },
            amountCents: r.amountCents,
            // Its own bill line: money leaving the wallet for the bank, not a second refund.
            kind: 'refund_to_bank',
            ref: { type: r.payableKind, id: r.payableId },
            idempotencyKey: `refund-to-bank:${r.id}`,
            memo: { refundId: r.id, to: 'bank' },
          },
          tx,
        );
      } catch (error) {
        if (error instanceof AppError && error.code.startsWith('WAL')) throw new AppError('PAY0052');
        throw error;
      }
      const [after] = await tx
        .update(paymentRefunds)
        .set({ destination: 'bank', state: 'AWAITING_TRANSFER', bankAccount, doneAt: null, updatedAt: new Date() })
        .where(eq(paymentRefunds.id, r.id))
        .returning();
      await tx.execute(
        sql`UPDATE ${payments} SET status = CASE WHEN status = 'REFUNDED' THEN ${r.reason === 'late' ? 'LATE' : 'SUCCEEDED'} ELSE status END WHERE id = ${r.paymentId}`,
      );
      await this.side.notifications().emit(refundEvent('made', after), tx);
      return after;
    });
  }

  /** Staff sent the bank transfer of a finance task: its reference is recorded and the refund is done. */
  async recordTransfer(refundId: string, reference: string, staffId: string): Promise<RefundRow> {
    const ref = reference.trim();
    if (!ref) throw new AppError('PAY0053');
    const [r] = await this.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
    if (!r) throw new AppError('PAY0050');
    if (r.state === 'REFUNDED' && r.destination === 'bank') return r;
    if (r.state !== 'AWAITING_TRANSFER') throw new AppError('PAY0051');
    await this.confirm(r, ref, { doneBy: staffId });
    const [after] = await this.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
    return after;
  }

  /** Staff send a refused refund again (after fixing what the party said). */
  async retry(refundId: string): Promise<RefundRow> {
    return inTransaction(this.db, async (tx) => {
      const [r] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId)).for('update');
      if (!r) throw new AppError('PAY0050');
      if (r.state !== 'FAILED') throw new AppError('PAY0051');
      const [after] = await tx
        .update(paymentRefunds)
        .set({ state: 'REQUESTED', updatedAt: new Date() })
        .where(eq(paymentRefunds.id, r.id))
        .returning();
      await this.side.ctx.jobs.enqueue(
        REFUND_SEND_JOB,
        { refundId: r.id },
        { dedupeKey: `refund-send:${r.id}:retry:${r.attempts}` },
        tx,
      );
      return after;
    });
  }

  // Reading ---------------------------------------------------------------------------------

  /** The gateway refunds confirmed in [from, to) (the daily reconciliation asks each party about them). */
  gatewayRefundsDoneBetween(from: Date, to: Date) {
    return this.db
      .select()
      .from(paymentRefunds)
      .where(
        and(
          eq(paymentRefunds.state, 'REFUNDED'),
          eq(paymentRefunds.destination, 'gateway'),
          gte(paymentRefunds.doneAt, from),
          lt(paymentRefunds.doneAt, to),
        ),
      )
      .orderBy(paymentRefunds.doneAt);
  }

  /**
   * What the shop counts as refunded of a payment (its REFUNDED refunds) beside what the party's
   * books say it gave back (null: the party has no such payment, or none is configured for it).
   */
  async atParty(r: RefundRow): Promise<{ shopCents: number; partyCents: number | null; said: string }> {
    const [row] = await this.db
      .select({ cents: sql<string>`COALESCE(SUM(${paymentRefunds.amountCents}), 0)` })
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.paymentId, r.paymentId as string), eq(paymentRefunds.state, 'REFUNDED')));
    const party = this.partyOf(r.channel);
    if (!party || !r.paymentId) return { shopCents: Number(row.cents), partyCents: null, said: 'no party' };
    const look = await party.lookup(r.paymentId, r.idempotencyKey);
    return {
      shopCents: Number(row.cents),
      partyCents: look.found ? look.refundedCents : null,
      said: look.found ? look.said : 'not found',
    };
  }

  async get(refundId: string): Promise<RefundRow | undefined> {
    const [r] = await this.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
    return r;
  }

  /** A payable's refunds, oldest first. */
  ofPayable(kind: string, id: string) {
    return this.db
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.payableKind, kind), eq(paymentRefunds.payableId, id)))
      .orderBy(paymentRefunds.createdAt);
  }

  /** A shopper's refunds, newest first. */
  ofUser(userId: string, limit = 50) {
    return this.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.userId, userId))
      .orderBy(desc(paymentRefunds.createdAt))
      .limit(limit);
  }

  /** Refunds in given states (the console's finance tasks, reconciliation). */
  inStates(states: RefundState[], limit = 500) {
    return this.db
      .select()
      .from(paymentRefunds)
      .where(inArray(paymentRefunds.state, states))
      .orderBy(paymentRefunds.createdAt)
      .limit(limit);
  }
}

/**
 * The riel a refund of a payment in riel gives back: all the riel it paid for a whole refund, a
 * part at the rate locked with the payment (never the day's rate); null for a payment in dollars.
 */
export function rielRefundOf(
  payment: { currency: string; amountCents: number; amountRiel: number | null; khrPerUsd: number | null },
  amountCents: number,
): number | null {
  if (payment.currency !== 'KHR' || !payment.amountRiel || !payment.khrPerUsd) return null;
  if (amountCents >= payment.amountCents) return payment.amountRiel;
  return Math.min(payment.amountRiel, rielFromCents(amountCents, payment.khrPerUsd));
}
