// The card's life after approval (issue 21): the shopper's cards with their balance from the issuer,
// activation with the last four digits printed on the card, and card top-ups paid at the cashier
// (payable kind 'bongloytopup') and credited by the issuer once; a failed credit is refunded once.
import {
  type BongloyCard,
  CARD_TOPUP_MAX_CENTS,
  CARD_TOPUP_MIN_CENTS,
  type CardTopup,
  type CardTopupState,
  type Localized,
} from '@shop/contracts';
import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext, Services } from '../../platform/module.ts';
import { PartnerError } from '../../platform/partner-http/client.ts';
import { sql } from '../../platform/sql.ts';
import { cardTopupEvent } from '../notifications/public.ts';
import { bongloyApplications, bongloyCards, bongloyTopups } from './tables.ts';

type Needed = Pick<Services, 'payments' | 'notices' | 'cardIssuer' | 'accounts' | 'notifications'>;

/** A shopper's card activation locked after too many wrong last four digits (for the audit log). */
export type ActivationLock = { userId: string; cardId: string; minutes: number; ip: string | null };
export type TopupRow = typeof bongloyTopups.$inferSelect;
type CardRow = typeof bongloyCards.$inferSelect;

/** How long a card top-up waits for its payment. */
export const CARD_TOPUP_PAY_MINUTES = 30;
const usd = (cents: number) => `USD ${(cents / 100).toFixed(2)}`;

function newTopupNo(now = new Date()) {
  const local = new Date(now.getTime() + 7 * 3600_000).toISOString();
  const stamp = local.slice(2, 19).replace(/\D/g, '');
  return sql`${`C${stamp}`} || lpad(((nextval('bongloy_topups_no_seq') * 7919 + 104729) % 1000000)::text, 6, '0')`;
}

export class BongloyCards {
  private readonly ctx: PlatformContext;
  private readonly db: Db;
  private readonly needed: Needed;

  constructor(ctx: PlatformContext, needed: Needed) {
    this.ctx = ctx;
    this.db = ctx.db;
    this.needed = needed;
  }

  private async ownCard(userId: string, cardId: string): Promise<CardRow> {
    const [card] = await this.db.select().from(bongloyCards).where(eq(bongloyCards.id, cardId));
    if (!card || card.userId !== userId) throw new AppError('BLG00020');
    return card;
  }

  /** The shopper's cards, each with its balance as the issuer tells it now. */
  async list(userId: string): Promise<BongloyCard[]> {
    const rows = await this.db
      .select({ card: bongloyCards, delivery: bongloyApplications.delivery })
      .from(bongloyCards)
      .innerJoin(bongloyApplications, eq(bongloyApplications.id, bongloyCards.applicationId))
      .where(eq(bongloyCards.userId, userId))
      .orderBy(bongloyCards.createdAt);
    return Promise.all(rows.map((r) => this.view(r.card, r.delivery)));
  }

  private async view(card: CardRow, delivery: string | null): Promise<BongloyCard> {
    const known = await this.needed.cardIssuer.card(card.issuerRef).catch(() => null);
    return {
      id: card.id,
      applicationId: card.applicationId,
      // The last four digits prove the card reached its holder: shown only once it is activated.
      maskedNumber: card.state === 'ACTIVE' ? card.maskedNumber : card.maskedNumber.replace(/\d/g, '•'),
      expiry: card.expiry,
      state: card.state as 'ISSUED' | 'ACTIVE',
      delivery,
      balanceCents: known ? known.balanceCents : null,
    };
  }

  private lockRecorders: ((event: ActivationLock) => Promise<void>)[] = [];

  /** The staff module writes each activation lock to its audit log (it needs this module, not the reverse). */
  recordLocksWith(record: (event: ActivationLock) => Promise<void>): void {
    this.lockRecorders.push(record);
  }

