import type { Language, LoginResult, SmsPurpose, UserInfo } from '@shop/contracts';
import { and, desc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { SmsService } from '../../integrations/sms/service.ts';
import { BoundedMap } from '../../platform/bounded-map.ts';
import type { Config } from '../../platform/config.ts';
import { type Db, queryRows } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionService } from '../../platform/sessions.ts';
import { sql } from '../../platform/sql.ts';
import type { SystemService } from '../system/service.ts';
import { LIMITS, Limiter, minutesOf, shopDay } from './limits.ts';
import { nationalOf, type Phone, parseMobile } from './phone.ts';
import {
  hashPayPassword,
  hashSecret,
  numericCode,
  randomToken,
  sameText,
  sha256,
  verifyPayPassword,
  verifySecret,
} from './secrets.ts';
import { smsCodes, tickets, users } from './tables.ts';

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

type UserRow = typeof users.$inferSelect;

const SMS_TEXT: Record<Language, (app: string, code: string, minutes: number) => string> = {
  'en-US': (app, code, minutes) =>
    `[${app}] Your verification code is ${code}. It is valid for ${minutes} minutes. Do not share it with anyone.`,
  chs: (app, code, minutes) => `【${app}】您的验证码是 ${code}，${minutes} 分钟内有效，请勿告诉他人。`,
  kh: (app, code, minutes) => `[${app}] លេខកូដផ្ទៀងផ្ទាត់របស់អ្នកគឺ ${code}។ មានសុពលភាព ${minutes} នាទី។ កុំប្រាប់អ្នកដទៃ។`,
};

const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/;
/** 6 to 20 characters with at least one letter and one digit. */
const PASSWORD = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{6,20}$/;
const PAY_PASSWORD = /^\d{6}$/;

export function checkEmail(email: string): string {
  const value = email.trim().toLowerCase();
  if (value.length > 254 || !EMAIL.test(value)) throw new AppError('USR00025');
  return value;
}

export function checkNewPassword(password: string, repeat: string): void {
  if (!PASSWORD.test(password)) throw new AppError('USR00024');
  if (password !== repeat) throw new AppError('USR00023');
}

export function checkPayPasswordFormat(password: string): void {
  if (!PAY_PASSWORD.test(password)) throw new AppError('USR00030');
}

/** The per-day keys carry the day; their window only has to outlast it. */
const DAY_MS = 36 * 60 * 60_000;

function codeHash(phone: string, purpose: string, code: string) {
  return sha256(`${phone}:${purpose}:${code}`);
}

export type AccountsDeps = {
  db: Db;
  config: Config;
  sessions: SessionService;
  sms: SmsService;
  system: SystemService;
};

/** A user id as stored (uuid): anything else is no user, without asking the database. */
const UUID_SHAPE = /^[0-9a-f-]{36}$/i;

export class AccountsService {
  readonly db: Db;
  readonly limiter: Limiter;
  private readonly deps: AccountsDeps;
  /** Pay password hashes this process verified, by shopper (for `payPasswordKept`). */
  private readonly payHashes = new BoundedMap<string, string>(10_000);

  constructor(deps: AccountsDeps) {
    if (deps.config.production && !deps.config.payPasswordKey)
      throw new Error('PAY_PASSWORD_KEY must be set in production');
    this.deps = deps;
    this.db = deps.db;
    this.limiter = new Limiter(deps.db);
  }

  // ---------------------------------------------------------------- interface for other modules

  async getUser(userId: string, db: Db = this.db): Promise<AccountUser | null> {
    if (!UUID_SHAPE.test(userId)) return null;
    const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    return row ? toAccountUser(row) : null;
  }

  async findByPhone(e164: string, db: Db = this.db): Promise<AccountUser | null> {
    const [row] = await db.select().from(users).where(eq(users.phone, e164)).limit(1);
    return row ? toAccountUser(row) : null;
  }

  async hasPayPassword(userId: string, db: Db = this.db): Promise<boolean> {
    const row = await this.row(userId, db);
    return Boolean(row.payPasswordHash);
  }

