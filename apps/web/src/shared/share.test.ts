import { describe, expect, it } from 'vitest';
import type { Bridge } from './bridge/bridge.ts';
import { shareLink } from './share.ts';

const link = { title: 'Bongloy', text: 'Get the card', url: 'https://shop.example/h5/download/bongloy' };

function host(inHost: boolean, answer: () => Promise<unknown> = async () => ({ shared: true })) {
  const asked: { type: string; payload: unknown }[] = [];
  const bridge = {
    inHost: () => inHost,
    request: async (type: string, payload: unknown) => {
      asked.push({ type, payload });
      return answer();
    },
  } as unknown as Bridge;
  return { bridge, asked };
}

function nav(options: { share?: (data: ShareData) => Promise<void> }) {
  const copied: string[] = [];
  const shared: ShareData[] = [];
  const value = {
    share: options.share
      ? async (data: ShareData) => {
          shared.push(data);
          await options.share?.(data);
        }
      : undefined,
    clipboard: { writeText: async (text: string) => void copied.push(text) },
  } as unknown as Navigator;
  return { value, copied, shared };
}

describe('shareLink', () => {
  it('inside the wallet app asks the app (shop.share), not the browser', async () => {
    const h = host(true);
    const n = nav({ share: async () => {} });
    expect(await shareLink(link, { host: h.bridge, nav: n.value })).toBe('shared');
    expect(h.asked).toEqual([{ type: 'shop.share', payload: link }]);
    expect(n.shared).toEqual([]);
  });

  it('in a phone browser uses Web Share; closing the sheet is no failure', async () => {
    const n = nav({ share: async () => {} });
    expect(await shareLink(link, { host: host(false).bridge, nav: n.value })).toBe('shared');
    expect(n.shared).toEqual([link]);
    const closed = nav({
      share: async () => {
        throw Object.assign(new Error('closed'), { name: 'AbortError' });
      },
    });
    expect(await shareLink(link, { host: host(false).bridge, nav: closed.value })).toBe('cancelled');
  });

  it('copies the text and link where nothing can share, without the link twice', async () => {
    const n = nav({});
    expect(await shareLink(link, { host: host(false).bridge, nav: n.value })).toBe('copied');
    expect(await shareLink({ title: 't', url: link.url }, { host: host(false).bridge, nav: n.value })).toBe('copied');
    expect(
      await shareLink(
        { title: 't', text: `Join: ${link.url}`, url: link.url },
        { host: host(false).bridge, nav: n.value },
      ),
    ).toBe('copied');
    expect(n.copied).toEqual([`Get the card ${link.url}`, link.url, `Join: ${link.url}`]);
  });

  it('throws when the app or the browser fails, for the caller to say so', async () => {
    const failing = host(true, async () => {
      throw new Error('host did not answer shop.share');
    });
    await expect(shareLink(link, { host: failing.bridge, nav: nav({}).value })).rejects.toThrow('did not answer');
  });
});
