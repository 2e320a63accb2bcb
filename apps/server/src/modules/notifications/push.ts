import { and, eq } from 'drizzle-orm';
import type { WebPushService } from '../../integrations/webpush/module.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import { deviceName } from './devices.ts';
import { FinalRefusal, type Outgoing, RetryLater } from './outbox.ts';
import { pushSubscriptions } from './tables.ts';

const KEY = /^[A-Za-z0-9_-]+={0,2}$/;

/**
 * A shopper's web push subscriptions, one per device (browser): the endpoint is unique, so the
 * same browser subscribing again replaces its row, and an endpoint moves to whoever signed in on
 * that browser last.
 */
export class PushDevices {
  private readonly db: Db;
  private readonly webPush: WebPushService;

  constructor(db: Db, webPush: WebPushService) {
    this.db = db;
    this.webPush = webPush;
  }

  get enabled(): boolean {
    return this.webPush.enabled;
  }

  /** Keeps a subscription: an https endpoint (the stand-in's outside production), and its two keys. */
  async keep(userId: string, sub: { endpoint: string; keys: { p256dh: string; auth: string } }, userAgent: string) {
    if (!this.enabled) throw new AppError('NTF00200');
    let url: URL;
    try {
      url = new URL(sub.endpoint);
    } catch {
      throw new AppError('NTF00201');
    }
    const standIn = this.webPush.isStandInEndpoint(sub.endpoint);
    const p256dh = Buffer.from(sub.keys.p256dh, 'base64url');
    if (
      (url.protocol !== 'https:' && !standIn) ||
      !KEY.test(sub.keys.p256dh) ||
      !KEY.test(sub.keys.auth) ||
      p256dh.length !== 65 ||
      p256dh[0] !== 4 ||
      Buffer.from(sub.keys.auth, 'base64url').length !== 16
    )
      throw new AppError('NTF00201');
    const values = {
      userId,
      endpoint: sub.endpoint,
      p256dh: sub.keys.p256dh,
      auth: sub.keys.auth,
      device: deviceName(userAgent),
    };
    await this.db
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: sql`now()` } });
  }

  async forget(userId: string, endpoint: string): Promise<void> {
    await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  }

  /**
   * Sends one message to each of the shopper's devices. A `404`/`410` from the push service (the
   * subscription ended) removes that device. Sent when at least one device took it (never sent again
   * to the others: at most once, decision 0066); a `429` waits `Retry-After`; a `5xx` or a network
   * error is retried; any other refusal is final.
   */
  async send(out: Outgoing, db: Db, link: string): Promise<{ providerId: string }> {
    const devices = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, out.event.userId));
    if (!devices.length) throw new FinalRefusal('no push subscription');
    const payload = JSON.stringify({
      title: out.text.title,
      body: out.text.body,
      url: link,
      tag: out.event.kind,
      lang: out.language,
    });
    const urgency = out.event.kind.startsWith('security.') ? 'high' : 'normal';
    const taken: string[] = [];
    const problems: string[] = [];
    let retryAfter: number | null = null;
    let transient = false;
    for (const device of devices) {
      try {
        const answer = await this.webPush.send(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          payload,
          { ttlSeconds: 24 * 3600, urgency },
        );
        if (answer.status >= 200 && answer.status < 300) taken.push(answer.location || String(device.id));
        else if (answer.status === 404 || answer.status === 410) {
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
          problems.push(`${device.device || 'a device'}: ${answer.status} gone, removed`);
        } else {
          if (answer.status === 429) retryAfter = Math.max(retryAfter ?? 0, answer.retryAfterSeconds ?? 60);
          if (answer.status === 429 || answer.status >= 500) transient = true;
          problems.push(`${device.device || 'a device'}: push service answered ${answer.status}`);
        }
      } catch (error) {
        transient = true;
        problems.push(`${device.device || 'a device'}: ${(error as Error).message}`);
      }
    }
    if (taken.length) return { providerId: `push-${taken.length}:${taken[0]}`.slice(0, 200) };
    const message = problems.join('; ');
    if (retryAfter !== null) throw new RetryLater(message, retryAfter * 1000);
    if (transient) throw new Error(message);
    throw new FinalRefusal(message);
  }
}