  /**
   * What `verifyPayPassword` reads, as an expression of a caller's statement (issue 5: a wallet
   * payment reads it with the order): a JSON object of the hash and the lock-out, NULL when there is
   * no such shopper.
   */
  payPasswordRead(userId: string): SQL {
    if (!UUID_SHAPE.test(userId)) return sql`NULL::json`;
    return sql`(SELECT json_build_object('hash', pay_password_hash, 'ms', ${this.limiter.lockedMsOf(`paypwd:${userId}`)})
      FROM ${users} WHERE id = ${userId})`;
  }

  /**
   * A wallet payment without reading the shopper first (issue 5): when this process verified their
   * pay password before and `password` matches that hash, the condition for the payment's statement
   * that the hash is still the one stored and no wrong try is on record (the statement refuses
   * otherwise); else null, and the caller verifies with a read (`verifyPayPassword`), which is also
   * where a wrong try is counted.
   */
  async payPasswordKept(userId: string, password: string): Promise<SQL | null> {
    const hash = this.payHashes.get(userId);
    if (!hash || !PAY_PASSWORD.test(password)) return null;
    if (!(await verifyPayPassword(password, hash, this.deps.config.payPasswordKey)).ok) return null;
    return sql`(EXISTS (SELECT 1 FROM ${users} WHERE id = ${userId} AND pay_password_hash = ${hash})
      AND ${this.limiter.lockedMsOf(`paypwd:${userId}`)} IS NULL)`;
  }

