import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows, valuesOf } from './db.ts';
import { sql } from './sql.ts';
import { jobs } from './tables.ts';

export type JobHandler = (payload: Record<string, unknown>, db: Db) => Promise<void>;

export type JobDefinition = {
  name: string;
  handler: JobHandler;
  /** Run again every `everyMs`; each period is one row with its own dedupe key, so instances agree. */
  everyMs?: number;
};

/** A recurring job's period rows are keyed `name@period` (`scheduleRecurring`; `purgeDone` reads it). */
const PERIOD_MARK = '@';

/**
 * How long a claim holds without being renewed: the runner renews the claims it holds every
 * RENEW_MS while it works on them, so a job of a process that was killed (or lost its machine) is
 * taken by another within 30 s instead of 5 minutes (issue 45: after a drain window every job is
 * done), and a long job is never taken from a live runner.
 */
const CLAIM_MS = 30 * 1000;
const RENEW_MS = 10 * 1000;
const BATCH = 10;

/**
 * The durable job queue (DESIGN §2): jobs are rows, claimed with FOR UPDATE SKIP LOCKED, retried
 * with backoff, and never lost on restart. Recurring jobs enqueue their next period when they start.
 */
export class JobRunner {
  private readonly db: Db;
  private readonly log: FastifyBaseLogger;
  private readonly definitions = new Map<string, JobDefinition>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  /** Set by `stop`: the batch in hand stops after its current job and hands the rest back. */
  private stopping = false;
  /**
   * The periods of each recurring job this runner has seen queued (its dedupe key exists): a period
   * is queued once, not again on every tick (17 inserts a second on an idle shop before).
   */
  private readonly queuedPeriods = new Map<string, Set<number>>();

  private readonly claimMs: number;
  private readonly renewMs: number;

  constructor(db: Db, log: FastifyBaseLogger, lease: { claimMs?: number; renewMs?: number } = {}) {
    this.db = db;
    this.log = log;
    this.claimMs = lease.claimMs ?? CLAIM_MS;
    this.renewMs = lease.renewMs ?? RENEW_MS;
  }

  define(definition: JobDefinition): void {
    if (this.definitions.has(definition.name)) throw new Error(`job ${definition.name} defined twice`);
    this.definitions.set(definition.name, definition);
  }

