import { LANGUAGES, type Language, normalizeLanguage } from '@shop/contracts';
import { and, count, eq } from 'drizzle-orm';
import { phnomPenhDay, phnomPenhDayBounds } from '../../platform/days.ts';
import type { Db } from '../../platform/db.ts';
import type { JobDefinition, JobRunner } from '../../platform/jobs.ts';
import { sql } from '../../platform/sql.ts';
import { deviceName, isNewDevice } from './devices.ts';
import {
  CHANNELS,
  type Channel,
  EVENT_KINDS,
  EVENT_RULES,
  eventKey,
  NOTIFICATION_GROUPS,
  type NotificationEvent,
  PHONE_ADDRESSEE,
} from './events.ts';
import { DELIVER_JOB, Outbox } from './outbox.ts';
import { PushDevices } from './push.ts';
import { type Choices, channelsFor, choicesOf, PHONE_ONLY_REACH, type QuietHours, sendableAt } from './rules.ts';
import { SAMPLES } from './samples.ts';
import { makeSenders, type Needed } from './senders.ts';
import {
  notificationDeliveries,
  notificationEvents,
  notificationPreferences,
  pushSubscriptions,
  telegramLinks,
} from './tables.ts';
import { TelegramLinking } from './telegram-link.ts';
import { renderAll } from './templates.ts';

/** What the notification service asks of the accounts module (registered by it at start: no import circle). */
export type Directory = { phoneOf(userId: string, db?: Db): Promise<string | null> };

export const SWEEP_JOB = 'notifications.sweep';

/** Counts of tries by channel and outcome since the process started (`/metrics`). */
export const sendCounts = new Map<string, number>();

export type Settings = {
  choices: Choices;
  promotionsConsentAt: string | null;
  telegram: { linked: boolean; name: string; available: boolean };
  pushDevices: number;
  phone: boolean;
};

/**
 * The notification service (issue 46): other modules tell it what happened (`emit`, a typed event);
 * it chooses the channels from the shopper's choices, writes one outbox row per channel (unique per
 * event and channel) with the quiet hours applied, and durable jobs send them (outbox.ts).
 */
export class NotificationService {
  readonly db: Db;
  private readonly jobs: JobRunner;
  private readonly quietHours: QuietHours;
  private directory: Directory = { phoneOf: async () => null };
  readonly outbox: Outbox;
  readonly telegram: TelegramLinking;
  readonly push: PushDevices;

  constructor(db: Db, jobs: JobRunner, needed: Needed, options: { publicUrl?: string; quietHours: QuietHours }) {
    this.quietHours = options.quietHours;
    this.db = db;
    this.jobs = jobs;
    this.telegram = new TelegramLinking(db, needed.telegram, (userId, language) =>
      this.rememberLanguage(userId, language),
    );
    this.push = new PushDevices(db, needed.webPush);
    this.outbox = new Outbox({
      db,
      senders: makeSenders({
        ...needed,
        phoneOf: (u, d) =>
          u.startsWith(PHONE_ADDRESSEE)
            ? Promise.resolve(u.slice(PHONE_ADDRESSEE.length))
            : this.directory.phoneOf(u, d),
        links: this.telegram,
        push: this.push,
        publicUrl: options.publicUrl,
      }),
      schedule: (id, attempt, at) => this.schedule(id, attempt, at),
      count: (channel, outcome) => {
        const key = `${channel} ${outcome}`;
        sendCounts.set(key, (sendCounts.get(key) ?? 0) + 1);
      },
    });
  }

  /** The accounts module tells where a shopper's phone is (at start). */
  useDirectory(directory: Directory): void {
    this.directory = directory;
  }

