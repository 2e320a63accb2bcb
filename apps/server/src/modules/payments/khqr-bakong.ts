// KHQR settles through Bakong: the payment keeps the MD5 of the payload it showed; a durable job
// chain asks the Bakong Open API about it (every few seconds while the shopper waits, then less
// often) until the code expires, and settles only a transaction of the same amount, currency and
// receiving account. "I have paid" asks once more at once; it never settles by itself.
import { randomUUID } from 'node:crypto';
import { type PayCurrency, rielFromCents, rielRoundingCentiriel } from '@shop/contracts';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BakongError } from '../../integrations/bakong/client.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext, Services } from '../../platform/module.ts';
import type { VerifiedCallback } from './gateways.ts';
import { khqrMd5, khqrPayload } from './khqr.ts';
import type { PayAnswer, PayableKind } from './registry.ts';
import { paymentCallbacks, payments } from './tables.ts';

/** How long a KHQR can be paid (never past the payable's own deadline). */
export const KHQR_TTL_MS = 15 * 60_000;
export const KHQR_WATCH_JOB = 'payments.khqr-watch';
/** Past the expiry, how long Bakong is still asked when it cannot answer (5xx, time-out, token). */
export const KHQR_GIVE_UP_MS = 60 * 60_000;
/**
 * Past the expiry, one more question this much later before the payment is EXPIRED: a code the
 * payer's bank acknowledged in its last seconds reaches Bakong's records a little after (issue 43).
 */
export const KHQR_GRACE_MS = 30_000;

/** The wait before the next question to Bakong, by the code's age: often while the shopper waits. */
export function khqrCheckDelayMs(ageMs: number): number {
  if (ageMs < 2 * 60_000) return 4_000;
  if (ageMs < 5 * 60_000) return 10_000;
  return 30_000;
}

export type KhqrCheckOutcome =
  | 'paid'
  | 'duplicate'
  | 'late'
  | 'refused'
  | 'failed'
  | 'not-paid'
  | 'mismatch'
  | 'unauthorised'
  | 'unavailable'
  | 'not-khqr';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export type KhqrSide = {
  ctx: PlatformContext;
  bakong: () => Services['bakong'];
  /** The day's riel rate, locked into a code in riel when it is made (issue 47). */
  currency: () => Pick<Services['currency'], 'lockedRate'>;
  settle: (v: VerifiedCallback, channel: string) => Promise<'paid' | 'duplicate' | 'failed' | 'late' | 'refused'>;
  /** Money Bakong reports for a code the shop had already closed (EXPIRED): it goes back (the refund entry point). */
  settleAfterExpiry: (paymentId: string, transactionId: string) => Promise<'late' | 'duplicate'>;
  log: () => Log;
};

export class KhqrBakong {
  private readonly side: KhqrSide;
  private readonly db: Db;

  constructor(side: KhqrSide) {
    this.side = side;
    this.db = side.ctx.db;
  }

  /** Whether KHQR can be offered: a token Bakong will take (null), or why not (logged by the caller). */
  tokenProblem(): string | null {
    const status = this.side.bakong().tokenStatus();
    if (status.state === 'missing') return 'BAKONG_TOKEN is not set: KHQR payments cannot be confirmed with Bakong';
    if (status.state === 'unreadable') return 'BAKONG_TOKEN is not a JWT with an expiry: check the value';
    if (status.state === 'expired')
      return `BAKONG_TOKEN expired at ${status.expiresAt?.toISOString()}: renew it with Bakong and restart the shop`;
    return null;
  }

