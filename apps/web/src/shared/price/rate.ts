import { isValidKhrPerUsd, queryCurrencyRate } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, firstAnswerData } from '../api/index.ts';

/** Asked for again in the background after this long; the shown rate never waits for it. */
const RATE_FRESH_MS = 10 * 60_000;

/**
 * The rate riel prices are shown at (the currency module's public call, issue 47), or null (no rate yet, not asked for, or still on its way):
 * prices are then dollars only. Every page comes with the rate (the server's page shell), so a
 * screen's first paint and the app's first render show the same prices; later it is kept for the
 * visit and refreshed in the background (stale while revalidate). Asked for only when a screen
 * shows riel (`wanted`).
 */
export function useKhrPerUsd(wanted: boolean): number | null {
  const { data } = useQuery({
    queryKey: ['currency-rate'],
    queryFn: () => api.call(queryCurrencyRate, {}, { quiet: true }),
    initialData: () => firstAnswerData(queryCurrencyRate),
    staleTime: RATE_FRESH_MS,
    // Kept while no screen shows a price: the next one shows riel at once, not after a fetch.
    gcTime: Number.POSITIVE_INFINITY,
    enabled: wanted,
  });
  const rate = data?.khrPerUsd;
  return rate !== undefined && isValidKhrPerUsd(rate) ? rate : null;
}