  /**
   * Tells the service what happened, in the caller's transaction (`db`). The same event told again
   * (same kind and subject) is ignored. Returns the channels it will go out on.
   */
  async emit(event: NotificationEvent, db: Db = this.db, now = new Date()): Promise<Channel[]> {
    const rule = EVENT_RULES[event.kind];
    if (!rule) throw new Error(`unknown notification event ${String(event.kind)}`);
    const [row] = await db
      .insert(notificationEvents)
      .values({ key: eventKey(event), userId: event.userId, kind: event.kind, payload: event.data })
      .onConflictDoNothing({ target: notificationEvents.key })
      .returning({ id: notificationEvents.id });
    if (!row) return [];
    if (event.language) await this.rememberLanguage(event.userId, normalizeLanguage(event.language), db);
    const [prefs] = await db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, event.userId));
    const toPhone = event.userId.startsWith(PHONE_ADDRESSEE);
    const reach = toPhone
      ? PHONE_ONLY_REACH
      : {
          phone: Boolean(await this.directory.phoneOf(event.userId, db)),
          telegram: this.telegram.enabled && Boolean(await this.telegram.chatOf(event.userId, db)),
          push: this.push.enabled && (await this.pushDevices(event.userId, db)) > 0,
        };
    const channels = channelsFor(
      event.kind,
      choicesOf(prefs?.choices),
      reach,
      Boolean(prefs?.promotionsConsentAt),
    ).filter((c) => !(toPhone && c === 'inApp'));
    if (!channels.length) return [];
    const language = normalizeLanguage(prefs?.language);
    const rows = await db
      .insert(notificationDeliveries)
      .values(
        channels.map((channel) => {
          const dueAt = sendableAt(now, event.kind, channel, this.quietHours);
          return { eventId: row.id, userId: event.userId, channel, language, dueAt, deferred: dueAt > now };
        }),
      )
      .onConflictDoNothing()
      .returning({ id: notificationDeliveries.id, dueAt: notificationDeliveries.dueAt });
    for (const r of rows) await this.schedule(r.id, 0, r.dueAt, db);
    return channels;
  }

  private async schedule(id: number, attempt: number, at: Date, db: Db = this.db): Promise<void> {
    await this.jobs.enqueue(
      DELIVER_JOB,
      { id },
      { runAt: at, dedupeKey: `notify:${id}:${attempt}:${at.getTime()}`, maxAttempts: 3 },
      db,
    );
  }

  private async pushDevices(userId: string, db: Db = this.db): Promise<number> {
    const [{ n }] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    return Number(n);
  }

  /** Keeps the language the shopper's messages are written in (their last settings or link request). */
  async rememberLanguage(userId: string, language: Language, db: Db = this.db): Promise<void> {
    await db
      .insert(notificationPreferences)
      .values({ userId, language })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: { language } });
  }

  async settings(userId: string, language: Language, db: Db = this.db): Promise<Omit<Settings, 'language'>> {
    await this.rememberLanguage(userId, language, db);
    const [prefs] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    const link = await this.telegram.chatOf(userId, db);
    return {
      choices: choicesOf(prefs?.choices),
      promotionsConsentAt: prefs?.promotionsConsentAt?.toISOString() ?? null,
      telegram: { linked: Boolean(link), name: link?.name ?? '', available: this.telegram.enabled },
      pushDevices: await this.pushDevices(userId, db),
      phone: Boolean(await this.directory.phoneOf(userId, db)),
    };
  }

  /**
   * Saves the shopper's choices. Turning any promotions channel on records the consent with its
   * time (kept while some channel stays on); turning them all off withdraws it.
   */
  async choose(userId: string, changes: Partial<Record<string, Partial<Record<string, boolean>>>>, language: Language) {
    return this.db.transaction(async (tx) => {
      await this.rememberLanguage(userId, language, tx);
      const [prefs] = await tx
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId))
        .for('update');
      const choices = choicesOf(prefs?.choices);
      for (const group of NOTIFICATION_GROUPS)
        for (const channel of CHANNELS) {
          const v = changes[group]?.[channel];
          if (typeof v === 'boolean') choices[group][channel] = v;
        }
      const promotionsOn = CHANNELS.some((c) => choices.promotions[c]);
      const consentAt = promotionsOn ? (prefs?.promotionsConsentAt ?? new Date()) : null;
      await tx
        .update(notificationPreferences)
        .set({ choices, promotionsConsentAt: consentAt, updatedAt: sql`now()` })
        .where(eq(notificationPreferences.userId, userId));
      return this.settings(userId, language, tx);
    });
  }

  /**
   * A sign-in (the accounts routes tell it): from a device the shopper never signed in from before,
   * a security message (no quiet hours) in the language of the sign-in.
   */
  async signedIn(userId: string, userAgent: string, language: Language, now = new Date()): Promise<void> {
    if (!(await isNewDevice(this.db, userId, userAgent))) return;
    await this.emit(
      {
        kind: 'security.new_sign_in',
        userId,
        subject: `${userId}:${now.toISOString()}`,
        data: { at: now.toISOString(), device: deviceName(userAgent) },
        language,
      },
      this.db,
      now,
    );
  }

  /** The pay password was changed (the accounts routes tell it). */
  async payPasswordChanged(userId: string, language: Language, now = new Date()): Promise<void> {
    await this.emit(
      {
        kind: 'security.pay_password_changed',
        userId,
        subject: `${userId}:${now.toISOString()}`,
        data: { at: now.toISOString() },
        language,
      },
      this.db,
      now,
    );
  }

  /** A shopper's deliveries, newest first (console, tests). */
  async log(userId: string, limit = 100, db: Db = this.db) {
    return db
      .select({
        id: notificationDeliveries.id,
        kind: notificationEvents.kind,
        channel: notificationDeliveries.channel,
        state: notificationDeliveries.state,
        attempts: notificationDeliveries.attempts,
        deferred: notificationDeliveries.deferred,
        dueAt: notificationDeliveries.dueAt,
        sentAt: notificationDeliveries.sentAt,
        lastError: notificationDeliveries.lastError,
        createdAt: notificationDeliveries.createdAt,
      })
      .from(notificationDeliveries)
      .innerJoin(notificationEvents, eq(notificationEvents.id, notificationDeliveries.eventId))
      .where(eq(notificationDeliveries.userId, userId))
      .orderBy(sql`${notificationDeliveries.id} DESC`)
      .limit(limit);
  }

  /** Today's (Phnom Penh) deliveries by channel: sent, failed, waiting, withheld, retries (the console's day). */
  async today(now = new Date()) {
    const { from } = phnomPenhDayBounds(phnomPenhDay(now));
    const rows = await this.db
      .select({
        channel: notificationDeliveries.channel,
        state: notificationDeliveries.state,
        n: count(),
        retries: sql<number>`COALESCE(SUM(GREATEST(${notificationDeliveries.attempts} - 1, 0)), 0)::int`,
      })
      .from(notificationDeliveries)
      .where(sql`${notificationDeliveries.createdAt} >= ${from}`)
      .groupBy(notificationDeliveries.channel, notificationDeliveries.state);
    return CHANNELS.map((channel) => {
      const of = (state: string) => Number(rows.find((r) => r.channel === channel && r.state === state)?.n ?? 0);
      return {
        channel,
        sent: of('sent'),
        failed: of('failed'),
        waiting: of('pending') + of('sending'),
        withheld: of('withheld'),
        retries: rows.filter((r) => r.channel === channel).reduce((sum, r) => sum + Number(r.retries), 0),
      };
    });
  }

  /** Every event's template rendered from its example, in the three languages (the console's preview). */
  previews() {
    return EVENT_KINDS.map((kind) => {
      const all = renderAll({ kind, data: SAMPLES[kind] } as never);
      return {
        event: kind,
        group: EVENT_RULES[kind].group,
        texts: LANGUAGES.map((language) => ({ language, ...all[language] })),
      };
    });
  }

  /** Deliveries in one state per channel (metrics' gauges, the console's day). */
  async countsByChannel(since: Date, db: Db = this.db) {
    return db
      .select({ channel: notificationDeliveries.channel, state: notificationDeliveries.state, n: count() })
      .from(notificationDeliveries)
      .where(and(sql`${notificationDeliveries.createdAt} >= ${since}`))
      .groupBy(notificationDeliveries.channel, notificationDeliveries.state);
  }

  jobDefinitions(): JobDefinition[] {
    return [
      { name: DELIVER_JOB, handler: async (payload) => this.outbox.deliver(Number(payload.id)) },
      {
        name: SWEEP_JOB,
        everyMs: 60_000,
        handler: async () => {
          await this.outbox.sweep();
        },
      },
    ];
  }
}

export { telegramLinks };
