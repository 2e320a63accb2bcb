import { createHash, createHmac, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt parameters (N = 2^14, r = 8, p = 1): about 50 ms and 16 MB per hash. */
const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(secret: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password or pay password with node's scrypt: `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifySecret(secret: string, stored: string | null): Promise<boolean> {
  if (!stored) {
    // Same work as a real check, so a missing account is not faster than a wrong password.
    await derive(secret, DUMMY_SALT, N, R, P);
    return false;
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !hash) return false;
  const key = await derive(secret, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  const expected = Buffer.from(hash, 'base64url');
  return key.length === expected.length && timingSafeEqual(key, expected);
}

const DUMMY_SALT = randomBytes(16);

/**
 * Pay passwords (six digits) are kept as `hmac$salt$hash`: HMAC-SHA256 under a key that lives
 * outside the database (PAY_PASSWORD_KEY). A slow hash cannot protect a million-value space (every
 * candidate of a leaked scrypt hash is tried in hours) but cost 45 ms of CPU on every wallet
 * payment; the key makes a database-only leak useless, and wrong tries are locked out online.
 * See docs/decisions/0006-pay-password-keyed-hash.md.
 */
export function hashPayPassword(pin: string, key: string): string {
  const salt = randomBytes(16);
  return `hmac$${salt.toString('base64url')}$${payPasswordMac(pin, salt, key).toString('base64url')}`;
}

/** Checks a pay password; `rehash` is set when it was stored the older way (scrypt). */
export async function verifyPayPassword(
  pin: string,
  stored: string,
  key: string,
): Promise<{ ok: boolean; rehash: boolean }> {
  if (stored.startsWith('scrypt$')) {
    const ok = await verifySecret(pin, stored);
    return { ok, rehash: ok };
  }
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'hmac' || !salt || !hash) return { ok: false, rehash: false };
  const mac = payPasswordMac(pin, Buffer.from(salt, 'base64url'), key);
  const expected = Buffer.from(hash, 'base64url');
  return { ok: mac.length === expected.length && timingSafeEqual(mac, expected), rehash: false };
}

function payPasswordMac(pin: string, salt: Buffer, key: string): Buffer {
  return createHmac('sha256', key).update(salt).update(pin.normalize('NFKC')).digest();
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A numeric code with `length` digits, from the crypto RNG. */
export function numericCode(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

export function randomToken(): string {
  return randomBytes(24).toString('base64url');
}

export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(sha256(a));
  const y = Buffer.from(sha256(b));
  return timingSafeEqual(x, y);
}
