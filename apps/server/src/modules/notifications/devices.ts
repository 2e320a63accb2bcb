import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { signInDevices } from './tables.ts';

/** A browser as a person names it: "Chrome on Android", from its user agent (coarse, on purpose). */
export function deviceName(userAgent: string): string {
  const ua = userAgent || '';
  const os = /Android/i.test(ua)
    ? 'Android'
    : /iPhone|iPad|iOS/i.test(ua)
      ? 'iPhone'
      : /Windows/i.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/i.test(ua)
          ? 'Mac'
          : /Linux/i.test(ua)
            ? 'Linux'
            : '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Telegram/i.test(ua)
      ? 'Telegram'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /Safari\//.test(ua)
            ? 'Safari'
            : '';
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || 'an unknown device';
}

/**
 * Records a sign-in's device; true when the shopper signed in before from others and this one is
 * new (the first device of an account is not news).
 */
export async function isNewDevice(db: Db, userId: string, userAgent: string): Promise<boolean> {
  const deviceHash = createHash('sha256').update(userAgent.trim().toLowerCase()).digest('hex').slice(0, 32);
  const known = await db
    .select({ d: signInDevices.deviceHash })
    .from(signInDevices)
    .where(eq(signInDevices.userId, userId));
  if (known.some((k) => k.d === deviceHash)) return false;
  const added = await db.insert(signInDevices).values({ userId, deviceHash }).onConflictDoNothing().returning();
  return added.length > 0 && known.length > 0;
}
