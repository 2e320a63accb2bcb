/**
 * The message bridge to the wallet app that hosts the shop in its web view (spec §1).
 *
 * Outgoing messages go to whichever channel the host offers: React Native's
 * `window.ReactNativeWebView.postMessage`, iOS WKWebView's `webkit.messageHandlers.shop`, or
 * `window.parent.postMessage` when the shop runs in a frame (the test host does this).
 * Incoming messages arrive as `message` events. Every message is `{ channel, id?, type, payload }`;
 * a reply carries the `id` of its request.
 */
export const BRIDGE_CHANNEL = 'angkormall-bridge';

export type BridgeMessage = { channel: typeof BRIDGE_CHANNEL; id?: string; type: string; payload?: unknown };

type NativeWindow = Window & {
  ReactNativeWebView?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: { shop?: { postMessage(message: unknown): void } } };
};

function hostTarget(win: NativeWindow): ((message: BridgeMessage) => void) | null {
  if (win.ReactNativeWebView) return (m) => win.ReactNativeWebView?.postMessage(JSON.stringify(m));
  const ios = win.webkit?.messageHandlers?.shop;
  if (ios) return (m) => ios.postMessage(m);
  if (win.parent && win.parent !== win) {
    // Only the page that framed us may read what we send: its origin comes from the referrer.
    const origin = document.referrer ? new URL(document.referrer).origin : '*';
    return (m) => win.parent.postMessage(m, origin);
  }
  return null;
}

function parse(data: unknown): BridgeMessage | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const message = value as BridgeMessage;
  return message.channel === BRIDGE_CHANNEL && typeof message.type === 'string' ? message : null;
}

export function createBridge(win: NativeWindow = window) {
  const pending = new Map<string, { resolve(value: unknown): void; reject(error: Error): void }>();
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  let counter = 0;

  win.addEventListener('message', (event: MessageEvent) => {
    // In a frame, only the framing page may speak to us.
    if (win.parent !== win && event.source && event.source !== win.parent) return;
    const message = parse(event.data);
    if (!message) return;
    if (message.id && pending.has(message.id)) {
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      waiter?.resolve(message.payload);
      return;
    }
    for (const handler of handlers.get(message.type) ?? []) handler(message.payload);
  });

  return {
    /** Whether a host app is listening at all. */
    inHost: () => hostTarget(win) !== null,
    send(type: string, payload?: unknown) {
      hostTarget(win)?.({ channel: BRIDGE_CHANNEL, type, payload });
    },
    /** Sends a request and waits for the host's reply with the same id. */
    request<T = unknown>(type: string, payload?: unknown, timeoutMs = 30_000): Promise<T> {
      const target = hostTarget(win);
      if (!target) return Promise.reject(new Error('no host app'));
      counter += 1;
      const id = `${Date.now().toString(36)}-${counter}`;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`host did not answer ${type}`));
        }, timeoutMs);
        pending.set(id, {
          resolve: (value) => {
            clearTimeout(timer);
            resolve(value as T);
          },
          reject,
        });
        target({ channel: BRIDGE_CHANNEL, id, type, payload });
      });
    },
    on(type: string, handler: (payload: unknown) => void) {
      const set = handlers.get(type) ?? new Set();
      set.add(handler);
      handlers.set(type, set);
      return () => set.delete(handler);
    },
  };
}

export type Bridge = ReturnType<typeof createBridge>;

/** Outside a browser (the server's first paint, src/paint.tsx) there is no host app. */
function windowWithoutHost(): NativeWindow {
  const win = { addEventListener() {} } as unknown as NativeWindow & { parent: NativeWindow };
  win.parent = win;
  return win;
}

let instance: Bridge | undefined;
export function bridge(): Bridge {
  instance ??= createBridge(typeof window === 'undefined' ? windowWithoutHost() : window);
  return instance;
}

/**
 * The calls the shop makes over the bridge, for the diagnostics page (/h5/test) and their users:
 * `request` waits for the host's answer, `send` expects none. `sample` is what the diagnostics
 * page sends.
 */
export const BRIDGE_CALLS = [
  { type: 'host.info', kind: 'request', sample: {}, usedBy: 'diagnostics: app version, language' },
  {
    type: 'shop.share',
    kind: 'request',
    sample: { title: 'Angkor Mall', url: '/h5/' },
    usedBy: 'share buttons (campaigns, prepaid card)',
  },
  { type: 'wallet.pay', kind: 'request', sample: { test: true }, usedBy: 'cashier: pay in the wallet app' },
  { type: 'shop.page', kind: 'send', sample: { path: '/h5/test' }, usedBy: 'every page change' },
] as const;

/** What the host says of itself (`host.info`): its version and language. */
export type HostInfo = { appVersion?: string; language?: string; platform?: string };
