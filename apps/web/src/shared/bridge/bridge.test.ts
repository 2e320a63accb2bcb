import { describe, expect, it } from 'vitest';
import { BRIDGE_CHANNEL, createBridge } from './bridge.ts';

/** A stand-in for the web view's window: what the shop posts is captured, replies are dispatched. */
function fakeWindow(kind: 'react-native' | 'none') {
  const sent: unknown[] = [];
  const listeners: ((event: MessageEvent) => void)[] = [];
  const win: any = {
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.push(listener),
  };
  win.parent = win;
  if (kind === 'react-native') win.ReactNativeWebView = { postMessage: (m: string) => sent.push(JSON.parse(m)) };
  const deliver = (data: unknown) => {
    for (const listener of listeners) listener({ data, source: null } as unknown as MessageEvent);
  };
  return { win, sent, deliver };
}

describe('the wallet-app bridge', () => {
  it('knows when no host listens', async () => {
    const { win } = fakeWindow('none');
    const bridge = createBridge(win);
    expect(bridge.inHost()).toBe(false);
    await expect(bridge.request('pay')).rejects.toThrow('no host app');
  });

  it('sends requests to a React Native host and resolves with the reply of the same id', async () => {
    const { win, sent, deliver } = fakeWindow('react-native');
    const bridge = createBridge(win);
    const answer = bridge.request<{ status_code: number }>('wallet.pay', { orderId: 'A1' });
    const request = sent[0] as { id: string; type: string; channel: string };
    expect(request).toMatchObject({ channel: BRIDGE_CHANNEL, type: 'wallet.pay', payload: { orderId: 'A1' } });
    deliver(JSON.stringify({ channel: BRIDGE_CHANNEL, id: 'other', type: 'x', payload: {} }));
    deliver({ channel: BRIDGE_CHANNEL, id: request.id, type: 'wallet.pay.result', payload: { status_code: 200 } });
    await expect(answer).resolves.toEqual({ status_code: 200 });
  });

  it('passes host events to their handlers and ignores foreign messages', () => {
    const { win, deliver } = fakeWindow('react-native');
    const bridge = createBridge(win);
    const got: unknown[] = [];
    bridge.on('host.language', (payload) => got.push(payload));
    deliver({ channel: 'someone-else', type: 'host.language', payload: 'chs' });
    deliver('not json');
    deliver({ channel: BRIDGE_CHANNEL, type: 'host.language', payload: 'kh' });
    expect(got).toEqual(['kh']);
  });

  it('gives up on a host that never answers', async () => {
    const { win } = fakeWindow('react-native');
    await expect(createBridge(win).request('slow', {}, 10)).rejects.toThrow('host did not answer slow');
  });
});
