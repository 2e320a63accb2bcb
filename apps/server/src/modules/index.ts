import { bakongModule } from '../integrations/bakong/module.ts';
import { cardIssuerModule } from '../integrations/card-issuer/module.ts';
import { carrierModule } from '../integrations/carrier/module.ts';
import { lenderModule } from '../integrations/lender/module.ts';
import { overseasSourceModule } from '../integrations/overseas-source/module.ts';
import { smsModule } from '../integrations/sms/module.ts';
import { telegramModule } from '../integrations/telegram/module.ts';
import { topupProviderModule } from '../integrations/topup-provider/module.ts';
import { webPushModule } from '../integrations/webpush/module.ts';
import type { MigrationSet } from '../platform/migrate.ts';
import type { ShopModule } from '../platform/module.ts';
import { migrationsOf } from '../platform/paths.ts';
import { accountsModule } from './accounts/module.ts';
import { addressesModule } from './addresses/module.ts';
import { analyticsModule } from './analytics/module.ts';
import { bongloyModule } from './bongloy/module.ts';
import { campaignsModule } from './campaigns/module.ts';
import { catalogueModule } from './catalogue/module.ts';
import { contentModule } from './content/module.ts';
import { couponsModule } from './coupons/module.ts';
import { currencyModule } from './currency/module.ts';
import { favouritesModule } from './favourites/module.ts';
import { giftcardsModule } from './giftcards/module.ts';
import { invitationsModule } from './invitations/module.ts';
import { loansModule } from './loans/module.ts';
import { noticesModule } from './notices/module.ts';
import { notificationsModule } from './notifications/module.ts';
import { ordersModule } from './orders/module.ts';
import { overseasModule } from './overseas/module.ts';
import { partnersModule } from './partners/module.ts';
import { paymentsModule } from './payments/module.ts';
import { reconciliationModule } from './reconciliation/module.ts';
import { reviewsModule } from './reviews/module.ts';
import { staffModule } from './staff/module.ts';
import { systemModule } from './system/module.ts';
import { topupModule } from './topup/module.ts';
import { uploadsModule } from './uploads/module.ts';
import { valuationModule } from './valuation/module.ts';
import { walletModule } from './wallet/module.ts';

/**
 * Every module of the shop. Each declares itself in its folder's `module.ts` (docs/conventions.md,
 * "Adding a module"); this list is the only place that names them all. Their migrations are applied
 * in this order (keep a new module at the end); they start in the order of what they need
 * (`startOrder`, platform/module.ts).
 */
export const MODULES: readonly ShopModule[] = [
  systemModule,
  addressesModule,
  ordersModule,
  paymentsModule,
  smsModule,
  carrierModule,
  accountsModule,
  catalogueModule,
  walletModule,
  couponsModule,
  noticesModule,
  invitationsModule,
  reviewsModule,
  favouritesModule,
  staffModule,
  topupProviderModule,
  topupModule,
  giftcardsModule,
  valuationModule,
  contentModule,
  overseasSourceModule,
  overseasModule,
  lenderModule,
  loansModule,
  uploadsModule,
  cardIssuerModule,
  bongloyModule,
  campaignsModule,
  analyticsModule,
  partnersModule,
  bakongModule,
  reconciliationModule,
  telegramModule,
  webPushModule,
  notificationsModule,
  currencyModule,
];

export const PLATFORM_MIGRATIONS: MigrationSet = { name: 'platform', folder: migrationsOf('platform') };

export function migrationSets(): MigrationSet[] {
  return [
    PLATFORM_MIGRATIONS,
    ...MODULES.filter((m) => m.migrations).map((m) => ({ name: m.name, folder: m.migrations as string })),
  ];
}
