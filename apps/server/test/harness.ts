import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type ShopApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/platform/config.ts';
import { type Database, type Db, openPglite, openPostgres } from '../src/platform/db.ts';
import { databaseUrl } from './pg.ts';

export type TestShop = ShopApp & {
  database: Database;
  db: Db;
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
  /** Calls the API over HTTP (inject) with the shop's headers. */
  call(
    method: 'GET' | 'POST',
    url: string,
    options?: {
      query?: Record<string, string>;
      body?: unknown;
      token?: string;
      language?: string;
      headers?: Record<string, string>;
      /** The address the request comes from (the socket's; 127.0.0.1 unless given). */
      remoteAddress?: string;
    },
  ): Promise<{
    status: number;
    body: { code: string; msg: string; data: any; requestId?: string };
    headers: Record<string, unknown>;
  }>;
};

/** A fresh database of this run's kind (PGlite snapshot or PostgreSQL template copy). */
export async function openTestDatabase(): Promise<{
  database: Database;
  /** The PostgreSQL address of this database (absent on PGlite). */
  url?: string;
  drop(): Promise<void>;
}> {
  const template = inject('dbTemplate');
  if (inject('dbKind') === 'pglite') {
    const database = await openPglite(undefined, new Blob([readFileSync(template)]));
    return { database, drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `${template.replace(/_tpl$/, '')}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  await admin.end();
  const url = databaseUrl(adminUrl, name);
  const database = openPostgres(url, 30);
  return {
    database,
    url,
    async drop() {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await again.end();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-test-data' }),
    demoData: false,
    logLevel: 'info',
    rateLimitPerMinute: 100_000,
    webDist: '/nonexistent-web-dist',
    ...overrides,
  };
}

export async function startTestShop(overrides: Partial<Config> = {}): Promise<TestShop> {
  const { database, drop } = await openTestDatabase();
  const logs: Record<string, unknown>[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) logs.push(JSON.parse(line));
      done();
    },
  });
  // Files go to a folder of this shop's own (the folder store), removed when it closes.
  const files = overrides.storage ? null : mkdtempSync(path.join(tmpdir(), 'shop-test-files-'));
  const config = testConfig(overrides);
  if (files) config.storage = { ...config.storage, folder: files };
  const shop = await buildApp(config, database, { logStream });
  return {
    ...shop,
    database,
    db: database.db,
    logs,
    async close(options) {
      await shop.close(options);
      await drop();
      if (files) rmSync(files, { recursive: true, force: true });
    },
    async call(method, url, options = {}) {
      const query = { ...options.query, ...(options.token ? { token: options.token } : {}) };
      const response = await shop.app.inject({
        method,
        url,
        query,
        headers: {
          apptype: 'h5',
          appversion: '1.0',
          language: options.language ?? 'en-US',
          ...options.headers,
        },
        ...(options.body !== undefined ? { payload: options.body as object } : {}),
        ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      });
      let body: any = null;
      try {
        body = response.json();
      } catch {
        body = response.body;
      }
      return { status: response.statusCode, body, headers: response.headers };
    },
  };
}
