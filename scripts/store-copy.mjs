#!/usr/bin/env node
// Copies every object of one file store to another (docs/operations.md, backups): the shop's S3
// bucket to a folder (a backup) or a folder back to a bucket (a restore), with the shop's own
// settings. `aws s3 sync` or `rclone sync` do the same from the bucket's side.
//
//   node scripts/store-copy.mjs --to-folder <dir>     the store of this environment (STORAGE, S3_*) → <dir>
//   node scripts/store-copy.mjs --from-folder <dir>   <dir> → the store of this environment
import path from 'node:path';

/** Copies every object of `from` to `to` (FileStore adapters); returns how many. */
export async function copyStore(from, to) {
  let copied = 0;
  for (const key of await from.list('')) {
    const object = await from.get(key);
    if (!object) continue; // deleted meanwhile
    await to.put(key, object.body, object.contentType);
    copied++;
  }
  return copied;
}

if (process.argv[1] === import.meta.filename) {
  const { loadConfig } = await import('../apps/server/src/platform/config.ts');
  const { openStore, FolderStore } = await import('../apps/server/src/platform/storage/index.ts');
  const [flag, dir] = process.argv.slice(2);
  if (!['--to-folder', '--from-folder'].includes(flag) || !dir) {
    console.error('usage: node scripts/store-copy.mjs --to-folder <dir> | --from-folder <dir>');
    process.exit(2);
  }
  const store = openStore(loadConfig());
  const folder = new FolderStore(path.resolve(dir));
  const copied = flag === '--to-folder' ? await copyStore(store, folder) : await copyStore(folder, store);
  console.log(`${copied} objects copied ${flag === '--to-folder' ? `to ${dir}` : `from ${dir}`}`);
}
