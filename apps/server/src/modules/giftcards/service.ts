// Gift cards (issue 20): staff issue batches (numbers and codes shown once, kept as keyed hashes),
// a shopper activates a card with its number and code and its value goes to their gift balance
// exactly once (the card row locked, the ledger's transfer under `giftcard:<id>:activate`), wrong
// tries are counted per shopper and locked out; staff void a batch or a card not yet activated.
import {
  type ConsoleGiftCard,
  type ConsoleGiftCardBatch,
  GIFT_CARD_BATCH_MAX,
  GIFT_CARD_VALUE_MAX_CENTS,
  type GiftCardState,
  type GiftSpendLine,
  type MyGiftCard,
  type Page,
} from '@shop/contracts';
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext, Services } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import {
  giftCardKey,
  hashCode,
  isCardCode,
  isCardNumber,
  newCardCode,
  newCardNumber,
  normalizeDigits,
  numberHash,
  verifyCode,
} from './secrets.ts';
import { giftCardBatches, giftCards, giftCardTries } from './tables.ts';

/** Who the batch of cards bought and sent by shoppers is `createdBy` (sending.ts). */
export const SENT_BATCH_OWNER = 'shoppers';

/** Wrong numbers or codes per shopper before activation locks (as pay passwords: accounts/limits.ts). */
export const GIFT_CARD_LOCK = { max: 5, windowMs: 60 * 60_000, lockMs: 30 * 60_000 } as const;

