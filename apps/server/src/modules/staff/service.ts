import { randomBytes } from 'node:crypto';
import {
  type AuditEntry,
  type DashboardTile,
  SETUP_LINK_MINUTES,
  STAFF_LOGIN_PATTERN,
  STAFF_PASSWORD_MIN,
  STAFF_ROLES,
  type StaffMember,
  type StaffRole,
} from '@shop/contracts';
import { and, desc, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { hashToken, type Session, type SessionService } from '../../platform/sessions.ts';
import { sql } from '../../platform/sql.ts';
import { decoyHash, hashPassword, verifyPassword } from './password.ts';
import { staffAccounts, staffAudit, staffLoginFailures, staffSetupLinks } from './tables.ts';

/** Who did it: a staff member, or the command line (staffId null). */
export type Actor = { staffId: string | null; login: string; ip?: string | null };
export const CLI_ACTOR: Actor = { staffId: null, login: 'system:cli' };

export type AuditInput = {
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
};

/** Sign-in lock-out (DESIGN §8): per login name and per client address, counted in the database. */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  lockMs: 15 * 60 * 1000,
  perLogin: 5,
  perIp: 30,
};

/** A tile of the dashboard, given by the module that owns the figure. */
export type TileProvider = { module: string; roles: StaffRole[]; tiles: () => Promise<DashboardTile[]> };

/** Serialises first-owner setup: two submissions at once make one owner (issue 19). */
const SETUP_LOCK = 7_300_103;

type Row = typeof staffAccounts.$inferSelect;

function toMember(row: Row): StaffMember {
  return {
    id: row.id,
    login: row.login,
    displayName: row.displayName,
    roles: row.roles.filter((r): r is StaffRole => (STAFF_ROLES as readonly string[]).includes(r)),
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
  };
}

/** Fields never written to the audit log. */
const SECRET_FIELDS = new Set(['password', 'passwordHash', 'currentPassword', 'newPassword', 'payPassword', 'token']);
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_FIELDS.has(k) ? '[redacted]' : redact(v),
      ]),
    );
  }
  return value;
}

export function checkLogin(login: string): string {
  const value = login.trim();
  if (!STAFF_LOGIN_PATTERN.test(value)) throw new AppError('STF00008');
  return value.toLowerCase();
}

export function checkPassword(password: string): string {
  if (password.length < STAFF_PASSWORD_MIN || !/[A-Za-z]/.test(password) || !/\d/.test(password)) {
    throw new AppError('STF00009');
  }
  return password;
}

export function checkRoles(roles: readonly string[]): StaffRole[] {
  const unique = [...new Set(roles)];
  if (unique.length === 0 || unique.some((r) => !(STAFF_ROLES as readonly string[]).includes(r))) {
    throw new AppError('STF00011');
  }
  return STAFF_ROLES.filter((r) => unique.includes(r));
}

export function checkDisplayName(name: string): string {
  const value = name.trim();
  if (value.length < 1 || value.length > 60) throw new AppError('STF00014');
  return value;
}

/** Whether a member with `roles` may make a call open to `allowed`: owners may make every call. */
export function roleAllows(roles: readonly string[], allowed: readonly StaffRole[] | 'any'): boolean {
  if (allowed === 'any' || roles.includes('owner')) return true;
  return allowed.some((r) => roles.includes(r));
}

export class StaffService {
  private readonly db: Db;
  private readonly sessions: SessionService;
  private readonly tileProviders: TileProvider[] = [];

  constructor(db: Db, sessions: SessionService) {
    this.db = db;
    this.sessions = sessions;
  }

  // ---------------------------------------------------------------- audit

  /** Writes one audit row. Other modules' console routes call this for every staff action. */
  async audit(actor: Actor, entry: AuditInput, db: Db = this.db): Promise<void> {
    await db.insert(staffAudit).values({
      staffId: actor.staffId,
      staffLogin: actor.login,
      action: entry.action,
      targetType: entry.targetType,
      targetId: String(entry.targetId),
      before: entry.before === undefined ? null : redact(entry.before),
      after: entry.after === undefined ? null : redact(entry.after),
      ip: actor.ip ?? null,
    });
  }

