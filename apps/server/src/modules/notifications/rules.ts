import {
  CHANNELS,
  type Channel,
  EVENT_RULES,
  type EventKind,
  NOTIFICATION_GROUPS,
  type NotificationGroup,
} from './events.ts';

/** A shopper's choices: for each group, each channel on or off. */
export type Choices = Record<(typeof NOTIFICATION_GROUPS)[number], Record<Channel, boolean>>;

/**
 * The defaults (decision 0065): orders, money and loans on every channel the shopper has; promotions
 * off everywhere until the shopper turns them on (and so agrees to them).
 */
export const DEFAULT_CHOICES: Choices = {
  orders: { inApp: true, sms: true, telegram: true, push: true },
  money: { inApp: true, sms: true, telegram: true, push: true },
  loans: { inApp: true, sms: true, telegram: true, push: true },
  promotions: { inApp: false, sms: false, telegram: false, push: false },
};

/** The stored overrides laid over the defaults; anything unknown in them is ignored. */
export function choicesOf(stored: unknown): Choices {
  const out = structuredClone(DEFAULT_CHOICES);
  if (!stored || typeof stored !== 'object') return out;
  for (const group of NOTIFICATION_GROUPS) {
    const g = (stored as Record<string, unknown>)[group];
    if (!g || typeof g !== 'object') continue;
    for (const channel of CHANNELS) {
      const v = (g as Record<string, unknown>)[channel];
      if (typeof v === 'boolean') out[group][channel] = v;
    }
  }
  return out;
}

/** What the shopper can be reached on now. */
export type Reach = { phone: boolean; telegram: boolean; push: boolean };

/**
 * The channels an event goes out on: the shopper's choices for its group, on the channels they can
 * be reached on. Security messages go on every channel they have, whatever the choices; promotions
 * only with recorded consent. The in-app channel is left out when the owning module writes the
 * notice itself.
 */
export function channelsFor(kind: EventKind, choices: Choices, reach: Reach, promotionsConsent: boolean): Channel[] {
  const rule = EVENT_RULES[kind];
  const reachable = (c: Channel) => (c === 'inApp' ? true : c === 'sms' ? reach.phone : reach[c]);
  const group = rule.group;
  let wanted: Channel[];
  if (group === 'security') wanted = [...CHANNELS];
  else if (group === 'promotions' && !promotionsConsent) wanted = [];
  else wanted = CHANNELS.filter((c) => choices[group][c]);
  const out = wanted.filter((c) => reachable(c) && !(c === 'inApp' && rule.ownerNotice));
  return rule.telegramOrSms && out.includes('telegram') ? out.filter((c) => c !== 'sms') : out;
}

/** What a phone addressee (`phone:<E.164>`, no account) can be reached on: its phone only. */
export const PHONE_ONLY_REACH: Reach = { phone: true, telegram: false, push: false };

export const isSecurity = (kind: EventKind) => EVENT_RULES[kind].group === 'security';
export const groupOf = (kind: EventKind): NotificationGroup => EVENT_RULES[kind].group;

/** Phnom Penh is UTC+7 all year. */
const PP_OFFSET_MS = 7 * 3_600_000;
export type QuietHours = { from: number; until: number } | null;
export const QUIET_HOURS: QuietHours = { from: 21, until: 8 };

/**
 * Quiet hours, 21:00 to 08:00 in Phnom Penh: the instant a message to a phone may go, `now` when it
 * may go now, else 08:00 the next morning. Security messages and in-app notices are never held.
 */
export function sendableAt(now: Date, kind: EventKind, channel: Channel, quiet: QuietHours = QUIET_HOURS): Date {
  if (!quiet || channel === 'inApp' || isSecurity(kind)) return now;
  const local = new Date(now.getTime() + PP_OFFSET_MS);
  const hour = local.getUTCHours();
  // Quiet from `from` to `until` (across midnight when from > until).
  const inQuiet =
    quiet.from > quiet.until ? hour >= quiet.from || hour < quiet.until : hour >= quiet.from && hour < quiet.until;
  if (!inQuiet) return now;
  const morning = new Date(local);
  morning.setUTCHours(quiet.until, 0, 0, 0);
  if (morning <= local) morning.setUTCDate(morning.getUTCDate() + 1);
  return new Date(morning.getTime() - PP_OFFSET_MS);
}

/**
 * The send limit per shopper per Phnom Penh day, over SMS, Telegram and push together, so a bug
 * cannot flood a phone. Security messages have their own, higher, limit: a flood of them is a bug
 * too, but a real new sign-in must not be kept back by the day's order messages.
 */
export const DAILY_LIMIT = 12;
export const DAILY_SECURITY_LIMIT = 20;

export function withinDailyLimit(sentToday: { normal: number; security: number }, kind: EventKind, channel: Channel) {
  if (channel === 'inApp') return true;
  return isSecurity(kind) ? sentToday.security < DAILY_SECURITY_LIMIT : sentToday.normal < DAILY_LIMIT;
}

/** Tries of one delivery before it is marked failed, and the wait before try n+1 (30 s, 2 min, 8 min, 32 min). */
export const MAX_ATTEMPTS = 5;
export const backoffMs = (attempts: number) => 30_000 * 4 ** Math.max(0, attempts - 1);
