import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { startS3 } from '../../../test/s3.ts';
import { quietShopper } from '../../../test/shoppers.ts';
import { photo, upload } from '../../../test/uploads.ts';
import { sql } from '../../platform/sql.ts';

/** The same calls with each storage adapter: the data folder and an S3-compatible store. */
for (const kind of ['folder', 's3'] as const) {
  describe(`uploads on the ${kind} store`, () => {
    let shop: TestShop;
    let cleanup: () => Promise<void>;
    let reviewer: string;
    let finance: string;

    beforeAll(async () => {
      const base = (await import('../../../test/harness.ts')).testConfig();
      if (kind === 'folder') {
        const folder = await mkdtemp(path.join(tmpdir(), 'uploads-'));
        shop = await startTestShop({ storage: { ...base.storage, kind, folder } });
        cleanup = () => rm(folder, { recursive: true, force: true });
      } else {
        const s3 = await startS3('shop-files');
        shop = await startTestShop({ storage: { ...base.storage, kind, s3: s3.settings } });
        cleanup = s3.close;
      }
      const owner = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
      for (const role of ['cardReview', 'finance'] as const) {
        const m = await shop.services.staff.create(
          { login: `${role}.one`, displayName: role, password: 'Angkor2026pass', roles: [role] },
          { staffId: owner.id, login: 'owner' },
        );
        const token = (await shop.ctx.sessions.create('staff', m.id)).token;
        if (role === 'cardReview') reviewer = token;
        else finance = token;
      }
    });
    afterAll(async () => {
      await shop.close();
      await cleanup();
    });

    const open = (url: string) => shop.app.inject({ method: 'GET', url, headers: { language: 'en-US' } });

    it('re-encodes a real photo without its EXIF and serves it through a short-lived link', async () => {
      const me = await quietShopper(shop);
      const sent = await upload(shop, '/v1/upload/pictureofclient', me.token, await photo(3000, 2000));
      expect(sent.body.code).toBe('0');
      expect(sent.body.data).toMatchObject({ width: 2000, height: 1333 });
      expect(new Date(sent.body.data.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(300_000);
      const file = await open(sent.body.data.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(file.headers['cache-control']).toBe('private, no-store');
      const stored = await sharp(file.rawPayload).metadata();
      expect(stored).toMatchObject({ format: 'jpeg', width: 2000, height: 1333 });
      expect(stored.exif).toBeUndefined();
      expect(file.rawPayload.includes('Secret Person')).toBe(false);
      const keys = await shop.ctx.storage.list('uploads/pictureofclient/');
      expect(keys).toContain(`uploads/pictureofclient/${sent.body.data.id}.jpg`);
    });

    it('refuses what is not a picture, too big, too small or too many pixels, in the caller’s language', async () => {
      const me = await quietShopper(shop);
      const text = await upload(shop, '/v1/upload/tmp', me.token, Buffer.from('<?php echo 1; ?>'.repeat(50)), 'kh');
      expect(text.body).toMatchObject({ code: 'UPL00001', msg: expect.stringContaining('សូមជ្រើសរើសរូបថត') });
      const svg = await upload(
        shop,
        '/v1/upload/tmp',
        me.token,
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      );
      expect(svg.body.code).toBe('UPL00001');
      const big = Buffer.concat([await photo(), Buffer.alloc(9 * 1024 * 1024)]);
      const tooBig = await upload(shop, '/v1/upload/pictureofclient', me.token, big, 'chs');
      expect(tooBig.status).toBe(413);
      expect(tooBig.body).toMatchObject({ code: 'UPL00002', msg: '照片过大：最多 8 MB' });
      const small = await upload(shop, '/v1/upload/pictureofclient', me.token, await photo(200, 150));
      expect(small.body).toMatchObject({ code: 'UPL00004', msg: expect.stringContaining('240') });
      const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      expect((await upload(shop, '/v1/upload/tmp', me.token, huge)).body.code).toBe('UPL00003');
      const truncated = (await photo()).subarray(0, 2000);
      expect((await upload(shop, '/v1/upload/tmp', me.token, truncated)).body.code).toBe('UPL00001');
      expect(await shop.ctx.storage.list('uploads/tmp/')).toEqual([]);
    });

    it('never shows a shopper’s picture to another shopper or a visitor', async () => {
      const me = await quietShopper(shop);
      const other = await quietShopper(shop);
      const mine = (await upload(shop, '/v1/upload/pictureofclient', me.token, await photo())).body.data;
      const link = (token?: string) => shop.call('GET', '/v1/upload/link', { token, query: { id: mine.id } });
      expect((await link(me.token)).body.code).toBe('0');
      expect((await link(other.token)).body.code).toBe('UPL00005');
      expect((await link()).status).toBe(400);
      expect((await link()).body.code).toBe('USR00001');
      expect((await upload(shop, '/v1/upload/tmp', undefined, await photo())).body.code).toBe('USR00001');
      const url = new URL(mine.url, 'http://shop');
      const key = url.searchParams.get('key') as string;
      const exp = url.searchParams.get('exp') as string;
      const sig = url.searchParams.get('sig') as string;
      const tampered = [
        `/v1/upload/file?key=${key}&exp=${exp}`,
        `/v1/upload/file?key=${key}&exp=${Number(exp) + 600}&sig=${sig}`,
        `/v1/upload/file?key=${key.replace(/.jpg$/, '.png')}&exp=${exp}&sig=${sig}`,
        `/v1/upload/file?key=../../etc/passwd&exp=${exp}&sig=${sig}`,
        `/v1/upload/file?key=${key}&exp=${Math.floor(Date.now() / 1000) - 1}&sig=${sig}`,
      ];
      for (const bad of tampered) {
        const answer = await open(bad);
        expect(answer.statusCode, bad).toBeGreaterThanOrEqual(400);
        expect(answer.statusCode, bad).toBeLessThan(500);
        expect(['SYS00001', 'UPL00006'], bad).toContain(answer.json().code);
      }
    });

    it('opens a document to card reviewers only, and writes each view to the audit log', async () => {
      const me = await quietShopper(shop);
      const mine = (await upload(shop, '/v1/upload/pictureofclient', me.token, await photo())).body.data;
      const ask = (token: string) =>
        shop.call('GET', '/admin-api/v1/uploads/link', { token, query: { id: mine.id, reason: 'application review' } });
      expect((await ask(finance)).body.code).toBe('STF00003');
      const shopper = await ask(me.token);
      expect(shopper.body.code, JSON.stringify(shopper.body)).toMatch(/^STF0000[12]$/);
      const seen = await ask(reviewer);
      expect(seen.body.data.ownerId).toBe(me.userId);
      expect((await open(seen.body.data.url)).statusCode).toBe(200);
      const audit = await shop.services.staff.auditList({ page: 1, size: 10, targetType: 'upload', targetId: mine.id });
      expect(audit.list.map((a) => a.action)).toEqual(['upload.view']);
      expect(audit.list[0]).toMatchObject({ staffLogin: 'cardreview.one' });
    });

    it('keeps a claimed upload and sweeps one left unclaimed for a day, file and row', async () => {
      const me = await quietShopper(shop);
      const kept = (await upload(shop, '/v1/upload/tmp', me.token, await photo())).body.data;
      const left = (await upload(shop, '/v1/upload/tmp', me.token, await photo())).body.data;
      const late = (await upload(shop, '/v1/upload/tmp', me.token, await photo())).body.data;
      await expect(
        shop.services.uploads.claim(me.userId, [kept.id, left.id], 'test:other-owner'),
      ).resolves.toHaveLength(2);
      await shop.services.uploads.letGo('test:other-owner', [kept.id]);
      await shop.db.execute(
        sql`UPDATE uploads SET created_at = now() - interval '25 hours' WHERE id IN (${kept.id}, ${late.id})`,
      );
      await expect(shop.services.uploads.claim(me.userId, [late.id], 'test:late')).rejects.toMatchObject({
        code: 'UPL00005',
      });
      const other = await quietShopper(shop);
      await expect(shop.services.uploads.claim(other.userId, [kept.id], 'test:thief')).rejects.toMatchObject({
        code: 'UPL00005',
      });
      await shop.ctx.jobs.scheduleRecurring();
      // Every module's recurring jobs are due now; a pass takes ten: run passes until none is left.
      while ((await shop.ctx.jobs.runDue()) > 0);
      const rows = await shop.services.uploads.many([kept.id, left.id, late.id]);
      expect(rows.map((r) => r.id)).toEqual([kept.id]);
      const keys = await shop.ctx.storage.list('uploads/tmp/');
      expect(keys).toContain(`uploads/tmp/${kept.id}.jpg`);
      expect(keys).not.toContain(`uploads/tmp/${left.id}.jpg`);
      expect(keys).not.toContain(`uploads/tmp/${late.id}.jpg`);
      expect((await open(left.url)).statusCode).toBe(404);
    });
  });
}