  /** A KHQR payment: its row (MD5, expiry) and the first question to Bakong, in one transaction. */
  async start(
    userId: string,
    kind: PayableKind,
    payable: { id: string; reference: string; payableCents: number },
    now = new Date(),
    currency: PayCurrency = 'USD',
  ): Promise<PayAnswer> {
    const problem = this.tokenProblem();
    if (problem) {
      this.side.log().error({ channel: 'khqr' }, problem);
      throw new AppError('PAY0011');
    }
    // At most one live code per payable: a second tap shows the same code until it expires.
    const live = await this.liveCode(kind.kind, payable, now);
    if (live && live.currency !== currency)
      throw new AppError('CUR00005', { currency: live.currency, time: phnomPenhClock(live.expiresAt) });
    if (live) return live.answer;
    const id = randomUUID();
    // The code is made for the payable as it is under its lock (a change step takes the same lock
    // and refuses while a payment is in flight: payments/in-flight.ts).
    const khqr = await this.db.transaction(async (tx) => {
      const locked = await kind.lockForSettlement(payable.id, tx);
      if (!locked) throw new AppError('PAY0009');
      const refusal = kind.refusal(locked, now);
      if (refusal) throw refusal;
      const deadline = locked.deadlineAt?.getTime() ?? Number.POSITIVE_INFINITY;
      // The payable's deadline caps the code, unless it is less than a minute away (then the payable closes first).
      const expiresAt = new Date(Math.min(now.getTime() + KHQR_TTL_MS, Math.max(deadline, now.getTime() + 60_000)));
      // A code in riel carries the riel amount at the rate read now, in this transaction: kept with
      // the payment, so a later change of the rate changes nothing of it (riel.ts rounds it).
      const riel = currency === 'KHR' ? await this.rielOf(locked.payableCents, tx) : null;
      const { account, merchantName, city } = this.side.ctx.config.khqr;
      const payload = khqrPayload({
        bakongAccountId: account,
        merchantName,
        merchantCity: city,
        amountCents: locked.payableCents,
        ...(riel ? { amountRiel: riel.amountRiel } : {}),
        billNumber: locked.reference,
        storeLabel: id.slice(0, 8),
        createdAt: now,
        expiresAt,
      });
      await tx.insert(payments).values({
        id,
        payableKind: kind.kind,
        orderId: payable.id,
        userId,
        channel: 'khqr',
        amountCents: locked.payableCents,
        khqrMd5: khqrMd5(payload),
        khqrExpiresAt: expiresAt,
        createdAt: now,
        ...(riel ? { currency: 'KHR', ...riel } : {}),
      });
      await this.side.ctx.jobs.enqueue(
        KHQR_WATCH_JOB,
        { paymentId: id, step: 0 },
        { runAt: new Date(now.getTime() + khqrCheckDelayMs(0)) },
        tx,
      );
      return { payload, expiresAt, riel };
    });
    const simulator = this.side.bakong().simulator;
    return {
      paymentId: id,
      status: 'PENDING',
      // Outside production the shop's Bakong stand-in plays the banking app that scans it.
      redirectUrl: simulator ? `/bakong-sim/scan?qr=${encodeURIComponent(khqr.payload)}` : null,
      form: null,
      khqr: khqr.payload,
      khqrExpiresAt: khqr.expiresAt.toISOString(),
      riel: khqr.riel ? { amountRiel: khqr.riel.amountRiel, khrPerUsd: khqr.riel.khrPerUsd } : null,
      bridge: null,
    };
  }

  /** The riel a code of `cents` carries at the rate read in `tx`, and what rounding to the note added. */
  private async rielOf(cents: number, tx: Db) {
    const rate = await this.side.currency().lockedRate(tx);
    if (!rate) throw new AppError('CUR00002');
    const amountRiel = rielFromCents(cents, rate.khrPerUsd);
    if (amountRiel <= 0) throw new AppError('CUR00004');
    return {
      amountRiel,
      khrPerUsd: rate.khrPerUsd,
      rielRoundingCentiriel: rielRoundingCentiriel(cents, rate.khrPerUsd),
    };
  }

