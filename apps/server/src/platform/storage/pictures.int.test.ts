import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop, testConfig } from '../../../test/harness.ts';
import { startS3 } from '../../../test/s3.ts';
import { quietShopper } from '../../../test/shoppers.ts';
import { multipart, photo } from '../../../test/uploads.ts';
import { queryRows } from '../db.ts';
import { sql } from '../sql.ts';

/**
 * Avatars and catalogue pictures on the file store, with each adapter: what is stored lands in the
 * store (nothing in the data folder or the database), is served at the same addresses with the same
 * caching as before, and what was kept the old way (files of DATA_DIR/private/avatars, bytes in
 * catalogue rows) moves into the store at start and is served the same.
 */
for (const kind of ['folder', 's3'] as const) {
  describe(`avatars and catalogue pictures on the ${kind} store`, () => {
    let shop: TestShop;
    let dataDir: string;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      const base = testConfig();
      dataDir = await mkdtemp(path.join(tmpdir(), 'pictures-data-'));
      if (kind === 'folder') {
        const folder = await mkdtemp(path.join(tmpdir(), 'pictures-store-'));
        shop = await startTestShop({ dataDir, storage: { ...base.storage, kind, folder } });
        cleanup = () => rm(folder, { recursive: true, force: true });
      } else {
        const s3 = await startS3('shop-pictures');
        shop = await startTestShop({ dataDir, storage: { ...base.storage, kind, s3: s3.settings } });
        cleanup = s3.close;
      }
    });
    afterAll(async () => {
      await shop.close();
      await cleanup();
      await rm(dataDir, { recursive: true, force: true });
    });

    const setLogo = (token: string, file: Buffer) => {
      const body = multipart('file', 'me.jpg', file, 'image/jpeg');
      return shop.app.inject({
        method: 'POST',
        url: `/v1/customer/setlogo?token=${token}`,
        payload: body.payload,
        headers: { 'content-type': body.contentType, language: 'en-US' },
      });
    };
    const logo = (token: string) => shop.app.inject({ method: 'GET', url: `/v1/customer/querylogo?token=${token}` });

    it('keeps an avatar in the store, serves it to its owner as before, and drops the one it replaces', async () => {
      const me = await quietShopper(shop);
      const first = await setLogo(me.token, await photo(800, 600));
      expect(first.json().code).toBe('0');
      const [file] = await shop.ctx.storage.list(`avatars/${me.userId}-`);
      expect(file).toMatch(/^avatars\/[0-9a-f-]{36}-[0-9a-f]{16}\.webp$/);
      const mine = await logo(me.token);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toBe('image/webp');
      expect(mine.headers['cache-control']).toBe('private, max-age=300');
      expect(mine.rawPayload.equals((await shop.ctx.storage.get(file))?.body as Buffer)).toBe(true);
      expect(await sharp(mine.rawPayload).metadata()).toMatchObject({ width: 256, height: 256 });
      // Nothing in the data folder's old place.
      expect(await readdir(path.join(dataDir, 'private', 'avatars')).catch(() => [])).toEqual([]);

      const firstUrl = first.json().data.imageUrl;
      const second = await setLogo(me.token, await photo(600, 600, '#16a085'));
      expect(second.json().data.imageUrl).not.toBe(firstUrl);
      const now = await shop.ctx.storage.list(`avatars/${me.userId}-`);
      expect(now).toHaveLength(1);
      expect(now[0]).not.toBe(file);
      const info = await shop.call('GET', '/v1/customer/queryinfo', { token: me.token });
      expect(info.body.data.imageUrl).toBe(second.json().data.imageUrl);
      // Another shopper's token sees none of it.
      expect((await logo((await quietShopper(shop)).token)).statusCode).toBe(404);
    });

    it('moves the avatars of the data folder into the store at start and serves them', async () => {
      const me = await quietShopper(shop);
      const picture = await sharp(await photo(256, 256))
        .webp()
        .toBuffer();
      const name = `${me.userId}-0123456789abcdef.webp`;
      const legacy = path.join(dataDir, 'private', 'avatars');
      await mkdir(legacy, { recursive: true });
      await writeFile(path.join(legacy, name), picture);
      await shop.db.execute(sql`UPDATE users SET avatar_file = ${name} WHERE id = ${me.userId}`);

      expect(await shop.services.accountExtras.moveLegacyAvatars()).toBe(1);
      expect(await readdir(legacy)).toEqual([]);
      expect((await shop.ctx.storage.get(`avatars/${name}`))?.body.equals(picture)).toBe(true);
      const served = await logo(me.token);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(picture)).toBe(true);
      expect(await shop.services.accountExtras.moveLegacyAvatars()).toBe(0);
    });

    it('keeps catalogue pictures in the store, one file for equal pictures, served immutable at every width', async () => {
      const input = await photo(1000, 800, '#e67e22');
      const a = await shop.services.catalogue.saveImage(input);
      const b = await shop.services.catalogue.saveImage(input);
      expect(b).not.toBe(a);
      const rows = await queryRows<{ storage_key: string; has_bytes: boolean; digest: string }>(
        shop.db,
        sql`SELECT storage_key, bytes IS NOT NULL AS has_bytes, digest FROM catalogue_images WHERE id IN (${a}, ${b})`,
      );
      expect(rows.map((r) => r.has_bytes)).toEqual([false, false]);
      expect(new Set(rows.map((r) => r.storage_key))).toEqual(new Set([`catalogue/${rows[0].digest}.webp`]));
      expect(await shop.ctx.storage.list(`catalogue/${rows[0].digest}`)).toHaveLength(1);

      const full = await shop.app.inject({ method: 'GET', url: `/v1/catalogue/image/${a}` });
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe('image/webp');
      expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(full.rawPayload).metadata()).width).toBe(480);
      // Kept at most 800 pixels wide: the widest asked for is the stored file itself.
      const stored = (await shop.ctx.storage.get(rows[0].storage_key))?.body as Buffer;
      expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 800, height: 640 });
      const widest = await shop.app.inject({ method: 'GET', url: `/v1/catalogue/image/${a}?w=800` });
      expect(widest.rawPayload.equals(stored)).toBe(true);
      const small = await shop.app.inject({ method: 'GET', url: `/v1/catalogue/image/${a}?w=160` });
      expect((await sharp(small.rawPayload).metadata()).width).toBe(160);
      const again = await shop.app.inject({
        method: 'GET',
        url: `/v1/catalogue/image/${a}?w=160`,
        headers: { 'if-none-match': small.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
      expect((await shop.call('GET', '/v1/catalogue/image/2000000000')).body.code).toBe('CAT00010');
    });

    it('moves pictures kept in their rows into the store at start, serving them all along', async () => {
      const bytes = await sharp(await photo(640, 480, '#8e44ad'))
        .webp()
        .toBuffer();
      const digest = `legacy${kind}${Date.now().toString(16)}`.padEnd(32, '0').slice(0, 32);
      const [row] = await queryRows<{ id: number }>(
        shop.db,
        sql`INSERT INTO catalogue_images (width, height, bytes, digest, dhash, ahash, histogram)
            VALUES (640, 480, ${bytes}, ${digest}, 0, 0, ${sql.raw("'{}'::real[]")}) RETURNING id`,
      );
      const before = await shop.app.inject({ method: 'GET', url: `/v1/catalogue/image/${row.id}?w=800` });
      expect(before.rawPayload.equals(bytes)).toBe(true);

      expect(await shop.services.catalogue.moveImagesToStore()).toBe(1);
      const [moved] = await queryRows<{ storage_key: string; bytes: Buffer | null }>(
        shop.db,
        sql`SELECT storage_key, bytes FROM catalogue_images WHERE id = ${row.id}`,
      );
      expect(moved).toEqual({ storage_key: `catalogue/${digest}.webp`, bytes: null });
      expect((await shop.ctx.storage.get(moved.storage_key))?.body.equals(bytes)).toBe(true);
      const after = await shop.app.inject({ method: 'GET', url: `/v1/catalogue/image/${row.id}?w=320` });
      expect(after.statusCode).toBe(200);
      expect((await sharp(after.rawPayload).metadata()).width).toBe(320);
      expect(await shop.services.catalogue.moveImagesToStore()).toBe(0);
      // A picture is somewhere: a row with neither bytes nor a key is refused.
      await expect(
        shop.db.execute(sql`UPDATE catalogue_images SET storage_key = NULL WHERE id = ${row.id}`),
      ).rejects.toThrow();
    });
  });
}
