import type { Coupon, CouponState, Language, Localized, Page } from '@shop/contracts';
import { and, asc, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import { CouponCampaignPages } from './campaign-pages.ts';
import { CouponCheckout } from './checkout.ts';
import { type BatchInput, type BatchRow, type CouponRow, couponView, DAY_MS, normalizeCode, running } from './rules.ts';
import { couponBatches, coupons } from './tables.ts';

/** The shop's own claim offers (spec §9: spend 5 save 2, spend 25 save 5; valid one month). */
const STANDARD_BATCHES: (BatchInput & { slug: string })[] = [
  {
    slug: 'newyear-5-2',
    campaign: 'newyear',
    title: { 'en-US': 'Spend $5, save $2', chs: '满 $5 减 $2', kh: 'ចំណាយ $5 សន្សំ $2' },
    minSpendCents: 500,
    discountCents: 200,
    validDays: 30,
    staffId: 'system',
  },
  {
    slug: 'newyear-25-5',
    campaign: 'newyear',
    title: { 'en-US': 'Spend $25, save $5', chs: '满 $25 减 $5', kh: 'ចំណាយ $25 សន្សំ $5' },
    minSpendCents: 2500,
    discountCents: 500,
    validDays: 30,
    staffId: 'system',
  },
];

/**
 * The new-shopper coupon the visitors' bonus advert promises ("New here? Get $5 off"): spec §9's
 * spend 25 save 5, valid one month, given once per shopper (a unique index) after the login the
 * advert leads to, to a shopper who signed up within `NEW_SHOPPER_DAYS`.
 */
export const NEW_SHOPPER_BATCH: BatchInput & { slug: string } = {
  slug: 'new-shopper-25-5',
  title: {
    'en-US': 'New shopper: spend $25, save $5',
    chs: '新用户：满 $25 减 $5',
    kh: 'អ្នកទិញថ្មី៖ ចំណាយ $25 សន្សំ $5',
  },
  minSpendCents: 2500,
  discountCents: 500,
  validDays: 30,
  staffId: 'system',
};
const NEW_SHOPPER_SOURCE = 'new-shopper';
/** How long after signing up a shopper is new (the invitation rules' 30 days, spec §9). */
export const NEW_SHOPPER_DAYS = 30;

/**
 * Coupons: batches (created by staff), coupons in shoppers' hands (by promo code, claim or issue),
 * and their use on an order (checkout.ts): quote at checkout, redeem at payment (checked again),
 * release on cancel. Campaign pages and their offers: campaign-pages.ts.
 */
export class CouponService {
  private readonly db: Db;
  private readonly now: () => Date;
  /** When a shopper signed up (accounts), or null when unknown. */
  private readonly signedUpAt: (userId: string) => Promise<Date | null>;
  private readonly checkout: CouponCheckout;
  private readonly pages: CouponCampaignPages;

  constructor(
    db: Db,
    now: () => Date = () => new Date(),
    signedUpAt: (userId: string) => Promise<Date | null> = async () => null,
  ) {
    this.db = db;
    this.now = now;
    this.signedUpAt = signedUpAt;
    this.checkout = new CouponCheckout(db, now, (userId, code, tx) => this.exchange(userId, code, tx));
    this.pages = new CouponCampaignPages(db, now);
  }

  async ensureStandardBatches(): Promise<void> {
    for (const batch of [...STANDARD_BATCHES, NEW_SHOPPER_BATCH]) {
      const [existing] = await this.db
        .select({ id: couponBatches.id })
        .from(couponBatches)
        .where(eq(couponBatches.slug, batch.slug));
      if (!existing) await this.createBatch(batch);
    }
  }

  view(row: CouponRow, title: Localized, language: Language, now = this.now()): Coupon {
    return couponView(row, title, language, now);
  }

  /** For the operator console: a new batch. A promo code must be unique (COUPONCODE0005 is for shoppers). */
  async createBatch(input: BatchInput, db: Db = this.db): Promise<BatchRow> {
    if (!Number.isSafeInteger(input.discountCents) || input.discountCents <= 0)
      throw new Error('discount must be positive cents');
    if (input.minSpendCents <= input.discountCents) throw new Error('the minimum spend must exceed the discount');
    const [row] = await db
      .insert(couponBatches)
      .values({
        slug: input.slug ?? null,
        title: input.title,
        minSpendCents: input.minSpendCents,
        discountCents: input.discountCents,
        validDays: input.validDays ?? 30,
        code: input.code ? normalizeCode(input.code) : null,
        campaign: input.campaign ?? null,
        totalLimit: input.totalLimit ?? null,
        perUserLimit: input.perUserLimit ?? 1,
        startsAt: input.startsAt ?? null,
        endsAt: input.endsAt ?? null,
        createdBy: input.staffId,
      })
      .returning();
    return row;
  }

  async setBatchActive(batchId: number, active: boolean, db: Db = this.db): Promise<void> {
    await db.update(couponBatches).set({ active }).where(eq(couponBatches.id, batchId));
  }

  /**
   * Gives one coupon of a batch to a user, within the batch's limits. The batch row is counted with
   * one conditional update, so concurrent claims never exceed the total limit.
   */
  private async give(batch: BatchRow, userId: string, source: string, db: Db): Promise<CouponRow> {
    return db.transaction(async (tx) => {
      const taken = await tx
        .update(couponBatches)
        .set({ issuedCount: sql`${couponBatches.issuedCount} + 1` })
        .where(
          and(
            eq(couponBatches.id, batch.id),
            or(isNull(couponBatches.totalLimit), sql`${couponBatches.issuedCount} < ${couponBatches.totalLimit}`),
          ),
        )
        .returning({ id: couponBatches.id });
      if (taken.length === 0) throw new AppError('COUPONCODE0007');
      // The batch row is now locked by this transaction: the per-user count below cannot race.
      const [{ count }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(coupons)
        .where(and(eq(coupons.batchId, batch.id), eq(coupons.userId, userId)));
      if (count >= batch.perUserLimit) throw new AppError('COUPONCODE0006');
      const validFrom = this.now();
      const [row] = await tx
        .insert(coupons)
        .values({
          batchId: batch.id,
          userId,
          minSpendCents: batch.minSpendCents,
          discountCents: batch.discountCents,
          validFrom,
          expiresAt: new Date(validFrom.getTime() + batch.validDays * DAY_MS),
          source,
        })
        .returning();
      return row;
    });
  }

  /** The new-shopper offer as a visitor sees it, and the shopper's coupon of it when they have one. */
  async newShopper(userId: string | null, language: Language, db: Db = this.db) {
    const batch = await this.newShopperBatch(db);
    const mine = userId ? await this.newShopperCouponOf(userId, db) : undefined;
    return {
      offer: {
        title: (batch.title as Localized)[language],
        minSpendCents: batch.minSpendCents,
        discountCents: batch.discountCents,
        validDays: batch.validDays,
      },
      coupon: mine ? this.view(mine, batch.title as Localized, language) : null,
    };
  }

  /**
   * Gives the new-shopper coupon through the batches' grant path, once per shopper: asked again
   * (a second tap, a second login, two at once) it answers the coupon given first (`granted:
   * false`); the unique index `coupons_new_shopper_once` settles a race. COUPONCODE0011 for a
   * shopper who signed up more than NEW_SHOPPER_DAYS ago.
   */
  async grantNewShopper(
    userId: string,
    db: Db = this.db,
  ): Promise<{ coupon: CouponRow; title: Localized; granted: boolean }> {
    const batch = await this.newShopperBatch(db);
    const title = batch.title as Localized;
    const had = await this.newShopperCouponOf(userId, db);
    if (had) return { coupon: had, title, granted: false };
    const since = await this.signedUpAt(userId);
    if (!since || this.now().getTime() - since.getTime() > NEW_SHOPPER_DAYS * DAY_MS)
      throw new AppError('COUPONCODE0011');
    try {
      return { coupon: await this.give(batch, userId, NEW_SHOPPER_SOURCE, db), title, granted: true };
    } catch (error) {
      // Given meanwhile by a concurrent grant (the per-user count, or the unique index under it).
      const given = await this.newShopperCouponOf(userId, db);
      if (given) return { coupon: given, title, granted: false };
      throw error;
    }
  }

  private async newShopperBatch(db: Db): Promise<BatchRow> {
    const batch = await this.batchBySlug(NEW_SHOPPER_BATCH.slug, db);
    return batch ?? (await this.createBatch(NEW_SHOPPER_BATCH, db));
  }

  private async newShopperCouponOf(userId: string, db: Db): Promise<CouponRow | undefined> {
    const [row] = await db
      .select()
      .from(coupons)
      .where(and(eq(coupons.userId, userId), eq(coupons.source, NEW_SHOPPER_SOURCE)));
    return row;
  }

  /** For the console (and invitations): gives a coupon of a batch to each user; returns the coupons given. */
  async issue(batchId: number, userIds: string[], _staffId: string, db: Db = this.db): Promise<CouponRow[]> {
    const [batch] = await db.select().from(couponBatches).where(eq(couponBatches.id, batchId));
    if (!batch) throw new AppError('COUPONCODE0001');
    const given: CouponRow[] = [];
    for (const userId of userIds) given.push(await this.give(batch, userId, 'issue', db));
    return given;
  }

  /** A shopper enters a promo code: COUPONCODE0005 when there is no such running code. */
  async exchange(userId: string, code: string, db: Db = this.db): Promise<{ coupon: CouponRow; title: Localized }> {
    const normalized = normalizeCode(code);
    if (!normalized) throw new AppError('COUPONCODE0010');
    const [batch] = await db.select().from(couponBatches).where(eq(couponBatches.code, normalized));
    if (!batch || !running(batch, this.now())) throw new AppError('COUPONCODE0005');
    return { coupon: await this.give(batch, userId, 'code', db), title: batch.title as Localized };
  }

  /** Whether every batch exists (a campaign's coupons block names only real batches). */
  async batchesExist(batchIds: number[], db: Db = this.db): Promise<boolean> {
    if (batchIds.length === 0) return true;
    const rows = await db
      .select({ id: couponBatches.id })
      .from(couponBatches)
      .where(inArray(couponBatches.id, batchIds));
    return rows.length === new Set(batchIds).size;
  }

  /**
   * A campaign page's claim (the campaigns module checked the campaign): one coupon of the batch
   * per shopper whatever the batch allows elsewhere, never beyond its total (the batch row's lock
   * in `give` orders concurrent claims).
   */
  async claimOnce(userId: string, batchId: number, db: Db = this.db): Promise<{ coupon: CouponRow; title: Localized }> {
    const [batch] = await db.select().from(couponBatches).where(eq(couponBatches.id, batchId));
    if (!batch) throw new AppError('COUPONCODE0001');
    if (!running(batch, this.now())) throw new AppError('COUPONCODE0008');
    return {
      coupon: await this.give({ ...batch, perUserLimit: 1 }, userId, 'campaign', db),
      title: batch.title as Localized,
    };
  }

  /**
   * A campaign's prize or reward (the campaigns module decided it is due: a lucky draw won, a
   * spend-and-get threshold reached): one coupon of the batch, never beyond its total, however many
   * of it the shopper has already.
   */
  async award(userId: string, batchId: number, source: string, db: Db = this.db) {
    const [batch] = await db.select().from(couponBatches).where(eq(couponBatches.id, batchId));
    if (!batch) throw new AppError('COUPONCODE0001');
    if (!running(batch, this.now())) throw new AppError('COUPONCODE0008');
    const coupon = await this.give({ ...batch, perUserLimit: Number.MAX_SAFE_INTEGER }, userId, source, db);
    return { coupon, title: batch.title as Localized };
  }

  /** Batches by id (a campaign block's prizes), those that exist. */
  async batchesByIds(batchIds: number[], db: Db = this.db): Promise<BatchRow[]> {
    if (batchIds.length === 0) return [];
    return db.select().from(couponBatches).where(inArray(couponBatches.id, batchIds));
  }

  async claim(userId: string, batchId: number, db: Db = this.db): Promise<{ coupon: CouponRow; title: Localized }> {
    const [batch] = await db.select().from(couponBatches).where(eq(couponBatches.id, batchId));
    if (!batch?.campaign) throw new AppError('COUPONCODE0001');
    if (!running(batch, this.now())) throw new AppError('COUPONCODE0008');
    return { coupon: await this.give(batch, userId, 'claim', db), title: batch.title as Localized };
  }

  async usableCount(userId: string, db: Db = this.db): Promise<number> {
    const [{ count }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(coupons)
      .where(and(eq(coupons.userId, userId), eq(coupons.status, 'valid'), gt(coupons.expiresAt, this.now())));
    return count;
  }

  async list(
    userId: string,
    state: CouponState,
    query: { page: number; size: number },
    language: Language,
    db: Db = this.db,
  ): Promise<Page<Coupon>> {
    const now = this.now();
    const where = and(
      eq(coupons.userId, userId),
      state === 'used' ? eq(coupons.status, 'used') : eq(coupons.status, 'valid'),
      state === 'valid' ? gt(coupons.expiresAt, now) : state === 'invalid' ? lte(coupons.expiresAt, now) : undefined,
    );
    const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(coupons).where(where);
    const rows = await db
      .select({ coupon: coupons, title: couponBatches.title })
      .from(coupons)
      .innerJoin(couponBatches, eq(couponBatches.id, coupons.batchId))
      .where(where)
      .orderBy(
        state === 'valid' ? asc(coupons.expiresAt) : state === 'used' ? desc(coupons.usedAt) : desc(coupons.expiresAt),
        desc(coupons.id),
      )
      .limit(query.size)
      .offset((query.page - 1) * query.size);
    return {
      list: rows.map((r) => this.view(r.coupon, r.title as Localized, language, now)),
      total,
      page: query.page,
      size: query.size,
    };
  }

  async get(couponId: number, db: Db = this.db): Promise<CouponRow | undefined> {
    return (await db.select().from(coupons).where(eq(coupons.id, couponId)))[0];
  }

  async batchBySlug(slug: string, db: Db = this.db): Promise<BatchRow | undefined> {
    return (await db.select().from(couponBatches).where(eq(couponBatches.slug, slug)))[0];
  }

  async consoleBatches(db: Db = this.db): Promise<BatchRow[]> {
    return db.select().from(couponBatches).orderBy(desc(couponBatches.id));
  }

  /** For the operator console: the batch of a promo code (any state), to refuse a code that is taken. */
  async batchByCode(code: string, db: Db = this.db): Promise<BatchRow | undefined> {
    return (
      await db
        .select()
        .from(couponBatches)
        .where(eq(couponBatches.code, normalizeCode(code)))
    )[0];
  }

  // Campaign pages (campaign-pages.ts) ------------------------------------------------------

  campaign(campaign: string, userId: string | null, language: Language, db: Db = this.db) {
    return this.pages.campaign(campaign, userId, language, db);
  }

  offersOf(batchIds: number[], userId: string | null, language: Language, db: Db = this.db) {
    return this.pages.offersOf(batchIds, userId, language, db);
  }

  consoleCampaignPages(db: Db = this.db) {
    return this.pages.consoleCampaignPages(db);
  }

  saveCampaignPage(input: Parameters<CouponCampaignPages['saveCampaignPage']>[0], staffId: string, db: Db = this.db) {
    return this.pages.saveCampaignPage(input, staffId, db);
  }

  // At checkout (checkout.ts) ----------------------------------------------------------------

  usableFor(userId: string, itemTotalCents: number, language: Language, db: Db = this.db) {
    return this.checkout.usableFor(userId, itemTotalCents, language, db);
  }

  quote(userId: string, choice: { couponId?: number; code?: string }, itemTotalCents: number, db: Db = this.db) {
    return this.checkout.quote(userId, choice, itemTotalCents, db);
  }

  redeem(
    userId: string,
    couponId: number,
    orderId: string,
    db: Db = this.db,
    options: { itemTotalCents?: number } = {},
  ) {
    return this.checkout.redeem(userId, couponId, orderId, db, options);
  }

  release(couponId: number, orderId: string, db: Db = this.db) {
    return this.checkout.release(couponId, orderId, db);
  }
}
