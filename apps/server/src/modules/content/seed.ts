import { abaMiniOffers, emoneyActivity, smartVip } from './demo/partner-pages.ts';
import { abaAdvance, alipayRemittance, upiCashback } from './demo/payment-pages.ts';
import { usageGuide } from './demo/usage-guide.ts';
import type { ContentService } from './service.ts';

/** The shop's own pages (`page.<route>`), one per content route of the route table. */
export const SHOP_PAGES = {
  'page.uageGuide': usageGuide,
  'page.UPIcashback': upiCashback,
  'page.alipayRemittance': alipayRemittance,
  'page.abvance': abaAdvance,
  'page.smartVIP': smartVip,
  'page.abaminiPreferential': abaMiniOffers,
  'page.emoneyActivity': emoneyActivity,
};

/** The shop's demo documents (idempotent: a key staff already wrote is kept). */
export async function seedContent(content: ContentService) {
  for (const [key, text] of Object.entries(SHOP_PAGES)) await content.provide(key, text);
}
