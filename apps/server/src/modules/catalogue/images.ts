/**
 * Pictures: stored re-encoded in the file store (platform/storage: the data folder, or an
 * S3-compatible store that every instance shares) with their look-alike features in the database,
 * and served at the widths clients ask for (kept a while once made).
 */
import { asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/storage/index.ts';
import { NotAnImageError, prepareImage, resizeImage, snapWidth } from './imaging.ts';
import { type CatalogueContext, TtlCache } from './shared.ts';
import { images } from './tables.ts';

/** Rows moved into the store per transaction at start-up. */
const MOVE_BATCH = 50;

/**
 * A picture's key in the store: by its content, so equal pictures share one file and writing one
 * twice changes nothing. (Deleting a picture must first check no other row names its key.)
 */
export const imageKey = (digest: string) => `catalogue/${digest}.webp`;

export class CatalogueImages {
  private readonly db: Db;
  private readonly store: FileStore;
  private readonly imageCache = new TtlCache(10 * 60_000, 600);

  constructor(ctx: CatalogueContext) {
    this.db = ctx.db;
    this.store = ctx.store;
  }

  /** Stores a picture (re-encoded, features computed). Throws CAT00006 for anything not an image. */
  async saveImage(input: Buffer, db: Db = this.db, options: { trusted?: boolean } = {}): Promise<number> {
    const prepared = await this.prepare(input, options);
    const storageKey = imageKey(prepared.digest);
    // The file before the row: a row never names a picture the store does not hold.
    await this.store.put(storageKey, prepared.bytes, 'image/webp');
    const [row] = await db
      .insert(images)
      .values({
        width: prepared.width,
        height: prepared.height,
        storageKey,
        digest: prepared.digest,
        dhash: prepared.dhash,
        ahash: prepared.ahash,
        histogram: prepared.histogram,
      })
      .returning({ id: images.id });
    return row.id;
  }

  /** The picture re-encoded, with its features (a photo to search by too). CAT00006 when not an image. */
  async prepare(input: Buffer, options: { trusted?: boolean } = {}) {
    if (!input || input.length === 0) throw new AppError('CAT00006');
    try {
      return await prepareImage(input, options);
    } catch (error) {
      if (error instanceof NotAnImageError) throw new AppError('CAT00006');
      throw error;
    }
  }

  /** A picture at one of the served widths; null when unknown. Made once, then kept a while. */
  async imageAt(id: number, width: number | undefined): Promise<{ bytes: Buffer; etag: string } | null> {
    const w = snapWidth(width);
    return this.imageCache.get(`${id}:${w}`, async () => {
      const [row] = await this.db
        .select({ storageKey: images.storageKey, bytes: images.bytes, digest: images.digest, width: images.width })
        .from(images)
        .where(eq(images.id, id));
      if (!row) return null;
      // A row another instance has not moved yet still holds its bytes.
      const original = row.storageKey ? (await this.store.get(row.storageKey))?.body : row.bytes;
      if (!original) return null;
      const bytes = row.width <= w ? original : await resizeImage(original, w);
      return { bytes, etag: `"${row.digest}-${w}"` };
    });
  }

  /**
   * Moves the pictures still kept in their rows (written before the file store) into the store and
   * clears their bytes; answers how many. Runs at every start; several instances starting together
   * share the work (SKIP LOCKED), and a picture put twice is the same file.
   */
  async moveToStore(): Promise<number> {
    let moved = 0;
    for (;;) {
      const n = await this.db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: images.id, bytes: images.bytes, digest: images.digest })
          .from(images)
          .where(isNull(images.storageKey))
          .orderBy(asc(images.id))
          .limit(MOVE_BATCH)
          .for('update', { skipLocked: true });
        for (const row of rows) {
          const storageKey = imageKey(row.digest);
          if (row.bytes) await this.store.put(storageKey, row.bytes, 'image/webp');
          await tx.update(images).set({ storageKey, bytes: null }).where(eq(images.id, row.id));
        }
        return rows.length;
      });
      moved += n;
      if (n < MOVE_BATCH) return moved;
    }
  }
}
