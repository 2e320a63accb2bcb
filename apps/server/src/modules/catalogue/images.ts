/**
 * Pictures: stored re-encoded with their look-alike features, and served at the widths clients ask
 * for (kept a while once made).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { NotAnImageError, prepareImage, resizeImage, snapWidth } from './imaging.ts';
import { type CatalogueContext, TtlCache } from './shared.ts';
import { images } from './tables.ts';

export class CatalogueImages {
  private readonly db: Db;
  private readonly imageCache = new TtlCache(10 * 60_000, 600);

  constructor(ctx: CatalogueContext) {
    this.db = ctx.db;
  }

  /** Stores a picture (re-encoded, features computed). Throws CAT00006 for anything not an image. */
  async saveImage(input: Buffer, db: Db = this.db, options: { trusted?: boolean } = {}): Promise<number> {
    const prepared = await this.prepare(input, options);
    const [row] = await db
      .insert(images)
      .values({
        width: prepared.width,
        height: prepared.height,
        bytes: prepared.bytes,
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
        .select({ bytes: images.bytes, digest: images.digest, width: images.width })
        .from(images)
        .where(eq(images.id, id));
      if (!row) return null;
      const bytes = row.width <= w ? row.bytes : await resizeImage(row.bytes, w);
      return { bytes, etag: `"${row.digest}-${w}"` };
    });
  }
}
