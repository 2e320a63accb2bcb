// Backups that restore (fleet issue §7), as docs/operations.md says to make them: a shop with
// orders, a ledger and uploads is dumped (pg_dump) and its store copied to a folder
// (scripts/store-copy.mjs); both are restored into a fresh database and a fresh store, a shop
// process starts on them, and the same orders, balances and files are found, over HTTP too.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureDatabase, freePort, root, startS3, startShop, waitFor } from './parts.mjs';

const step = (text) => process.env.FLEET_TEST_VERBOSE && console.log(`  backup: ${text}`);
const run = promisify(execFile);
const sha = (buffer) => createHash('sha256').update(buffer).digest('hex');

/** What must come back: orders, every account's balance, uploads (ids, keys and the files' hashes). */
async function snapshot(databaseUrl) {
  const { openPostgres, queryRows } = await import('../../apps/server/src/platform/db.ts');
  const { sql } = await import('../../apps/server/src/platform/sql.ts');
  const database = openPostgres(databaseUrl, 2);
  try {
    const rows = (text) => queryRows(database.db, text);
    return {
      orders: await rows(sql`SELECT id, state, paid_cents, payable_cents FROM orders ORDER BY id`),
      balances: await rows(
        sql`SELECT owner_kind, owner_id, kind, unit, balance::text FROM wallet_accounts ORDER BY id`,
      ),
      transfers: (await rows(sql`SELECT count(*)::int AS n FROM wallet_transfers`))[0].n,
      uploads: await rows(sql`SELECT id, user_id, key FROM uploads ORDER BY id`),
    };
  } finally {
    await database.close();
  }
}

