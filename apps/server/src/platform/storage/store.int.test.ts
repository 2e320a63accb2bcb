import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3 } from '../../../test/s3.ts';
import { type FileStore, FolderStore, LinkSigner, S3Store } from './index.ts';

/** The same contract, run against both adapters: the data folder and an S3-compatible store (s3rver). */
const adapters: { name: string; open(): Promise<{ store: FileStore; close(): Promise<void> }> }[] = [
  {
    name: 'folder',
    async open() {
      const root = await mkdtemp(path.join(tmpdir(), 'store-'));
      return { store: new FolderStore(root), close: () => rm(root, { recursive: true, force: true }) };
    },
  },
  {
    name: 's3',
    async open() {
      const s3 = await startS3('shop-files');
      const store = new S3Store({ ...s3.settings, prefix: 'shop-a' });
      return {
        store,
        async close() {
          store.close();
          await s3.close();
        },
      };
    },
  },
];

for (const adapter of adapters) {
  describe(`file store: ${adapter.name}`, () => {
    let store: FileStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await adapter.open());
    });
    afterAll(async () => close());

    it('puts, gets back the same bytes and type, replaces and deletes', async () => {
      const bytes = Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2, 3, 254]);
      await store.put('uploads/u1/a.jpg', bytes, 'image/jpeg');
      const got = await store.get('uploads/u1/a.jpg');
      expect(got?.body.equals(bytes)).toBe(true);
      expect(got?.contentType).toBe('image/jpeg');
      await store.put('uploads/u1/a.jpg', Buffer.from('second'), 'image/jpeg');
      expect((await store.get('uploads/u1/a.jpg'))?.body.toString()).toBe('second');
      await store.delete('uploads/u1/a.jpg');
      expect(await store.get('uploads/u1/a.jpg')).toBeNull();
      await store.delete('uploads/u1/a.jpg');
    });

    it('answers null for a key never written', async () => {
      expect(await store.get('nothing/here.jpg')).toBeNull();
    });

    it('lists by prefix, sorted, nothing of other prefixes', async () => {
      for (const key of ['docs/2/b.jpg', 'docs/1/a.jpg', 'docs/10/c.jpg', 'other/x.jpg', 'docsx.jpg'])
        await store.put(key, Buffer.from(key), 'image/jpeg');
      expect(await store.list('docs/')).toEqual(['docs/1/a.jpg', 'docs/10/c.jpg', 'docs/2/b.jpg']);
      expect(await store.list('docs/1')).toEqual(['docs/1/a.jpg', 'docs/10/c.jpg']);
      expect(await store.list('docs/1/')).toEqual(['docs/1/a.jpg']);
      expect(await store.list('none/')).toEqual([]);
      expect((await store.list('')).filter((k) => k.startsWith('docs'))).toEqual([
        'docs/1/a.jpg',
        'docs/10/c.jpg',
        'docs/2/b.jpg',
        'docsx.jpg',
      ]);
    });

    it('refuses keys that could leave the store', async () => {
      for (const key of ['../x.jpg', 'a/../../x', '/abs.jpg', 'a//b', 'a/./b', '', 'a\\b', 'a/b/'])
        await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid storage key/);
      await expect(store.get('../../etc/passwd')).rejects.toThrow(/invalid storage key/);
      await expect(store.list('../')).rejects.toThrow(/invalid storage key/);
    });
  });
}

describe('folder store on disk', () => {
  it('never leaves a half-written file behind and lists no temporary names', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'store-'));
    const store = new FolderStore(root);
    const big = Buffer.alloc(2 * 1024 * 1024, 7);
    await Promise.all(Array.from({ length: 8 }, () => store.put('a/b.jpg', big, 'image/jpeg')));
    expect(await readdir(path.join(root, 'a'))).toEqual(['b.jpg']);
    expect((await store.get('a/b.jpg'))?.body.equals(big)).toBe(true);
    await rm(root, { recursive: true, force: true });
  });
});

describe('signed links', () => {
  const signer = new LinkSigner('test-secret');
  it('verifies its own links until they expire, and nothing else', () => {
    const now = Date.UTC(2026, 0, 1);
    const link = signer.sign('uploads/u1/a.jpg', 300, now);
    expect(signer.verify(link, now)).toBe(true);
    expect(signer.verify(link, now + 299_000)).toBe(true);
    expect(signer.verify(link, now + 301_000)).toBe(false);
    expect(signer.verify({ ...link, key: 'uploads/u2/a.jpg' }, now)).toBe(false);
    expect(signer.verify({ ...link, exp: link.exp + 3600 }, now)).toBe(false);
    expect(signer.verify({ ...link, sig: `${link.sig.slice(0, -1)}A` }, now)).toBe(false);
    expect(new LinkSigner('other').verify(link, now)).toBe(false);
  });
});
