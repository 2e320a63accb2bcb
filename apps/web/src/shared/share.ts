import { type Bridge, bridge } from './bridge/bridge.ts';

export type ShareOutcome = 'shared' | 'copied' | 'cancelled';

/**
 * Shares a link the way the place the shop runs in allows: inside the wallet app through its bridge
 * (`shop.share`, the app's own share sheet), in a phone browser through Web Share, elsewhere by
 * copying the link. A person closing the share sheet is 'cancelled', not a failure; anything else
 * that goes wrong throws, for the caller's "share failed" message.
 */
export async function shareLink(
  link: { title: string; text?: string; url: string },
  env: { host?: Bridge; nav?: Navigator } = {},
): Promise<ShareOutcome> {
  const host = env.host ?? bridge();
  const nav = env.nav ?? navigator;
  try {
    if (host.inHost()) {
      await host.request('shop.share', link, 60_000);
      return 'shared';
    }
    if (typeof nav.share === 'function') {
      await nav.share(link);
      return 'shared';
    }
  } catch (error) {
    if ((error as Error).name === 'AbortError') return 'cancelled';
    throw error;
  }
  const { text, url } = link;
  await nav.clipboard.writeText(!text ? url : text.includes(url) ? text : `${text} ${url}`);
  return 'copied';
}
