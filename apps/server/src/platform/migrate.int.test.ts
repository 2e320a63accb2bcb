// A process starting on a database already migrated learns it in one statement and takes no lock
// (issue 45: a killed process is back sooner); a module with a migration not yet applied, or a
// journal table missing, runs the migrators as always.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.ts';
import { migrationSets } from '../modules/index.ts';
import type { Database } from './db.ts';
import { migrateAll } from './migrate.ts';
import { sql } from './sql.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

/** The database, with a lock that says whether it was asked for. */
function watched() {
  const asked = { lock: 0 };
  return {
    asked,
    db: {
      ...database,
      withExclusiveLock: (key: number, work: (db: Database['db']) => Promise<unknown>) => {
        asked.lock++;
        return database.withExclusiveLock(key, work as never);
      },
    } as Database,
  };
}

describe('migrateAll', () => {
  it('takes no lock when every module is migrated; takes it when one is behind', async () => {
    const first = watched();
    await migrateAll(first.db, migrationSets());
    expect(first.asked.lock).toBe(0);

    // The wallet's newest migration not in its journal (its row made older than the migration):
    // the migrators run under the lock (and may fail re-applying it here: what counts is the lock).
    await database.db.execute(
      sql`UPDATE drizzle.migrations_wallet SET created_at = created_at - 1
          WHERE created_at = (SELECT max(created_at) FROM drizzle.migrations_wallet)`,
    );
    const second = watched();
    await migrateAll(second.db, migrationSets()).catch(() => {});
    expect(second.asked.lock).toBe(1);
  });
});
