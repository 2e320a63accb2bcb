// Signing up and in: the SMS login (which creates the account), the register screen, phone and
// password, logout, changing or resetting the password, and the session a login starts.
import type { LoginResult } from '@shop/contracts';
import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import type { SmsCodes } from './codes.ts';
import { AccountsPart, type AccountsShared, type UserRow } from './context.ts';
import { LIMITS, minutesOf } from './limits.ts';
import { nationalOf, parseMobile } from './phone.ts';
import { hashSecret, verifySecret } from './secrets.ts';
import { users } from './tables.ts';
import { imageUrlOf } from './users.ts';

const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/;
/** 6 to 20 characters with at least one letter and one digit. */
const PASSWORD = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{6,20}$/;

export function checkEmail(email: string): string {
  const value = email.trim().toLowerCase();
  if (value.length > 254 || !EMAIL.test(value)) throw new AppError('USR00025');
  return value;
}

export function checkNewPassword(password: string, repeat: string): void {
  if (!PASSWORD.test(password)) throw new AppError('USR00024');
  if (password !== repeat) throw new AppError('USR00023');
}

export type LoginBySmsInput = {
  phone: string;
  countryCode: string;
  code: string;
  agree: boolean;
  source: string;
};

export type RegisterInput = {
  phone: string;
  countryCode: string;
  code: string;
  password: string;
  repeatPassword: string;
  email?: string;
  agree: boolean;
};

export type LoginByPasswordInput = {
  phone: string;
  countryCode: string;
  password: string;
  agree: boolean;
  ip: string;
};

export type ChangePasswordInput = {
  userId: string | null;
  countryCode?: string;
  phone?: string;
  code?: string;
  oldPassword?: string;
  password: string;
  repeatPassword: string;
  ip: string;
};

/** Logins and passwords of one `AccountsService`; SMS codes are checked by its `SmsCodes`. */
export class Logins extends AccountsPart {
  private readonly codes: SmsCodes;

  constructor(shared: AccountsShared, codes: SmsCodes) {
    super(shared);
    this.codes = codes;
  }

  /** registandlogin: an SMS code logs in, and creates the account on the first login. */
  async loginBySms(input: LoginBySmsInput): Promise<LoginResult> {
    if (!input.agree) throw new AppError('USR00028');
    const phone = parseMobile(input.phone, input.countryCode);
    await this.codes.checkCode(phone.e164, 'login', input.code);
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
  async register(input: RegisterInput): Promise<LoginResult> {
    if (!input.agree) throw new AppError('USR00028');
    const phone = parseMobile(input.phone, input.countryCode);
    checkNewPassword(input.password, input.repeatPassword);
    const email = input.email?.trim() ? checkEmail(input.email) : null;
    if (!/^\d+$/.test(input.code) || input.code.length !== LIMITS.sms.codeLength) {
      throw new AppError('USR00011', { length: LIMITS.sms.codeLength });
    }
    await this.codes.checkCode(phone.e164, 'register', input.code);
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
  async loginByPassword(input: LoginByPasswordInput): Promise<LoginResult> {
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
  async changePassword(input: ChangePasswordInput): Promise<{ token: string | null }> {
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
      await this.codes.checkCode(phone.e164, 'forgot', input.code ?? '');
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
      imageUrl: imageUrlOf(row),
      isNew,
      hasPassword: Boolean(row.passwordHash),
    };
  }
}