export async function backupCheck({ dir, postgres, env }) {
  mkdirSync(dir, { recursive: true });
  const { loadConfig } = await import('../../apps/server/src/platform/config.ts');
  const { openDatabase } = await import('../../apps/server/src/platform/db.ts');
  const { buildApp } = await import('../../apps/server/src/app.ts');
  const { seedCheckoutLoad, checkoutOnce } = await import('../../apps/server/test/checkout-load.ts');
  const { default: sharp } = await import('sharp');

  // 1. A shop with orders, a ledger and uploads.
  step('source');
  const sourceStore = await startS3({ dir: path.join(dir, 's3-source'), port: await freePort(), bucket: 'shop-files' });
  const restoredStore = await startS3({
    dir: path.join(dir, 's3-restored'),
    port: await freePort(),
    bucket: 'shop-files',
  });
  await ensureDatabase(postgres.url('postgres'), 'backup_source');
  const sourceUrl = postgres.url('backup_source');
  const sourceEnv = {
    ...env,
    ...sourceStore.env,
    DATABASE_URL: sourceUrl,
    NODE_ENV: 'production',
    SHOP_STAGING: '1',
    DEMO_DATA: '0',
  };
  const shop = await buildApp(
    loadConfig({ ...process.env, ...sourceEnv, LOG_LEVEL: 'warn' }),
    await openDatabase(loadConfig(sourceEnv)),
  );
  let fixture;
  const pictures = new Map();
  try {
    step('built');
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${shop.app.server.address().port}`;
    fixture = await seedCheckoutLoad(shop, {
      shoppers: 4,
      products: 3,
      stockEach: 100,
      priceCents: 250,
      fundCents: 100_000,
    });
    step('seeded');
    for (const [i, shopper] of fixture.shoppers.entries()) {
      for (let n = 0; n < 2; n++) {
        const result = await checkoutOnce(base, shopper.token, fixture.skuIds[(i + n) % fixture.skuIds.length]);
        if (!result.ok) throw new Error(`checkout refused: ${result.code}`);
      }
      const png = await sharp({
        create: { width: 900, height: 700, channels: 3, background: { r: 40 * i, g: 120, b: 200 } },
      })
        .png()
        .toBuffer();
      const uploaded = await shop.services.uploads.upload(shopper.userId, 'pictureofclient', png);
      pictures.set(uploaded.id, shopper);
    }
  } finally {
    await shop.close();
  }
  step('orders and uploads made');
  const before = await snapshot(sourceUrl);
  const filesBefore = new Map();
  for (const upload of before.uploads) {
    const res = await fetch(`${sourceStore.env.S3_ENDPOINT}/${sourceStore.env.S3_BUCKET}/${upload.key}`);
    filesBefore.set(upload.id, sha(Buffer.from(await res.arrayBuffer())));
  }

  step('snapshot');
  // 2. The backup, as docs/operations.md says: the database, then the store.
  const dump = path.join(dir, 'shop.dump');
  const files = path.join(dir, 'files');
  await run(`${postgres.bin}/pg_dump`, ['--format=custom', '--no-owner', `--file=${dump}`, sourceUrl]);
  // Not blocking: the stores (s3rver) answer from this very process.
  const copy = async (args, storeEnv) =>
    (
      await run(process.execPath, [path.join(root, 'scripts/store-copy.mjs'), ...args], {
        env: { ...process.env, ...env, ...storeEnv, NODE_ENV: 'production', SHOP_STAGING: '1' },
      })
    ).stdout.trim();
  const copiedOut = await copy(['--to-folder', files], sourceStore.env);
  await sourceStore.stop(); // the source is gone: only the backup is left

  step('backed up');
  // 3. The restore, into a fresh database and a fresh store.
  await ensureDatabase(postgres.url('postgres'), 'backup_restored');
  const restoredUrl = postgres.url('backup_restored');
  await run(`${postgres.bin}/pg_restore`, ['--no-owner', '--exit-on-error', `--dbname=${restoredUrl}`, dump]);
  const copiedIn = await copy(['--from-folder', files], restoredStore.env);

  step('restored');
  // 4. A shop process on them finds the same orders, balances and files.
  const after = await snapshot(restoredUrl);
  const problems = [];
  for (const part of ['orders', 'balances', 'transfers', 'uploads'])
    if (JSON.stringify(after[part]) !== JSON.stringify(before[part])) problems.push(`${part} differ after the restore`);
  const restored = startShop({
    name: 'restored',
    port: await freePort(),
    env: { ...env, ...restoredStore.env, DATABASE_URL: restoredUrl, DEMO_DATA: '0' },
    logFile: path.join(dir, 'restored.log'),
  });
  let filesChecked = 0;
  try {
    await waitFor(`${restored.url}/ready`, 120_000, restored.child);
    const call = async (url, token) =>
      (
        await fetch(`${restored.url}${url}`, { headers: { authorization: `Bearer ${token}`, language: 'en-US' } })
      ).json();
    for (const shopper of fixture.shoppers) {
      const wallet = await call('/v1/wallet/queryacount', shopper.token);
      const cash = before.balances.find((row) => row.owner_id === shopper.userId && row.kind === 'cash');
      if (wallet.code !== '0' || JSON.stringify(wallet.data).indexOf(String(cash?.balance)) < 0)
        problems.push(
          `wallet of ${shopper.userId} over HTTP: ${JSON.stringify(wallet).slice(0, 200)} (kept ${cash?.balance})`,
        );
    }
    for (const [id, shopper] of pictures) {
      const link = await call(`/v1/upload/link?id=${id}`, shopper.token);
      const file = link.code === '0' ? await fetch(`${restored.url}${link.data.url}`) : null;
      const hash = file?.ok ? sha(Buffer.from(await file.arrayBuffer())) : `HTTP ${file?.status ?? link.code}`;
      if (hash !== filesBefore.get(id)) problems.push(`upload ${id}: ${hash} after, ${filesBefore.get(id)} before`);
      else filesChecked++;
    }
  } finally {
    await restored.stop();
    await restoredStore.stop();
  }
  const figures = {
    orders: after.orders.length,
    accounts: after.balances.length,
    transfers: after.transfers,
    uploads: after.uploads.length,
    filesCheckedOverHttp: filesChecked,
    store: `${copiedOut}; ${copiedIn}`,
  };
  if (problems.length) throw Object.assign(new Error(problems.join('\n  ')), { figures });
  return figures;
}
