// Campaign pages of coupons: the offers of a campaign (or of a page's coupons block) with the
// shopper's claim and what is left, and the console's pages with the batches they give.
import type { CampaignOffer, Language, Localized } from '@shop/contracts';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { running } from './rules.ts';
import { campaignPages, couponBatches, coupons } from './tables.ts';

/** A campaign's page and its coupon offers, as the shopper sees them and as staff write them. */
export class CouponCampaignPages {
  private readonly db: Db;
  private readonly now: () => Date;

  constructor(db: Db, now: () => Date) {
    this.db = db;
    this.now = now;
  }

  async campaign(campaign: string, userId: string | null, language: Language, db: Db = this.db) {
    const now = this.now();
    const batches = await db
      .select()
      .from(couponBatches)
      .where(eq(couponBatches.campaign, campaign))
      .orderBy(asc(couponBatches.minSpendCents));
    const offers: CampaignOffer[] = [];
    for (const b of batches) {
      if (!running(b, now)) continue;
      let claimed = false;
      if (userId) {
        const [{ count }] = await db
          .select({ count: sql<number>`count(*)::int` })
          .from(coupons)
          .where(and(eq(coupons.batchId, b.id), eq(coupons.userId, userId)));
        claimed = count >= b.perUserLimit;
      }
      offers.push({
        batchId: b.id,
        title: (b.title as Localized)[language],
        minSpendCents: b.minSpendCents,
        discountCents: b.discountCents,
        validDays: b.validDays,
        claimed,
        soldOut: b.totalLimit !== null && b.issuedCount >= b.totalLimit,
      });
    }
    const [page] = await db.select().from(campaignPages).where(eq(campaignPages.campaign, campaign));
    return {
      campaign,
      running: offers.length > 0,
      offers,
      page: page
        ? {
            title: (page.title as Localized)[language],
            body: (page.body as Localized)[language],
            imageUrl: page.imageUrl,
          }
        : null,
    };
  }

  /**
   * The offers of the given batches (a campaign page's coupons block), in that order, with the
   * shopper's claim and what is left; batches that do not exist are left out.
   */
  async offersOf(batchIds: number[], userId: string | null, language: Language, db: Db = this.db) {
    if (batchIds.length === 0) return [];
    const now = this.now();
    const rows = await db.select().from(couponBatches).where(inArray(couponBatches.id, batchIds));
    const mine = userId
      ? await db
          .select({ batchId: coupons.batchId })
          .from(coupons)
          .where(and(eq(coupons.userId, userId), inArray(coupons.batchId, batchIds)))
      : [];
    const offers: CampaignOffer[] = [];
    for (const id of batchIds) {
      const b = rows.find((r) => r.id === id);
      if (!b) continue;
      offers.push({
        batchId: b.id,
        title: (b.title as Localized)[language],
        minSpendCents: b.minSpendCents,
        discountCents: b.discountCents,
        validDays: b.validDays,
        claimed: mine.some((m) => m.batchId === b.id),
        soldOut: !running(b, now) || (b.totalLimit !== null && b.issuedCount >= b.totalLimit),
      });
    }
    return offers;
  }

  /** Every campaign page with the batches it gives (operator console). */
  async consoleCampaignPages(db: Db = this.db) {
    const pages = await db.select().from(campaignPages).orderBy(asc(campaignPages.campaign));
    const batches = await db
      .select({ id: couponBatches.id, campaign: couponBatches.campaign })
      .from(couponBatches)
      .where(isNotNull(couponBatches.campaign))
      .orderBy(asc(couponBatches.id));
    return pages.map((p) => ({
      ...p,
      title: p.title as Localized,
      body: p.body as Localized,
      batchIds: batches.filter((b) => b.campaign === p.campaign).map((b) => b.id),
    }));
  }

  /**
   * Writes a campaign page and which batches it gives: the listed batches join the campaign, its
   * other batches leave it (they keep working as promo codes or issued coupons).
   */
  async saveCampaignPage(
    input: { campaign: string; title: Localized; body: Localized; imageUrl: string | null; batchIds: number[] },
    staffId: string,
    db: Db = this.db,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const values = { title: input.title, body: input.body, imageUrl: input.imageUrl, updatedBy: staffId };
      await tx
        .insert(campaignPages)
        .values({ campaign: input.campaign, ...values })
        .onConflictDoUpdate({ target: campaignPages.campaign, set: { ...values, updatedAt: sql`now()` } });
      await tx.update(couponBatches).set({ campaign: null }).where(eq(couponBatches.campaign, input.campaign));
      if (input.batchIds.length)
        await tx
          .update(couponBatches)
          .set({ campaign: input.campaign })
          .where(inArray(couponBatches.id, input.batchIds));
    });
  }
}
