import { defineCall, isValidKhrPerUsd, z } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, firstAnswerData } from '../api/index.ts';

/**
 * The day's riel rate as the shop publishes it (issue 47, `GET /v1/currency/rate`, the currency
 * module's public call): whole riel per US dollar, when staff set it and from where; null before
 * any rate was set.
 * TODO(rielpay merge): this definition is the shape agreed with the server's side; it is replaced by
 * the contract's own (packages/contracts/src/calls/) when that lands on this branch.
 */
export const getCurrencyRate = defineCall({
  method: 'GET',
  path: '/v1/currency/rate',
  auth: 'none',
  summary: "The day's KHR per USD rate",
  tag: 'currency',
  data: z.nullable(z.object({ khrPerUsd: z.number(), asOf: z.string(), source: z.enum(['staff', 'nbc']) })),
});

/** Asked for again in the background after this long; the shown rate never waits for it. */
const RATE_FRESH_MS = 10 * 60_000;

/**
 * The rate riel prices are shown at, or null (no rate yet, not asked for, or still on its way):
 * prices are then dollars only. Every page comes with the rate (the server's page shell), so a
 * screen's first paint and the app's first render show the same prices; later it is kept for the
 * visit and refreshed in the background (stale while revalidate). Asked for only when a screen
 * shows riel (`wanted`).
 */
export function useKhrPerUsd(wanted: boolean): number | null {
  const { data } = useQuery({
    queryKey: ['currency-rate'],
    queryFn: () => api.call(getCurrencyRate, {}, { quiet: true }),
    initialData: () => firstAnswerData(getCurrencyRate),
    staleTime: RATE_FRESH_MS,
    // Kept while no screen shows a price: the next one shows riel at once, not after a fetch.
    gcTime: Number.POSITIVE_INFINITY,
    enabled: wanted,
  });
  const rate = data?.khrPerUsd;
  return rate !== undefined && isValidKhrPerUsd(rate) ? rate : null;
}
