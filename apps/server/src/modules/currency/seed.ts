import type { PlatformContext, Services } from '../../platform/module.ts';

/** The demo shop's rate, so `npm start` shows riel beside dollars (the NBC's rate was near 4,100 in 2025). */
export const DEMO_KHR_PER_USD = 4_100;

export async function seedCurrency(_ctx: PlatformContext, services: Services): Promise<void> {
  if (await services.currency.anySet()) return;
  await services.currency.set({
    khrPerUsd: DEMO_KHR_PER_USD,
    source: 'staff',
    setBy: 'system:demo',
    note: 'Demo data',
  });
}
