// Gift cards a shopper buys and sends (issue 46 point 5, decision 0075). The buyer's purchase is a
// payable of kind 'giftcard' (payable.ts: never paid by gift balance). Paid: a card is made for it
// (number and code drawn and kept only as hashes, like a batch's, and never shown to anyone), and
// the recipient is told through the notification service (`giftcard.received`) with a one-time claim
// link: a random token kept only as a keyed hash. Claimed: the purchase row is locked, the card is
// activated to the claimer and its value credited to their gift balance once. Unclaimed: the buyer
// may resend (a new link; the old one stops working) to the same or a corrected number, or after
// 30 days have the money back the way it came (payments' refund path).
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import {
  type ErrorCode,
  formatCents,
  GIFT_DESIGNS,
  GIFT_MESSAGE_MAX,
  GIFT_SEND_LIMITS,
  GIFT_UNCLAIMED_DAYS,
  type GiftDesign,
  type GiftSendPage,
  giftLimitRefusal,
  type SentGift,
  type SentGiftState,
} from '@shop/contracts';
import { and, count, desc, eq, gte, lt, ne, or, type SQL } from 'drizzle-orm';
import { phnomPenhDay, phnomPenhDayBounds } from '../../platform/days.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext, Services } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import { parseMobile } from '../accounts/public.ts';
import { giftCardKey, hashCode, newCardCode, newCardNumber, numberHash } from './secrets.ts';
import { SENT_BATCH_OWNER } from './service.ts';
import { giftCardBatches, giftCards, giftPurchases, giftSendSettings } from './tables.ts';

export type GiftPurchaseRow = typeof giftPurchases.$inferSelect;
export type SendingNeeds = Pick<Services, 'wallet' | 'payments' | 'notifications' | 'accounts'>;

/** How long a purchase waits for its payment. */
export const GIFT_PAY_MINUTES = 30;
/** The bounds and amounts before staff change them ($5–$200). */
export const DEFAULT_SEND_SETTINGS = { minCents: 500, maxCents: 20_000, amountsCents: [500, 1000, 2000, 5000, 10_000] };
const DAY_MS = 86_400_000;
/** The batch every sent card belongs to (one per purchase would fill the console's batch list). */
export const SENT_BATCH_NAME = 'Bought and sent by shoppers';

/** The buyer's words for a purchase's state (unclaimed: sent more than 30 days ago, nobody claimed it). */
export function sentState(row: GiftPurchaseRow, now = new Date()): SentGiftState {
  if (row.state === 'WP') return 'to_pay';
  if (row.state === 'CLAIMED') return 'claimed';
  if (row.state === 'REFUNDED') return 'refunded';
  if (row.state === 'CANCEL') return 'closed';
  return unclaimedAt(row) && (unclaimedAt(row) as Date) <= now ? 'unclaimed' : 'sent';
}

const unclaimedAt = (row: GiftPurchaseRow) =>
  row.paidAt ? new Date(row.paidAt.getTime() + GIFT_UNCLAIMED_DAYS * DAY_MS) : null;

export function sentView(row: GiftPurchaseRow, now = new Date()): SentGift {
  const state = sentState(row, now);
  return {
    id: row.id,
    reference: row.reference,
    amountCents: row.amountCents,
    design: row.design as GiftDesign,
    message: row.message,
    recipientPhone: row.recipientPhone,
    state,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    claimedAt: row.claimedAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    unclaimedAt: row.state === 'SENT' ? (unclaimedAt(row)?.toISOString() ?? null) : null,
    sends: row.sends,
    canResend: row.state === 'SENT' && row.sends <= GIFT_SEND_LIMITS.resends,
    canRefund: state === 'unclaimed',
  };
}

export class GiftSending {
  private readonly ctx: PlatformContext;
  private readonly db: Db;
  private readonly key: Buffer;
  private readonly needed: SendingNeeds;

  constructor(ctx: PlatformContext, needed: SendingNeeds) {
    this.ctx = ctx;
    this.db = ctx.db;
    this.key = giftCardKey(ctx.config.payPasswordKey);
    this.needed = needed;
  }

