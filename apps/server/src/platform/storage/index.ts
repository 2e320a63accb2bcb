import path from 'node:path';
import type { Config } from '../config.ts';
import { FolderStore } from './folder-store.ts';
import { S3Store } from './s3-store.ts';
import type { FileStore } from './store.ts';

export { FolderStore } from './folder-store.ts';
export { type S3Settings, S3Store } from './s3-store.ts';
export { checkKey, type FileStore, LinkSigner, type StoredObject } from './store.ts';

/** The store the settings choose (README "File storage"): the data folder, or an S3-compatible bucket. */
export function openStore(config: Config): FileStore {
  if (config.storage.kind === 's3') return new S3Store(config.storage.s3);
  return new FolderStore(config.storage.folder ?? path.join(config.dataDir, 'private', 'files'));
}
