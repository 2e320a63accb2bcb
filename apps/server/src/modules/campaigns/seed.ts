import type { CampaignBlockInput } from '@shop/contracts';
import type { Services } from '../../platform/module.ts';
import { DEMO_CAMPAIGNS, DEMO_DRAW, DEMO_SPEND_AND_GET, HEADINGS } from './demo.ts';

const DAY_MS = 86_400_000;

/** A published demo campaign on every campaign route, with its own coupon batch (once: skipped when any campaign exists). */
export async function seedCampaigns(services: Services) {
  const { campaigns, catalogue, coupons } = services;
  if ((await campaigns.list()).length > 0) return;
  const [tags, activities] = await Promise.all([catalogue.tags('en-US'), catalogue.activities('en-US')]);
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  for (const [i, demo] of DEMO_CAMPAIGNS.entries()) {
    const startsAt = new Date(today.getTime() + demo.window.fromDays * DAY_MS);
    const endsAt = new Date(today.getTime() + demo.window.toDays * DAY_MS);
    const batch = await coupons.createBatch({
      slug: `campaign-${demo.route}`,
      title: demo.coupon.title,
      minSpendCents: demo.coupon.minSpendCents,
      discountCents: demo.coupon.discountCents,
      totalLimit: demo.coupon.total,
      perUserLimit: 1,
      staffId: 'system',
    });
    const source =
      demo.products === 'tag' ? tags[i % Math.max(tags.length, 1)] : activities[i % Math.max(activities.length, 1)];
    const activity = activities[i % Math.max(activities.length, 1)];
    const blocks: CampaignBlockInput[] = [
      { type: 'hero', imageUrl: activity?.imageUrl ?? null, caption: demo.caption },
      { type: 'countdown' },
      { type: 'coupons', batchIds: [batch.id], heading: HEADINGS.coupons },
      ...(source
        ? [
            {
              type: 'products' as const,
              source: demo.products,
              sourceId: source.id,
              heading: HEADINGS.products,
              limit: 6,
            },
          ]
        : []),
      ...(await extraBlocks(services, demo.route)),
      { type: 'rules', heading: HEADINGS.rules, text: demo.rules },
      { type: 'share' },
    ];
    const row = await campaigns.save(
      undefined,
      { route: demo.route, title: demo.title, blocks, startsAt, endsAt },
      null,
    );
    await campaigns.publish(row.id, true, null);
  }
}

/** The lucky draw and the spend-and-get rule of the campaigns that have one (demo.ts), with their batches. */
async function extraBlocks(services: Services, route: string): Promise<CampaignBlockInput[]> {
  const { coupons } = services;
  if (route === DEMO_DRAW.route) {
    const prizes = [];
    for (const [i, p] of DEMO_DRAW.prizes.entries()) {
      const batch = await coupons.createBatch({
        slug: `campaign-${route}-prize-${i + 1}`,
        title: p.title,
        minSpendCents: p.minSpendCents,
        discountCents: p.discountCents,
        totalLimit: p.stock,
        staffId: 'system',
      });
      prizes.push({ batchId: batch.id, stock: p.stock, weight: p.weight });
    }
    const { heading, drawsPerShopper, missWeight } = DEMO_DRAW;
    return [{ type: 'luckyDraw', heading, drawsPerShopper, missWeight, prizes }];
  }
  if (route === DEMO_SPEND_AND_GET.route) {
    const { coupon, heading, thresholdCents } = DEMO_SPEND_AND_GET;
    const batch = await coupons.createBatch({
      slug: `campaign-${route}-spend-and-get`,
      title: coupon.title,
      minSpendCents: coupon.minSpendCents,
      discountCents: coupon.discountCents,
      totalLimit: coupon.total,
      staffId: 'system',
    });
    return [{ type: 'spendAndGet', heading, thresholdCents, batchId: batch.id }];
  }
  return [];
}
