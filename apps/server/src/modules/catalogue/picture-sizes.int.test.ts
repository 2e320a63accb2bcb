import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { photo } from '../../../test/uploads.ts';
import { queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { sizedImageKey } from './images.ts';

/**
 * Resized catalogue pictures live in the file store (the data folder or S3, shared by a fleet),
 * made once on the first ask and served from there: no process keeps them in its memory
 * (issue: a million products, memory).
 */
describe('catalogue pictures at the served widths', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.close());

  const get = (id: number, w?: number) =>
    shop.app.inject({ method: 'GET', url: `/v1/catalogue/image/${id}${w ? `?w=${w}` : ''}` });

  it('makes a width once into the store and serves it from there', async () => {
    const id = await shop.services.catalogue.saveImage(await photo(1200, 900));
    const [{ digest }] = await queryRows<{ digest: string }>(
      shop.ctx.db,
      sql`SELECT digest FROM catalogue_images WHERE id = ${id}`,
    );
    expect(await shop.ctx.storage.list('catalogue/sizes/')).toEqual([]);

    const first = await get(id, 300);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect((await sharp(first.rawPayload).metadata()).width).toBe(320);
    expect(await shop.ctx.storage.list('catalogue/sizes/')).toEqual([sizedImageKey(digest, 320)]);
    const kept = await shop.ctx.storage.get(sizedImageKey(digest, 320));
    expect(kept?.body.equals(first.rawPayload)).toBe(true);

    // What the store holds is what is served (no copy in this process): a file put there by
    // another instance is the answer.
    const other = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#00ff00' } })
      .webp()
      .toBuffer();
    await shop.ctx.storage.put(sizedImageKey(digest, 320), other, 'image/webp');
    const again = await get(id, 320);
    expect(again.rawPayload.equals(other)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);

    // The original's own width (800 at most) is the original file; no copy is made of it.
    const full = await get(id);
    const original = await shop.ctx.storage.get(`catalogue/${digest}.webp`);
    expect((await get(id, 800)).rawPayload.equals(original?.body as Buffer)).toBe(true);
    expect(full.statusCode).toBe(200);
    expect((await shop.ctx.storage.list('catalogue/sizes/')).sort()).toEqual(
      [sizedImageKey(digest, 320), sizedImageKey(digest, 480)].sort(),
    );
    expect((await get(999_999, 320)).json().code).toBe('CAT00010');
  });

  it('makes a width once when many phones ask for it at the same moment', async () => {
    const id = await shop.services.catalogue.saveImage(await photo(1000, 1000, '#e4393c'));
    const before = (await shop.ctx.storage.list('catalogue/sizes/')).length;
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(id, 160)));
    expect(answers.every((a) => a.statusCode === 200 && a.rawPayload.equals(answers[0].rawPayload))).toBe(true);
    expect((await shop.ctx.storage.list('catalogue/sizes/')).length).toBe(before + 1);
  });
});
