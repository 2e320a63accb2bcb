// AccountsService, the accounts module's service: a facade that builds the use-case parts (codes.ts,
// logins.ts, pay-password.ts, users.ts, over the shared state in context.ts) and hands each call on.
import type { LoginResult, SmsPurpose, UserInfo } from '@shop/contracts';
import { inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { SessionService } from '../../platform/sessions.ts';
import { type SendCodeInput, SmsCodes } from './codes.ts';
import { type AccountsDeps, AccountsPart, type AccountsShared, type UserRow, UUID_SHAPE } from './context.ts';
import { LIMITS, Limiter, minutesOf } from './limits.ts';
import {
  type ChangePasswordInput,
  type LoginByPasswordInput,
  type LoginBySmsInput,
  Logins,
  type RegisterInput,
} from './logins.ts';
import { PayPasswords, type SetPayPasswordInput } from './pay-password.ts';
import { users } from './tables.ts';
import { type AccountUser, imageUrlOf, Shoppers, toAccountUser } from './users.ts';

export type { AccountsDeps } from './context.ts';
export { checkEmail, checkNewPassword } from './logins.ts';
export { checkPayPasswordFormat } from './pay-password.ts';
export type { AccountUser } from './users.ts';

/**
 * Shoppers' accounts: sign-up and logins, SMS codes and tickets, the pay password, the profile, and
 * what other modules ask of a shopper. `row`, `rowByPhone`, `db` and `limiter` come from AccountsPart.
 */
export class AccountsService extends AccountsPart {
  private readonly codes: SmsCodes;
  private readonly logins: Logins;
  private readonly payPasswords: PayPasswords;
  private readonly shoppers: Shoppers;

  constructor(deps: AccountsDeps) {
    if (deps.config.production && !deps.config.payPasswordKey)
      throw new Error('PAY_PASSWORD_KEY must be set in production');
    const shared: AccountsShared = { deps, limiter: new Limiter(deps.db) };
    super(shared);
    this.codes = new SmsCodes(shared);
    this.logins = new Logins(shared, this.codes);
    this.payPasswords = new PayPasswords(shared, this.codes);
    this.shoppers = new Shoppers(shared);
  }

  // ---------------------------------------------------------------- interface for other modules (users.ts)

  private readonly phoneGuards: ((userId: string) => Promise<void>)[] = [];

  /**
   * Another module may forbid changing a shopper's phone for a while (an open loan): its guard
   * throws its catalogue error. Registered at start.
   */
  guardPhoneChange(guard: (userId: string) => Promise<void>): void {
    this.phoneGuards.push(guard);
  }

  /** Throws the first registered guard's refusal of a phone change. */
  async checkPhoneChange(userId: string): Promise<void> {
    for (const guard of this.phoneGuards) await guard(userId);
  }

  getUser(userId: string, db?: Db): Promise<AccountUser | null> {
    return this.shoppers.getUser(userId, db);
  }

  newPerDay(count: number, now?: Date) {
    return this.shoppers.newPerDay(count, now);
  }

  findByPhone(e164: string, db?: Db): Promise<AccountUser | null> {
    return this.shoppers.findByPhone(e164, db);
  }

  lock(userId: string, reason: string, db?: Db): Promise<void> {
    return this.shoppers.lock(userId, reason, db);
  }

  unlock(userId: string, db?: Db): Promise<void> {
    return this.shoppers.unlock(userId, db);
  }

  // ---------------------------------------------------------------- pay password (pay-password.ts)

  hasPayPassword(userId: string, db?: Db): Promise<boolean> {
    return this.payPasswords.hasPayPassword(userId, db);
  }

  payPasswordRead(userId: string): SQL {
    return this.payPasswords.payPasswordRead(userId);
  }

  payPasswordKept(userId: string, password: string): Promise<SQL | null> {
    return this.payPasswords.payPasswordKept(userId, password);
  }

  verifyPayPassword(userId: string, password: string, db?: Db, read?: unknown): Promise<void> {
    return this.payPasswords.verifyPayPassword(userId, password, db, read);
  }

  verifyPayPasswordCode(userId: string, code: string): Promise<{ ticket: string; validMinutes: number }> {
    return this.payPasswords.verifyPayPasswordCode(userId, code);
  }

  setPayPassword(userId: string, input: SetPayPasswordInput): Promise<void> {
    return this.payPasswords.setPayPassword(userId, input);
  }

  // ---------------------------------------------------------------- other modules' secrets (limits.ts)

  /**
   * One try of a secret another module checks (a card's last four digits), under the pay password's
   * lock-out (`LIMITS.payLock`: the fifth wrong try within an hour locks for 30 minutes), counted in
   * the same limiter BEFORE the caller checks it, so tries sent at once are held to the rule too.
   * `refused`: locked already, do not check (`lockedMs` left). Otherwise check it: when wrong,
   * `remaining` tries are left, or this was the last one and `locked` is true; `minutes` is the
   * lock's time left, rounded up. When right, `clearTries`.
   */
  async takeTry(key: string): Promise<{ refused: boolean; locked: boolean; remaining: number; minutes: number }> {
    const taken = await this.limiter.fail(`try:${key}`, LIMITS.payLock);
    return {
      refused: Boolean(taken.already),
      locked: taken.lockedMs > 0,
      remaining: taken.remaining,
      minutes: taken.lockedMs > 0 ? minutesOf(taken.lockedMs) : 0,
    };
  }

  /** Gives back a try `takeTry` counted that was never checked (the checking party did not answer). */
  giveBackTry(key: string, taken: { locked: boolean }): Promise<void> {
    return this.limiter.giveBack(`try:${key}`, LIMITS.payLock, taken.locked);
  }

  /** Forgets the tries of `key` after a right answer (also the lock its own try set). */
  clearTries(key: string): Promise<void> {
    return this.limiter.clear(`try:${key}`, this.db, true);
  }

  // ---------------------------------------------------------------- SMS codes and tickets (codes.ts)

  sendCode(input: SendCodeInput): ReturnType<SmsCodes['sendCode']> {
    return this.codes.sendCode(input);
  }

  needsPuzzle(e164: string, ip: string): Promise<boolean> {
    return this.codes.needsPuzzle(e164, ip);
  }

  checkCode(e164: string, purpose: SmsPurpose, code: string): Promise<void> {
    return this.codes.checkCode(e164, purpose, code);
  }

  issueTicket(
    kind: string,
    subject: string,
    data?: Record<string, unknown>,
    minutes?: number,
    db?: Db,
  ): Promise<string> {
    return this.codes.issueTicket(kind, subject, data, minutes, db);
  }

  useTicket(kind: string, token: string, subject?: string): Promise<Record<string, unknown>> {
    return this.codes.useTicket(kind, token, subject);
  }

  purge(): Promise<{ puzzles: number; tickets: number; codes: number; counters: number }> {
    return this.codes.purge();
  }

  // ---------------------------------------------------------------- logins (logins.ts)

  loginBySms(input: LoginBySmsInput): Promise<LoginResult> {
    return this.logins.loginBySms(input);
  }

  register(input: RegisterInput): Promise<LoginResult> {
    return this.logins.register(input);
  }

  loginByPassword(input: LoginByPasswordInput): Promise<LoginResult> {
    return this.logins.loginByPassword(input);
  }

  logout(token: string): Promise<void> {
    return this.logins.logout(token);
  }

  changePassword(input: ChangePasswordInput): Promise<{ token: string | null }> {
    return this.logins.changePassword(input);
  }

  startSession(row: UserRow, isNew: boolean): Promise<LoginResult> {
    return this.logins.startSession(row, isNew);
  }

  sessionsOf(): SessionService {
    return this.deps.sessions;
  }

  // ---------------------------------------------------------------- profile (users.ts)

  info(userId: string): Promise<UserInfo> {
    return this.shoppers.info(userId);
  }

  imageUrl(row: UserRow): string {
    return imageUrlOf(row);
  }

  // ---------------------------------------------------------------- staff lists

  /** Many shoppers at once (the console's lists name the shopper of each row): unknown ids are left out. */
  async usersByIds(ids: readonly string[]): Promise<AccountUser[]> {
    const wanted = [...new Set(ids.filter((id) => UUID_SHAPE.test(id)))];
    if (!wanted.length) return [];
    const rows = await this.db.select().from(users).where(inArray(users.id, wanted));
    return rows.map(toAccountUser);
  }
}
