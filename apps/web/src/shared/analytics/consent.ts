import { local } from '../storage.ts';

/**
 * The visitor's answer to the analytics question (docs/analytics.md), remembered on this device:
 * nothing goes to the third-party service before `granted`. A browser that sends Do Not Track has
 * answered already (`denied`, never asked).
 */
export type Consent = 'granted' | 'denied';
const KEY = 'shop.analyticsConsent';

export function storedConsent(): Consent | null {
  if (typeof navigator !== 'undefined' && navigator.doNotTrack === '1') return 'denied';
  const value = local.getItem(KEY);
  return value === 'granted' || value === 'denied' ? value : null;
}

export function storeConsent(consent: Consent) {
  local.setItem(KEY, consent);
}