  /**
   * Checks a shopper's pay password. Throws USR00031 (none set), USR00032 (wrong, with tries left)
   * or USR00033 (locked after too many wrong tries). Wrong tries are counted outside the caller's
   * transaction, so a rolled-back payment still counts its failed try.
   */
  async verifyPayPassword(userId: string, password: string, db: Db = this.db, read?: unknown): Promise<void> {
    const key = `paypwd:${userId}`;
    // Every wallet payment passes here: the hash and the lock-out in one statement, or in the
    // caller's (`payPasswordRead`, passed back as `read`).
    const row = (
      read !== undefined
        ? read
        : (
            await queryRows<{ read: unknown }>(db, sql`SELECT ${this.payPasswordRead(userId)} AS read`, {
              prepared: true,
            })
          )[0].read
    ) as { hash: string | null; ms: number | null } | null;
    if (!row) throw new AppError('USR00003');
    if (!row.hash) throw new AppError('USR00031');
    const { lockedMs: locked, counted } = Limiter.statusOf(row.ms);
    if (locked) throw new AppError('USR00033', { minutes: minutesOf(locked) });
    const check = PAY_PASSWORD.test(password)
      ? await verifyPayPassword(password, row.hash, this.deps.config.payPasswordKey)
      : { ok: false, rehash: false };
    if (!check.ok) {
      const { remaining, lockedMs } = await this.limiter.fail(key, LIMITS.payLock);
      if (lockedMs) throw new AppError('USR00033', { minutes: minutesOf(lockedMs) });
      throw new AppError('USR00032', { remaining });
    }
    if (check.rehash) {
      // Stored the older way (scrypt): kept the new way from the first right answer on.
      await this.db
        .update(users)
        .set({ payPasswordHash: hashPayPassword(password, this.deps.config.payPasswordKey) })
        .where(eq(users.id, userId));
    }
    // Every payment passes here: only a shopper with wrong tries on record costs a write.
    if (counted) await this.limiter.clear(key);
    if (!check.rehash) this.payHashes.set(userId, row.hash);
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

  // ---------------------------------------------------------------- SMS codes

  /**
   * Sends a code for `purpose` to a phone: checks the number, the slide-puzzle requirement, the
   * 60 s resend gap and the per-phone and per-address daily limits, all in one transaction.
   */
  async sendCode(input: {
    phone: string;
    countryCode: string;
    purpose: SmsPurpose;
    ip: string;
    userId: string | null;
    imageToken?: string;
    language: Language;
  }): Promise<{
    resendSeconds: number;
    validMinutes: number;
    devCode?: string;
  }> {
    const target = await this.codeTarget(input);
    const { config } = await this.deps.system.getConfig();
    const gapMs = config.smsResendSeconds * 1000;
    const day = shopDay();
    const phoneKey = `sms:phone:${target.e164}:${day}`;
    const ipKey = `sms:ip:${input.ip}:${day}`;
    const dayMs = DAY_MS;

    const [phoneCount, ipCount] = await Promise.all([
      this.limiter.count(phoneKey, DAY_MS),
      this.limiter.count(ipKey, DAY_MS),
    ]);
    if (phoneCount >= LIMITS.sms.perPhonePerDay) throw new AppError('USR00014');
    if (ipCount >= this.deps.config.sms.perIpPerDay) throw new AppError('USR00015');
    if (phoneCount >= LIMITS.sms.puzzleFromPhoneCount || ipCount >= this.deps.config.sms.puzzleFromIp) {
      if (!input.imageToken) throw new AppError('USR00016', {}, { puzzle: true });
      await this.useTicket('puzzle', input.imageToken, input.ip);
    }

    const code = numericCode(LIMITS.sms.codeLength);
    await this.db.transaction(async (tx) => {
      const byIp = await this.limiter.take(
        ipKey,
        { max: this.deps.config.sms.perIpPerDay, windowMs: dayMs },
        tx as unknown as Db,
      );
      if (!byIp.ok) throw new AppError('USR00015');
      // The resend countdown is per phone and step; the daily count is per phone.
      const gapKey = `sms:gap:${target.e164}:${input.purpose}`;
      const byGap = await this.limiter.take(
        gapKey,
        { max: 1_000_000_000, windowMs: dayMs, gapMs },
        tx as unknown as Db,
      );
      if (!byGap.ok)
        throw new AppError('USR00013', {
          seconds: Math.max(1, Math.ceil(byGap.waitMs / 1000)),
        });
      const byPhone = await this.limiter.take(
        phoneKey,
        { max: LIMITS.sms.perPhonePerDay, windowMs: dayMs },
        tx as unknown as Db,
      );
      if (!byPhone.ok) throw new AppError('USR00014');
      // A new code replaces the phone's earlier codes for the same step.
      await tx
        .update(smsCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(smsCodes.phone, target.e164), eq(smsCodes.purpose, input.purpose), isNull(smsCodes.usedAt)));
      await tx.insert(smsCodes).values({
        phone: target.e164,
        purpose: input.purpose,
        codeHash: codeHash(target.e164, input.purpose, code),
        expiresAt: new Date(Date.now() + LIMITS.sms.validMinutes * 60_000),
      });
      const text = SMS_TEXT[input.language](config.appName, code, LIMITS.sms.validMinutes);
      await this.deps.sms.send(target.e164, text, input.purpose, tx as unknown as Db);
    });
    return {
      resendSeconds: config.smsResendSeconds,
      validMinutes: LIMITS.sms.validMinutes,
      ...(this.deps.config.production ? {} : { devCode: code }),
    };
  }

  /** Whether the next code for `e164` asked from `ip` needs a solved slide puzzle (sms/secure). */
  async needsPuzzle(e164: string, ip: string): Promise<boolean> {
    const day = shopDay();
    const [phoneCount, ipCount] = await Promise.all([
      this.limiter.count(`sms:phone:${e164}:${day}`, DAY_MS),
      this.limiter.count(`sms:ip:${ip}:${day}`, DAY_MS),
    ]);
    return phoneCount >= LIMITS.sms.puzzleFromPhoneCount || ipCount >= this.deps.config.sms.puzzleFromIp;
  }

  sessionsOf(): SessionService {
    return this.deps.sessions;
  }

  /** The number a code of `purpose` goes to: the signed-in shopper's own for the pay password. */
  private async codeTarget(input: {
    phone: string;
    countryCode: string;
    purpose: SmsPurpose;
    userId: string | null;
  }): Promise<Phone> {
    if (input.purpose === 'paypwd') {
      if (!input.userId) throw new AppError('USR00001');
      const row = await this.row(input.userId);
      if (!row.phone) throw new AppError('USR00035');
      return parseMobile(row.phone);
    }
    if ((input.purpose === 'phone' || input.purpose === 'bind') && !input.userId) throw new AppError('USR00001');
    return parseMobile(input.phone, input.countryCode);
  }

