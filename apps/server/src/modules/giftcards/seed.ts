import type { Services } from '../../platform/module.ts';

/**
 * Demo data only (never in production: `seedDemo` runs when DEMO_DATA is on): a batch whose numbers
 * and codes are printed in docs/giftcards.md, so a visitor can activate one. Idempotent by its name.
 */
export const DEMO_BATCH_NAME = 'Demo gift cards';
export const DEMO_GIFT_CARDS = [1, 2, 3, 4, 5].map((i) => ({
  number: `885520260000000${i}`,
  code: `2026000${i}`,
}));

export async function seedGiftCards(services: Services): Promise<void> {
  if (await services.giftcards.findBatchByName(DEMO_BATCH_NAME)) return;
  await services.giftcards.issue(
    {
      name: DEMO_BATCH_NAME,
      faceValueCents: 1000,
      count: DEMO_GIFT_CARDS.length,
      expiresAt: new Date(Date.now() + 5 * 365 * 24 * 3600_000).toISOString(),
      createdBy: 'demo',
    },
    DEMO_GIFT_CARDS,
  );
}
