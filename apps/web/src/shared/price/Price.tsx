import { formatPrice, formatRiel, normalizeLanguage, PRICE_PAIR_SEPARATOR, RIEL_NOTE } from '@shop/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePriceDisplay } from './display.ts';
import { useKhrPerUsd } from './rate.ts';

/** A USD amount (integer cents) as the shopper chose to see prices, e.g. "$3.90 · ៛16,000". */
export type PriceFormat = ((cents: number) => string) & {
  /** Riel is shown beside dollars (a riel display chosen, and a rate to show it at). */
  showsRiel: boolean;
  /** The rate riel is shown at, or null. */
  khrPerUsd: number | null;
  /** A USD amount in dollars alone, in the shopper's digits (where dollars are named as such). */
  dollars: (cents: number) => string;
  /** A riel amount already made (a KHQR code's locked amount, a rate), in the shopper's digits. */
  riel: (riel: number) => string;
  /**
   * An amount already paid: a payment in riel shows the riel it moved (locked with the payment, never
   * today's) beside its dollars, whatever the display (riel first when chosen); in USD, as a price.
   */
  paid: (cents: number, locked: { amountRiel: number } | null | undefined) => string;
};

/**
 * The one way a screen shows a price or an amount to a shopper (issue 47): dollars only, dollars
 * with riel, or riel first, at the day's rate, riel rounded to the 100-riel note
 * (packages/contracts/src/riel.ts, formatPrice); Khmer digits when chosen and the page is in kh.
 * Without a rate, dollars only.
 */
export function usePriceFormat(): PriceFormat {
  const { mode, khmerDigits } = usePriceDisplay();
  const { i18n } = useTranslation();
  const kh = normalizeLanguage(i18n.language) === 'kh';
  const khrPerUsd = useKhrPerUsd(mode !== 'usd');
  return useMemo(() => {
    const options = { mode, khrPerUsd, khmerDigits: kh && khmerDigits };
    const format = (cents: number) => formatPrice(cents, options);
    const dollars = (cents: number) => formatPrice(cents, { mode: 'usd', khmerDigits: options.khmerDigits });
    const riel = (amount: number) => formatRiel(amount, { khmerDigits: options.khmerDigits });
    const paid = (cents: number, locked: { amountRiel: number } | null | undefined) =>
      !locked
        ? format(cents)
        : mode === 'riel-first'
          ? `${riel(locked.amountRiel)}${PRICE_PAIR_SEPARATOR}${dollars(cents)}`
          : `${dollars(cents)}${PRICE_PAIR_SEPARATOR}${riel(locked.amountRiel)}`;
    return Object.assign(format, {
      showsRiel: mode !== 'usd' && khrPerUsd !== null,
      khrPerUsd,
      dollars,
      riel,
      paid,
    });
  }, [mode, khrPerUsd, kh, khmerDigits]);
}

/**
 * "Riel rounded to the nearest ៛100": said where a shopper pays (the order's confirmation, the
 * cashier), when riel is shown.
 */
export function RielRoundingRule() {
  const { t } = useTranslation();
  const price = usePriceFormat();
  if (!price.showsRiel) return null;
  return (
    <p className="price-rule" data-testid="riel-rule">
      {t('price.rielRounded', { note: price.riel(RIEL_NOTE) })}
    </p>
  );
}