  /**
   * Accepts a code once: right purpose, not expired, not used. Wrong codes spend the code after a
   * few tries and lock code checks for the phone after more (counted outside any transaction).
   */
  async checkCode(e164: string, purpose: SmsPurpose, code: string): Promise<void> {
    if (!new RegExp(`^\\d{${LIMITS.sms.codeLength}}$`).test(code)) {
      throw new AppError('USR00011', { length: LIMITS.sms.codeLength });
    }
    const lockKey = `code:${e164}`;
    const locked = await this.limiter.lockedFor(lockKey);
    if (locked) throw new AppError('USR00021', { minutes: minutesOf(locked) });
    const [row] = await this.db
      .select()
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.phone, e164),
          eq(smsCodes.purpose, purpose),
          isNull(smsCodes.usedAt),
          gt(smsCodes.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(smsCodes.id))
      .limit(1);
    if (row && sameText(row.codeHash, codeHash(e164, purpose, code))) {
      const used = await this.db
        .update(smsCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.usedAt)))
        .returning({ id: smsCodes.id });
      if (used.length) {
        await this.limiter.clear(lockKey);
        return;
      }
    } else if (row) {
      await this.db
        .update(smsCodes)
        .set({
          attempts: sql`${smsCodes.attempts} + 1`,
          usedAt: sql`CASE WHEN ${smsCodes.attempts} + 1 >= ${LIMITS.sms.triesPerCode} THEN now() ELSE NULL END`,
        })
        .where(eq(smsCodes.id, row.id));
    }
    const { lockedMs } = await this.limiter.fail(lockKey, LIMITS.codeLock);
    if (lockedMs) throw new AppError('USR00021', { minutes: minutesOf(lockedMs) });
    throw new AppError('USR00012');
  }

  // ---------------------------------------------------------------- tickets

  async issueTicket(
    kind: string,
    subject: string,
    data: Record<string, unknown> = {},
    minutes: number = LIMITS.ticketMinutes,
    db: Db = this.db,
  ) {
    const token = randomToken();
    await db.insert(tickets).values({
      id: sha256(token),
      kind,
      subject,
      data,
      expiresAt: new Date(Date.now() + minutes * 60_000),
    });
    return token;
  }

  /** Spends a ticket of `kind` for `subject`; USR00034 when unknown, expired, used or someone else's. */
  async useTicket(kind: string, token: string, subject?: string): Promise<Record<string, unknown>> {
    const [row] = await this.db
      .update(tickets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(tickets.id, sha256(token)),
          eq(tickets.kind, kind),
          isNull(tickets.usedAt),
          gt(tickets.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!row) throw new AppError(kind === 'puzzle' ? 'USR00017' : 'USR00034');
    if (subject !== undefined && row.subject !== subject)
      throw new AppError(kind === 'puzzle' ? 'USR00017' : 'USR00034');
    return row.data as Record<string, unknown>;
  }

  // ---------------------------------------------------------------- logins

  /** registandlogin: an SMS code logs in, and creates the account on the first login. */
  async loginBySms(input: {
    phone: string;
    countryCode: string;
    code: string;
    agree: boolean;
    source: string;
  }): Promise<LoginResult> {
    if (!input.agree) throw new AppError('USR00028');
    const phone = parseMobile(input.phone, input.countryCode);
    await this.checkCode(phone.e164, 'login', input.code);
    const inserted = await this.db
      .insert(users)
      .values({
        phone: phone.e164,
        countryCode: phone.countryCode,
        source: input.source,
      })
      .onConflictDoNothing({ target: users.phone })
      .returning();
    const row = inserted[0] ?? (await this.rowByPhone(phone.e164));
    if (!row) throw new AppError('USR00012');
    return this.startSession(row, inserted.length > 0);
  }

  /** The register screen: phone, SMS code, password twice, optional email. */
  async register(input: {
    phone: string;
    countryCode: string;
    code: string;
    password: string;
    repeatPassword: string;
    email?: string;
    agree: boolean;
  }): Promise<LoginResult> {
    if (!input.agree) throw new AppError('USR00028');
    const phone = parseMobile(input.phone, input.countryCode);
    checkNewPassword(input.password, input.repeatPassword);
    const email = input.email?.trim() ? checkEmail(input.email) : null;
    if (!/^\d+$/.test(input.code) || input.code.length !== LIMITS.sms.codeLength) {
      throw new AppError('USR00011', { length: LIMITS.sms.codeLength });
    }
    await this.checkCode(phone.e164, 'register', input.code);
    // The code proved the phone is theirs: from here it may be said that it is registered.
    const existing = await this.rowByPhone(phone.e164);
    const passwordHash = await hashSecret(input.password);
    if (existing) {
      if (existing.passwordHash) throw new AppError('USR00026');
      // An account made by an SMS login gets its password now.
      const [row] = await this.db
        .update(users)
        .set({
          passwordHash,
          ...(email ? { email } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, existing.id))
        .returning();
      return this.startSession(row, false);
    }
    const inserted = await this.db
      .insert(users)
      .values({
        phone: phone.e164,
        countryCode: phone.countryCode,
        passwordHash,
        email,
        source: 'h5',
      })
      .onConflictDoNothing({ target: users.phone })
      .returning();
    if (!inserted.length) throw new AppError('USR00026');
    return this.startSession(inserted[0], true);
  }

  /**
   * Phone and password. Wrong passwords are counted per phone and per address and lock out; an
   * unknown phone fails exactly like a wrong password (same message, same work, same counting).
   */
  async loginByPassword(input: {
    phone: string;
    countryCode: string;
    password: string;
    agree: boolean;
    ip: string;
  }): Promise<LoginResult> {
    if (!input.agree) throw new AppError('USR00028');
    const phone = parseMobile(input.phone, input.countryCode);
    const phoneKey = `login:${phone.e164}`;
    const ipKey = `loginip:${input.ip}`;
    const locked = Math.max(await this.limiter.lockedFor(phoneKey), await this.limiter.lockedFor(ipKey));
    if (locked) throw new AppError('USR00021', { minutes: minutesOf(locked) });
    const row = await this.rowByPhone(phone.e164);
    const good = await verifySecret(input.password, row?.passwordHash ?? null);
    if (!row || !good) {
      const [byPhone, byIp] = await Promise.all([
        this.limiter.fail(phoneKey, LIMITS.loginLock),
        this.limiter.fail(ipKey, LIMITS.loginIpLock),
      ]);
      const lockedMs = Math.max(byPhone.lockedMs, byIp.lockedMs);
      if (lockedMs) throw new AppError('USR00021', { minutes: minutesOf(lockedMs) });
      throw new AppError('USR00020');
    }
    await this.limiter.clear(phoneKey);
    return this.startSession(row, false);
  }

  async logout(token: string): Promise<void> {
    await this.deps.sessions.revoke(token);
  }

  /**
   * Change the password (signed in, old password) or reset a forgotten one (phone and SMS code).
   * Either way every other session ends; a signed-in shopper gets a fresh token.
   */
  async changePassword(input: {
    userId: string | null;
    countryCode?: string;
    phone?: string;
    code?: string;
    oldPassword?: string;
    password: string;
    repeatPassword: string;
    ip: string;
  }): Promise<{ token: string | null }> {
    checkNewPassword(input.password, input.repeatPassword);
    let row: UserRow | undefined;
    if (input.userId && input.oldPassword !== undefined) {
      row = await this.row(input.userId);
      const key = `login:${row.phone ?? row.id}`;
      const locked = await this.limiter.lockedFor(key);
      if (locked) throw new AppError('USR00021', { minutes: minutesOf(locked) });
      if (!(await verifySecret(input.oldPassword, row.passwordHash))) {
        const { lockedMs } = await this.limiter.fail(key, LIMITS.loginLock);
        if (lockedMs) throw new AppError('USR00021', { minutes: minutesOf(lockedMs) });
        throw new AppError('USR00029');
      }
    } else {
      if (!input.phone) throw new AppError('USR00010');
      const phone = parseMobile(input.phone, input.countryCode);
      await this.checkCode(phone.e164, 'forgot', input.code ?? '');
      row = await this.rowByPhone(phone.e164);
      if (!row) throw new AppError('USR00027');
    }
    if (row.locked) throw new AppError('USR00022');
    await this.db
      .update(users)
      .set({
        passwordHash: await hashSecret(input.password),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, row.id));
    await this.deps.sessions.revokeAll('shopper', row.id);
    if (row.phone) await this.limiter.clear(`login:${row.phone}`);
    if (!input.userId) return { token: null };
    const { token } = await this.deps.sessions.create('shopper', row.id);
    return { token };
  }

  // ---------------------------------------------------------------- pay password

  /** Checks the SMS code for the pay password and hands out a one-use ticket for the next step. */
  async verifyPayPasswordCode(userId: string, code: string): Promise<{ ticket: string; validMinutes: number }> {
    const row = await this.row(userId);
    if (!row.phone) throw new AppError('USR00035');
    await this.checkCode(row.phone, 'paypwd', code);
    const ticket = await this.issueTicket('paypwd', userId);
    return { ticket, validMinutes: LIMITS.ticketMinutes };
  }

  async setPayPassword(
    userId: string,
    input: {
      payPassword: string;
      repeatPayPassword: string;
      code?: string;
      ticket?: string;
    },
  ) {
    checkPayPasswordFormat(input.payPassword);
    if (input.payPassword !== input.repeatPayPassword) throw new AppError('USR00023');
    const row = await this.row(userId);
    if (!row.phone) throw new AppError('USR00035');
    if (input.ticket) await this.useTicket('paypwd', input.ticket, userId);
    else await this.checkCode(row.phone, 'paypwd', input.code ?? '');
    await this.db
      .update(users)
      .set({
        payPasswordHash: hashPayPassword(input.payPassword, this.deps.config.payPasswordKey),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    await this.limiter.clear(`paypwd:${userId}`);
  }

  // ---------------------------------------------------------------- profile

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
      imageUrl: this.imageUrl(row),
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

  imageUrl(row: UserRow): string {
    return row.avatarFile ? `/v1/customer/querylogo?v=${row.avatarFile.slice(0, 12)}` : '';
  }

  /**
   * Removes what can no longer be used: puzzles (they carry their images), tickets and codes past
   * their time, counters whose window and lock are long over. Run hourly by `accounts.purge`.
   */
  async purge(): Promise<{ puzzles: number; tickets: number; codes: number; counters: number }> {
    const count = (r: unknown) => (r as { rows: unknown[] }).rows.length;
    const puzzlesGone = await this.db.execute(
      sql`DELETE FROM puzzles WHERE expires_at < now() - interval '1 hour' RETURNING id`,
    );
    const ticketsGone = await this.db.execute(
      sql`DELETE FROM account_tickets WHERE expires_at < now() - interval '1 hour' RETURNING id`,
    );
    const codesGone = await this.db.execute(
      sql`DELETE FROM sms_codes WHERE expires_at < now() - interval '1 day' RETURNING id`,
    );
    const countersGone = await this.db.execute(sql`
      DELETE FROM limit_counters
      WHERE window_start < now() - interval '3 days' AND (locked_until IS NULL OR locked_until < now()) RETURNING key`);
    return {
      puzzles: count(puzzlesGone),
      tickets: count(ticketsGone),
      codes: count(codesGone),
      counters: count(countersGone),
    };
  }

  // ---------------------------------------------------------------- helpers

  async startSession(row: UserRow, isNew: boolean): Promise<LoginResult> {
    if (row.locked) throw new AppError('USR00022');
    const { token } = await this.deps.sessions.create('shopper', row.id);
    const { national, countryCode } = nationalOf(row.phone);
    return {
      token,
      userId: row.id,
      userLevel: row.level,
      userEmail: row.email ?? '',
      userMobile: national,
      userFullMobile: row.phone ?? '',
      country: countryCode,
      imageUrl: this.imageUrl(row),
      isNew,
      hasPassword: Boolean(row.passwordHash),
    };
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

function toAccountUser(row: UserRow): AccountUser {
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