  async settings(db: Db = this.db) {
    const [row] = await db.select().from(giftSendSettings).where(eq(giftSendSettings.id, 1));
    return row ?? { id: 1, ...DEFAULT_SEND_SETTINGS, updatedBy: null, updatedAt: new Date(0) };
  }

  async page(): Promise<GiftSendPage> {
    const s = await this.settings();
    return {
      minCents: s.minCents,
      maxCents: s.maxCents,
      amountsCents: s.amountsCents.filter((c) => c >= s.minCents && c <= s.maxCents),
      designs: [...GIFT_DESIGNS],
      messageMax: GIFT_MESSAGE_MAX,
    };
  }

  /** Staff set the bounds and suggested amounts ($5–$200 is the widest they may set: the issue's). */
  async setSettings(input: { minCents: number; maxCents: number; amountsCents: number[] }, staffId: string) {
    const ok = (c: number) => Number.isSafeInteger(c) && c >= 500 && c <= 20_000;
    if (!ok(input.minCents) || !ok(input.maxCents) || input.minCents > input.maxCents || !input.amountsCents.every(ok))
      throw new AppError('GFT00100', { min: formatCents(500), max: formatCents(20_000) });
    const values = { id: 1, ...input, amountsCents: [...new Set(input.amountsCents)].sort((a, b) => a - b) };
    await this.db
      .insert(giftSendSettings)
      .values({ ...values, updatedBy: staffId })
      .onConflictDoUpdate({
        target: giftSendSettings.id,
        set: { ...values, updatedBy: staffId, updatedAt: sql`now()` },
      });
    return this.settings();
  }

  // The buyer --------------------------------------------------------------------------------

