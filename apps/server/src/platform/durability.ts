import { randomInt } from 'node:crypto';
import { type Db, queryRows } from './db.ts';
import { sql } from './sql.ts';
import { durabilityMarks } from './tables.ts';

type Waiters = { done: Promise<void>; resolve: () => void; reject: (error: unknown) => void };

/**
 * Waits, without holding a connection or a lock, until what this process has committed is on disk.
 *
 * A statement that commits without waiting (`COMMIT_WITHOUT_WAITING`) is visible and lets go of its
 * row locks at once, while its WAL may still be in memory. `afterCommit()` resolves once a commit
 * that waited for the disk, and began after the call, has finished: PostgreSQL writes its WAL in
 * order and flushes it up to that commit's record, so whatever was committed before the call is on
 * disk too. One such commit serves every caller that came before it began; callers that come while
 * it runs wait for the next one (a group commit of the shop's own, one at a time per process).
 *
 * Why (issue 5, decision 0012): an order's or a wallet payment's statement that waits for the disk
 * itself holds its pooled connection, and the rows it wrote (the stock of what it sold, the wallet's
 * accounts), through the flush. Answered after the barrier instead, the shopper is told of it only
 * once it is on disk, as before, while the rows and the connection serve the next buyer meanwhile.
 */
export class DurabilityBarrier {
  /**
   * This process's row of `durability_marks`, one of 64 taken at random: processes sharing a row
   * would take turns on it (correct, but one barrier commit at a time between them), and in
   * containers every server's process id is the same.
   */
  readonly slot = randomInt(64);
  private running = false;
  /** The callers the next barrier commit will answer. */
  private next: Waiters | undefined;
  private readonly mark = sql`INSERT INTO ${durabilityMarks} (slot, marks) VALUES (${this.slot}, 1)
    ON CONFLICT (slot) DO UPDATE SET marks = ${durabilityMarks}.marks + 1`;
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  afterCommit(): Promise<void> {
    if (!this.next) {
      let resolve!: () => void;
      let reject!: (error: unknown) => void;
      const done = new Promise<void>((ok, fail) => {
        resolve = ok;
        reject = fail;
      });
      this.next = { done, resolve, reject };
    }
    const { done } = this.next;
    if (!this.running) this.commitNext();
    return done;
  }

  /**
   * One commit for the callers so far, at the session's own `synchronous_commit` (`on` here; a
   * deployment with a standby that sets `remote_apply` gets its barrier at that level, as it wants).
   */
  private commitNext(): void {
    const waiters = this.next as Waiters;
    this.next = undefined;
    this.running = true;
    queryRows(this.db, this.mark, { prepared: true })
      .then(waiters.resolve, waiters.reject)
      .finally(() => {
        this.running = false;
        if (this.next) this.commitNext();
      });
  }
}
