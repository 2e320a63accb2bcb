import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../test/checkout-load.ts';
import { openTestDatabase, testConfig } from '../../../test/harness.ts';
import { startS3 } from '../../../test/s3.ts';
import { photo } from '../../../test/uploads.ts';
import { buildApp } from '../../app.ts';
import { type Database, openPostgres, queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { type S3Settings, S3Store } from '../../platform/storage/index.ts';
import { users } from '../accounts/tables.ts';

/**
 * Issue 21: two shop processes (the server entry, production mode) on one PostgreSQL database and
 * one S3-compatible store (s3rver), each with a data folder of its own, as two instances behind a
 * load balancer. A document uploaded through one is served by the other; uploads claimed through
 * one survive the other's clean-up sweep, while the unclaimed ones it deletes, rows and files.
 * PostgreSQL only: the embedded database belongs to one process.
 */
const onPg = inject('dbKind') === 'pg';
const PREFIX = 'two-shops';

describe.skipIf(!onPg)('two shops, one database, one file store', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let s3: { settings: S3Settings; close(): Promise<void> };
  let store: S3Store;
  let a: ServerProcess;
  let b: ServerProcess;
  const folders: string[] = [];
  let owner = '';
  let stranger = '';
  let staff = '';

  beforeAll(async () => {
    const opened = await openTestDatabase();
    database = opened.database;
    drop = opened.drop;
    s3 = await startS3('shop-shared');
    store = new S3Store({ ...s3.settings, prefix: PREFIX });
    // Shoppers with a session, made as the crash test makes its own: rows and sessions of the shop.
    const seeder = await buildApp(testConfig({ logLevel: 'warn' }), database, {
      logStream: new Writable({ write: (_c, _e, done) => done() }),
    });
    const shopper = async (phone: string) => {
      const [row] = await seeder.ctx.db
        .insert(users)
        .values({ phone, countryCode: '+855', source: 'h5' })
        .returning({ id: users.id });
      return (await seeder.ctx.sessions.create('shopper', row.id)).token;
    };
    owner = await shopper('+85512345021');
    stranger = await shopper('+85512345022');
    const boss = await seeder.services.staff.createOwner('owner', 'Angkor2026pass');
    staff = (await seeder.ctx.sessions.create('staff', boss.id)).token;
    await seeder.close();
    // The seeder closed its pool; the test's own look into the database.
    database = openPostgres(opened.url as string, 2);

    const env = async (jobPollMs: number) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'two-shops-'));
      folders.push(dataDir);
      return {
        DATA_DIR: dataDir,
        STORAGE: 's3',
        S3_ENDPOINT: s3.settings.endpoint as string,
        S3_REGION: s3.settings.region,
        S3_BUCKET: s3.settings.bucket,
        S3_PREFIX: PREFIX,
        S3_ACCESS_KEY_ID: s3.settings.accessKeyId as string,
        S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey as string,
        JOB_POLL_MS: String(jobPollMs),
        // A production process has no card issuer unless one is named: the card application below needs one.
        CARD_ISSUER: 'simulator',
      };
    };
    // A runs the jobs (polling often); B looks for due jobs once at its start and then not for an
    // hour, so the sweep this test queues is A's.
    a = await startServerProcess(opened.url as string, await env(200));
    b = await startServerProcess(opened.url as string, await env(3_600_000));
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await drop?.();
    store?.close();
    await s3?.close();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  const headers = { apptype: 'h5', appversion: '1.0', language: 'en-US' };
  const get = (shop: ServerProcess, url: string, token?: string) => {
    const address = new URL(url, shop.url);
    if (token) address.searchParams.set('token', token);
    return fetch(address, { headers });
  };
  type Answer = { code: string; msg: string; data: any };
  const json = async (shop: ServerProcess, url: string, token: string): Promise<Answer> =>
    (await (await get(shop, url, token)).json()) as Answer;
  const post = async (shop: ServerProcess, url: string, token: string, body: unknown): Promise<Answer> =>
    (await (
      await fetch(`${shop.url}${url}?token=${token}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as Answer;
  const multipart = async (shop: ServerProcess, url: string, token: string, picture: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'photo.jpg');
    const answer = await fetch(`${shop.url}${url}?token=${token}`, { method: 'POST', headers, body: form });
    const body = (await answer.json()) as Answer;
    expect(body.code, body.msg).toBe('0');
    return body.data;
  };
  const upload = async (shop: ServerProcess, purpose: 'pictureofclient' | 'tmp', picture: Buffer) =>
    (await multipart(shop, `/v1/upload/${purpose}`, owner, picture)) as { id: string; url: string };
  const bytes = async (response: Response) => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    return Buffer.from(await response.arrayBuffer());
  };

  it('serves through one shop the document uploaded through the other, to its owner only', async () => {
    const document = await upload(a, 'pictureofclient', await photo(900, 600));
    const fromA = await bytes(await get(a, document.url));
    expect((await bytes(await get(b, document.url))).equals(fromA)).toBe(true);
    // The owner asks B for a new link; it opens on A (one link secret, one store).
    const link = await json(b, `/v1/upload/link?id=${document.id}`, owner);
    expect(link.code).toBe('0');
    expect((await bytes(await get(a, link.data.url))).equals(fromA)).toBe(true);
    expect((await json(b, `/v1/upload/link?id=${document.id}`, stranger)).code).toBe('UPL00005');
    const [key] = await store.list(`uploads/pictureofclient/${document.id}`);
    expect((await store.get(key))?.body.equals(fromA)).toBe(true);
    // A reviewer's link asked of A opens on B.
    const staffLink = await json(a, `/admin-api/v1/uploads/link?id=${document.id}&reason=two-shops`, staff);
    expect(staffLink.code, staffLink.msg).toBe('0');
    expect((await bytes(await get(b, staffLink.data.url))).equals(fromA)).toBe(true);
  });

  it('serves through one shop the avatar and the catalogue picture stored through the other', async () => {
    const avatar = await multipart(a, '/v1/customer/setlogo', owner, await photo(500, 500, '#c0392b'));
    const served = await get(b, avatar.imageUrl, owner);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const [avatarKey] = await store.list('avatars/');
    expect(Buffer.from(await served.arrayBuffer()).equals((await store.get(avatarKey))?.body as Buffer)).toBe(true);

    const picture = await multipart(b, '/admin-api/v1/catalogue/images/upload', staff, await photo(640, 480));
    const image = await get(a, `${picture.url}?w=800`);
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const [pictureKey] = await store.list('catalogue/');
    expect(Buffer.from(await image.arrayBuffer()).equals((await store.get(pictureKey))?.body as Buffer)).toBe(true);
  });

  it('keeps what one shop claimed when the other sweeps, and sweeps what nobody claimed', async () => {
    // Everything uploaded through A; the application that claims it written through B.
    const pictures = [];
    for (const colour of ['#2c7be5', '#e67e22', '#16a085'])
      pictures.push(await upload(a, 'pictureofclient', await photo(480, 320, colour)));
    const signature = await upload(a, 'tmp', await photo(600, 200, '#000000'));
    const forgotten = await upload(a, 'tmp', await photo(600, 200, '#888888'));

    const one = await post(b, '/v1/bongloy/step1', owner, {
      firstName: 'Sokha',
      lastName: 'Chan',
      passportId: 'N1234567',
      certificateValidity: '2031-05-01',
      email: 'sokha@example.com',
      gender: 'female',
      birthday: '14/02/1995',
      birthplace: 'Phnom Penh',
      nationality: 'KH',
      countryCode: '+855',
      phone: '012345021',
    });
    expect(one.code, one.msg).toBe('0');
    const id = one.data.id as string;
    const [passportInfo, holding, selfie] = pictures.map((p) => p.id);
    const two = await post(b, '/v1/bongloy/step2', owner, { id, passportInfo, holding, selfie });
    expect(two.code, two.msg).toBe('0');
    const three = await post(b, '/v1/bongloy/step3', owner, { id, signature: signature.id, agree: true });
    expect(three.code, three.msg).toBe('0');

    // A day and more later, A's sweep runs.
    const db = database.db;
    await db.execute(sql`UPDATE uploads SET created_at = created_at - interval '2 days'`);
    const keys = new Map(
      (await queryRows<{ id: string; key: string }>(db, sql`SELECT id, key FROM uploads`)).map((r) => [r.id, r.key]),
    );
    const [job] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO jobs (name, payload, run_at) VALUES ('uploads.sweep-unclaimed', '{}', now()) RETURNING id`,
    );
    for (let waited = 0; ; waited += 100) {
      const [row] = await queryRows<{ done: boolean; error: string | null }>(
        db,
        sql`SELECT done_at IS NOT NULL AS done, last_error AS error FROM jobs WHERE id = ${job.id}`,
      );
      expect(row.error).toBeNull();
      if (row.done) break;
      if (waited > 30_000) throw new Error('shop A did not run the sweep');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const left = (await queryRows<{ id: string }>(db, sql`SELECT id FROM uploads`)).map((r) => r.id).sort();
    expect(left).toEqual([...pictures.map((p) => p.id), signature.id].sort());
    expect(await store.get(keys.get(forgotten.id) as string)).toBeNull();
    expect((await json(a, forgotten.url, owner)).code).toBe('UPL00006');
    for (const kept of [...pictures, signature]) expect(await store.get(keys.get(kept.id) as string)).not.toBeNull();
    // The application read through B hands links that A serves.
    const application = await json(b, `/v1/bongloy/application?id=${id}`, owner);
    expect(application.code).toBe('0');
    const sign = await bytes(await get(a, application.data.signature.url));
    expect(sign.equals((await store.get(keys.get(signature.id) as string))?.body as Buffer)).toBe(true);
  });
});
