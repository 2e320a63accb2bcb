import type { CampaignBlockInput, CampaignBlockView, Language, Localized } from '@shop/contracts';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import type { Services } from '../../platform/module.ts';
import type { PaidListener, PaidOrder } from '../orders/public.ts';
import { campaignSpendGrants, campaigns } from './tables.ts';

type Row = typeof campaigns.$inferSelect;
export type SpendBlock = Extract<CampaignBlockInput, { type: 'spendAndGet' }>;
type SpendView = Extract<CampaignBlockView, { type: 'spendAndGet' }>;
type Rule = { campaignId: number; startsAt: Date; endsAt: Date; thresholdCents: number };

export const SPEND_AND_GET_JOB = 'campaigns.spend-and-get';
/** How long the running rules are kept in memory (a rule staff publish on another instance applies within it). */
const RULES_MS = 30_000;

export const spendAndGetOf = (blocks: CampaignBlockInput[]) =>
  blocks.find((b): b is SpendBlock => b.type === 'spendAndGet');

/** Whether a paid order earns a rule's coupon: paid in the campaign's dates, at least the threshold. */
export const earns = (rule: Rule, order: Pick<PaidOrder, 'paidCents' | 'paidAt'>) =>
  order.paidCents >= rule.thresholdCents && rule.startsAt <= order.paidAt && order.paidAt < rule.endsAt;

/**
 * Spend and get (docs/campaigns.md): a paid order of at least the threshold, in a published
 * campaign's dates, gives the shopper a coupon of the rule's batch, once per campaign. The orders
 * module tells of paid orders (`whenPaid`): the rules are looked at in memory on the payment's path;
 * a matching order queues a durable job in the payment's transaction (one per shopper and campaign,
 * by its dedupe key), and the job gives the coupon, so a batch that ran out never fails a payment.
 */
export class SpendAndGet {
  private readonly db: Db;
  private readonly coupons: Services['coupons'];
  private readonly jobs: JobRunner;
  private readonly now: () => Date;
  private rules: { at: number; list: Rule[] } | undefined;
  private refreshing: Promise<void> | undefined;

  constructor(db: Db, coupons: Services['coupons'], jobs: JobRunner, now: () => Date) {
    this.db = db;
    this.coupons = coupons;
    this.jobs = jobs;
    this.now = now;
  }

  /** Reads the rules of published campaigns not ended (at start, after staff save, every 30 s). */
  refresh(): Promise<void> {
    this.refreshing ??= this.db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.published, true), gt(campaigns.endsAt, this.now())))
      .then((rows) => {
        const list: Rule[] = [];
        for (const row of rows) {
          const block = spendAndGetOf(row.blocks);
          if (block)
            list.push({
              campaignId: row.id,
              startsAt: row.startsAt,
              endsAt: row.endsAt,
              thresholdCents: block.thresholdCents,
            });
        }
        this.rules = { at: Date.now(), list };
      })
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
  }

  private matching(order: PaidOrder): Rule[] {
    // Never waits on the database here (this runs on the payment's path, maybe in its transaction).
    if (!this.rules || Date.now() - this.rules.at > RULES_MS) void this.refresh().catch(() => {});
    return (this.rules?.list ?? []).filter((rule) => earns(rule, order));
  }

  listener(): PaidListener {
    return {
      wants: (order) => this.matching(order).length > 0,
      onPaid: async (order, tx) => {
        for (const rule of this.matching(order))
          await this.jobs.enqueue(
            SPEND_AND_GET_JOB,
            {
              campaignId: rule.campaignId,
              userId: order.userId,
              orderId: order.id,
              paidCents: order.paidCents,
              paidAt: order.paidAt.toISOString(),
            },
            { dedupeKey: `campaign-spend:${rule.campaignId}:${order.userId}` },
            tx,
          );
      },
    };
  }

  /** The job: gives the coupon once (the grant row's key), if the campaign still has the rule and the order earns it. */
  async grant(payload: Record<string, unknown>): Promise<boolean> {
    const campaignId = Number(payload.campaignId);
    const userId = String(payload.userId);
    const [row] = await this.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    const block = row && spendAndGetOf(row.blocks);
    if (!row?.published || !block) return false;
    const order = { paidCents: Number(payload.paidCents), paidAt: new Date(String(payload.paidAt)) };
    if (!earns({ campaignId, startsAt: row.startsAt, endsAt: row.endsAt, thresholdCents: block.thresholdCents }, order))
      return false;
    return this.db.transaction(async (tx) => {
      const [granted] = await tx
        .insert(campaignSpendGrants)
        .values({ campaignId, userId, orderId: String(payload.orderId) })
        .onConflictDoNothing()
        .returning();
      if (!granted) return false;
      try {
        const { coupon } = await tx.transaction((sp) => this.coupons.award(userId, block.batchId, 'spend-and-get', sp));
        await tx
          .update(campaignSpendGrants)
          .set({ couponId: coupon.id })
          .where(and(eq(campaignSpendGrants.campaignId, campaignId), eq(campaignSpendGrants.userId, userId)));
        return true;
      } catch (error) {
        // The batch had nothing left: the grant is kept without a coupon (the rule is spent for them).
        if (!(error instanceof AppError)) throw error;
        return false;
      }
    });
  }

  async view(row: Row, block: SpendBlock, userId: string | null, language: Language): Promise<SpendView> {
    const [[batch], grants] = await Promise.all([
      this.coupons.batchesByIds([block.batchId]),
      userId
        ? this.db
            .select({ couponId: campaignSpendGrants.couponId })
            .from(campaignSpendGrants)
            .where(and(eq(campaignSpendGrants.campaignId, row.id), eq(campaignSpendGrants.userId, userId)))
        : Promise.resolve(null),
    ]);
    return {
      type: 'spendAndGet',
      heading: block.heading[language],
      thresholdCents: block.thresholdCents,
      offer: batch
        ? {
            title: (batch.title as Localized)[language],
            discountCents: batch.discountCents,
            minSpendCents: batch.minSpendCents,
            validDays: batch.validDays,
          }
        : null,
      granted: grants === null ? null : grants.some((g) => g.couponId !== null),
    };
  }
}
