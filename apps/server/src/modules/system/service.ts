import type { ContactChannel, CustomerService, OpeningHours, SystemConfig } from '@shop/contracts';
import { systemConfig } from '@shop/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { DEFAULT_CHANNELS, DEFAULT_SETTINGS } from './defaults.ts';
import { supportChannels, systemSettings } from './tables.ts';

/** Settings change rarely and are read on every page: each instance keeps them this long. */
const CACHE_MS = 5_000;

function channelHref(kind: ContactChannel['kind'], value: string): string {
  switch (kind) {
    case 'phone':
    case 'whatsapp':
      return kind === 'phone' ? `tel:${value.replace(/[^\d+]/g, '')}` : `https://wa.me/${value.replace(/\D/g, '')}`;
    case 'telegram':
      return `https://t.me/${value.replace(/^@/, '')}`;
    case 'email':
      return `mailto:${value}`;
    case 'facebook':
      return value.startsWith('https://') ? value : `https://m.me/${value}`;
  }
}

/** Minutes since midnight and ISO weekday (1 = Monday) of `at` in `timeZone`. */
export function localClock(at: Date, timeZone: string): { weekday: number; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')) + 1;
  return { weekday, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

export function isOpenAt(hours: OpeningHours, at: Date): boolean {
  const { weekday, minutes } = localClock(at, hours.timeZone);
  const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  return hours.days.includes(weekday) && minutes >= toMinutes(hours.open) && minutes < toMinutes(hours.close);
}

export class SystemService {
  private readonly db: Db;
  private cached: { at: number; config: SystemConfig; version: string } | undefined;

  constructor(db: Db) {
    this.db = db;
  }

  /** Writes the default of every missing setting and the default channels on an empty table. */
  async ensureDefaults(): Promise<void> {
    const rows = Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value }));
    await this.db.insert(systemSettings).values(rows).onConflictDoNothing();
    const [{ count }] = await this.db.select({ count: sql<number>`count(*)::int` }).from(supportChannels);
    if (count === 0) {
      await this.db.insert(supportChannels).values(DEFAULT_CHANNELS.map((c, i) => ({ ...c, sort: i })));
    }
  }

  private generation = 0;
  /** Changes with every setting written: answers made from the config before are not sent again. */
  get configGeneration(): number {
    return this.generation;
  }

  /** The current settings, with a version that changes when any of them does. */
  async getConfig(): Promise<{ config: SystemConfig; version: string }> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached;
    const rows = await this.db.select().from(systemSettings);
    const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
    let latest = 0;
    for (const row of rows) {
      if (row.key in DEFAULT_SETTINGS) merged[row.key] = row.value;
      latest = Math.max(latest, row.updatedAt.getTime());
    }
    const config = systemConfig.parse(merged);
    this.cached = { at: Date.now(), config, version: `${latest.toString(36)}-${rows.length}` };
    return this.cached;
  }

  async setSetting<K extends keyof SystemConfig>(key: K, value: SystemConfig[K]): Promise<void> {
    systemConfig.shape[key].parse(value);
    await this.db
      .insert(systemSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: sql`now()` } });
    this.cached = undefined;
    this.generation++;
  }

  async customerService(now: Date = new Date()): Promise<CustomerService> {
    const { config } = await this.getConfig();
    const rows = await this.db
      .select()
      .from(supportChannels)
      .where(eq(supportChannels.enabled, true))
      .orderBy(asc(supportChannels.sort), asc(supportChannels.id));
    return {
      hours: config.supportHours,
      openNow: isOpenAt(config.supportHours, now),
      channels: rows.map((row) => {
        const kind = row.kind as ContactChannel['kind'];
        return { kind, value: row.value, href: channelHref(kind, row.value) };
      }),
    };
  }
}
