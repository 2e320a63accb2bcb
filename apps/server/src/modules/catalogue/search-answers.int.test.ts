import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { ProductSort } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../test/checkout-load.ts';
import { openTestDatabase, testConfig } from '../../../test/harness.ts';
import { buildApp, type ShopApp } from '../../app.ts';
import { sql } from '../../platform/sql.ts';
import { smallCatalogue } from './fixtures.ts';

/**
 * Kept search answers (search-answers.ts) are exactly the uncached search's (same items, order,
 * prices, stock flags) and never older than a catalogue change, whoever makes it: the operator's
 * service, a checkout taking the last of an item, the sales fold, a statement of another process,
 * an item's expiry. On PostgreSQL the searches go to two shop processes (the server entry, as two
 * instances of a fleet) beside the test's own shop, which makes the changes and asks the uncached
 * search; on PGlite (one process) to the test's shop itself.
 */
const onPg = inject('dbKind') === 'pg';

type Ask = { keyword: string; sort: ProductSort; page: number; size: number; language: 'en-US' | 'chs' | 'kh' };
const ASKED: Ask[] = [
  { keyword: 'phone', sort: 'default', page: 1, size: 20, language: 'en-US' },
  { keyword: 'phone', sort: 'priceAsc', page: 1, size: 1, language: 'en-US' },
  { keyword: 'phone', sort: 'sales', page: 2, size: 1, language: 'kh' },
  { keyword: 'samsung', sort: 'default', page: 1, size: 20, language: 'chs' },
  { keyword: '手机', sort: 'priceDesc', page: 1, size: 20, language: 'chs' },
  { keyword: 'smartphnoe', sort: 'default', page: 1, size: 20, language: 'en-US' },
  { keyword: 'ស្មាតហ្វូន', sort: 'newest', page: 1, size: 20, language: 'kh' },
  { keyword: 'football', sort: 'default', page: 1, size: 20, language: 'en-US' },
];

describe('kept search answers, across catalogue changes', () => {
  let shop: ShopApp;
  let drop: () => Promise<void>;
  let cat: Awaited<ReturnType<typeof smallCatalogue>>;
  const servers: ServerProcess[] = [];
  const folders: string[] = [];
  /** Each process's search, over HTTP. */
  let processes: ((ask: Ask) => Promise<unknown>)[] = [];

  beforeAll(async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    const files = await mkdtemp(path.join(tmpdir(), 'search-answers-files-'));
    folders.push(files);
    const config = testConfig({ logLevel: 'warn' });
    config.storage = { ...config.storage, folder: files };
    shop = await buildApp(config, opened.database, { logStream: new Writable({ write: (_c, _e, done) => done() }) });
    cat = await smallCatalogue(shop.services);
    const query = (ask: Ask) =>
      new URLSearchParams({ keyword: ask.keyword, sort: ask.sort, page: String(ask.page), size: String(ask.size) });
    if (!onPg) {
      processes = [
        async (ask) =>
          (
            await shop.app.inject({
              method: 'GET',
              url: `/v1/product/search?${query(ask)}`,
              headers: { apptype: 'h5', appversion: '1.0', language: ask.language },
            })
          ).json().data,
      ];
      return;
    }
    const url = opened.url;
    for (let i = 0; i < 2; i++) {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'search-answers-'));
      folders.push(dataDir);
      servers.push(await startServerProcess(url as string, { DATA_DIR: dataDir }));
    }
    processes = servers.map((server) => async (ask: Ask) => {
      const res = await fetch(`${server.url}/v1/product/search?${query(ask)}`, {
        headers: { apptype: 'h5', appversion: '1.0', language: ask.language },
      });
      return ((await res.json()) as { data: unknown }).data;
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await shop?.close();
    await drop?.();
    await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
  });

  /** Every process answers every search exactly as the uncached search does now (twice: the second is kept). */
  async function agree(label: string) {
    for (const ask of ASKED) {
      const uncached = await shop.services.catalogue.search(ask.keyword, ask.sort, ask.page, ask.size, ask.language);
      const expected = JSON.parse(JSON.stringify(uncached));
      for (const [n, search] of processes.entries()) {
        for (let round = 0; round < 2; round++) {
          expect(await search(ask), `${label}: process ${n + 1}, ${JSON.stringify(ask)}, round ${round + 1}`).toEqual(
            expected,
          );
        }
      }
    }
  }

  const run = (statement: ReturnType<typeof sql>) => shop.ctx.db.execute(statement);

  it('answers as the uncached search, before and after each change, on every process', async () => {
    await agree('at first');
    const [onSale] = cat.phone.itemIds;

    // A price, changed by a statement (another process, a script): no process's cache was told.
    await run(sql`UPDATE catalogue_items SET price_cents = 12990 WHERE id = ${onSale}`);
    await agree('after a price change');

    // Checkouts take the last of an item: its card says out of stock, the next search too.
    const [iphone] = cat.phone2.itemIds;
    expect(await shop.services.catalogue.takeStock(iphone, 2)).toBe(true);
    await agree('after stock fell but remains');
    expect(await shop.services.catalogue.takeStock(iphone, 1)).toBe(true);
    await agree('after the last one was sold');

    // Restocked by the operator.
    await shop.services.catalogue.setStock(iphone, 4);
    await agree('after a restock');

    // The sales fold moves the sales counts (and the order by sales).
    expect(await shop.services.catalogue.takeStock(onSale, 2)).toBe(true);
    await shop.services.catalogue.foldSales();
    await agree('after the sales fold');

    // Listing changes: a product leaves the shop, another comes, one is renamed.
    await run(sql`UPDATE catalogue_products SET published = false WHERE id = ${cat.ball.productId}`);
    await agree('after a product was taken off');
    await shop.services.catalogue.addProduct({
      categoryId: cat.leaf,
      name: { 'en-US': 'Samsung Galaxy S24 Phone', chs: '三星 Galaxy S24 手机', kh: 'ស្មាតហ្វូន Samsung Galaxy S24' },
      description: { 'en-US': 'New', chs: '新', kh: 'ថ្មី' },
      brand: 'Samsung',
      imageIds: [],
      items: [{ spec: [], priceCents: 50000, stock: 1 }],
    });
    await agree('after a product was added');
    await run(
      sql`UPDATE catalogue_products SET name = jsonb_set(name, '{en-US}', '"Galaxy A15 Phone"') WHERE id = ${cat.phone.productId}`,
    );
    await agree('after a rename');

    // An item expires with no commit at all: the card changes at that moment.
    await run(sql`UPDATE catalogue_items SET expires_at = now() + interval '1500 milliseconds' WHERE id = ${onSale}`);
    await agree('before the expiry');
    await new Promise((r) => setTimeout(r, 1700));
    await agree('after the expiry');
  }, 120_000);
});
