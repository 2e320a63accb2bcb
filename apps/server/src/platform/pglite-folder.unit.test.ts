import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './db.ts';
import { sql } from './sql.ts';

/** The embedded database in a data folder, as `npm start` opens it (decision 0034). */
describe('the embedded database in a data folder', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-pglite-folder-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('a new folder is made apart, then opened with the small buffer cache; what is written is there after a restart', async () => {
    const first = await openDatabase({ dataDir });
    expect(existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
    const [settings] = await queryRows<{ shared_buffers: string }>(first.db, sql`SHOW shared_buffers`);
    expect(settings.shared_buffers).toBe('16MB');
    await queryRows(first.db, sql`CREATE TABLE kept (note text)`);
    await queryRows(first.db, sql`INSERT INTO kept VALUES ('written before the restart')`);
    await first.close();

    const again = await openDatabase({ dataDir });
    expect(await queryRows<{ note: string }>(again.db, sql`SELECT note FROM kept`)).toEqual([
      { note: 'written before the restart' },
    ]);
    await again.close();
  }, 60_000);
});
