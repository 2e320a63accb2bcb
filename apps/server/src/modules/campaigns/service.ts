import { randomBytes } from 'node:crypto';
import type { CampaignBlockInput, CampaignBlockView, CampaignPage, CampaignRoute, Language } from '@shop/contracts';
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import type { Services } from '../../platform/module.ts';
import { LuckyDraws, luckyDrawOf } from './draws.ts';
import { SpendAndGet } from './spend-and-get.ts';
import { campaigns } from './tables.ts';

type Row = typeof campaigns.$inferSelect;
type Needed = Pick<Services, 'catalogue' | 'coupons' | 'content'>;
export type CampaignInput = {
  route: CampaignRoute;
  title: Row['title'];
  blocks: CampaignBlockInput[];
  startsAt: Date;
  endsAt: Date;
};

/** Where a campaign stands at `now`. */
export function stateAt(row: Pick<Row, 'startsAt' | 'endsAt'>, now: Date): CampaignPage['state'] {
  if (now < row.startsAt) return 'upcoming';
  return now < row.endsAt ? 'running' : 'ended';
}

/**
 * Campaign pages (docs/campaigns.md): staff build them from blocks and bind each to a campaign
 * route; a route shows its running campaign, else the next one to start, else the last one ended.
 */
export class CampaignService {
  private readonly db: Db;
  private readonly needed: Needed;
  private readonly draws: LuckyDraws;
  readonly spendAndGet: SpendAndGet;
  now: () => Date = () => new Date();

  constructor(db: Db, needed: Needed, jobs: JobRunner) {
    this.db = db;
    this.needed = needed;
    this.draws = new LuckyDraws(db, needed.coupons);
    this.spendAndGet = new SpendAndGet(db, needed.coupons, jobs, () => this.now());
  }

