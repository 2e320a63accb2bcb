// Private uploads (spec §7 `v1/upload/pictureofclient`, `v1/upload/tmp`): real images only, checked
// by content and re-encoded without metadata, kept in the file store (platform/storage), read only
// through short-lived signed links handed to their owner or to reviewing staff. An upload is held
// for a day until a later call claims it; the sweep deletes what nobody claimed.
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_PIXELS,
  UPLOAD_MIN_SIDE,
  UPLOAD_STORED_SIDE,
  type UploadedPicture,
  type UploadPurpose,
} from '@shop/contracts';
import { and, eq, inArray, isNull, notInArray, or } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import { type Db, queryRows } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import { type FileStore, LinkSigner, type StoredObject } from '../../platform/storage/index.ts';
import { uploads } from './tables.ts';

export type UploadRow = typeof uploads.$inferSelect;

/** How long an unclaimed upload is kept. */
export const UNCLAIMED_HOURS = 24;
/** How long a signed link to a private file opens it. */
export const LINK_SECONDS = 5 * 60;
const FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
/** The smallest side of a temporary picture (a signature drawn on a phone is wide and short). */
const TMP_MIN_SIDE = 64;
const SWEEP_BATCH = 100;

/** Checks `upload` is one real picture within the limits and re-encodes it (JPEG, no metadata, upright). */
export async function reencode(
  upload: Buffer,
  minSide: number,
): Promise<{ body: Buffer; width: number; height: number }> {
  if (!upload.length) throw new AppError('UPL00001');
  if (upload.length > UPLOAD_MAX_BYTES) throw new AppError('UPL00002', { mb: UPLOAD_MAX_BYTES / 1024 / 1024 });
  let meta: Metadata;
  try {
    meta = await sharp(upload, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('UPL00001');
  }
  if (!meta.format || !FORMATS.has(meta.format) || !meta.width || !meta.height || (meta.pages ?? 1) > 1)
    throw new AppError('UPL00001');
  if (meta.width * meta.height > UPLOAD_MAX_PIXELS)
    throw new AppError('UPL00003', { megapixels: UPLOAD_MAX_PIXELS / 1_000_000 });
  if (Math.min(meta.width, meta.height) < minSide) throw new AppError('UPL00004', { side: minSide });
  try {
    const { data, info } = await sharp(upload, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(UPLOAD_STORED_SIDE, UPLOAD_STORED_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { body: data, width: info.width, height: info.height };
  } catch {
    throw new AppError('UPL00001');
  }
}

export class UploadsService {
  private readonly db: Db;
  private readonly store: FileStore;
  private readonly signer: LinkSigner;

  constructor(ctx: PlatformContext) {
    this.db = ctx.db;
    this.store = ctx.storage;
    this.signer = new LinkSigner(ctx.config.storage.linkSecret);
  }

  /** Stores a shopper's picture, unclaimed; answers its id and a link for the owner. */
  async upload(userId: string, purpose: UploadPurpose, file: Buffer): Promise<UploadedPicture> {
    const picture = await reencode(file, purpose === 'pictureofclient' ? UPLOAD_MIN_SIDE : TMP_MIN_SIDE);
    const id = crypto.randomUUID();
    const key = `uploads/${purpose}/${id}.jpg`;
    await this.store.put(key, picture.body, 'image/jpeg');
    const [row] = await this.db
      .insert(uploads)
      .values({ id, userId, purpose, key, contentType: 'image/jpeg', bytes: picture.body.length, ...picture })
      .returning();
    return { id, ...this.link(row), width: row.width, height: row.height };
  }

  /** A signed link to the row's file, valid for LINK_SECONDS. */
  link(row: Pick<UploadRow, 'key'>): { url: string; expiresAt: string } {
    const { key, exp, sig } = this.signer.sign(row.key, LINK_SECONDS);
    const query = new URLSearchParams({ key, exp: String(exp), sig });
    return { url: `/v1/upload/file?${query}`, expiresAt: new Date(exp * 1000).toISOString() };
  }

  /** The shopper's own upload (another's, or one deleted, is UPL00005: nothing tells them apart). */
  async own(userId: string, id: string): Promise<UploadRow> {
    const [row] = await this.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.id, id), eq(uploads.userId, userId)));
    if (!row) throw new AppError('UPL00005');
    return row;
  }

  /** Any upload by id, for staff (the caller audits the view). */
  async get(id: string): Promise<UploadRow | null> {
    const [row] = await this.db.select().from(uploads).where(eq(uploads.id, id));
    return row ?? null;
  }

  /** Many uploads by id (a reviewer's page shows an application's documents). */
  async many(ids: readonly string[]): Promise<UploadRow[]> {
    if (!ids.length) return [];
    return this.db
      .select()
      .from(uploads)
      .where(inArray(uploads.id, [...ids]));
  }

  /** The stored bytes of an upload, for a partner that must be sent the picture (a lender); empty when gone. */
  async bytes(row: Pick<UploadRow, 'key'>): Promise<Buffer> {
    return (await this.store.get(row.key))?.body ?? Buffer.alloc(0);
  }

  /** What a signed link opens, while it holds. */
  async serve(link: { key: string; exp: number; sig: string }): Promise<StoredObject> {
    if (!this.signer.verify(link)) throw new AppError('UPL00006');
    const object = await this.store.get(link.key).catch(() => null);
    if (!object) throw new AppError('UPL00006');
    return object;
  }

  /**
   * Claims the shopper's uploads for `claimer` (`bongloy-application:<id>`), in the caller's
   * transaction: each must be theirs and either unclaimed and younger than a day or already this
   * claimer's. Uploads the claimer held and no longer names are let go (the sweep deletes them).
   */
  async claim(userId: string, ids: readonly string[], claimer: string, db: Db = this.db): Promise<UploadRow[]> {
    const wanted = [...new Set(ids)];
    const fresh = sql`${uploads.createdAt} > now() - make_interval(hours => ${UNCLAIMED_HOURS})`;
    const claimed = wanted.length
      ? await db
          .update(uploads)
          .set({ claimedBy: claimer, claimedAt: sql`coalesce(${uploads.claimedAt}, now())` })
          .where(
            and(
              inArray(uploads.id, wanted),
              eq(uploads.userId, userId),
              or(and(isNull(uploads.claimedBy), fresh), eq(uploads.claimedBy, claimer)),
            ),
          )
          .returning()
      : [];
    if (claimed.length !== wanted.length) throw new AppError('UPL00005');
    await this.letGo(claimer, wanted, db);
    return claimed;
  }

  /**
   * Lets go of what `claimer` holds except `keep`: unclaimed again with the day already over, so
   * the next sweep deletes them (retention of a closed application, a replaced document).
   */
  async letGo(claimer: string, keep: readonly string[] = [], db: Db = this.db): Promise<number> {
    const gone = await db
      .update(uploads)
      .set({ claimedBy: null, claimedAt: null, createdAt: sql`now() - make_interval(hours => ${UNCLAIMED_HOURS + 1})` })
      .where(and(eq(uploads.claimedBy, claimer), keep.length ? notInArray(uploads.id, [...keep]) : undefined))
      .returning({ id: uploads.id });
    return gone.length;
  }

  /**
   * Deletes uploads unclaimed for a day, files first inside the transaction that holds their rows:
   * a claim racing the sweep either wins (the row no longer matches) or waits and finds it gone.
   * Safe with several instances (SKIP LOCKED). Answers how many went.
   */
  async sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.db.transaction(async (tx) => {
        const rows = await queryRows<{ key: string }>(
          tx,
          sql`
          DELETE FROM ${uploads} WHERE id IN (
            SELECT id FROM ${uploads}
            WHERE claimed_by IS NULL AND created_at < now() - make_interval(hours => ${UNCLAIMED_HOURS})
            ORDER BY created_at LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED)
          RETURNING key`,
        );
        const keys = rows.map((r) => r.key);
        for (const key of keys) await this.store.delete(key);
        return keys.length;
      });
      total += n;
      if (n < SWEEP_BATCH) return total;
    }
  }
}
