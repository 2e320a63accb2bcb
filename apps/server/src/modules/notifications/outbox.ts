import { type Language, normalizeLanguage } from '@shop/contracts';
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { phnomPenhDay, phnomPenhDayBounds } from '../../platform/days.ts';
import type { Db } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import type { Channel, EventKind, NotificationEvent } from './events.ts';
import { backoffMs, choicesOf, groupOf, isSecurity, MAX_ATTEMPTS, withinDailyLimit } from './rules.ts';
import { notificationDeliveries, notificationEvents, notificationPreferences } from './tables.ts';
import { type Rendered, render, renderAll } from './templates.ts';

export const DELIVER_JOB = 'notifications.deliver';
/** How long a claimed Telegram or push send may take before the sweep calls it interrupted. */
export const LEASE_MS = 2 * 60 * 1000;

type DeliveryRow = typeof notificationDeliveries.$inferSelect;
type EventRow = typeof notificationEvents.$inferSelect;

/** What one channel needs to send one message. */
export type Outgoing = {
  delivery: DeliveryRow;
  event: Pick<NotificationEvent, 'kind' | 'data'> & { userId: string };
  language: Language;
  text: Rendered;
};

/**
 * A channel. `transactional`: it writes into another durable outbox of the shop (notices, the SMS
 * outbox) in the same transaction that marks the delivery sent, so it is sent exactly once. Otherwise
 * (Telegram, push) it calls an outside party: the delivery is claimed first, and a send cut off by a
 * dying process is never repeated (at most once, decision 0066).
 */
export type ChannelSender = {
  transactional: boolean;
  send(out: Outgoing, db: Db): Promise<{ providerId: string }>;
};

/** A send refused for good (no chat any more, the subscription gone): failed at once, not retried. */
export class FinalRefusal extends Error {}
/** The party asks to wait (`retry_after`): tried again then, without counting a try. */
export class RetryLater extends Error {
  readonly afterMs: number;
  constructor(message: string, afterMs: number) {
    super(message);
    this.afterMs = afterMs;
  }
}

export type OutboxDeps = {
  db: Db;
  senders: Record<Channel, ChannelSender>;
  /** Queues the delivery's next try (a durable job). */
  schedule: (id: number, attempt: number, at: Date) => Promise<void>;
  /** Counts a try's outcome (metrics). */
  count: (channel: Channel, outcome: 'sent' | 'failed' | 'retried' | 'withheld') => void;
};

/** Sending the outbox's deliveries: claim, check the rules that hold at sending time, send, record. */
export class Outbox {
  private readonly deps: OutboxDeps;

  constructor(deps: OutboxDeps) {
    this.deps = deps;
  }

  /** Sends delivery `id` if it is due and nobody else has it. Never throws for a failed send. */
  async deliver(id: number, now = new Date()): Promise<void> {
    const sender = await this.senderOf(id);
    if (!sender) return;
    if (sender.transactional) await this.deliverInTransaction(id, sender, now);
    else await this.deliverClaimed(id, sender, now);
  }

