// Avatars: checked by content, re-encoded (256 px WebP, no metadata) and kept in the file store
// (platform/storage) under `avatars/<file>`, so every instance serves the one another stored. They
// were files of DATA_DIR/private/avatars before: `moveLegacy` carries those over at start.
import { readdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { AppError } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/storage/index.ts';
import { sha256 } from './secrets.ts';

const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
/** `<user id>-<16 hex of the picture's hash>.webp`: the only names the store holds or serves. */
const FILE_NAME = /^[0-9a-f-]{36}-[0-9a-f]{16}\.webp$/;

const keyOf = (file: string) => `avatars/${file}`;

export class Avatars {
  private readonly store: FileStore;
  private readonly legacyDir: string;

  constructor(store: FileStore, dataDir: string) {
    this.store = store;
    this.legacyDir = path.join(dataDir, 'private', 'avatars');
  }

  /** Re-encodes the upload and stores it; answers its file name (USR00042 for anything not a picture). */
  async put(userId: string, upload: Buffer): Promise<string> {
    if (!upload.length || upload.length > AVATAR_MAX_BYTES) throw new AppError('USR00042');
    let encoded: Buffer;
    try {
      const meta = await sharp(upload, { limitInputPixels: 40_000_000 }).metadata();
      if (!meta.format || !AVATAR_FORMATS.has(meta.format) || !meta.width || !meta.height)
        throw new Error('not an image');
      encoded = await sharp(upload, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize(256, 256, { fit: 'cover' })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw new AppError('USR00042');
    }
    const file = `${userId}-${sha256(encoded.toString('base64')).slice(0, 16)}.webp`;
    await this.store.put(keyOf(file), encoded, 'image/webp');
    return file;
  }

  /** The picture of `file`, or null (a name the shop never makes, or one no longer there). */
  async get(file: string | null): Promise<Buffer | null> {
    if (!file || !FILE_NAME.test(file)) return null;
    return (await this.store.get(keyOf(file)))?.body ?? null;
  }

  /** Deletes a picture no longer anyone's avatar. */
  async delete(file: string): Promise<void> {
    if (FILE_NAME.test(file)) await this.store.delete(keyOf(file));
  }

  /**
   * Moves the avatars of the data folder's old place into the store (each put, then its file
   * removed; a start that stops half-way goes on at the next). Answers how many moved.
   */
  async moveLegacy(): Promise<number> {
    const names = await readdir(this.legacyDir).catch(() => [] as string[]);
    let moved = 0;
    for (const name of names.filter((n) => FILE_NAME.test(n))) {
      const file = path.join(this.legacyDir, name);
      await this.store.put(keyOf(name), await readFile(file), 'image/webp');
      await unlink(file);
      moved++;
    }
    return moved;
  }
}
