import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of a text, hex: how gateways and the carrier sign their callbacks. */
export function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** Compares two signatures in constant time (a mismatch of length is answered at once). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
