// The shopper as other modules see them (AccountUser: getUser, findByPhone), as staff lock and
// unlock them, and as the app's profile shows them (info, the avatar's address).
import type { UserInfo } from '@shop/contracts';
import { eq, gte } from 'drizzle-orm';
import { lastPhnomPenhDays, perDay, phnomPenhDaySql } from '../../platform/days.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import { AccountsPart, type UserRow, UUID_SHAPE } from './context.ts';
import { nationalOf } from './phone.ts';
import { users } from './tables.ts';

/** What other modules see of a shopper. */
export type AccountUser = {
  id: string;
  phone: string | null;
  countryCode: string | null;
  email: string | null;
  name: string;
  level: number;
  locked: boolean;
  createdAt: Date;
};

export function imageUrlOf(row: UserRow): string {
  // The version is the picture's own hash (the name's end): a new avatar is a new address.
  return row.avatarFile ? `/v1/customer/querylogo?v=${row.avatarFile.slice(-21, -5)}` : '';
}

/** Shoppers' lookups, locks and profile for one `AccountsService`. */
export class Shoppers extends AccountsPart {
  async getUser(userId: string, db: Db = this.db): Promise<AccountUser | null> {
    if (!UUID_SHAPE.test(userId)) return null;
    const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    return row ? toAccountUser(row) : null;
  }

  /** Shoppers who signed up per Phnom Penh day over the last `count` days, oldest first (the dashboard). */
  async newPerDay(count: number, now = new Date()): Promise<{ days: string[]; shoppers: number[] }> {
    const { days, since } = lastPhnomPenhDays(count, now);
    const day = phnomPenhDaySql(users.createdAt);
    const rows = await this.db
      .select({ day: sql<string>`${day}`, n: sql<number>`count(*)::int` })
      .from(users)
      .where(gte(users.createdAt, since))
      .groupBy(day);
    return { days, shoppers: perDay(days, rows) };
  }

  async findByPhone(e164: string, db: Db = this.db): Promise<AccountUser | null> {
    const [row] = await db.select().from(users).where(eq(users.phone, e164)).limit(1);
    return row ? toAccountUser(row) : null;
  }

  /** Staff: locks an account; its sessions end and logins are refused. */
  async lock(userId: string, reason: string, db: Db = this.db): Promise<void> {
    const done = await db
      .update(users)
      .set({ locked: true, lockedReason: reason, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!done.length) throw new AppError('USR00004');
    await this.deps.sessions.revokeAll('shopper', userId);
  }

  async unlock(userId: string, db: Db = this.db): Promise<void> {
    await db
      .update(users)
      .set({ locked: false, lockedReason: null, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }

  async info(userId: string): Promise<UserInfo> {
    const row = await this.row(userId);
    const { national, countryCode } = nationalOf(row.phone);
    return {
      userId: row.id,
      name: row.name,
      userLevel: row.level,
      userEmail: row.email ?? '',
      userMobile: national,
      userFullMobile: row.phone ?? '',
      country: countryCode,
      imageUrl: imageUrlOf(row),
      hasPassword: Boolean(row.passwordHash),
      hasPayPassword: Boolean(row.payPasswordHash),
      birthday: row.birthday ? row.birthday.split('-').reverse().join('/') : '',
      gender: row.gender ?? '',
      idCard: row.idCard ?? '',
      referrerPhone: row.referrerPhone ?? '',
      city: row.city ?? '',
      friendCode: '',
      thirdAccounts: [],
      createdAt: row.createdAt.toISOString(),
    };
  }
}

export function toAccountUser(row: UserRow): AccountUser {
  return {
    id: row.id,
    phone: row.phone,
    countryCode: row.countryCode,
    email: row.email,
    name: row.name,
    level: row.level,
    locked: row.locked,
    createdAt: row.createdAt,
  };
}
