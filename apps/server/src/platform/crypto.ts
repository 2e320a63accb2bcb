import { createHmac, timingSafeEqual } from 'node:crypto';

/** Hex HMAC-SHA256 of `text` with `secret`: the signature of the shop's signed callbacks and bridges. */
export function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

/**
 * Whether two strings are the same, in a time that does not depend on where they differ (for a
 * signature against the one expected). Strings of other lengths differ at once: a length is no secret.
 */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
