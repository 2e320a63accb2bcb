import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestShop, type TestShop } from '../../test/harness.ts';
import { collidingNumbers, selectNumber } from '../../test/statement-keys.ts';
import { preorders } from '../modules/orders/tables.ts';
import { COMMIT_WITHOUT_WAITING, insertedRow, queryRows, refusalOf, refuseUnless, retryingDeadlocks } from './db.ts';
import { sql } from './sql.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
  await shop.db.execute(sql`CREATE TABLE IF NOT EXISTS t_pair (id int PRIMARY KEY, n int NOT NULL)`);
  await shop.db.execute(sql`INSERT INTO t_pair VALUES (1, 0), (2, 0) ON CONFLICT (id) DO NOTHING`);
});
afterAll(() => shop.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A transaction that updates one row, waits for the other transaction to hold the second, then updates that. */
const crossing = (first: number, second: number) => () =>
  shop.db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE t_pair SET n = n + 1 WHERE id = ${first}`);
    await pause(150);
    await tx.execute(sql`UPDATE t_pair SET n = n + 1 WHERE id = ${second}`);
  });

const counts = async () =>
  (await queryRows<{ n: number }>(shop.db, sql`SELECT n FROM t_pair ORDER BY id`)).map((r) => r.n);

describe('statements that must go together', () => {
  it('a refusal aborts the whole statement and comes back as its code', async () => {
    const before = await counts();
    const error = await queryRows(
      shop.db,
      sql`WITH bump AS (UPDATE t_pair SET n = n + 1 RETURNING id)
        SELECT ${refuseUnless(sql`(SELECT count(*) FROM bump) = 5`, 'ORD0005')} AS ok`,
    ).catch((e: unknown) => e);
    expect(refusalOf(error)).toBe('ORD0005');
    expect(await counts()).toEqual(before);
    expect(refusalOf(new Error('ORD0005'))).toBeNull();
  });

  it.runIf(inject('dbKind') === 'pg')(
    'work chosen as a deadlock victim runs again; without the retry one side fails',
    async () => {
      const before = await counts();
      const bare = await Promise.allSettled([crossing(1, 2)(), crossing(2, 1)()]);
      expect(bare.filter((r) => r.status === 'rejected')).toHaveLength(1);
      const retried = await Promise.allSettled([retryingDeadlocks(crossing(1, 2)), retryingDeadlocks(crossing(2, 1))]);
      expect(retried.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      // One bare pair committed once, the retried pair twice: 3 more on each row.
      expect(await counts()).toEqual(before.map((n) => n + 3));
    },
    20_000,
  );
});

describe('queryRows and insertedRow', () => {
  it('gives the rows as drizzle gives them, on either driver: times as text, JSON parsed, errors wrapped', async () => {
    const text = sql`SELECT now() AS at, '{"a":1}'::jsonb AS doc, 7::int AS n, ARRAY[now()] AS ats`;
    const [mine] = await queryRows<Record<string, unknown>>(shop.db, text, { prepared: true });
    const theirs = ((await shop.db.execute(text)) as unknown as { rows: Record<string, unknown>[] }).rows[0];
    expect(Object.fromEntries(Object.entries(mine).map(([k, v]) => [k, typeof v]))).toEqual(
      Object.fromEntries(Object.entries(theirs).map(([k, v]) => [k, typeof v])),
    );
    expect(mine).toMatchObject({ doc: { a: 1 }, n: 7 });
    expect(typeof mine.at).toBe('string');
    const error = await queryRows(shop.db, sql`SELECT 1 / 0`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DrizzleQueryError);
    expect((error as { cause: { code: string } }).cause.code).toBe('22012');
  });

  it('prepared statements whose keys collide each run their own text, on every connection', async () => {
    const [a, b] = collidingNumbers();
    const run = async (n: number) =>
      (await queryRows<{ n: number }>(shop.db, selectNumber(n), { prepared: true }))[0].n;
    for (let i = 0; i < 3; i++) expect([await run(a), await run(b)]).toEqual([a, b]);
    const together = [a, b, a, b, a, b, a, b];
    expect(await Promise.all(together.map(run))).toEqual(together);
  });

  it('fills static defaults and nulls, and will not guess what the database computes', () => {
    const values = {
      id: 'f2b7c3d0-0000-4000-8000-000000000000',
      userId: 'u',
      lines: [],
      fromCart: false,
      shipType: 'STORE',
      payType: 'CASH',
      expiresAt: new Date(0),
    };
    expect(() => insertedRow(preorders, values)).toThrow(/created_at|createdAt/);
    const row = insertedRow(preorders, { ...values, createdAt: new Date(1) });
    expect(row).toMatchObject({ couponId: null, orderId: null, createdAt: new Date(1) });
    expect(() => insertedRow(preorders, { ...values, createdAt: sql`now()` })).toThrow(/computed/);
  });
});

describe('COMMIT_WITHOUT_WAITING', () => {
  it('holds for its own statement only: the connection waits for the disk again after it', async () => {
    for (let i = 0; i < 5; i++) {
      const [inside] = await queryRows<{ during: string }>(
        shop.db,
        sql`SELECT ${COMMIT_WITHOUT_WAITING}, current_setting('synchronous_commit') AS during`,
      );
      expect(inside.during).toBe('off');
    }
    // PGlite has one connection; node-postgres reuses its idle ones: the same sessions as above.
    for (let i = 0; i < 5; i++) {
      const [after] = await queryRows<{ now: string }>(
        shop.db,
        sql`SELECT current_setting('synchronous_commit') AS now`,
      );
      expect(after.now).toBe('on');
    }
  });
});

describe.skipIf(inject('dbKind') !== 'pg')('a connection that loses its server (PostgreSQL restarts)', () => {
  it('fails the statement in hand, never the process, and the pool serves again with new connections', async () => {
    const unheard: unknown[] = [];
    const onUncaught = (error: unknown) => unheard.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      // A transaction between two statements, its connection cut by the server (as a restart does).
      const outcome = shop.db
        .transaction(async (tx) => {
          const [{ pid }] = await queryRows<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
          await queryRows(shop.db, sql`SELECT pg_terminate_backend(${pid})`);
          await pause(200);
          await tx.execute(sql`SELECT 1`);
        })
        .then(
          () => 'committed',
          () => 'failed',
        );
      expect(await outcome).toBe('failed');
      await pause(100);
      expect(unheard).toEqual([]);
      expect(await counts()).toHaveLength(2);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
