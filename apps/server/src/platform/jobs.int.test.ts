import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../test/harness.ts';
import { queryRows } from './db.ts';
import { JobRunner } from './jobs.ts';
import { sql } from './sql.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

async function jobRow(name: string) {
  const rows = await queryRows<{ attempts: number; done_at: Date | null; last_error: string | null }>(
    shop.db,
    sql`SELECT attempts, done_at, last_error FROM jobs WHERE name = ${name} ORDER BY id DESC LIMIT 1`,
  );
  return rows[0];
}

describe('the durable job runner', () => {
  it('runs a due job once and marks it done', async () => {
    const seen: unknown[] = [];
    shop.ctx.jobs.define({ name: 'test.record', handler: async (payload) => void seen.push(payload) });
    await shop.ctx.jobs.enqueue('test.record', { n: 1 });
    await shop.ctx.jobs.runDue();
    await shop.ctx.jobs.runDue();
    expect(seen).toEqual([{ n: 1 }]);
    expect((await jobRow('test.record')).done_at).not.toBeNull();
  });

  it('does not run a job before its time', async () => {
    let runs = 0;
    shop.ctx.jobs.define({ name: 'test.later', handler: async () => void runs++ });
    await shop.ctx.jobs.enqueue('test.later', {}, { runAt: new Date(Date.now() + 60_000) });
    await shop.ctx.jobs.runDue();
    expect(runs).toBe(0);
    await shop.ctx.jobs.runDue(new Date(Date.now() + 61_000));
    expect(runs).toBe(1);
  });

  it('adds a job with a dedupe key only once', async () => {
    expect(await shop.ctx.jobs.enqueue('test.record', {}, { dedupeKey: 'once' })).toBe(true);
    expect(await shop.ctx.jobs.enqueue('test.record', {}, { dedupeKey: 'once' })).toBe(false);
  });

  it('retries a failing job with backoff and keeps the error', async () => {
    let calls = 0;
    shop.ctx.jobs.define({
      name: 'test.flaky',
      handler: async () => {
        calls++;
        if (calls === 1) throw new Error('carrier timed out');
      },
    });
    await shop.ctx.jobs.enqueue('test.flaky');
    await shop.ctx.jobs.runDue();
    const failed = await jobRow('test.flaky');
    expect(failed).toMatchObject({ attempts: 1, done_at: null, last_error: 'carrier timed out' });
    await shop.ctx.jobs.runDue(); // not yet due: backoff
    expect(calls).toBe(1);
    await shop.ctx.jobs.runDue(new Date(Date.now() + 5_000));
    expect(calls).toBe(2);
    expect((await jobRow('test.flaky')).done_at).not.toBeNull();
  });

  it('the recurring session purge removes expired sessions', async () => {
    const { token } = await shop.ctx.sessions.create('shopper', 'purge-me');
    await shop.db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 day' WHERE subject_id = 'purge-me'`);
    await shop.ctx.jobs.scheduleRecurring();
    await shop.ctx.jobs.scheduleRecurring(); // the same period twice is one row
    const queued = await queryRows<{ n: number }>(
      shop.db,
      sql`SELECT count(*)::int AS n FROM jobs WHERE name = 'sessions.purge-expired' AND done_at IS NULL`,
    );
    expect(queued[0].n).toBe(1);
    await shop.ctx.jobs.runDue();
    expect(await shop.ctx.sessions.resolve(token, 'shopper')).toBeNull();
    const left = await queryRows<{ n: number }>(
      shop.db,
      sql`SELECT count(*)::int AS n FROM sessions WHERE subject_id = 'purge-me'`,
    );
    expect(left[0].n).toBe(0);
  });

  it('purges the rows of jobs done long ago that nothing needs, and keeps the rest', async () => {
    const add = async (name: string, dedupeKey: string | null, doneDaysAgo: number | null) => {
      const [row] = await queryRows<{ id: number }>(
        shop.db,
        sql`INSERT INTO jobs (name, payload, run_at, dedupe_key, done_at)
          VALUES (${name}, '{}', now() - interval '30 days', ${dedupeKey},
            ${doneDaysAgo === null ? null : sql`now() - make_interval(days => ${doneDaysAgo})`})
          RETURNING id`,
      );
      return Number(row.id); // bigint: a string from node-postgres, a number from PGlite
    };
    const gone = [await add('test.purge', null, 8), await add('test.recurring', 'test.recurring@123', 8)];
    const kept = [
      await add('test.once', 'refund:order-1', 8), // done once: its key keeps it from being queued again
      await add('test.purge', null, 6), // done recently
      await add('test.pending', null, null), // not done
    ];
    expect(await shop.ctx.jobs.purgeDone()).toBe(2);
    const left = await queryRows<{ id: number }>(
      shop.db,
      sql`SELECT id FROM jobs WHERE id = ANY(${`{${[...gone, ...kept].join(',')}}`}::bigint[]) ORDER BY id`,
    );
    expect(left.map((r) => Number(r.id))).toEqual(kept);
    expect(await shop.ctx.jobs.enqueue('test.once', {}, { dedupeKey: 'refund:order-1' })).toBe(false);
  });

  it('two runners never run the same job twice (SKIP LOCKED)', async () => {
    const ran: number[] = [];
    const a = new JobRunner(shop.db, shop.app.log);
    const b = new JobRunner(shop.db, shop.app.log);
    for (const runner of [a, b]) {
      runner.define({
        name: 'test.shared',
        handler: async (payload) => {
          ran.push(payload.i as number);
          await new Promise((resolve) => setTimeout(resolve, 5));
        },
      });
    }
    for (let i = 0; i < 30; i++) await a.enqueue('test.shared', { i });
    await Promise.all([
      (async () => {
        while ((await a.runDue()) > 0) {}
      })(),
      (async () => {
        while ((await b.runDue()) > 0) {}
      })(),
    ]);
    expect(ran.sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });

  it("a claim is renewed while its job runs, and a dead runner's claim runs out within the lease", async () => {
    const lease = { claimMs: 600, renewMs: 150 };
    const slow = new JobRunner(shop.db, shop.app.log, lease);
    const other = new JobRunner(shop.db, shop.app.log, lease);
    let runs = 0;
    for (const runner of [slow, other])
      runner.define({
        name: 'test.lease',
        handler: async () => {
          runs++;
          await new Promise((resolve) => setTimeout(resolve, 1_500));
        },
      });
    await slow.enqueue('test.lease', {});
    const running = slow.runDue();
    // Past the first claim's end (600 ms), the job is still held: renewed, not taken twice.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await other.runDue();
    await running;
    expect(runs).toBe(1);

    // A runner that claimed and died (its claim never renewed): another takes the job once the lease ran out.
    await slow.enqueue('test.lease', { dead: true });
    await shop.db.execute(
      sql`UPDATE jobs SET locked_until = now() + interval '600 milliseconds', attempts = attempts + 1
        WHERE name = 'test.lease' AND done_at IS NULL`,
    );
    await other.runDue();
    expect(runs).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 700));
    await other.runDue();
    expect(runs).toBe(2);
  });

  it('a runner that stops hands back the jobs it claimed and had not begun', async () => {
    const runner = new JobRunner(shop.db, shop.app.log);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => {};
    const begun = new Promise<void>((resolve) => {
      started = resolve;
    });
    const ran: number[] = [];
    runner.define({
      name: 'test.drain',
      handler: async (payload) => {
        ran.push(payload.i as number);
        started();
        await gate;
      },
    });
    for (let i = 0; i < 3; i++) await runner.enqueue('test.drain', { i });
    // Other tests' jobs may be due too: this runner knows only its own, so only its rows are read.
    runner.start(60_000);
    await begun;
    const stopped = runner.stop();
    release();
    await stopped;
    // One job began (the batch's order is the database's), the other two went back untouched.
    expect(ran).toHaveLength(1);
    const rows = await queryRows<{
      payload: { i: number };
      attempts: number;
      locked_until: string | null;
      done_at: string | null;
    }>(shop.db, sql`SELECT payload, attempts, locked_until, done_at FROM jobs WHERE name = 'test.drain' ORDER BY id`);
    expect(rows.map((r) => [r.payload.i, r.attempts, r.locked_until, r.done_at !== null])).toEqual(
      [0, 1, 2].map((i) => (i === ran[0] ? [i, 1, null, true] : [i, 0, null, false])),
    );
  });
});
