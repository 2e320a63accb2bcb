import type { PlatformContext, Services } from '../../platform/module.ts';
import { REVIEW_TEXTS, random } from '../catalogue/public.ts';
import { reviews } from './tables.ts';

/** Reviews of earlier (demo) orders, so product pages of the demo shop have something to read. */
export async function seedReviews(ctx: PlatformContext, services: Services): Promise<void> {
  if ((await ctx.db.$count(reviews)) > 0) return;
  const rnd = random(7);
  const productIds = await services.catalogue.productIds();
  const itemsOf = await services.catalogue.itemIdsOf(productIds);
  const rows: (typeof reviews.$inferInsert)[] = [];
  let order = 900_000;
  for (const productId of productIds) {
    const skuIds = itemsOf.get(productId) ?? [];
    const n = productId % 4 === 0 || skuIds.length === 0 ? 0 : rnd.int(1, 5);
    for (let k = 0; k < n; k++) {
      const text = REVIEW_TEXTS[rnd.int(0, REVIEW_TEXTS.length - 1)];
      const stars = rnd.next() < 0.75 ? 5 : rnd.int(2, 4);
      rows.push({
        // Demo reviews stand for orders placed before this shop's history begins.
        orderId: `demo-order-${order++}`,
        userId: `demo-${rnd.int(10, 99)}`,
        productId,
        skuId: skuIds[k % skuIds.length],
        // Reviewers write in their own language.
        text: [text['en-US'], text.chs, text.kh][k % 3],
        stars,
        packaging: Math.min(5, stars + rnd.int(0, 1)),
        speed: Math.max(1, stars - rnd.int(0, 1)),
        createdAt: new Date(Date.now() - rnd.int(1, 90) * 24 * 3600_000),
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500) await ctx.db.insert(reviews).values(rows.slice(i, i + 500));
}
