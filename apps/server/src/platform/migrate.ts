import type { MigrationConfig } from 'drizzle-orm/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database, Db } from './db.ts';

/** A folder of drizzle-kit migrations owned by one module (see docs/decisions/0002). */
export type MigrationSet = { name: string; folder: string };

const MIGRATION_LOCK = 7_300_001;

/**
 * Applies every module's migrations in the order given, under an advisory lock so that several
 * instances starting together migrate once. Each module keeps its own journal table.
 */
export async function migrateAll(database: Database, sets: MigrationSet[]): Promise<void> {
  await database.withExclusiveLock(MIGRATION_LOCK, async (db) => {
    for (const set of sets) {
      const config: MigrationConfig = {
        migrationsFolder: set.folder,
        migrationsTable: `migrations_${set.name}`,
        migrationsSchema: 'drizzle',
      };
      if (database.driver === 'pglite') {
        await migratePglite(db as Parameters<typeof migratePglite>[0], config);
      } else {
        await migratePg(db as Parameters<typeof migratePg>[0], config);
      }
    }
  });
}

export type { Db };