  /**
   * Activates a received card: the issuer checks the last four digits printed on it. Wrong digits
   * lock the shopper's activations as wrong pay passwords do (the accounts' limiter and rule: the
   * fifth wrong try within an hour locks for 30 minutes, across their cards); each try is counted
   * before the issuer is asked, so tries sent at once are held to it too, and given back when the
   * issuer judged nothing (BNG00091 when it did not answer). BLG00021 says the tries left, BLG00026
   * when to try again; a lock is written to the audit log.
   */
  async activate(userId: string, cardId: string, last4: string, ip: string | null = null): Promise<BongloyCard> {
    const card = await this.ownCard(userId, cardId);
    if (card.state !== 'ACTIVE') {
      const key = `bongloy-activate:${userId}`;
      const taken = await this.needed.accounts.takeTry(key);
      if (taken.refused) throw new AppError('BLG00026', { minutes: taken.minutes });
      let ok: boolean;
      try {
        ({ ok } = await this.needed.cardIssuer.activate(card.issuerRef, last4));
      } catch (error) {
        // The issuer judged nothing (down, 5xx, time-out, or it refused the request): the try is
        // given back, and the shopper told to try again later when it did not answer.
        await this.needed.accounts.giveBackTry(key, taken);
        if (error instanceof PartnerError && error.kind === 'no-answer') throw new AppError('BNG00091');
        throw error;
      }
      if (!ok) {
        if (!taken.locked) throw new AppError('BLG00021', { remaining: taken.remaining });
        const event = { userId, cardId, minutes: taken.minutes, ip };
        for (const record of this.lockRecorders) await record(event);
        throw new AppError('BLG00026', { minutes: taken.minutes });
      }
      await this.needed.accounts.clearTries(key);
      await this.db
        .update(bongloyCards)
        .set({ state: 'ACTIVE', activatedAt: new Date() })
        .where(and(eq(bongloyCards.id, cardId), eq(bongloyCards.state, 'ISSUED')));
    }
    const [after] = await this.db.select().from(bongloyCards).where(eq(bongloyCards.id, cardId));
    return this.view(after, null);
  }

  // ---------------------------------------------------------------- top-ups

  async createTopup(userId: string, input: { cardId: string; amountCents: number }): Promise<CardTopup> {
    if (!this.needed.cardIssuer.available) throw new AppError('BLG00027');
    const card = await this.ownCard(userId, input.cardId);
    if (card.state !== 'ACTIVE') throw new AppError('BLG00022');
    if (input.amountCents < CARD_TOPUP_MIN_CENTS || input.amountCents > CARD_TOPUP_MAX_CENTS)
      throw new AppError('BLG00023', { min: usd(CARD_TOPUP_MIN_CENTS), max: usd(CARD_TOPUP_MAX_CENTS) });
    const [row] = await this.db
      .insert(bongloyTopups)
      .values({
        topupNo: newTopupNo(),
        userId,
        cardId: card.id,
        amountCents: input.amountCents,
        deadlineAt: new Date(Date.now() + CARD_TOPUP_PAY_MINUTES * 60_000),
      })
      .returning();
    return this.topupView(row, card);
  }

  async getTopup(id: string, db: Db = this.db): Promise<TopupRow | null> {
    const [row] = await db.select().from(bongloyTopups).where(eq(bongloyTopups.id, id));
    return row ?? null;
  }

  async ownTopup(userId: string, id: string): Promise<TopupRow> {
    const row = await this.getTopup(id);
    if (!row || row.userId !== userId) throw new AppError('BLG00024');
    return row;
  }

  async topupForUpdate(id: string, tx: Db): Promise<TopupRow | null> {
    const [row] = await tx.select().from(bongloyTopups).where(eq(bongloyTopups.id, id)).for('update');
    return row ?? null;
  }

  async topupView(row: TopupRow, card?: CardRow): Promise<CardTopup> {
    const known = card ?? (await this.db.select().from(bongloyCards).where(eq(bongloyCards.id, row.cardId)))[0];
    return {
      id: row.id,
      topupNo: row.topupNo,
      cardId: row.cardId,
      maskedNumber: known?.maskedNumber ?? '',
      amountCents: row.amountCents,
      state: row.state as CardTopupState,
      payChannel: row.payChannel,
      failure: row.failure,
      deadlineAt: row.deadlineAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      doneAt: row.doneAt?.toISOString() ?? null,
    };
  }

