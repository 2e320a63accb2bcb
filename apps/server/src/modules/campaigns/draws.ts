import { randomInt } from 'node:crypto';
import type { CampaignBlockInput, CampaignBlockView, Language, Localized } from '@shop/contracts';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Services } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import { campaignDraws, campaignPrizes, type campaigns } from './tables.ts';

type Row = typeof campaigns.$inferSelect;
export type DrawBlock = Extract<CampaignBlockInput, { type: 'luckyDraw' }>;
type DrawView = Extract<CampaignBlockView, { type: 'luckyDraw' }>;

export const luckyDrawOf = (blocks: CampaignBlockInput[]) => blocks.find((b): b is DrawBlock => b.type === 'luckyDraw');

/**
 * The prize a roll in [0, total weight) lands on: the index of the prize, or -1 for no prize (the
 * miss weight comes last). The odds of prize i are weight_i / (Σ weights + missWeight).
 */
export function pickPrize(prizes: readonly { weight: number }[], roll: number): number {
  let edge = 0;
  for (const [i, prize] of prizes.entries()) {
    edge += prize.weight;
    if (roll < edge) return i;
  }
  return -1;
}

export const totalWeight = (block: Pick<DrawBlock, 'prizes' | 'missWeight'>) =>
  block.prizes.reduce((sum, p) => sum + p.weight, block.missWeight);

/** A campaign's lucky draw (docs/campaigns.md): draws per shopper, prize stock, the results kept. */
export class LuckyDraws {
  private readonly db: Db;
  private readonly coupons: Services['coupons'];

  constructor(db: Db, coupons: Services['coupons']) {
    this.db = db;
    this.coupons = coupons;
  }

  /** The prizes' stock as staff set it in the block (what was given stays counted). */
  async syncStock(campaignId: number, blocks: CampaignBlockInput[], db: Db = this.db) {
    const block = luckyDrawOf(blocks);
    if (!block) return;
    await db
      .insert(campaignPrizes)
      .values(block.prizes.map((p) => ({ campaignId, batchId: p.batchId, stock: p.stock })))
      .onConflictDoUpdate({
        target: [campaignPrizes.campaignId, campaignPrizes.batchId],
        set: { stock: sql`excluded.stock` },
      });
  }

  async view(row: Row, block: DrawBlock, userId: string | null, language: Language): Promise<DrawView> {
    const [stocks, batches, draws] = await Promise.all([
      this.db.select().from(campaignPrizes).where(eq(campaignPrizes.campaignId, row.id)),
      this.coupons.batchesByIds(block.prizes.map((p) => p.batchId)),
      userId
        ? this.db
            .select()
            .from(campaignDraws)
            .where(and(eq(campaignDraws.campaignId, row.id), eq(campaignDraws.userId, userId)))
            .orderBy(desc(campaignDraws.id))
        : Promise.resolve([]),
    ]);
    const total = totalWeight(block);
    const titleOf = (batchId: number) =>
      (batches.find((b) => b.id === batchId)?.title as Localized | undefined)?.[language];
    const prizes: DrawView['prizes'] = [];
    for (const p of block.prizes) {
      const batch = batches.find((b) => b.id === p.batchId);
      if (!batch) continue;
      const stock = stocks.find((s) => s.batchId === p.batchId);
      prizes.push({
        batchId: p.batchId,
        title: (batch.title as Localized)[language],
        discountCents: batch.discountCents,
        minSpendCents: batch.minSpendCents,
        chancePercent: Math.round((p.weight * 1000) / total) / 10,
        left: Math.max(0, (stock?.stock ?? p.stock) - (stock?.given ?? 0)),
      });
    }
    return {
      type: 'luckyDraw',
      heading: block.heading[language],
      drawsPerShopper: block.drawsPerShopper,
      drawsLeft: userId ? Math.max(0, block.drawsPerShopper - draws.length) : null,
      prizes,
      wins: draws
        .filter((d) => d.batchId !== null)
        .map((d) => ({ title: titleOf(d.batchId as number) ?? '', at: d.createdAt.toISOString() })),
    };
  }

  /**
   * One draw (the campaign checked: published, running, with this block). The shopper's draws are
   * serialised by a lock of their own, so `drawsPerShopper` holds under taps at once; a prize is
   * taken by a conditional update of its stock row, so concurrent draws never give more than its
   * stock. A prize that is out (or whose batch has nothing left) makes the draw win nothing.
   */
  async draw(row: Row, block: DrawBlock, userId: string, language: Language, roll = randomInt) {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`campaign-draw:${row.id}:${userId}`}))`);
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(campaignDraws)
        .where(and(eq(campaignDraws.campaignId, row.id), eq(campaignDraws.userId, userId)));
      if (n >= block.drawsPerShopper) throw new AppError('CMP00009');
      const total = totalWeight(block);
      const prize = block.prizes[total > 0 ? pickPrize(block.prizes, roll(total)) : -1];
      let won: {
        batchId: number;
        couponId: number;
        title: Localized;
        discountCents: number;
        minSpendCents: number;
      } | null = null;
      if (prize) {
        try {
          won = await tx.transaction(async (sp) => {
            const taken = await sp
              .update(campaignPrizes)
              .set({ given: sql`${campaignPrizes.given} + 1` })
              .where(
                and(
                  eq(campaignPrizes.campaignId, row.id),
                  eq(campaignPrizes.batchId, prize.batchId),
                  lt(campaignPrizes.given, campaignPrizes.stock),
                ),
              )
              .returning({ batchId: campaignPrizes.batchId });
            if (taken.length === 0) return null;
            const { coupon, title } = await this.coupons.award(userId, prize.batchId, 'lucky-draw', sp);
            return {
              batchId: prize.batchId,
              couponId: coupon.id,
              title,
              discountCents: coupon.discountCents,
              minSpendCents: coupon.minSpendCents,
            };
          });
        } catch (error) {
          // The batch itself has nothing left (or was stopped): the savepoint undid the stock taken.
          if (!(error instanceof AppError)) throw error;
          won = null;
        }
      }
      await tx.insert(campaignDraws).values({
        campaignId: row.id,
        userId,
        seq: n + 1,
        batchId: won?.batchId ?? null,
        couponId: won?.couponId ?? null,
      });
      return {
        prize: won && {
          batchId: won.batchId,
          title: won.title[language],
          discountCents: won.discountCents,
          minSpendCents: won.minSpendCents,
        },
        drawsLeft: block.drawsPerShopper - n - 1,
      };
    });
  }
}
