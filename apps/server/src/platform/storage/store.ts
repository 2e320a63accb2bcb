import { createHmac, timingSafeEqual } from 'node:crypto';

/** One stored object as read back. */
export type StoredObject = { body: Buffer; contentType: string };

/**
 * Where the shop keeps files (DESIGN §2 "files"): private by default, reached only through the
 * server. Keys are `/`-separated paths of letters, digits, `-`, `_` and `.` (no `..`), made by the
 * server, never by a client. Two adapters: the data folder (`FolderStore`) and an S3-compatible
 * object store (`S3Store`), so several instances of the shop can share one store.
 */
export interface FileStore {
  /** Which adapter this is ('folder' or 's3'), for logs and the README's settings. */
  readonly kind: 'folder' | 's3';
  /** Writes (or replaces) the object at `key`; readers never see half of it. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Deletes the object; deleting one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every key starting with `prefix`, sorted. */
  list(prefix: string): Promise<string[]>;
  /** Throws when the store cannot be reached (the shop's `/ready`): one cheap request, no listing. */
  reachable(): Promise<void>;
}

const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Refuses a key that could leave the store's folder or is not one the server makes. */
export function checkKey(key: string): string {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.'))
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** A prefix for `list`: a key or the start of one (may end with `/`, may be empty). */
export function checkPrefix(prefix: string): string {
  if (prefix === '') return prefix;
  checkKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  return prefix;
}

/**
 * Short-lived signed links: the server hands out `?key=&exp=&sig=` only to whoever may read the
 * object (its owner, reviewing staff), and serves the link to anyone holding it until `exp` (Unix
 * seconds). The HMAC key comes from the environment (FILE_LINK_SECRET), shared by every instance.
 */
export class LinkSigner {
  private readonly secret: string;
  constructor(secret: string) {
    if (!secret) throw new Error('FILE_LINK_SECRET must be set in production');
    this.secret = secret;
  }

  private mac(key: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`${key}\n${exp}`).digest('base64url');
  }

  /** Query parameters of a link to `key` valid for `ttlSeconds` from `now`. */
  sign(key: string, ttlSeconds: number, now = Date.now()): { key: string; exp: number; sig: string } {
    const exp = Math.floor(now / 1000) + ttlSeconds;
    return { key: checkKey(key), exp, sig: this.mac(key, exp) };
  }

  /** Whether a link's parameters are this server's and not yet expired. */
  verify(link: { key: string; exp: number; sig: string }, now = Date.now()): boolean {
    if (!Number.isInteger(link.exp) || link.exp * 1000 < now) return false;
    const want = Buffer.from(this.mac(link.key, link.exp));
    const got = Buffer.from(link.sig);
    return want.length === got.length && timingSafeEqual(want, got);
  }
}