  /** The published campaign a route shows now (running, else next, else last), or the previewed one. */
  async forRoute(route: CampaignRoute, preview: string | undefined): Promise<Row> {
    if (preview) {
      const [row] = await this.db
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.previewToken, preview), eq(campaigns.route, route)));
      if (row) return row;
    }
    const now = this.now();
    const published = and(eq(campaigns.route, route), eq(campaigns.published, true));
    const [running] = await this.db
      .select()
      .from(campaigns)
      .where(and(published, lte(campaigns.startsAt, now), gt(campaigns.endsAt, now)))
      .orderBy(desc(campaigns.startsAt))
      .limit(1);
    if (running) return running;
    const [next] = await this.db
      .select()
      .from(campaigns)
      .where(and(published, gt(campaigns.startsAt, now)))
      .orderBy(campaigns.startsAt)
      .limit(1);
    if (next) return next;
    const [last] = await this.db
      .select()
      .from(campaigns)
      .where(and(published, lte(campaigns.endsAt, now)))
      .orderBy(desc(campaigns.endsAt))
      .limit(1);
    if (last) return last;
    throw new AppError('CMP00001');
  }

  async page(
    route: CampaignRoute,
    preview: string | undefined,
    userId: string | null,
    language: Language,
  ): Promise<CampaignPage> {
    const row = await this.forRoute(route, preview);
    const previewing = Boolean(preview) && row.previewToken === preview;
    const state = stateAt(row, this.now());
    // Before the start the page says when (hero, countdown); after the end it says it has ended.
    const shown =
      previewing || state === 'running'
        ? row.blocks
        : state === 'upcoming'
          ? row.blocks.filter((b) => b.type === 'hero' || b.type === 'countdown')
          : [];
    const blocks: CampaignBlockView[] = [];
    for (const block of shown) blocks.push(await this.view(row, block, userId, language));
    return {
      campaignId: row.id,
      route: row.route,
      state,
      preview: previewing,
      title: row.title[language],
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      blocks,
    };
  }

  private async view(
    row: Row,
    block: CampaignBlockInput,
    userId: string | null,
    language: Language,
  ): Promise<CampaignBlockView> {
    switch (block.type) {
      case 'hero':
        return { type: 'hero', imageUrl: block.imageUrl, caption: block.caption[language] };
      case 'products': {
        const { catalogue } = this.needed;
        const list = await (block.source === 'tag'
          ? catalogue.tagProducts(block.sourceId, 'sales', 1, block.limit, language)
          : catalogue.activityProducts(block.sourceId, 'sales', 1, block.limit, language)
        ).catch((error) => {
          // A tag switched off or an activity over: the block shows nothing rather than failing the page.
          if (error instanceof AppError) return { list: [] };
          throw error;
        });
        // The list is titled by where the shopper came from: the campaign's title, carried in the link.
        const name = encodeURIComponent(row.title[language]);
        const more =
          block.source === 'tag'
            ? `/tagProductList?tagId=${block.sourceId}&name=${name}`
            : `/activityProductList?activityId=${block.sourceId}&name=${name}`;
        return { type: 'products', heading: block.heading[language], more, list: list.list };
      }
      case 'coupons':
        return {
          type: 'coupons',
          heading: block.heading[language],
          offers: await this.needed.coupons.offersOf(block.batchIds, userId, language),
        };
      case 'rules':
        return {
          type: 'rules',
          heading: block.heading[language],
          html: this.needed.content.preview(block.text[language]),
        };
      case 'luckyDraw':
        return this.draws.view(row, block, userId, language);
      case 'spendAndGet':
        return this.spendAndGet.view(row, block, userId, language);
      default:
        return { type: block.type };
    }
  }

  /** A published campaign that is running now (CMP00006, CMP00002, CMP00003 otherwise). */
  private async running(campaignId: number): Promise<Row> {
    const [row] = await this.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    if (!row?.published) throw new AppError('CMP00006');
    const state = stateAt(row, this.now());
    if (state === 'upcoming') throw new AppError('CMP00002');
    if (state === 'ended') throw new AppError('CMP00003');
    return row;
  }

  /** A shopper draws in a running campaign's lucky draw (draws.ts). */
  async draw(userId: string, campaignId: number, language: Language) {
    const row = await this.running(campaignId);
    const block = luckyDrawOf(row.blocks);
    if (!block) throw new AppError('CMP00008');
    return this.draws.draw(row, block, userId, language);
  }

  /** A shopper claims a coupon of a running, published campaign that offers it. */
  async claim(userId: string, campaignId: number, batchId: number) {
    const row = await this.running(campaignId);
    const offered = row.blocks.some((b) => b.type === 'coupons' && b.batchIds.includes(batchId));
    if (!offered) throw new AppError('CMP00004');
    return this.needed.coupons.claimOnce(userId, batchId);
  }

  // ------------------------------------------------------------------ staff

  async list(): Promise<Row[]> {
    return this.db.select().from(campaigns).orderBy(desc(campaigns.startsAt), desc(campaigns.id));
  }

  async get(id: number): Promise<Row | undefined> {
    const [row] = await this.db.select().from(campaigns).where(eq(campaigns.id, id));
    return row;
  }

  private async check(input: CampaignInput) {
    if (input.endsAt <= input.startsAt) throw new AppError('CMP00005');
    const count = (type: CampaignBlockInput['type']) => input.blocks.filter((b) => b.type === type).length;
    const prizes = luckyDrawOf(input.blocks)?.prizes.map((p) => p.batchId) ?? [];
    if (count('luckyDraw') > 1 || count('spendAndGet') > 1 || new Set(prizes).size !== prizes.length)
      throw new AppError('CMP00010');
    const batchIds = input.blocks.flatMap((b) =>
      b.type === 'coupons' ? b.batchIds : b.type === 'spendAndGet' ? [b.batchId] : [],
    );
    if (!(await this.needed.coupons.batchesExist([...batchIds, ...prizes]))) throw new AppError('CMP00007');
  }

  async save(id: number | undefined, input: CampaignInput, by: string | null): Promise<Row> {
    await this.check(input);
    const values = { ...input, updatedBy: by, updatedAt: new Date() };
    const row = await this.db.transaction(async (tx) => {
      const [saved] =
        id === undefined
          ? await tx
              .insert(campaigns)
              .values({ ...values, previewToken: randomBytes(18).toString('base64url') })
              .returning()
          : await tx.update(campaigns).set(values).where(eq(campaigns.id, id)).returning();
      if (!saved) throw new AppError('CMP00006');
      await this.draws.syncStock(saved.id, saved.blocks, tx);
      return saved;
    });
    await this.spendAndGet.refresh();
    return row;
  }

  async publish(id: number, published: boolean, by: string | null): Promise<Row> {
    const [row] = await this.db
      .update(campaigns)
      .set({ published, updatedBy: by, updatedAt: new Date() })
      .where(eq(campaigns.id, id))
      .returning();
    if (!row) throw new AppError('CMP00006');
    await this.spendAndGet.refresh();
    return row;
  }
}
