import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationSets } from '../src/modules/index.ts';
import { openPostgres } from '../src/platform/db.ts';
import { migrateAll } from '../src/platform/migrate.ts';
import { databaseUrl, TEST_DB_PREFIX } from './pg.ts';

/**
 * Migrates a template database on the machine's PostgreSQL; every test file gets its own
 * database created from it (CREATE DATABASE … TEMPLATE), dropped at the end.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // Leftovers of runs that died more than two hours ago.
  const stale = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
    `${TEST_DB_PREFIX}%`,
  ]);
  const cutoff = Math.floor(Date.now() / 1000) - 7200;
  for (const { datname } of stale.rows) {
    const started = Number(datname.split('_')[1]);
    if (started < cutoff) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
  const template = `${TEST_DB_PREFIX}${Math.floor(Date.now() / 1000)}_${Math.random().toString(36).slice(2, 8)}_tpl`;
  await admin.query(`CREATE DATABASE "${template}"`);
  const database = openPostgres(databaseUrl(adminUrl, template), 2);
  await migrateAll(database, migrationSets());
  await database.close();
  project.provide('dbKind', 'pg');
  project.provide('dbTemplate', template);
  return async () => {
    const rows = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${template.replace(/_tpl$/, '')}%`,
    ]);
    for (const { datname } of rows.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await admin.end();
  };
}
