import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { webPushRoutes } from './routes.ts';
import { PUSH_SIM_BASE, PushSimulator } from './simulator.ts';

declare module '../../platform/module.ts' {
  interface Services {
    webPush: WebPushService;
  }
}

export type PushSubscriptionKeys = { endpoint: string; keys: { p256dh: string; auth: string } };
/** What the push service answered: 201 sent; 404/410 the subscription is gone; 429 with Retry-After. */
export type PushAnswer = { status: number; retryAfterSeconds: number | null; location: string };
export type PushTransport = (
  url: string,
  init: { headers: Record<string, string>; body: Buffer },
) => Promise<{ status: number; headers: Record<string, string | undefined> }>;

const fetchTransport: PushTransport = async (url, init) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: init.headers,
    body: new Uint8Array(init.body),
    signal: AbortSignal.timeout(10_000),
  });
  return {
    status: res.status,
    headers: {
      location: res.headers.get('location') ?? undefined,
      'retry-after': res.headers.get('retry-after') ?? undefined,
    },
  };
};

/**
 * The VAPID key pair: the settings, or outside production one made once and kept in
 * DATA_DIR/vapid.json (so `npm start` works with nothing set and subscriptions survive restarts).
 */
export function vapidKeys(settings: { publicKey: string; privateKey: string }, production: boolean, dataDir: string) {
  if (settings.publicKey && settings.privateKey) return settings;
  if (production) return null;
  const file = path.join(dataDir, 'vapid.json');
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: string; privateKey?: string };
    if (kept.publicKey && kept.privateKey) return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  } catch {
    // none kept yet
  }
  const made = webpush.generateVAPIDKeys();
  if (existsSync(dataDir)) writeFileSync(file, JSON.stringify(made), { mode: 0o600 });
  return made;
}

/**
 * Web push's sending half (RFC 8030 with VAPID, RFC 8292, and the aes128gcm payload, RFC 8291), by
 * the `web-push` library: it signs and encrypts; the request goes out through `transport` (fetch;
 * the shop's own stand-in in-process). Knows no module.
 */
export class WebPushService {
  readonly publicKey: string;
  private readonly privateKey: string;
  readonly subject: string;
  readonly simulator: PushSimulator | null;
  transport: PushTransport = fetchTransport;
  /** Sends to the shop's own stand-in in-process (its endpoints' path). */
  localTransport: PushTransport | null = null;

  constructor(options: {
    keys: { publicKey: string; privateKey: string } | null;
    subject: string;
    simulator: PushSimulator | null;
  }) {
    this.publicKey = options.keys?.publicKey ?? '';
    this.privateKey = options.keys?.privateKey ?? '';
    this.subject = options.subject;
    this.simulator = options.simulator;
  }

  /** Whether pushes can go out: a key pair and a contact. */
  get enabled(): boolean {
    return Boolean(this.publicKey && this.privateKey && this.subject);
  }

  /** Whether `endpoint` is one the stand-in issued. */
  isStandInEndpoint(endpoint: string): boolean {
    try {
      return Boolean(this.simulator) && new URL(endpoint).pathname.startsWith(`${PUSH_SIM_BASE}/push/`);
    } catch {
      return false;
    }
  }

  /** Sends one encrypted message (JSON text) to one subscription. */
  async send(
    subscription: PushSubscriptionKeys,
    payload: string,
    options: { ttlSeconds: number; urgency?: 'normal' | 'high'; topic?: string },
  ): Promise<PushAnswer> {
    const details = webpush.generateRequestDetails(subscription, payload, {
      vapidDetails: { subject: this.subject, publicKey: this.publicKey, privateKey: this.privateKey },
      TTL: options.ttlSeconds,
      urgency: options.urgency ?? 'normal',
      ...(options.topic ? { topic: options.topic } : {}),
      contentEncoding: 'aes128gcm',
    });
    const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
    const body = details.body ? Buffer.from(details.body) : Buffer.alloc(0);
    const send =
      this.isStandInEndpoint(subscription.endpoint) && this.localTransport ? this.localTransport : this.transport;
    const res = await send(details.endpoint, { headers, body });
    const after = Number(res.headers['retry-after']);
    return {
      status: res.status,
      retryAfterSeconds: Number.isFinite(after) && after > 0 ? after : null,
      location: res.headers.location ?? '',
    };
  }
}

export const webPushModule = defineModule({
  name: 'webpush',
  migrations: migrationsOf('integrations/webpush'),
  provides: ['webPush'],
  build: (ctx) => {
    const { subject, standIn } = ctx.config.webPush;
    const keys = vapidKeys(ctx.config.webPush, ctx.config.production, ctx.config.dataDir);
    const simulator = standIn ? new PushSimulator(ctx.db) : null;
    return { webPush: new WebPushService({ keys, subject, simulator }) };
  },
  routes: webPushRoutes,
});
