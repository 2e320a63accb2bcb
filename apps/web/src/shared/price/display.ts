import { PRICE_DISPLAY_COOKIE, PRICE_DISPLAY_MODES, type PriceDisplayMode } from '@shop/contracts';
import { useSyncExternalStore } from 'react';
import { getCookie, setCookie } from '../navigation/cookies.ts';

/**
 * How the shopper wants prices shown (issue 47, decision 0080): dollars only, dollars with riel, or
 * riel first; and, in kh, Khmer digits. Kept on the phone in a cookie, as the language is: the
 * server's first paint of a screen (src/paint.tsx) reads the page request's cookies, so it draws
 * the prices as the app then draws them over it (the same text, no shift).
 */
export { PRICE_DISPLAY_COOKIE };

export type PriceDisplay = { mode: PriceDisplayMode; khmerDigits: boolean };

/** Today's look: the shop's prices in dollars, western digits. */
export const DEFAULT_PRICE_DISPLAY: PriceDisplay = { mode: 'usd', khmerDigits: false };

/** The cookie's value: the mode, then `.khmr` when Khmer digits are chosen ("riel-first.khmr"). */
export function encodePriceDisplay({ mode, khmerDigits }: PriceDisplay): string {
  return khmerDigits ? `${mode}.khmr` : mode;
}

/** What a cookie's value says; anything else (none, an old or altered value) is the default. */
export function decodePriceDisplay(value: string | undefined): PriceDisplay {
  const [mode, digits, ...rest] = (value ?? '').split('.');
  const known = (PRICE_DISPLAY_MODES as readonly string[]).includes(mode) && (digits ?? 'khmr') === 'khmr';
  if (!known || rest.length > 0) return DEFAULT_PRICE_DISPLAY;
  return { mode: mode as PriceDisplayMode, khmerDigits: digits === 'khmr' };
}

const listeners = new Set<() => void>();
/** The phone's choice, read once; on the server read per page (its cookies change per request). */
let current: PriceDisplay | undefined;
let currentValue: string | undefined;

/** The choice as the cookie says it now (the same object while the cookie is the same). */
export function readPriceDisplay(): PriceDisplay {
  const value = getCookie(PRICE_DISPLAY_COOKIE);
  if (current === undefined || value !== currentValue) {
    current = decodePriceDisplay(value);
    currentValue = value;
  }
  return current;
}

export function setPriceDisplay(display: PriceDisplay) {
  setCookie(PRICE_DISPLAY_COOKIE, encodePriceDisplay(display));
  // Kept in memory too: a frame that denies cookies still shows the choice for the visit.
  current = display;
  currentValue = getCookie(PRICE_DISPLAY_COOKIE);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The shopper's price display, following a change made in Settings on every screen at once. */
export function usePriceDisplay(): PriceDisplay {
  return useSyncExternalStore(subscribe, readPriceDisplay, readPriceDisplay);
}
