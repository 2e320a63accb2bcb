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