  /** Adds a job; with a dedupe key, adding it again is a no-op. Returns whether a row was added. */
  async enqueue(
    name: string,
    payload: Record<string, unknown> = {},
    options: { runAt?: Date; dedupeKey?: string; maxAttempts?: number } = {},
    db: Db = this.db,
  ): Promise<boolean> {
    const row = {
      name,
      payload,
      runAt: options.runAt ?? new Date(),
      dedupeKey: options.dedupeKey ?? null,
      maxAttempts: options.maxAttempts ?? 5,
    };
    const rows = await queryRows(
      db,
      sql`INSERT INTO ${jobs} ${valuesOf(jobs, [row])} ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    );
    return rows.length > 0;
  }

  /** Makes sure the current period of every recurring job is queued. */
  async scheduleRecurring(now = Date.now()): Promise<void> {
    for (const def of this.definitions.values()) {
      if (!def.everyMs) continue;
      const period = Math.floor(now / def.everyMs);
      const queued = this.queuedPeriods.get(def.name) ?? new Set<number>();
      if (queued.has(period)) continue;
      await this.enqueue(
        def.name,
        {},
        { runAt: new Date(period * def.everyMs), dedupeKey: `${def.name}${PERIOD_MARK}${period}` },
      );
      // Added now or by another instance before: either way the period's row exists.
      for (const old of queued) if (old < period - 1) queued.delete(old);
      queued.add(period);
      this.queuedPeriods.set(def.name, queued);
    }
  }

  /**
   * Deletes the rows of jobs done more than `keepDays` ago that nothing needs any more: those without
   * a dedupe key and the periods of recurring jobs (`name@period`: one a minute for the overdue sweep,
   * 1,440 a day). A done job with any other dedupe key stays: it is what keeps that work from being
   * queued again. Returns how many rows went.
   */
  async purgeDone(now = new Date(), keepDays = 7): Promise<number> {
    const rows = await queryRows(
      this.db,
      sql`DELETE FROM ${jobs} WHERE done_at < ${new Date(now.getTime() - keepDays * 86_400_000)}
        AND (dedupe_key IS NULL OR starts_with(dedupe_key, name || ${PERIOD_MARK}))
        RETURNING id`,
    );
    return rows.length;
  }

  /** Claims and runs the due jobs once; returns how many ran. Tests call this directly. */
  async runDue(now = new Date()): Promise<number> {
    const rows = await queryRows<{ id: number; name: string; payload: Record<string, unknown>; attempts: number }>(
      this.db,
      sql`
      UPDATE ${jobs} SET locked_until = ${new Date(now.getTime() + this.claimMs)}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM ${jobs}
        WHERE done_at IS NULL AND run_at <= ${now} AND attempts < max_attempts
          AND (locked_until IS NULL OR locked_until < ${now})
        ORDER BY run_at LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, name, payload, attempts`,
    );
    // Claimed in a batch and run one by one: when the runner stops in between, the ones not begun
    // are handed back at once (another process takes them now, not when the claim runs out).
    const waiting = new Set(rows.map((job) => job.id));
    const held = new Set(waiting);
    const renewal = rows.length > 0 ? setInterval(() => void this.renew([...held]), this.renewMs) : undefined;
    try {
      for (const job of rows) {
        if (this.stopping) break;
        waiting.delete(job.id);
        await this.runOne(job);
        held.delete(job.id);
      }
    } finally {
      clearInterval(renewal);
      if (waiting.size > 0) await this.handBack([...waiting]);
    }
    return rows.length;
  }

  /** Keeps the claims this runner still holds (the job in hand and the batch's next ones). */
  private async renew(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .execute(
        sql`UPDATE ${jobs} SET locked_until = ${new Date(Date.now() + this.claimMs)}
          WHERE id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) AND done_at IS NULL`,
      )
      .catch((error) => this.log.warn({ err: error }, 'job claims not renewed'));
  }

  /** Releases claimed jobs not begun: due again now, and the claim does not count as an attempt. */
  private async handBack(ids: number[]): Promise<void> {
    await this.db.execute(
      sql`UPDATE ${jobs} SET locked_until = NULL, attempts = greatest(attempts - 1, 0)
        WHERE id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) AND done_at IS NULL`,
    );
    this.log.info({ jobs: ids.length }, 'job leases handed back');
  }

  private async runOne(job: { id: number; name: string; payload: Record<string, unknown>; attempts: number }) {
    const def = this.definitions.get(job.name);
    try {
      if (!def) throw new Error(`no handler for job ${job.name}`);
      if (def.everyMs) await this.scheduleRecurring(Date.now() + def.everyMs);
      await def.handler(job.payload, this.db);
      await this.db.execute(sql`UPDATE ${jobs} SET done_at = now(), locked_until = NULL WHERE id = ${job.id}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // Exponential backoff: 2 s, 4 s, 8 s … before the next try.
      const retryAt = new Date(Date.now() + 2 ** job.attempts * 1000);
      await this.db.execute(
        sql`UPDATE ${jobs} SET last_error = ${message}, locked_until = NULL, run_at = ${retryAt} WHERE id = ${job.id}`,
      );
      this.log.warn({ job: job.name, id: job.id, attempts: job.attempts, err: message }, 'job failed');
    }
  }

  start(pollMs: number): void {
    this.stopped = false;
    this.stopping = false;
    const tick = async () => {
      if (this.stopped) return;
      this.running = (async () => {
        try {
          await this.scheduleRecurring();
          while (!this.stopped && (await this.runDue()) > 0) {}
        } catch (error) {
          this.log.error({ err: error }, 'job runner tick failed');
        }
      })();
      await this.running;
      if (!this.stopped) this.timer = setTimeout(tick, pollMs);
    };
    this.timer = setTimeout(tick, 0);
  }

  /**
   * Stops polling, waits for the job in hand to finish and hands back the jobs it had claimed but
   * not begun (a process that drains on SIGTERM leaves no job waiting for its claim to run out).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
