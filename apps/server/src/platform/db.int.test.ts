import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestShop, type TestShop } from '../../test/harness.ts';
import { queryRows, refusalOf, refuseUnless, retryingDeadlocks } from './db.ts';

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