  async topups(userId: string, page: number, size: number) {
    const where = eq(bongloyTopups.userId, userId);
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(bongloyTopups)
        .where(where)
        .orderBy(desc(bongloyTopups.createdAt))
        .limit(size)
        .offset((page - 1) * size),
      this.db.select({ total: count() }).from(bongloyTopups).where(where),
    ]);
    return { list: await Promise.all(rows.map((r) => this.topupView(r))), total, page, size };
  }

  /** The cashier paid it (in the payment's transaction): the credit is asked by a durable job, once. */
  async markTopupPaid(id: string, channel: string, tx: Db): Promise<void> {
    const [row] = await tx
      .update(bongloyTopups)
      .set({ state: 'PAID', payChannel: channel, paidCents: bongloyTopups.amountCents, paidAt: new Date() })
      .where(and(eq(bongloyTopups.id, id), eq(bongloyTopups.state, 'WP')))
      .returning({ id: bongloyTopups.id });
    if (!row) throw new AppError('BLG00025');
    await this.ctx.jobs.enqueue(
      'bongloy.credit',
      { topupId: id },
      { dedupeKey: `bongloy-credit:${id}`, maxAttempts: 10 },
      tx,
    );
  }

  /** Card top-ups paid in [from, to) (their id is the issuer's reference), for the daily reconciliation. */
  async paidBetween(from: Date, to: Date) {
    return this.db
      .select({ reference: bongloyTopups.id, state: bongloyTopups.state, amountCents: bongloyTopups.amountCents })
      .from(bongloyTopups)
      .where(and(gte(bongloyTopups.paidAt, from), lt(bongloyTopups.paidAt, to)));
  }

  /**
   * Job: asks the issuer to credit a paid top-up (its id is the issuer's reference, so a second ask
   * after a crash credits nothing more), then settles it: done, or failed with the money back the
   * way it came under the refund's own key, in the transaction that moves the state (once).
   */
  async credit(topupId: string): Promise<void> {
    const row = await this.getTopup(topupId);
    if (row?.state !== 'PAID') return;
    const [card] = await this.db.select().from(bongloyCards).where(eq(bongloyCards.id, row.cardId));
    const outcome = await this.needed.cardIssuer.credit({
      reference: row.id,
      cardRef: card.issuerRef,
      amountCents: row.amountCents,
    });
    await this.db.transaction(async (tx) => {
      const locked = await this.topupForUpdate(topupId, tx);
      if (locked?.state !== 'PAID') return;
      const done = outcome.status === 'SUCCESS';
      await tx
        .update(bongloyTopups)
        .set({ state: done ? 'SUCCESS' : 'FAILED', failure: done ? null : outcome.message, doneAt: new Date() })
        .where(eq(bongloyTopups.id, topupId));
      if (!done)
        await this.needed.payments.refund(
          {
            kind: 'bongloytopup',
            id: locked.id,
            userId: locked.userId,
            amountCents: locked.paidCents,
            channel: locked.payChannel,
          },
          tx,
        );
      await this.needed.notices.notify(locked.userId, topupNotice(locked, card.maskedNumber, done), tx);
      if (done) await this.needed.notifications.emit(cardTopupEvent(locked, card.maskedNumber), tx);
    });
  }

  /** Job: top-ups not paid in time are cancelled. */
  async expireUnpaid(now = new Date()): Promise<number> {
    const rows = await this.db
      .update(bongloyTopups)
      .set({ state: 'CANCEL', doneAt: now })
      .where(and(eq(bongloyTopups.state, 'WP'), lt(bongloyTopups.deadlineAt, now)))
      .returning({ id: bongloyTopups.id });
    return rows.length;
  }
}

function topupNotice(row: TopupRow, masked: string, done: boolean) {
  const card = masked.slice(-4);
  const amount = usd(row.amountCents);
  return {
    kind: 'bongloy',
    title: (done
      ? { 'en-US': 'Card topped up', chs: '银行卡充值成功', kh: 'បានបញ្ចូលលុយកាត' }
      : { 'en-US': 'Card top-up failed', chs: '银行卡充值失败', kh: 'ការបញ្ចូលលុយកាតបរាជ័យ' }) as Localized,
    body: (done
      ? {
          'en-US': `${amount} was added to your card ending ${card}.`,
          chs: `已为尾号 ${card} 的银行卡充值 ${amount}。`,
          kh: `${amount} ត្រូវបានបញ្ចូលទៅកាតលេខចុង ${card}។`,
        }
      : {
          'en-US': `The issuer could not credit ${amount} to your card ending ${card}; the money is refunded.`,
          chs: `发卡方未能为尾号 ${card} 的银行卡充值 ${amount}，款项已退还。`,
          kh: `អ្នកចេញកាតមិនអាចបញ្ចូល ${amount} ទៅកាតលេខចុង ${card} បានទេ; ប្រាក់ត្រូវបានបង្វិលសង។`,
        }) as Localized,
    link: `/bongloy/topUpOrderDetail?id=${row.id}`,
  };
}
