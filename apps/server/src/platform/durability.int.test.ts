import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { holdDurabilityBarrier, stillPending } from '../../test/durability.ts';
import { startTestShop, type TestShop } from '../../test/harness.ts';
import { queryRows } from './db.ts';
import { sql } from './sql.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

const barrier = () => shop.ctx.durability;
const marks = async () => {
  const [row] = await queryRows<{ marks: string }>(
    shop.db,
    sql`SELECT marks FROM durability_marks WHERE slot = ${barrier().slot}`,
  );
  return Number(row?.marks ?? 0);
};

describe('the durability barrier', () => {
  it('answers every caller so far with one commit, and callers that came while it ran with the next', async () => {
    await barrier().afterCommit();
    const before = await marks();
    const answered: number[] = [];
    const first = barrier()
      .afterCommit()
      .then(() => answered.push(1));
    // These come while the first one's commit runs: the next commit answers all of them.
    const rest = Array.from({ length: 49 }, () =>
      barrier()
        .afterCommit()
        .then(() => answered.push(2)),
    );
    await Promise.all([first, ...rest]);
    expect(answered[0]).toBe(1);
    expect(answered).toHaveLength(50);
    expect(await marks()).toBe(before + 2);
  });

  it('a commit that fails fails its callers; the next callers get a commit of their own', async () => {
    await shop.db.execute(sql`ALTER TABLE durability_marks RENAME TO durability_marks_away`);
    try {
      await expect(barrier().afterCommit()).rejects.toThrow();
    } finally {
      await shop.db.execute(sql`ALTER TABLE durability_marks_away RENAME TO durability_marks`);
    }
    const before = await marks();
    await barrier().afterCommit();
    expect(await marks()).toBe(before + 1);
  });

  it.skipIf(inject('dbKind') !== 'pg')('answers only once its commit has finished', async () => {
    const hold = await holdDurabilityBarrier(shop);
    const waiting = barrier().afterCommit();
    expect(await stillPending(waiting, 300)).toBe(true);
    await hold.release();
    await waiting;
  });
});
