// What every accounts use case is built on (the parts in codes.ts, logins.ts, pay-password.ts,
// users.ts and the facade in service.ts): the dependencies, the database, the one limiter, and the
// shopper's row by id or by phone.
import { eq } from 'drizzle-orm';
import type { SmsService } from '../../integrations/sms/service.ts';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionService } from '../../platform/sessions.ts';
import type { SystemService } from '../system/public.ts';
import type { Limiter } from './limits.ts';
import { users } from './tables.ts';

export type UserRow = typeof users.$inferSelect;

export type AccountsDeps = {
  db: Db;
  config: Config;
  sessions: SessionService;
  sms: SmsService;
  system: SystemService;
};

/** What the parts of one `AccountsService` share: its dependencies and its limiter. */
export type AccountsShared = { deps: AccountsDeps; limiter: Limiter };

/** A user id as stored (uuid): anything else is no user, without asking the database. */
export const UUID_SHAPE = /^[0-9a-f-]{36}$/i;

/** The base of each part of accounts (and of the facade): the shared state and the shopper's row. */
export class AccountsPart {
  readonly db: Db;
  readonly limiter: Limiter;
  protected readonly deps: AccountsDeps;

  constructor(shared: AccountsShared) {
    this.deps = shared.deps;
    this.db = shared.deps.db;
    this.limiter = shared.limiter;
  }

  /** The shopper's row; a session whose user is gone is a session no more. */
  async row(userId: string, db: Db = this.db): Promise<UserRow> {
    const [row] = UUID_SHAPE.test(userId) ? await db.select().from(users).where(eq(users.id, userId)).limit(1) : [];
    if (!row) throw new AppError('USR00003');
    return row;
  }

  async rowByPhone(e164: string, db: Db = this.db): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.phone, e164)).limit(1);
    return row;
  }
}