  /** The payable's code still payable for its amount (a few seconds left at least), made again from its row. */
  private async liveCode(
    kindName: string,
    payable: { id: string; reference: string; payableCents: number },
    now: Date,
  ): Promise<{ answer: PayAnswer; currency: PayCurrency; expiresAt: Date } | null> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.payableKind, kindName),
          eq(payments.orderId, payable.id),
          eq(payments.channel, 'khqr'),
          eq(payments.status, 'PENDING'),
          eq(payments.amountCents, payable.payableCents),
          gt(payments.khqrExpiresAt, new Date(now.getTime() + 5_000)),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (!row?.khqrExpiresAt) return null;
    const { account, merchantName, city } = this.side.ctx.config.khqr;
    const khqr = khqrPayload({
      bakongAccountId: account,
      merchantName,
      merchantCity: city,
      amountCents: row.amountCents,
      ...(row.amountRiel ? { amountRiel: row.amountRiel } : {}),
      billNumber: payable.reference,
      storeLabel: row.id.slice(0, 8),
      createdAt: row.createdAt,
      expiresAt: row.khqrExpiresAt,
    });
    // The same payload as shown before (the shop's KHQR settings unchanged), or a new code.
    if (khqrMd5(khqr) !== row.khqrMd5) return null;
    const simulator = this.side.bakong().simulator;
    return {
      currency: row.currency as PayCurrency,
      expiresAt: row.khqrExpiresAt,
      answer: {
        paymentId: row.id,
        status: 'PENDING',
        redirectUrl: simulator ? `/bakong-sim/scan?qr=${encodeURIComponent(khqr)}` : null,
        form: null,
        khqr,
        khqrExpiresAt: row.khqrExpiresAt.toISOString(),
        riel: row.amountRiel && row.khrPerUsd ? { amountRiel: row.amountRiel, khrPerUsd: row.khrPerUsd } : null,
        bridge: null,
      },
    };
  }

  /** Asks Bakong about one KHQR payment and settles it if Bakong saw it paid as asked. */
  async check(paymentId: string): Promise<KhqrCheckOutcome> {
    const [payment] = await this.db.select().from(payments).where(eq(payments.id, paymentId));
    if (payment?.channel !== 'khqr' || !payment.khqrMd5) return 'not-khqr';
    if (payment.status === 'SUCCEEDED' || payment.status === 'LATE' || payment.status === 'REFUNDED')
      return 'duplicate';
    const log = this.side.log();
    let answer: Awaited<ReturnType<Services['bakong']['client']['checkByMd5']>>;
    try {
      answer = await this.side.bakong().client.checkByMd5(payment.khqrMd5);
    } catch (error) {
      if (!(error instanceof BakongError)) throw error;
      if (error.kind === 'unauthorised') {
        log.error({ paymentId, md5: payment.khqrMd5 }, `KHQR payment not confirmed: ${error.message}`);
        return 'unauthorised';
      }
      if (error.kind === 'foreign-address') {
        // Said as what it is (not an expired token); asked again as when Bakong is down.
        log.error({ paymentId, md5: payment.khqrMd5 }, `KHQR payment not confirmed: ${error.message}`);
        return 'unavailable';
      }
      log.warn(
        { paymentId, md5: payment.khqrMd5, err: error.message },
        'Bakong could not be asked about a KHQR payment',
      );
      return 'unavailable';
    }
    if (!answer.found) return answer.reason === 'failed' ? 'failed' : 'not-paid';
    const t = answer.transaction;
    const account = this.side.ctx.config.khqr.account;
    // A code in riel is checked in riel (the amount it carried, whole riel); one in dollars in cents.
    const inRiel = payment.currency === 'KHR';
    const reported = inRiel ? Math.round(t.amount * 100) / 100 : Math.round(t.amount * 100);
    const expected = inRiel ? payment.amountRiel : payment.amountCents;
    const unit = inRiel ? 'riel' : 'cents';
    const wrong = [
      t.currency !== payment.currency ? `currency ${t.currency} (expected ${payment.currency})` : null,
      t.toAccountId !== account ? `account ${t.toAccountId} (expected ${account})` : null,
      reported !== expected ? `amount ${reported} ${unit} (expected ${expected})` : null,
    ].filter(Boolean);
    // What the shop books: the USD cents the payable asked (the riel amount matched exactly).
    const cents = inRiel ? payment.amountCents : reported;
    if (wrong.length > 0) {
      log.error(
        { paymentId, md5: payment.khqrMd5, hash: t.hash, reported: t },
        `KHQR payment not settled: Bakong reports ${wrong.join(', ')}`,
      );
      await this.record(paymentId, t.hash, 'no', 'mismatch', t);
      return 'mismatch';
    }
    // Paid after the shop closed the code (past its expiry and the grace check): the money goes back.
    const outcome =
      payment.status === 'EXPIRED'
        ? await this.side.settleAfterExpiry(paymentId, t.hash)
        : await this.side.settle({ paymentId, status: 'SUCCEEDED', amountCents: cents, transactionId: t.hash }, 'khqr');
    if (outcome !== 'duplicate') await this.record(paymentId, t.hash, 'yes', outcome, t);
    return outcome;
  }

  private async record(paymentId: string, hash: string, verified: string, outcome: string, body: object) {
    await this.db
      .insert(paymentCallbacks)
      .values({ channel: 'khqr', paymentId, dedupeKey: hash.slice(0, 64), verified, outcome, body });
  }

  /**
   * Job: one step of a payment's watch. A step asks Bakong, then queues the next step in the same
   * transaction that counts it (`bakong_checks`), so a step run twice queues one next step. After
   * the code's expiry, a last answer of "not found" makes the payment EXPIRED.
   */
  async watch(paymentId: string, step: number, now = () => new Date()): Promise<void> {
    const [payment] = await this.db.select().from(payments).where(eq(payments.id, paymentId));
    if (payment?.status !== 'PENDING' || payment.bakongChecks !== step || !payment.khqrExpiresAt) return;
    const outcome = await this.check(paymentId);
    if (outcome !== 'not-paid' && outcome !== 'unauthorised' && outcome !== 'unavailable') return;
    const at = now();
    const expiresAt = payment.khqrExpiresAt;
    // Unpaid at its expiry; or Bakong still unreachable an hour later (the payment is closed, logged).
    const unanswered = at.getTime() >= expiresAt.getTime() + KHQR_GIVE_UP_MS;
    // Not paid at the expiry: asked once more a grace time after it before the payment is closed.
    const graceOver = at.getTime() >= expiresAt.getTime() + KHQR_GRACE_MS;
    if ((graceOver && outcome === 'not-paid') || unanswered) {
      const expired = await this.db
        .update(payments)
        .set({ status: 'EXPIRED', failureReason: unanswered ? 'khqr-unconfirmed' : 'khqr-expired' })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'PENDING')))
        .returning({ id: payments.id });
      if (expired.length && unanswered)
        this.side.log().error({ paymentId }, 'KHQR payment closed unconfirmed: Bakong could not be asked');
      else if (expired.length) this.side.log().info({ paymentId }, 'KHQR expired unpaid');
      return;
    }
    const age = at.getTime() - payment.createdAt.getTime();
    // Past the expiry Bakong is asked on (it could not answer): a code paid at the last second still settles.
    const next =
      at.getTime() < expiresAt.getTime()
        ? Math.min(at.getTime() + khqrCheckDelayMs(age), expiresAt.getTime())
        : outcome === 'not-paid'
          ? expiresAt.getTime() + KHQR_GRACE_MS
          : at.getTime() + khqrCheckDelayMs(age);
    await this.db.transaction(async (tx) => {
      const counted = await tx
        .update(payments)
        .set({ bakongChecks: step + 1 })
        .where(and(eq(payments.id, paymentId), eq(payments.bakongChecks, step), eq(payments.status, 'PENDING')))
        .returning({ id: payments.id });
      if (counted.length)
        await this.side.ctx.jobs.enqueue(KHQR_WATCH_JOB, { paymentId, step: step + 1 }, { runAt: new Date(next) }, tx);
    });
  }
}

/** "14:05" in Phnom Penh: when an open code stops being payable, in the words of CUR00005. */
function phnomPenhClock(at: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Phnom_Penh',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(at);
}
