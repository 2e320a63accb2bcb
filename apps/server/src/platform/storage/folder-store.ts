import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkKey, checkPrefix, type FileStore, type StoredObject } from './store.ts';

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
  '.txt': 'text/plain',
};

/**
 * The data folder adapter (the default, embedded): objects are files under `root`
 * (`DATA_DIR/private/files`), outside the web root, readable by this user only. A write goes to a
 * temporary name and is renamed into place, so a reader never sees half a file.
 */
export class FolderStore implements FileStore {
  readonly kind = 'folder' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private file(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const tmp = `${target}.${randomBytes(8).toString('hex')}.part`;
    await writeFile(tmp, body, { mode: 0o600 });
    await rename(tmp, target);
  }

  async get(key: string): Promise<StoredObject | null> {
    const target = this.file(key);
    const body = await readFile(target).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EISDIR') return null;
      throw error;
    });
    if (!body) return null;
    return { body, contentType: TYPES[path.extname(target).toLowerCase()] ?? 'application/octet-stream' };
  }

  async reachable(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  async delete(key: string): Promise<void> {
    await unlink(this.file(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }

  async list(prefix: string): Promise<string[]> {
    checkPrefix(prefix);
    const keys: string[] = [];
    const walk = async (dir: string, rel: string) => {
      const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const entry of entries) {
        const key = rel ? `${rel}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) await walk(path.join(dir, entry.name), key);
        } else if (entry.isFile() && !entry.name.endsWith('.part') && key.startsWith(prefix)) keys.push(key);
      }
    };
    await walk(this.root, '');
    return keys.sort();
  }
}