export type GiftCardRow = typeof giftCards.$inferSelect;
type BatchRow = typeof giftCardBatches.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export function myCardView(row: GiftCardRow, batchName: string): MyGiftCard {
  return {
    id: row.id,
    last4: row.last4,
    faceValueCents: row.faceValueCents,
    batchName,
    activatedAt: (row.activatedAt as Date).toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export function consoleCardView(row: GiftCardRow): ConsoleGiftCard {
  return {
    id: row.id,
    batchId: row.batchId,
    last4: row.last4,
    faceValueCents: row.faceValueCents,
    state: row.state as GiftCardState,
    userId: row.userId,
    activatedAt: row.activatedAt?.toISOString() ?? null,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

export class GiftCardService {
  private readonly db: Db;
  private readonly key: Buffer;
  private readonly wallet: Services['wallet'];
  private readonly orders: Services['orders'];

  constructor(ctx: PlatformContext, needed: Pick<Services, 'wallet' | 'orders'>) {
    this.db = ctx.db;
    this.key = giftCardKey(ctx.config.payPasswordKey);
    this.wallet = needed.wallet;
    this.orders = needed.orders;
  }

  // ---------------------------------------------------------------- the shopper

  /**
   * Activates a card. Throws GFT00002 (locked), GFT00001 (wrong number or code, tries left), then,
   * for the right number and code only, GFT00004 (void), GFT00011 (activated by this shopper
   * before), GFT00012 (activated by another account) or GFT00003 (expired). Concurrent tries of one
   * card: the card row is locked, one of them credits, the rest see it activated (by whom).
   */
  async activate(userId: string, input: { cardNo: string; code: string }) {
    const lockedMs = await this.lockedMs(userId);
    if (lockedMs) throw new AppError('GFT00002', { minutes: minutesOf(lockedMs) });
    const number = normalizeDigits(input.cardNo);
    const code = normalizeDigits(input.code);
    const [found] = isCardNumber(number)
      ? await this.db
          .select()
          .from(giftCards)
          .where(eq(giftCards.numberHash, numberHash(number, this.key)))
      : [];
    const right = found !== undefined && isCardCode(code) && verifyCode(code, found.codeHash, this.key);
    if (!right) {
      const { remaining, lockedMs: locked } = await this.fail(userId);
      if (locked) throw new AppError('GFT00002', { minutes: minutesOf(locked) });
      throw new AppError('GFT00001', { remaining });
    }
    await this.db
      .delete(giftCardTries)
      .where(
        and(
          eq(giftCardTries.userId, userId),
          sql`(${giftCardTries.lockedUntil} IS NULL OR ${giftCardTries.lockedUntil} <= now())`,
        ),
      );

    const card = await inTransaction(this.db, async (tx) => {
      const [row] = await tx.select().from(giftCards).where(eq(giftCards.id, found.id)).for('update');
      if (row.state === 'void') throw new AppError('GFT00004');
      if (row.state === 'active') throw new AppError(row.userId === userId ? 'GFT00011' : 'GFT00012');
      if (row.expiresAt.getTime() <= Date.now()) throw new AppError('GFT00003');
      const [updated] = await tx
        .update(giftCards)
        .set({ state: 'active', userId, activatedAt: sql`now()` })
        .where(and(eq(giftCards.id, row.id), eq(giftCards.state, 'new')))
        .returning();
      if (!updated) throw new AppError('GFT00012'); // not reached: the row is locked and was new
      await this.wallet.transfer(
        {
          from: { platform: 'promotions' },
          to: { userId, account: 'gift' },
          amountCents: updated.faceValueCents,
          kind: 'gift_card',
          ref: { type: 'giftcard', id: updated.id },
          idempotencyKey: `giftcard:${updated.id}:activate`,
        },
        tx,
      );
      return updated;
    });
    const [batch] = await this.db
      .select({ name: giftCardBatches.name })
      .from(giftCardBatches)
      .where(eq(giftCardBatches.id, card.batchId));
    const { giftCents } = await this.wallet.balances(userId);
    return { card: myCardView(card, batch?.name ?? ''), addedCents: card.faceValueCents, giftBalanceCents: giftCents };
  }

  /** The cards the shopper activated, newest first, with the gift balance. */
  async mine(userId: string, page: number, size: number) {
    const where = and(eq(giftCards.userId, userId), eq(giftCards.state, 'active'));
    const [[{ total, sum }], rows, balances] = await Promise.all([
      this.db
        .select({ total: count(), sum: sql<string>`COALESCE(SUM(${giftCards.faceValueCents}), 0)` })
        .from(giftCards)
        .where(where),
      this.db
        .select({ card: giftCards, batchName: giftCardBatches.name })
        .from(giftCards)
        .innerJoin(giftCardBatches, eq(giftCardBatches.id, giftCards.batchId))
        .where(where)
        .orderBy(desc(giftCards.activatedAt), desc(giftCards.id))
        .limit(size)
        .offset((page - 1) * size),
      this.wallet.balances(userId),
    ]);
    return {
      list: rows.map((r) => myCardView(r.card, r.batchName)),
      total,
      page,
      size,
      giftBalanceCents: balances.giftCents,
      activatedCents: Number(sum),
    };
  }

  /** One card the shopper activated (GFT00006 for any other). */
  async mineOne(userId: string, id: string): Promise<MyGiftCard> {
    const [row] = await this.db
      .select({ card: giftCards, batchName: giftCardBatches.name })
      .from(giftCards)
      .innerJoin(giftCardBatches, eq(giftCardBatches.id, giftCards.batchId))
      .where(and(eq(giftCards.id, id), eq(giftCards.userId, userId), eq(giftCards.state, 'active')));
    if (!row) throw new AppError('GFT00006');
    return myCardView(row.card, row.batchName);
  }

  /**
   * What the gift balance paid for (the wallet's bill of the gift account, payments only), each
   * order named by its number: the shopper knows an order by its number, not by its id.
   */
  async spending(userId: string, page: number, size: number): Promise<Page<GiftSpendLine>> {
    const bills = await this.wallet.bills(userId, { page, size, account: 'gift', kind: 'payment' });
    // Orders are uuids; a reference of another shape (the demo's) names no order.
    const orderIds = bills.list.filter((l) => l.refType === 'order' && UUID.test(l.refId)).map((l) => l.refId);
    const numbers = await this.orders.orderNumbers(userId, orderIds);
    return {
      ...bills,
      list: bills.list.map((l) => {
        const orderNo = l.refType === 'order' ? (numbers.get(l.refId) ?? null) : null;
        return {
          id: l.id,
          orderId: orderNo ? l.refId : null,
          orderNo,
          amountCents: Math.abs(l.amountCents),
          createdAt: l.createdAt,
        };
      }),
    };
  }

  private async lockedMs(userId: string): Promise<number> {
    const [row] = rowsOf<{ ms: number }>(
      await this.db.execute(sql`
        SELECT EXTRACT(EPOCH FROM (locked_until - now())) * 1000 AS ms
        FROM ${giftCardTries} WHERE user_id = ${userId} AND locked_until > now()`),
    );
    return row ? Math.ceil(Number(row.ms)) : 0;
  }

  /** Counts one wrong try in one statement (a burst counts right); at the maximum the shopper locks. */
  private async fail(userId: string): Promise<{ remaining: number; lockedMs: number }> {
    const rule = GIFT_CARD_LOCK;
    const win = `${rule.windowMs} milliseconds`;
    const lock = `${rule.lockMs} milliseconds`;
    const fresh = sql`(c.window_start <= now() - ${win}::interval OR c.locked_until IS NOT NULL)`;
    const next = sql`(CASE WHEN ${fresh} THEN 1 ELSE c.count + 1 END)`;
    const [row] = rowsOf<{ count: number; locked: boolean }>(
      await this.db.execute(sql`
        INSERT INTO ${giftCardTries} AS c (user_id, count, window_start) VALUES (${userId}, 1, now())
        ON CONFLICT (user_id) DO UPDATE SET
          window_start = CASE WHEN ${fresh} THEN now() ELSE c.window_start END,
          locked_until = CASE WHEN ${next} >= ${rule.max} THEN now() + ${lock}::interval ELSE NULL END,
          count = CASE WHEN ${next} >= ${rule.max} THEN 0 ELSE ${next} END
        RETURNING count, (locked_until IS NOT NULL) AS locked`),
    );
    if (row?.locked) return { remaining: 0, lockedMs: rule.lockMs };
    return { remaining: Math.max(0, rule.max - Number(row?.count ?? 0)), lockedMs: 0 };
  }

  // ---------------------------------------------------------------- staff

  /**
   * Issues a batch. The numbers and codes are returned here once and kept only as hashes.
   * `fixed` (demo data only) gives the cards' numbers and codes instead of drawing them.
   */
  async issue(
    input: { name: string; faceValueCents: number; count: number; expiresAt: string; createdBy: string },
    fixed?: { number: string; code: string }[],
  ): Promise<{ batch: ConsoleGiftCardBatch; cards: { number: string; code: string }[] }> {
    const n = fixed ? fixed.length : input.count;
    if (
      !Number.isSafeInteger(n) ||
      n < 1 ||
      n > GIFT_CARD_BATCH_MAX ||
      !Number.isSafeInteger(input.faceValueCents) ||
      input.faceValueCents < 1 ||
      input.faceValueCents > GIFT_CARD_VALUE_MAX_CENTS
    )
      throw new AppError('GFT00007', { maxCount: GIFT_CARD_BATCH_MAX, maxValue: GIFT_CARD_VALUE_MAX_CENTS / 100 });
    const expiresAt = new Date(input.expiresAt);
    if (!(expiresAt.getTime() > Date.now())) throw new AppError('GFT00008');
    const cards = fixed ?? [];
    if (!fixed) {
      const seen = new Set<string>();
      while (cards.length < n) {
        const number = newCardNumber();
        if (seen.has(number)) continue;
        seen.add(number);
        cards.push({ number, code: newCardCode() });
      }
    }
    const batch = await inTransaction(this.db, async (tx) => {
      const [b] = await tx
        .insert(giftCardBatches)
        .values({
          name: input.name.trim(),
          faceValueCents: input.faceValueCents,
          count: n,
          expiresAt,
          createdBy: input.createdBy,
        })
        .returning();
      const rows = cards.map((c) => ({
        batchId: b.id,
        numberHash: numberHash(c.number, this.key),
        last4: c.number.slice(-4),
        codeHash: hashCode(c.code, this.key),
        faceValueCents: input.faceValueCents,
        expiresAt,
      }));
      for (let i = 0; i < rows.length; i += 200) await tx.insert(giftCards).values(rows.slice(i, i + 200));
      return b;
    });
    return { batch: (await this.batchViews([batch]))[0], cards };
  }

  async batches(page: number, size: number): Promise<{ list: ConsoleGiftCardBatch[]; total: number }> {
    // The batch of cards shoppers bought and sent is not staff's: it is listed as purchases (sending.ts).
    const staffs = ne(giftCardBatches.createdBy, SENT_BATCH_OWNER);
    const [[{ total }], rows] = await Promise.all([
      this.db.select({ total: count() }).from(giftCardBatches).where(staffs),
      this.db
        .select()
        .from(giftCardBatches)
        .where(staffs)
        .orderBy(desc(giftCardBatches.createdAt), desc(giftCardBatches.id))
        .limit(size)
        .offset((page - 1) * size),
    ]);
    return { list: await this.batchViews(rows), total };
  }

  async cards(batchId: string, page: number, size: number): Promise<{ list: ConsoleGiftCard[]; total: number }> {
    await this.batch(batchId);
    const where = eq(giftCards.batchId, batchId);
    const [[{ total }], rows] = await Promise.all([
      this.db.select({ total: count() }).from(giftCards).where(where),
      this.db
        .select()
        .from(giftCards)
        .where(where)
        .orderBy(giftCards.id)
        .limit(size)
        .offset((page - 1) * size),
    ]);
    return { list: rows.map(consoleCardView), total };
  }

  /** Voids every card of the batch not yet activated (activated ones keep their value). */
  async voidBatch(batchId: string): Promise<ConsoleGiftCardBatch> {
    const batch = await this.batch(batchId);
    const after = await inTransaction(this.db, async (tx) => {
      await tx
        .update(giftCards)
        .set({ state: 'void', voidedAt: sql`now()` })
        .where(and(eq(giftCards.batchId, batchId), eq(giftCards.state, 'new')));
      const [b] = await tx
        .update(giftCardBatches)
        .set({ voidedAt: sql`COALESCE(${giftCardBatches.voidedAt}, now())` })
        .where(eq(giftCardBatches.id, batch.id))
        .returning();
      return b;
    });
    return (await this.batchViews([after]))[0];
  }

  /** Voids one card not yet activated (GFT00010 for an activated one; voiding twice is no change). */
  async voidCard(id: string): Promise<{ before: GiftCardState; after: ConsoleGiftCard }> {
    return inTransaction(this.db, async (tx) => {
      const [row] = await tx.select().from(giftCards).where(eq(giftCards.id, id)).for('update');
      if (!row) throw new AppError('GFT00006');
      if (row.state === 'active') throw new AppError('GFT00010');
      if (row.state === 'void') return { before: 'void', after: consoleCardView(row) };
      const [after] = await tx
        .update(giftCards)
        .set({ state: 'void', voidedAt: sql`now()` })
        .where(eq(giftCards.id, id))
        .returning();
      return { before: 'new', after: consoleCardView(after) };
    });
  }

  async findBatchByName(name: string): Promise<BatchRow | undefined> {
    const [row] = await this.db.select().from(giftCardBatches).where(eq(giftCardBatches.name, name)).limit(1);
    return row;
  }

  private async batch(id: string): Promise<BatchRow> {
    const [row] = await this.db.select().from(giftCardBatches).where(eq(giftCardBatches.id, id));
    if (!row) throw new AppError('GFT00009');
    return row;
  }

  private async batchViews(rows: BatchRow[]): Promise<ConsoleGiftCardBatch[]> {
    if (rows.length === 0) return [];
    const counts = await this.db
      .select({ batchId: giftCards.batchId, state: giftCards.state, n: count() })
      .from(giftCards)
      .where(
        inArray(
          giftCards.batchId,
          rows.map((r) => r.id),
        ),
      )
      .groupBy(giftCards.batchId, giftCards.state);
    return rows.map((r) => {
      const of = (state: GiftCardState) => counts.find((c) => c.batchId === r.id && c.state === state)?.n ?? 0;
      return {
        id: r.id,
        name: r.name,
        faceValueCents: r.faceValueCents,
        count: r.count,
        expiresAt: r.expiresAt.toISOString(),
        createdAt: r.createdAt.toISOString(),
        createdBy: r.createdBy,
        voidedAt: r.voidedAt?.toISOString() ?? null,
        counts: { new: of('new'), active: of('active'), void: of('void') },
      };
    });
  }
}
