import { onTestFinished } from 'vitest';
import { sql } from '../src/platform/sql.ts';
import type { TestShop } from './harness.ts';

/**
 * Holds the shop's durability barrier (PostgreSQL only: another session is needed): another
 * session locks this process's row of `durability_marks`, so the barrier's next commit, and every
 * answer waiting on it, waits until `release()` (or the test's end, whatever its outcome). Resolves
 * once the lock is held.
 */
export async function holdDurabilityBarrier(shop: TestShop): Promise<{ release(): Promise<void> }> {
  await shop.ctx.durability.afterCommit(); // the row exists
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  let locked!: () => void;
  const lockTaken = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const holder = shop.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM durability_marks WHERE slot = ${shop.ctx.durability.slot} FOR UPDATE`);
    locked();
    await held;
  });
  await Promise.race([lockTaken, holder]);
  const release = async () => {
    letGo();
    await holder;
  };
  onTestFinished(release);
  return { release };
}

/** Whether `promise` is still pending after `ms` (an answer held back by the barrier). */
export async function stillPending(promise: Promise<unknown>, ms = 200): Promise<boolean> {
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  await new Promise((resolve) => setTimeout(resolve, ms));
  return !settled;
}

/** Waits until `condition` holds, checking every 20 ms for at most a second. */
export async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 50 && !(await condition()); i++) await new Promise((resolve) => setTimeout(resolve, 20));
}
