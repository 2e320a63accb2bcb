/**
 * Pictures: stored re-encoded in the file store (platform/storage: the data folder, or an
 * S3-compatible store that every instance shares) with their look-alike features in the database,
 * and served at the widths clients ask for: each width made once, by whichever instance is asked
 * first, and kept in the file store beside the original (`catalogue/sizes/<digest>-<width>.webp`),
 * never in a process's memory (issue: a million products). Pictures are immutable per id and sent
 * with a year's cache-control: what asks again is a new phone or a cache in front of the shop.
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
/** The key of a picture at one of the served widths (made from the original on first ask). */
export const sizedImageKey = (digest: string, width: number) => `catalogue/sizes/${digest}-${width}.webp`;

type ImageRow = { storageKey: string | null; digest: string; width: number };

export class CatalogueImages {
  private readonly db: Db;
  private readonly store: FileStore;
  /** Which picture an id is (a few bytes each; a row's picture never changes once in the store). */
  private readonly rows = new TtlCache(10 * 60_000, 1024 * 1024);
  /** Widths being made, so that a burst of phones asking for a new one makes it once. */
  private readonly making = new Map<string, Promise<Buffer | null>>();

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

  /**
   * A picture at one of the served widths, from the file store (made there on the first ask); null
   * when unknown.
   */
  async imageAt(id: number, width: number | undefined): Promise<{ bytes: Buffer; etag: string } | null> {
    const w = snapWidth(width);
    const row = await this.rowOf(id);
    if (!row) return null;
    const etag = `"${row.digest}-${w}"`;
    // A row another instance has not moved yet still holds its bytes (read, not kept).
    if (!row.storageKey) {
      const original = await this.bytesOf(id);
      if (!original) return null;
      return { bytes: row.width <= w ? original : await resizeImage(original, w), etag };
    }
    if (row.width <= w) {
      const original = await this.store.get(row.storageKey);
      return original ? { bytes: original.body, etag } : null;
    }
    const key = sizedImageKey(row.digest, w);
    const made = await this.store.get(key);
    if (made) return { bytes: made.body, etag };
    let making = this.making.get(key);
    if (!making) {
      making = this.makeSize(row.storageKey, key, w).finally(() => this.making.delete(key));
      this.making.set(key, making);
    }
    const bytes = await making;
    return bytes ? { bytes, etag } : null;
  }

  /** Resizes the original at `originalKey` to `width` and keeps it at `key` (equal bytes if two instances race). */
  private async makeSize(originalKey: string, key: string, width: number): Promise<Buffer | null> {
    const original = await this.store.get(originalKey);
    if (!original) return null;
    const bytes = await resizeImage(original.body, width);
    await this.store.put(key, bytes, 'image/webp');
    return bytes;
  }

  private async rowOf(id: number): Promise<ImageRow | null> {
    const load = async () => {
      const [row] = await this.db
        .select({ storageKey: images.storageKey, digest: images.digest, width: images.width })
        .from(images)
        .where(eq(images.id, id));
      return row ?? null;
    };
    const row = await this.rows.get(`${id}`, load);
    // Unknown ids and rows not moved yet are asked again next time (they may change).
    if (!row?.storageKey) return load();
    return row;
  }

  private async bytesOf(id: number): Promise<Buffer | null> {
    const [row] = await this.db.select({ bytes: images.bytes }).from(images).where(eq(images.id, id));
    return row?.bytes ?? null;
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
