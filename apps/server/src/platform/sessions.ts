import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { BoundedMap } from './bounded-map.ts';
import type { Db } from './db.ts';
import { sql } from './sql.ts';
import { sessions } from './tables.ts';

export type SessionKind = 'shopper' | 'staff';
export type Session = { id: string; kind: SessionKind; subjectId: string; expiresAt: Date };

/** SHA-256 of the token, hex: the one-shot `hash` (every call of a signed-in shopper passes here). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** A sliding expiry is written back at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

/**
 * A resolved session is kept in process this long: a checkout is three calls within a second, and
 * each read its session row (issue 5). Revoking in this process drops it at once; another instance
 * (DESIGN §5) sees a revocation at most this late.
 */
const CACHE_MS = 5_000;
/** Bound on cached sessions; the oldest go first. */
const CACHE_MAX = 10_000;

/**
 * Opaque 256-bit session tokens (DESIGN §4). The token is returned once, at creation; the database
 * keeps only its hash.
 */
export class SessionService {
  private readonly db: Db;
  private readonly ttlMs: number;
  /** Token hash → session, resolved at `at` for `kind`. */
  private readonly cache = new BoundedMap<string, { session: Session; at: number }>(CACHE_MAX);

  constructor(db: Db, ttlDays: number) {
    this.db = db;
    this.ttlMs = ttlDays * 24 * 60 * 60 * 1000;
  }

  async create(kind: SessionKind, subjectId: string): Promise<{ token: string; session: Session }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.ttlMs);
    const [row] = await this.db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), kind, subjectId, expiresAt })
      .returning({ id: sessions.id });
    return { token, session: { id: row.id, kind, subjectId, expiresAt } };
  }

  /** The live session of `token` for `kind`, or null when unknown, expired or of the other kind. */
  async resolve(token: string, kind: SessionKind): Promise<Session | null> {
    const tokenHash = hashToken(token);
    const now = Date.now();
    const cached = this.cache.get(tokenHash);
    if (cached) {
      if (now - cached.at < CACHE_MS && cached.session.expiresAt.getTime() > now)
        return cached.session.kind === kind ? cached.session : null;
      this.cache.delete(tokenHash);
    }
    const [row] = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.tokenHash, tokenHash), eq(sessions.kind, kind), gt(sessions.expiresAt, sql`now()`)))
      .limit(1);
    if (!row) return null;
    if (Date.now() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await this.db
        .update(sessions)
        .set({ lastSeenAt: sql`now()`, expiresAt: new Date(Date.now() + this.ttlMs) })
        .where(eq(sessions.id, row.id));
    }
    const session = { id: row.id, kind: row.kind as SessionKind, subjectId: row.subjectId, expiresAt: row.expiresAt };
    this.cache.set(tokenHash, { session, at: now });
    return session;
  }

  async revoke(token: string): Promise<void> {
    const tokenHash = hashToken(token);
    this.cache.delete(tokenHash);
    await this.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  }

  /** Ends every session of a subject, e.g. after a password change or a lock. */
  async revokeAll(kind: SessionKind, subjectId: string): Promise<number> {
    for (const [tokenHash, { session }] of this.cache) {
      if (session.kind === kind && session.subjectId === subjectId) this.cache.delete(tokenHash);
    }
    const rows = await this.db
      .delete(sessions)
      .where(and(eq(sessions.kind, kind), eq(sessions.subjectId, subjectId)))
      .returning({ id: sessions.id });
    return rows.length;
  }

  /** Removes expired sessions; run by the `sessions.purge-expired` job. */
  async purgeExpired(now: Date = new Date()): Promise<number> {
    const rows = await this.db
      .delete(sessions)
      .where(lt(sessions.expiresAt, now))
      .returning({ tokenHash: sessions.tokenHash });
    for (const { tokenHash } of rows) this.cache.delete(tokenHash);
    return rows.length;
  }
}