  private async senderOf(id: number): Promise<ChannelSender | null> {
    const [row] = await this.deps.db
      .select({ channel: notificationDeliveries.channel })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.id, id));
    return row ? (this.deps.senders[row.channel as Channel] ?? null) : null;
  }

  /** In-app and SMS: claim, check, send and mark in one transaction; a crash rolls all of it back. */
  private async deliverInTransaction(id: number, sender: ChannelSender, now: Date) {
    let failure: unknown = null;
    let row: DeliveryRow | undefined;
    let sent = false;
    try {
      await this.deps.db.transaction(async (tx) => {
        [row] = await tx
          .select()
          .from(notificationDeliveries)
          .where(
            and(
              eq(notificationDeliveries.id, id),
              eq(notificationDeliveries.state, 'pending'),
              sql`${notificationDeliveries.dueAt} <= ${now}`,
            ),
          )
          .for('update', { skipLocked: true });
        if (!row) return;
        const ready = await this.prepare(row, tx, now);
        if (!ready) return;
        const { providerId } = await sender.send(ready, tx);
        await this.markSent(tx, row.id, providerId, row.attempts + 1);
        sent = true;
      });
    } catch (error) {
      failure = error;
    }
    if (failure && row) await this.recordFailure(row, failure, now);
    else if (row && sent) this.deps.count(row.channel as Channel, 'sent');
  }

  /** Telegram and push: claim (committed), send, mark. */
  private async deliverClaimed(id: number, sender: ChannelSender, now: Date) {
    const ready = await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(notificationDeliveries)
        .where(
          and(
            eq(notificationDeliveries.id, id),
            eq(notificationDeliveries.state, 'pending'),
            sql`${notificationDeliveries.dueAt} <= ${now}`,
          ),
        )
        .for('update', { skipLocked: true });
      if (!row) return null;
      const out = await this.prepare(row, tx, now);
      if (!out) return null;
      await tx
        .update(notificationDeliveries)
        .set({
          state: 'sending',
          leaseUntil: new Date(now.getTime() + LEASE_MS),
          attempts: row.attempts + 1,
        })
        .where(eq(notificationDeliveries.id, id));
      return out;
    });
    if (!ready) return;
    try {
      const { providerId } = await sender.send(ready, this.deps.db);
      await this.markSent(this.deps.db, id, providerId, ready.delivery.attempts + 1);
      this.deps.count(ready.delivery.channel as Channel, 'sent');
    } catch (error) {
      await this.recordFailure({ ...ready.delivery, attempts: ready.delivery.attempts + 1 }, error, now, true);
    }
  }

  /** The rules that hold at sending time: the shopper's current choices and the day's limit. */
  private async prepare(row: DeliveryRow, db: Db, now: Date): Promise<Outgoing | null> {
    const [event] = await db.select().from(notificationEvents).where(eq(notificationEvents.id, row.eventId));
    const kind = event.kind as EventKind;
    const [prefs] = await db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, row.userId));
    const group = groupOf(kind);
    const channel = row.channel as Channel;
    if (group !== 'security') {
      const choices = choicesOf(prefs?.choices);
      const consent = group !== 'promotions' || Boolean(prefs?.promotionsConsentAt);
      if (!choices[group][channel] || !consent) return this.withhold(db, row, 'preference');
    }
    if (!withinDailyLimit(await this.sentToday(db, row.userId, now), kind, channel))
      return this.withhold(db, row, 'daily_limit');
    const language = normalizeLanguage(row.language);
    return {
      delivery: row,
      event: { kind, data: event.payload as never, userId: row.userId },
      language,
      text: render({ kind, data: event.payload as never }, language),
    };
  }

  private async withhold(db: Db, row: DeliveryRow, reason: string): Promise<null> {
    await db
      .update(notificationDeliveries)
      .set({ state: 'withheld', lastError: reason })
      .where(eq(notificationDeliveries.id, row.id));
    this.deps.count(row.channel as Channel, 'withheld');
    return null;
  }

  /** Messages sent to the shopper's phone today (Phnom Penh), security and others apart. */
  private async sentToday(db: Db, userId: string, now: Date) {
    const { from } = phnomPenhDayBounds(phnomPenhDay(now));
    const rows = await db
      .select({ kind: notificationEvents.kind, n: sql<number>`count(*)::int` })
      .from(notificationDeliveries)
      .innerJoin(notificationEvents, eq(notificationEvents.id, notificationDeliveries.eventId))
      .where(
        and(
          eq(notificationDeliveries.userId, userId),
          inArray(notificationDeliveries.channel, ['sms', 'telegram', 'push']),
          inArray(notificationDeliveries.state, ['sent', 'sending']),
          gte(notificationDeliveries.sentAt, from),
        ),
      )
      .groupBy(notificationEvents.kind);
    let normal = 0;
    let security = 0;
    for (const r of rows) {
      if (isSecurity(r.kind as EventKind)) security += Number(r.n);
      else normal += Number(r.n);
    }
    return { normal, security };
  }

  private async markSent(db: Db, id: number, providerId: string, attempts: number) {
    await db
      .update(notificationDeliveries)
      .set({ state: 'sent', providerId, attempts, sentAt: sql`now()`, leaseUntil: null, lastError: null })
      .where(eq(notificationDeliveries.id, id));
  }

  /** A failed try: again after the backoff, or failed after the last try or a final refusal. */
  private async recordFailure(row: DeliveryRow, error: unknown, now: Date, counted = false) {
    const attempts = counted ? row.attempts : row.attempts + 1;
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const channel = row.channel as Channel;
    if (error instanceof RetryLater) {
      const at = new Date(now.getTime() + error.afterMs);
      await this.deps.db
        .update(notificationDeliveries)
        .set({ state: 'pending', dueAt: at, leaseUntil: null, lastError: message, attempts: Math.max(0, attempts - 1) })
        .where(eq(notificationDeliveries.id, row.id));
      this.deps.count(channel, 'retried');
      await this.deps.schedule(row.id, attempts, at);
      return;
    }
    if (error instanceof FinalRefusal || attempts >= MAX_ATTEMPTS) {
      await this.deps.db
        .update(notificationDeliveries)
        .set({ state: 'failed', attempts, leaseUntil: null, lastError: message })
        .where(eq(notificationDeliveries.id, row.id));
      this.deps.count(channel, 'failed');
      return;
    }
    const at = new Date(now.getTime() + backoffMs(attempts));
    await this.deps.db
      .update(notificationDeliveries)
      .set({ state: 'pending', attempts, dueAt: at, leaseUntil: null, lastError: message })
      .where(eq(notificationDeliveries.id, row.id));
    this.deps.count(channel, 'retried');
    await this.deps.schedule(row.id, attempts, at);
  }

  /**
   * The sweep: a Telegram or push send whose process died while sending is not repeated (it may have
   * reached the shopper) but marked failed; a due delivery whose job went missing is queued again.
   */
  async sweep(now = new Date()): Promise<{ interrupted: number; requeued: number }> {
    const interrupted = await this.deps.db
      .update(notificationDeliveries)
      .set({ state: 'failed', leaseUntil: null, lastError: 'interrupted: the sending process stopped mid-send' })
      .where(and(eq(notificationDeliveries.state, 'sending'), lt(notificationDeliveries.leaseUntil, now)))
      .returning({ id: notificationDeliveries.id, channel: notificationDeliveries.channel });
    for (const r of interrupted) this.deps.count(r.channel as Channel, 'failed');
    const stale = await this.deps.db
      .select({ id: notificationDeliveries.id, attempts: notificationDeliveries.attempts })
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.state, 'pending'),
          lt(notificationDeliveries.dueAt, new Date(now.getTime() - 10 * 60 * 1000)),
        ),
      )
      .limit(500);
    for (const r of stale) await this.deps.schedule(r.id, r.attempts, now);
    return { interrupted: interrupted.length, requeued: stale.length };
  }
}

export type { EventRow };
export { renderAll };
