import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { decryptAes128gcm, newSubscriptionKeys, PushRefusal, verifyVapid } from './rfc8291.ts';
import { pushSimMessages, pushSimSubscriptions } from './tables.ts';

export const PUSH_SIM_BASE = '/push-sim';

export type PushAnswer = { status: number; headers?: Record<string, string>; body: Record<string, unknown> };

/**
 * The local push service (DESIGN §7), written from RFC 8030 (the push message request: `TTL`
 * required, `201 Created` with a `Location`, `410 Gone` for a subscription that ended), RFC 8292
 * (VAPID) and RFC 8291 (the aes128gcm payload). It also plays the browser's half: it issues the
 * subscription (endpoint, `p256dh`, `auth`) and keeps the private key, so it can decrypt what it is
 * sent and show it. Outside production only (decision 0073).
 */
export class PushSimulator {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** A new subscription, as `pushManager.subscribe({ applicationServerKey })` would give it. */
  async subscribe(origin: string, applicationServerKey: string) {
    const id = randomBytes(16).toString('base64url');
    const keys = newSubscriptionKeys();
    await this.db.insert(pushSimSubscriptions).values({ id, origin, applicationServerKey, ...keys });
    return { endpoint: `${origin}${PUSH_SIM_BASE}/push/${id}`, keys: { p256dh: keys.p256dh, auth: keys.auth } };
  }

  /** RFC 8030 §5: a push message request to `/push/<id>`. */
  async receive(id: string, headers: Record<string, string | string[] | undefined>, body: Buffer): Promise<PushAnswer> {
    const [sub] = await this.db.select().from(pushSimSubscriptions).where(eq(pushSimSubscriptions.id, id));
    if (!sub) return { status: 404, body: { error: 'no such subscription' } };
    if (sub.gone) return { status: 410, body: { error: 'the subscription is gone' } };
    const header = (name: string) => {
      const v = headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const ttl = header('ttl');
    if (ttl === undefined || !/^\d+$/.test(ttl)) return { status: 400, body: { error: 'the TTL header is required' } };
    try {
      const claims = verifyVapid(header('authorization'), sub.origin, sub.applicationServerKey);
      let payload = '';
      if (body.length) {
        if (header('content-encoding') !== 'aes128gcm')
          return { status: 415, body: { error: 'the payload must be aes128gcm' } };
        payload = decryptAes128gcm(body, sub).toString('utf8');
      }
      const [row] = await this.db
        .insert(pushSimMessages)
        .values({ subscriptionId: id, payload, sender: claims.sub, ttl, urgency: header('urgency') || 'normal' })
        .returning({ id: pushSimMessages.id });
      return { status: 201, headers: { location: `${PUSH_SIM_BASE}/messages/${row.id}` }, body: {} };
    } catch (error) {
      if (error instanceof PushRefusal) return { status: error.status, body: { error: error.message } };
      if (error instanceof SyntaxError) return { status: 401, body: { error: 'the JWT is not JSON' } };
      throw error;
    }
  }

  /** The subscription ends (the shopper unsubscribed on the device, or it expired): 410 from now on. */
  async expire(id: string): Promise<boolean> {
    const rows = await this.db
      .update(pushSimSubscriptions)
      .set({ gone: true })
      .where(eq(pushSimSubscriptions.id, id))
      .returning({ id: pushSimSubscriptions.id });
    return rows.length > 0;
  }

  /** What a subscription received, decrypted, oldest first. */
  async messages(id: string) {
    return this.db
      .select({
        id: pushSimMessages.id,
        payload: pushSimMessages.payload,
        sender: pushSimMessages.sender,
        at: pushSimMessages.createdAt,
      })
      .from(pushSimMessages)
      .where(eq(pushSimMessages.subscriptionId, id))
      .orderBy(asc(pushSimMessages.id));
  }

  async subscriptions() {
    return this.db
      .select({ id: pushSimSubscriptions.id, gone: pushSimSubscriptions.gone, at: pushSimSubscriptions.createdAt })
      .from(pushSimSubscriptions)
      .orderBy(asc(pushSimSubscriptions.createdAt))
      .limit(200);
  }
}
