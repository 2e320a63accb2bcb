import type { PlatformContext, Services } from '../index.ts';
import { REVIEW_TEXTS } from '../catalogue/demo-data.ts';
import { random } from '../catalogue/seed.ts';
import { reviews } from './tables.ts';

/** Reviews of earlier (demo) orders, so product pages of the demo shop have something to read. */
export async function seedReviews(ctx: PlatformContext, services: Services): Promise<void> {
  if ((await ctx.db.$count(reviews)) > 0) return;
  const rnd = random(7);
  const total = await services.catalogue.countProducts();
  let order = 900_000;
  for (let productId = 1; productId <= total; productId++) {
    const n = productId % 4 === 0 ? 0 : rnd.int(1, 5);
    if (n === 0) continue;
    const detail = await services.catalogue.productDetail({ productId }, 'en-US').catch(() => null);
    if (!detail || detail.items.length === 0) continue;
    for (let k = 0; k < n; k++) {
      const item = detail.items[k % detail.items.length];
      const text = REVIEW_TEXTS[rnd.int(0, REVIEW_TEXTS.length - 1)];
      const stars = rnd.next() < 0.75 ? 5 : rnd.int(2, 4);
      await services.reviews.add({
        orderId: order++,
        userId: `demo-${rnd.int(10, 99)}`,
        productId,
        skuId: item.productItemId,
        // Reviewers write in their own language.
        text: [text['en-US'], text.chs, text.kh][k % 3],
        stars,
        packaging: Math.min(5, stars + rnd.int(0, 1)),
        speed: Math.max(1, stars - rnd.int(0, 1)),
      });
    }
  }
}