  /** A purchase to pay (WP), after the amount, design, message, number and the day's limits are checked. */
  async create(
    buyerId: string,
    input: { amountCents: number; design: string; message: string; phone: string; countryCode?: string },
    now = new Date(),
  ): Promise<SentGift> {
    const s = await this.settings();
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents < s.minCents || input.amountCents > s.maxCents)
      throw new AppError('GFT00100', { min: formatCents(s.minCents), max: formatCents(s.maxCents) });
    if (!(GIFT_DESIGNS as readonly string[]).includes(input.design)) throw new AppError('GFT00101');
    const message = input.message.trim();
    if ([...message].length > GIFT_MESSAGE_MAX) throw new AppError('GFT00102', { max: GIFT_MESSAGE_MAX });
    const phone = parseMobile(input.phone, input.countryCode ?? '+855').e164;
    const buyer = await this.needed.accounts.getUser(buyerId);
    if (buyer?.phone === phone) throw new AppError('GFT00103');
    return inTransaction(this.db, async (tx) => {
      await this.limitCheck(buyerId, phone, input.amountCents, tx, now);
      const [row] = await tx
        .insert(giftPurchases)
        .values({
          reference: newReference(now),
          buyerId,
          recipientPhone: phone,
          amountCents: input.amountCents,
          design: input.design,
          message,
          deadlineAt: new Date(now.getTime() + GIFT_PAY_MINUTES * 60_000),
        })
        .returning();
      return sentView(row, now);
    });
  }

  /**
   * The day's limits (Phnom Penh day): per buyer (count and amount) and per recipient's phone. The
   * buyer's and the phone's checks take turns on a transaction lock each, so a burst counts right.
   */
  private async limitCheck(buyerId: string, phone: string, amountCents: number, tx: Db, now: Date) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`gift-buyer:${buyerId}`}))`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`gift-phone:${phone}`}))`);
    const { from } = phnomPenhDayBounds(phnomPenhDay(now));
    const live = and(ne(giftPurchases.state, 'CANCEL'), gte(giftPurchases.createdAt, from));
    const [[mine], [theirs]] = await Promise.all([
      tx
        .select({ n: count(), cents: sql<string>`COALESCE(SUM(${giftPurchases.amountCents}), 0)` })
        .from(giftPurchases)
        .where(and(eq(giftPurchases.buyerId, buyerId), live)),
      tx
        .select({ n: count() })
        .from(giftPurchases)
        .where(
          and(
            eq(giftPurchases.recipientPhone, phone),
            or(live, and(eq(giftPurchases.state, 'SENT'), gte(giftPurchases.sentAt, from))),
          ),
        ),
    ]);
    const refusal = giftLimitRefusal(
      { buyerCount: Number(mine.n), buyerCents: Number(mine.cents), recipientCount: Number(theirs.n) },
      amountCents,
    );
    if (refusal) throw new AppError(refusal.code as ErrorCode, refusal.values);
  }

  async list(buyerId: string, page: number, size: number) {
    const where = eq(giftPurchases.buyerId, buyerId);
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(giftPurchases)
        .where(where)
        .orderBy(desc(giftPurchases.createdAt), desc(giftPurchases.id))
        .limit(size)
        .offset((page - 1) * size),
      this.db.select({ total: count() }).from(giftPurchases).where(where),
    ]);
    const now = new Date();
    return { list: rows.map((r) => sentView(r, now)), total, page, size };
  }

  async get(id: string, db: Db = this.db): Promise<GiftPurchaseRow | null> {
    const [row] = await db.select().from(giftPurchases).where(eq(giftPurchases.id, id));
    return row ?? null;
  }

  async own(buyerId: string, id: string): Promise<GiftPurchaseRow> {
    const row = await this.get(id);
    if (!row || row.buyerId !== buyerId) throw new AppError('GFT00110');
    return row;
  }

  async getForUpdate(id: string, tx: Db): Promise<GiftPurchaseRow | null> {
    const [row] = await tx.select().from(giftPurchases).where(eq(giftPurchases.id, id)).for('update');
    return row ?? null;
  }

  // Paid, sent, claimed -----------------------------------------------------------------------

  /** The cashier's settlement: paid; the card is made and the recipient told, in the same transaction. */
  async markPaid(id: string, channel: string, tx: Db): Promise<void> {
    const [row] = await tx
      .update(giftPurchases)
      .set({ state: 'SENT', payChannel: channel, paidCents: giftPurchases.amountCents, paidAt: sql`now()` })
      .where(and(eq(giftPurchases.id, id), eq(giftPurchases.state, 'WP')))
      .returning();
    if (!row) throw new AppError('PAY0008');
    const batchId = await this.sentBatch(tx);
    const number = newCardNumber();
    const [card] = await tx
      .insert(giftCards)
      .values({
        batchId,
        numberHash: numberHash(number, this.key),
        last4: number.slice(-4),
        codeHash: hashCode(newCardCode(), this.key),
        faceValueCents: row.amountCents,
        expiresAt: new Date(Date.now() + 365 * DAY_MS),
      })
      .returning({ id: giftCards.id });
    await tx.update(giftPurchases).set({ cardId: card.id }).where(eq(giftPurchases.id, id));
    await this.send({ ...row, cardId: card.id }, row.recipientPhone, tx);
  }

  /** The batch of sent cards (made once; a unique name is not enforced, so it is looked up first). */
  private async sentBatch(tx: Db): Promise<string> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('gift-sent-batch'))`);
    const [found] = await tx
      .select({ id: giftCardBatches.id })
      .from(giftCardBatches)
      .where(and(eq(giftCardBatches.name, SENT_BATCH_NAME), eq(giftCardBatches.createdBy, SENT_BATCH_OWNER)));
    if (found) return found.id;
    const [made] = await tx
      .insert(giftCardBatches)
      .values({
        name: SENT_BATCH_NAME,
        faceValueCents: 0,
        count: 0,
        expiresAt: new Date('2100-01-01T00:00:00Z'),
        createdBy: SENT_BATCH_OWNER,
      })
      .returning({ id: giftCardBatches.id });
    return made.id;
  }

  /**
   * A new claim link to `phone` (the old one stops working), told to the recipient: the shopper
   * with that phone (Telegram if linked, else SMS, and in-app), or the phone itself.
   */
  private async send(row: GiftPurchaseRow, phone: string, tx: Db): Promise<GiftPurchaseRow> {
    const token = randomBytes(32).toString('base64url');
    const [after] = await tx
      .update(giftPurchases)
      .set({
        tokenHash: this.tokenHash(token),
        recipientPhone: phone,
        sends: sql`${giftPurchases.sends} + 1`,
        sentAt: sql`now()`,
      })
      .where(eq(giftPurchases.id, row.id))
      .returning();
    const recipient = await this.needed.accounts.findByPhone(phone, tx);
    const buyer = await this.needed.accounts.getUser(row.buyerId, tx);
    await this.needed.notifications.emit(
      {
        kind: 'giftcard.received',
        userId: recipient?.id ?? `phone:${phone}`,
        subject: `${row.id}:${after.sends}`,
        data: {
          amountCents: row.amountCents,
          from: buyer?.name || maskedPhone(buyer?.phone),
          claimLink: this.claimLink(token),
        },
      },
      tx,
    );
    return after;
  }

  private claimLink(token: string): string {
    const base = this.ctx.config.publicUrl?.replace(/\/$/, '');
    return base ? `${base}/h5/giftClaim?t=${token}` : `/giftClaim?t=${token}`;
  }

  private tokenHash(token: string): string {
    return createHmac('sha256', this.key).update(`claim:${token}`).digest('base64url');
  }

  /**
   * Claims a card by its link's token: the purchase row is locked, so of any number of concurrent
   * claims one activates the card and credits the gift balance (key `giftcard:<card>:activate`), the
   * rest answer GFT00108. A replaced, refunded or unknown link answers GFT00107 / GFT00113.
   */
  async claim(userId: string, token: string) {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new AppError('GFT00107');
    const hash = this.tokenHash(token);
    const row = await inTransaction(this.db, async (tx) => {
      const [p] = await tx.select().from(giftPurchases).where(eq(giftPurchases.tokenHash, hash)).for('update');
      if (!p) throw new AppError('GFT00107');
      if (p.state === 'CLAIMED') throw new AppError('GFT00108');
      if (p.state === 'REFUNDED') throw new AppError('GFT00113');
      if (p.state !== 'SENT' || !p.cardId) throw new AppError('GFT00107');
      const [card] = await tx
        .update(giftCards)
        .set({ state: 'active', userId, activatedAt: sql`now()` })
        .where(and(eq(giftCards.id, p.cardId), eq(giftCards.state, 'new')))
        .returning();
      if (!card) throw new AppError('GFT00108');
      await this.needed.wallet.transfer(
        {
          from: { platform: 'gift_sold' },
          to: { userId, account: 'gift' },
          amountCents: card.faceValueCents,
          kind: 'gift_card',
          ref: { type: 'giftcard', id: card.id },
          idempotencyKey: `giftcard:${card.id}:activate`,
        },
        tx,
      );
      const [done] = await tx
        .update(giftPurchases)
        .set({ state: 'CLAIMED', claimedAt: sql`now()`, claimedBy: userId })
        .where(eq(giftPurchases.id, p.id))
        .returning();
      return done;
    });
    const { giftCents } = await this.needed.wallet.balances(userId);
    return {
      amountCents: row.amountCents,
      design: row.design as GiftDesign,
      message: row.message,
      giftBalanceCents: giftCents,
    };
  }

  /**
   * A new link for a card not yet claimed, to the same or a corrected number (GFT00111 once claimed,
   * refunded or resent too often; a corrected number counts against that phone's day).
   */
  async resend(
    actor: { buyerId: string } | { staffId: string },
    id: string,
    input: { phone?: string; countryCode?: string },
  ) {
    const phone = input.phone ? parseMobile(input.phone, input.countryCode ?? '+855').e164 : null;
    return inTransaction(this.db, async (tx) => {
      const row = await this.getForUpdate(id, tx);
      if (!row || ('buyerId' in actor && row.buyerId !== actor.buyerId)) throw new AppError('GFT00110');
      if (row.state !== 'SENT' || row.sends > GIFT_SEND_LIMITS.resends) throw new AppError('GFT00111');
      const to = phone ?? row.recipientPhone;
      if (to !== row.recipientPhone) {
        const buyer = await this.needed.accounts.getUser(row.buyerId, tx);
        if (buyer?.phone === to) throw new AppError('GFT00103');
        await this.limitCheck(row.buyerId, to, 0, tx, new Date());
      }
      return sentView(await this.send(row, to, tx));
    });
  }

  /**
   * The money of a card nobody claimed back the way it came (payments' refund path), and the card
   * voided: GFT00109 once claimed; for the buyer only once it is unclaimed (30 days), for staff
   * (cancel) any time before it is claimed.
   */
  async refund(actor: { buyerId: string } | { staffId: string }, id: string, now = new Date()): Promise<SentGift> {
    return inTransaction(this.db, async (tx) => {
      const row = await this.getForUpdate(id, tx);
      if (!row || ('buyerId' in actor && row.buyerId !== actor.buyerId)) throw new AppError('GFT00110');
      if (row.state === 'CLAIMED') throw new AppError('GFT00109');
      if (row.state === 'REFUNDED') return sentView(row, now);
      if (row.state !== 'SENT') throw new AppError('GFT00110');
      const due = unclaimedAt(row) as Date;
      if ('buyerId' in actor && due > now) throw new AppError('GFT00112', { date: due.toISOString().slice(0, 10) });
      if (row.cardId)
        await tx
          .update(giftCards)
          .set({ state: 'void', voidedAt: sql`now()` })
          .where(and(eq(giftCards.id, row.cardId), eq(giftCards.state, 'new')));
      const [after] = await tx
        .update(giftPurchases)
        .set({
          state: 'REFUNDED',
          tokenHash: null,
          refundedAt: sql`now()`,
          refundedBy: 'buyerId' in actor ? 'buyer' : `staff:${actor.staffId}`,
        })
        .where(eq(giftPurchases.id, row.id))
        .returning();
      await this.needed.payments.refund(
        { kind: 'giftcard', id: row.id, userId: row.buyerId, amountCents: row.paidCents, channel: row.payChannel },
        tx,
      );
      return sentView(after, now);
    });
  }

  /** Job: purchases not paid in time are closed. */
  async expireUnpaid(now = new Date()): Promise<number> {
    const rows = await this.db
      .update(giftPurchases)
      .set({ state: 'CANCEL' })
      .where(and(eq(giftPurchases.state, 'WP'), lt(giftPurchases.deadlineAt, now)))
      .returning({ id: giftPurchases.id });
    return rows.length;
  }

  // The console -------------------------------------------------------------------------------

  /** Staff's list: every purchase, newest first, optionally in one shown state. */
  async consoleList(page: number, size: number, state?: SentGiftState) {
    const where: SQL | undefined = state ? consoleStateWhere(state) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(giftPurchases)
        .where(where)
        .orderBy(desc(giftPurchases.createdAt), desc(giftPurchases.id))
        .limit(size)
        .offset((page - 1) * size),
      this.db.select({ total: count() }).from(giftPurchases).where(where),
    ]);
    const now = new Date();
    return {
      list: rows.map((r) => ({ ...sentView(r, now), buyerId: r.buyerId, payChannel: r.payChannel })),
      total,
    };
  }
}

function consoleStateWhere(state: SentGiftState): SQL | undefined {
  const cut = sql`now() - ${`${GIFT_UNCLAIMED_DAYS} days`}::interval`;
  if (state === 'to_pay') return eq(giftPurchases.state, 'WP');
  if (state === 'claimed') return eq(giftPurchases.state, 'CLAIMED');
  if (state === 'refunded') return eq(giftPurchases.state, 'REFUNDED');
  if (state === 'closed') return eq(giftPurchases.state, 'CANCEL');
  if (state === 'unclaimed') return and(eq(giftPurchases.state, 'SENT'), sql`${giftPurchases.paidAt} <= ${cut}`);
  return and(eq(giftPurchases.state, 'SENT'), sql`${giftPurchases.paidAt} > ${cut}`);
}

/** A buyer with no name is named by their phone, its middle hidden (+855 12 *** 678). */
function maskedPhone(phone: string | null | undefined): string {
  if (!phone) return '***';
  return `${phone.slice(0, -6)}***${phone.slice(-3)}`;
}

/** "G", the Phnom Penh time to the second, then six random digits (unique by the table's constraint). */
function newReference(now: Date): string {
  const local = new Date(now.getTime() + 7 * 3600_000).toISOString();
  return `G${local.slice(2, 19).replace(/\D/g, '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}