  async auditList(filter: {
    page: number;
    size: number;
    staffLogin?: string;
    action?: string;
    targetType?: string;
    targetId?: string;
  }): Promise<{ list: AuditEntry[]; total: number; page: number; size: number }> {
    const where: SQL[] = [];
    if (filter.staffLogin) where.push(eq(staffAudit.staffLogin, filter.staffLogin.trim().toLowerCase()));
    if (filter.action) where.push(ilike(staffAudit.action, `${filter.action.replace(/[%_\\]/g, '\\$&')}%`));
    if (filter.targetType) where.push(eq(staffAudit.targetType, filter.targetType));
    if (filter.targetId) where.push(eq(staffAudit.targetId, filter.targetId));
    const condition = where.length ? and(...where) : undefined;
    const rows = await this.db
      .select()
      .from(staffAudit)
      .where(condition)
      .orderBy(desc(staffAudit.id))
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size);
    const [{ total }] = await this.db.select({ total: sql<number>`count(*)::int` }).from(staffAudit).where(condition);
    return {
      list: rows.map((r) => ({
        id: r.id,
        staffId: r.staffId,
        staffLogin: r.staffLogin,
        action: r.action,
        targetType: r.targetType,
        targetId: r.targetId,
        before: r.before,
        after: r.after,
        ip: r.ip,
        at: r.at.toISOString(),
      })),
      total,
      page: filter.page,
      size: filter.size,
    };
  }

  // ---------------------------------------------------------------- accounts

  /** The live staff session of `token` and its active member; null for shopper tokens and disabled staff. */
  async resolveSession(token: string): Promise<{ session: Session; member: StaffMember } | null> {
    const session = await this.sessions.resolve(token, 'staff');
    if (!session) return null;
    const member = await this.get(session.subjectId);
    return member?.active ? { session, member } : null;
  }

  async get(id: string): Promise<StaffMember | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const [row] = await this.db.select().from(staffAccounts).where(eq(staffAccounts.id, id)).limit(1);
    return row ? toMember(row) : null;
  }

  async require(id: string): Promise<StaffMember> {
    const member = await this.get(id);
    if (!member) throw new AppError('STF00010');
    return member;
  }

  async list(page: number, size: number) {
    const rows = await this.db
      .select()
      .from(staffAccounts)
      .orderBy(staffAccounts.createdAt, staffAccounts.login)
      .limit(size)
      .offset((page - 1) * size);
    const [{ total }] = await this.db.select({ total: sql<number>`count(*)::int` }).from(staffAccounts);
    return { list: rows.map(toMember), total, page, size };
  }

  async create(
    input: { login: string; displayName: string; password: string; roles: readonly string[] },
    actor: Actor,
  ): Promise<StaffMember> {
    const login = checkLogin(input.login);
    const displayName = checkDisplayName(input.displayName);
    const password = checkPassword(input.password);
    const roles = checkRoles(input.roles);
    const passwordHash = await hashPassword(password);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staffAccounts)
        .values({ login, displayName, passwordHash, roles })
        .onConflictDoNothing({ target: staffAccounts.login })
        .returning();
      if (!row) throw new AppError('STF00007', { login });
      const member = toMember(row);
      await this.audit(
        actor,
        { action: 'staff.create', targetType: 'staff', targetId: member.id, after: member },
        tx as Db,
      );
      return member;
    });
  }

  async countOwners(): Promise<number> {
    const [{ owners }] = await this.db
      .select({ owners: sql<number>`count(*)::int` })
      .from(staffAccounts)
      .where(and(eq(staffAccounts.active, true), sql`${staffAccounts.roles} ? 'owner'`));
    return owners;
  }

  /** The first owner, from the command line (`npm run staff:create-owner`). */
  createOwner(login: string, password: string, displayName = 'Owner'): Promise<StaffMember> {
    return this.create({ login, displayName, password, roles: ['owner'] }, CLI_ACTOR);
  }

  /** Whether any staff account exists (active or not): first-owner setup is for an empty console only. */
  private async anyStaff(db: Db = this.db): Promise<boolean> {
    const [row] = await db.select({ id: staffAccounts.id }).from(staffAccounts).limit(1);
    return row !== undefined;
  }

  // ---------------------------------------------------------------- first-owner setup (issue 19)

  /**
   * At a start with no staff: a new one-time setup token for the first owner, valid for
   * SETUP_LINK_MINUTES; the links not used yet stop working. Null once any staff exists. Only the
   * token's hash is stored; the shop prints the token once, on its console.
   */
  async openSetup(now: Date = new Date()): Promise<{ token: string; expiresAt: Date } | null> {
    return this.db.transaction(async (tx) => {
      const t = tx as Db;
      await t.execute(sql`SELECT pg_advisory_xact_lock(${SETUP_LOCK})`);
      await t.delete(staffSetupLinks).where(isNull(staffSetupLinks.usedAt));
      if (await this.anyStaff(t)) return null;
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + SETUP_LINK_MINUTES * 60_000);
      await t.insert(staffSetupLinks).values({ tokenHash: hashToken(token), createdAt: now, expiresAt });
      return { token, expiresAt };
    });
  }

  /** The setup link of `token` if it can still make the first owner, else the catalogue's reason. */
  private async usableSetupLink(token: string, now: Date, db: Db) {
    const [link] = token
      ? await db
          .select()
          .from(staffSetupLinks)
          .where(eq(staffSetupLinks.tokenHash, hashToken(token)))
          .limit(1)
      : [];
    if (link?.usedAt) throw new AppError('STF00062');
    if (await this.anyStaff(db)) throw new AppError('STF00063');
    if (!link) throw new AppError('STF00060');
    if (link.expiresAt <= now) throw new AppError('STF00061');
    return link;
  }

  /** Whether the setup page may show its form: until when `token` works (else its catalogue error). */
  async setupStatus(token: string, now: Date = new Date()): Promise<{ expiresAt: string }> {
    const link = await this.usableSetupLink(token, now, this.db);
    return { expiresAt: link.expiresAt.toISOString() };
  }

  /**
   * The first owner, from the setup link: the link is spent and the owner made in one transaction,
   * under a lock, so two submissions at once make one owner; then they are signed in.
   */
  async completeSetup(
    input: { token: string; login: string; displayName: string; password: string },
    ip: string | null,
    now: Date = new Date(),
  ): Promise<{ token: string; staff: StaffMember }> {
    // A mistyped field leaves the link usable: the input is checked before it is spent.
    await this.usableSetupLink(input.token, now, this.db);
    const login = checkLogin(input.login);
    const displayName = checkDisplayName(input.displayName);
    const passwordHash = await hashPassword(checkPassword(input.password));
    const member = await this.db.transaction(async (tx) => {
      const t = tx as Db;
      await t.execute(sql`SELECT pg_advisory_xact_lock(${SETUP_LOCK})`);
      const link = await this.usableSetupLink(input.token, now, t);
      const [row] = await t
        .insert(staffAccounts)
        .values({ login, displayName, passwordHash, roles: ['owner'], lastLoginAt: now })
        .onConflictDoNothing({ target: staffAccounts.login })
        .returning();
      // Made meanwhile beside the lock (the command line on PostgreSQL): the console has staff now.
      if (!row) throw new AppError('STF00063');
      const spent = await t
        .update(staffSetupLinks)
        .set({ usedAt: now, usedBy: row.id })
        .where(and(eq(staffSetupLinks.tokenHash, link.tokenHash), isNull(staffSetupLinks.usedAt)))
        .returning({ tokenHash: staffSetupLinks.tokenHash });
      if (spent.length !== 1) throw new AppError('STF00062');
      const created = toMember(row);
      await this.audit(
        { staffId: created.id, login: created.login, ip },
        { action: 'staff.setup-first-owner', targetType: 'staff', targetId: created.id, after: created },
        t,
      );
      return created;
    });
    const { token } = await this.sessions.create('staff', member.id);
    return { token, staff: member };
  }

  /**
   * An owner from the command line (`npm run staff:create-owner`), made here or, while the shop
   * holds the embedded database, through its control call. `ifAbsent`: nothing when an owner exists.
   */
  async createOwnerFromCli(input: {
    login: string;
    displayName: string;
    password: string;
    ifAbsent: boolean;
  }): Promise<{ created: boolean; owner: StaffMember | null }> {
    if (input.ifAbsent && (await this.countOwners()) > 0) return { created: false, owner: null };
    return { created: true, owner: await this.createOwner(input.login, input.password, input.displayName) };
  }

  async update(
    id: string,
    patch: { displayName?: string; roles?: readonly string[]; active?: boolean },
    actor: Actor,
  ): Promise<StaffMember> {
    const values: Partial<typeof staffAccounts.$inferInsert> = {};
    if (patch.displayName !== undefined) values.displayName = checkDisplayName(patch.displayName);
    if (patch.roles !== undefined) values.roles = checkRoles(patch.roles);
    if (patch.active !== undefined) values.active = patch.active;
    // An id that is no UUID names nobody (and would be a database error, not an answer).
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('STF00010');
    const result = await this.db.transaction(async (tx) => {
      const t = tx as Db;
      // Serialise owner changes so two owners cannot demote each other at once.
      await t.execute(sql`SELECT pg_advisory_xact_lock(7300101)`);
      const [before] = await t.select().from(staffAccounts).where(eq(staffAccounts.id, id)).for('update');
      if (!before) throw new AppError('STF00010');
      const [after] = await t
        .update(staffAccounts)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(staffAccounts.id, id))
        .returning();
      const [{ owners }] = await t
        .select({ owners: sql<number>`count(*)::int` })
        .from(staffAccounts)
        .where(and(eq(staffAccounts.active, true), sql`${staffAccounts.roles} ? 'owner'`));
      if (owners < 1) throw new AppError('STF00012');
      await this.audit(
        actor,
        { action: 'staff.update', targetType: 'staff', targetId: id, before: toMember(before), after: toMember(after) },
        t,
      );
      return toMember(after);
    });
    // A disabled member is signed out everywhere (after the commit: sessions are not ours to lock).
    if (!result.active) await this.sessions.revokeAll('staff', id);
    return result;
  }

  async resetPassword(id: string, password: string, actor: Actor): Promise<void> {
    const hash = await hashPassword(checkPassword(password));
    const member = await this.require(id);
    await this.db
      .update(staffAccounts)
      .set({ passwordHash: hash, updatedAt: new Date() })
      .where(eq(staffAccounts.id, id));
    await this.sessions.revokeAll('staff', id);
    await this.audit(actor, {
      action: 'staff.reset-password',
      targetType: 'staff',
      targetId: id,
      after: { login: member.login },
    });
  }

  async changeOwnPassword(
    actor: Actor & { staffId: string },
    current: string,
    next: string,
  ): Promise<{ token: string }> {
    const [row] = await this.db.select().from(staffAccounts).where(eq(staffAccounts.id, actor.staffId)).limit(1);
    if (!row) throw new AppError('STF00010');
    if (!(await verifyPassword(current, row.passwordHash))) throw new AppError('STF00013');
    const hash = await hashPassword(checkPassword(next));
    await this.db
      .update(staffAccounts)
      .set({ passwordHash: hash, updatedAt: new Date() })
      .where(eq(staffAccounts.id, row.id));
    // Other sessions end; this one goes on.
    await this.sessions.revokeAll('staff', row.id);
    const fresh = await this.sessions.create('staff', row.id);
    await this.audit(actor, { action: 'staff.change-password', targetType: 'staff', targetId: row.id });
    return { token: fresh.token };
  }

  // ---------------------------------------------------------------- sign-in

  private async lockedFor(key: string, now: Date): Promise<number> {
    const [row] = await this.db.select().from(staffLoginFailures).where(eq(staffLoginFailures.key, key)).limit(1);
    if (!row?.lockedUntil || row.lockedUntil <= now) return 0;
    return Math.max(1, Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 60_000));
  }

  private async recordFailure(key: string, limit: number, now: Date): Promise<void> {
    const windowStart = new Date(now.getTime() - LOGIN_LIMITS.windowMs);
    const lockUntil = new Date(now.getTime() + LOGIN_LIMITS.lockMs);
    await this.db.execute(sql`
      INSERT INTO staff_login_failures (key, failures, window_started_at, locked_until)
      VALUES (${key}, 1, ${now}, ${limit <= 1 ? lockUntil : null})
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN staff_login_failures.window_started_at < ${windowStart} THEN 1 ELSE staff_login_failures.failures + 1 END,
        window_started_at = CASE WHEN staff_login_failures.window_started_at < ${windowStart} THEN ${now} ELSE staff_login_failures.window_started_at END,
        locked_until = CASE
          WHEN staff_login_failures.window_started_at >= ${windowStart} AND staff_login_failures.failures + 1 >= ${limit} THEN ${lockUntil}
          ELSE staff_login_failures.locked_until END`);
  }

  async login(
    loginInput: string,
    password: string,
    ip: string | null,
    now: Date = new Date(),
  ): Promise<{ token: string; staff: StaffMember }> {
    const login = loginInput.trim().toLowerCase().slice(0, 64);
    const loginKey = `login:${login}`;
    const ipKey = `ip:${ip ?? 'unknown'}`;
    const minutes = Math.max(await this.lockedFor(loginKey, now), await this.lockedFor(ipKey, now));
    if (minutes > 0) throw new AppError('STF00005', { minutes });

    const [row] = login
      ? await this.db.select().from(staffAccounts).where(eq(staffAccounts.login, login)).limit(1)
      : [];
    const good = await verifyPassword(password, row?.passwordHash ?? (await decoyHash()));
    const attempt: Actor = { staffId: row?.id ?? null, login: login || '(empty)', ip };
    if (!row || !good) {
      await this.recordFailure(loginKey, LOGIN_LIMITS.perLogin, now);
      await this.recordFailure(ipKey, LOGIN_LIMITS.perIp, now);
      await this.audit(attempt, { action: 'staff.login.failed', targetType: 'staff', targetId: row?.id ?? login });
      const after = Math.max(await this.lockedFor(loginKey, now), await this.lockedFor(ipKey, now));
      if (after > 0) throw new AppError('STF00005', { minutes: after });
      throw new AppError('STF00004');
    }
    if (!row.active) {
      await this.audit(attempt, { action: 'staff.login.disabled', targetType: 'staff', targetId: row.id });
      throw new AppError('STF00006');
    }
    await this.db.delete(staffLoginFailures).where(eq(staffLoginFailures.key, loginKey));
    const [updated] = await this.db
      .update(staffAccounts)
      .set({ lastLoginAt: now })
      .where(eq(staffAccounts.id, row.id))
      .returning();
    const { token } = await this.sessions.create('staff', row.id);
    await this.audit(attempt, { action: 'staff.login', targetType: 'staff', targetId: row.id });
    return { token, staff: toMember(updated) };
  }

  async logout(token: string, actor: Actor & { staffId: string }): Promise<void> {
    await this.sessions.revoke(token);
    await this.audit(actor, { action: 'staff.logout', targetType: 'staff', targetId: actor.staffId });
  }

  // ---------------------------------------------------------------- dashboard

  /** Modules with a figure for the dashboard register it here (from their console routes). */
  addTiles(provider: TileProvider): void {
    this.tileProviders.push(provider);
  }

  async dashboard(roles: readonly string[]): Promise<{ tiles: DashboardTile[]; modules: string[] }> {
    const visible = this.tileProviders.filter((p) => roleAllows(roles, p.roles));
    const groups = await Promise.all(visible.map((p) => p.tiles()));
    return { tiles: groups.flat(), modules: [...new Set(this.tileProviders.map((p) => p.module))] };
  }
}
