import type { ContactChannel, SystemConfig } from '@shop/contracts';

/**
 * The constants of spec §9 as first written to a new database. Operators change the stored rows;
 * these values only fill keys that are missing.
 */
export const DEFAULT_SETTINGS: SystemConfig = {
  appName: 'Angkor Mall',
  defaultLanguage: 'en-US',
  languages: ['en-US', 'chs', 'kh'],
  currency: 'USD',
  phoneCodes: ['+855', '+86'],
  supportHours: { days: [1, 2, 3, 4, 5, 6], open: '08:00', close: '21:00', timeZone: 'Asia/Phnom_Penh' },
  storeHours: { days: [1, 2, 3, 4, 5, 6, 7], open: '08:30', close: '18:00', timeZone: 'Asia/Phnom_Penh' },
  valuationSlotMinutes: 60,
  valuationSlotCapacity: 3,
  pickupHoldDays: 7,
  shippingFromCents: 100,
  minTopUpCents: 100,
  // The spec names these as parameters without values; these are our starting values.
  withdrawalMinCents: 500,
  cardPerPersonLimit: 2,
  domesticDeliveryDays: { min: 1, max: 2 },
  overseasDeliveryDays: { min: 7, max: 12 },
  landFreightDays: { min: 7, max: 9 },
  smsCodeLength: 4,
  smsResendSeconds: 60,
  payPasswordLength: 6,
  loadingTimeoutMs: 120_000,
  doubleTapMs: 300,
  deepLinkScheme: 'angkormall',
  // The wallet app's store pages; operators put the published app's addresses here (console › Settings).
  walletAppLinks: {
    appStore: 'https://apps.apple.com/kh/app/angkor-mall-wallet/id6451234567',
    googlePlay: 'https://play.google.com/store/apps/details?id=kh.com.angkormall.wallet',
  },
};

export const DEFAULT_CHANNELS: Omit<ContactChannel, 'href'>[] = [
  { kind: 'phone', value: '+855 23 900 888' },
  { kind: 'telegram', value: 'angkormall_support' },
  { kind: 'email', value: 'support@angkormall.com.kh' },
];
