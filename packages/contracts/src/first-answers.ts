/**
 * The answers the server puts into a page with it (issue 24, docs/decisions/0016): keyed by the
 * call's path and query, without the session token and in sorted order, so the server's key and
 * the key of the call a screen then makes are the same.
 */
export const FIRST_ANSWERS_ELEMENT_ID = 'first-answers';

export function firstAnswerKey(path: string, params: Iterable<[string, string]>): string {
  const kept = [...params].filter(([name]) => name !== 'token').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = kept.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
  return query ? `${path}?${query}` : path;
}

/**
 * The attribute on the answers' element of a page made for a visitor that answered the screen's own
 * calls as that visitor (a top-up's operators, a campaign): a phone with a session uses none of them.
 */
export const FIRST_ANSWERS_VISITOR = 'data-visitor';

/**
 * The overseas channel the phone chose (spec §2's sort: 0 taobao, 1 alibaba), a cookie so that the
 * server draws the overseas home in it (decision 0055).
 */
export const HAITAO_CHANNEL_COOKIE = 'shop_haitao_channel';

/** The channel a cookie's value names (taobao unless it says alibaba). */
export const haitaoChannelOfSort = (sort: string | null | undefined) => (sort === '1' ? 'alibaba' : 'taobao');

/**
 * How the shopper wants prices shown (issue 47, web: shared/price/display.ts): `usd`, `usd-riel` or
 * `riel-first`, then `.khmr` for Khmer digits. A cookie, so that the server draws a page's prices as
 * the app then draws them, and puts the day's rate in the pages of a shopper who shows riel.
 */
export const PRICE_DISPLAY_COOKIE = 'shop_price_display';

/** Whether a price display cookie's value shows riel (anything but dollars only, the default). */
export const priceDisplayShowsRiel = (value: string | null | undefined) =>
  value != null && /^(usd-riel|riel-first)(\.khmr)?$/.test(value);
