/** The tab of every state in a console list. */
export const ALL = 'all';

/** Rows of the search in a tab: its state's count, or every count for the tab of every state. */
export function tabCount(counts: Record<string, number> | undefined, key: string): number | undefined {
  if (!counts) return undefined;
  return key === ALL ? Object.values(counts).reduce((a, b) => a + b, 0) : (counts[key] ?? 0);
}

/**
 * The tab a list shows before staff pick one: the current one if it has rows of the search, else
 * the first that has (a list never opens on an empty tab while another has rows).
 */
export function tabToShow(
  tabs: readonly string[],
  counts: Record<string, number> | undefined,
  current: string,
): string {
  if (!counts || (tabCount(counts, current) ?? 0) > 0) return current;
  return tabs.find((k) => (tabCount(counts, k) ?? 0) > 0) ?? current;
}
