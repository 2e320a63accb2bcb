// How the shop and its partners (card issuer, lender, overseas source) sign what they send each
// other (docs/partners/*.yaml, "Signatures"): HMAC-SHA256 with the party's key over
// `timestamp + "." + body`, the timestamp in seconds since 1970 in `X-Shop-Timestamp`, the hex
// digest in `X-Shop-Signature`. A message older or newer than the window (5 minutes) is refused,
// so a recorded message cannot be played again later.
import { hmacHex, safeEqual } from '../crypto.ts';

export const TIMESTAMP_HEADER = 'x-shop-timestamp';
export const SIGNATURE_HEADER = 'x-shop-signature';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How far a message's timestamp may be from the receiver's clock. */
export const REPLAY_WINDOW_MS = 5 * 60_000;

export function signatureOf(key: string, timestamp: string, body: string): string {
  return hmacHex(key, `${timestamp}.${body}`);
}

/** The two headers that sign `body` now. */
export function signedHeaders(key: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  return { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: signatureOf(key, timestamp, body) };
}

export type Verdict = 'ok' | 'unsigned' | 'bad-signature' | 'outside-window';

/**
 * Whether `body` was signed with `key` within the window. The signature is checked before the
 * time, so a forger learns nothing of the window; an empty key verifies nothing.
 */
export function verifySigned(
  key: string,
  headers: { timestamp?: string | null; signature?: string | null },
  body: string,
  now = Date.now(),
  windowMs = REPLAY_WINDOW_MS,
): Verdict {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature) return 'unsigned';
  if (!key || !/^\d{1,12}$/.test(timestamp) || !safeEqual(signature.toLowerCase(), signatureOf(key, timestamp, body)))
    return 'bad-signature';
  if (Math.abs(now - Number(timestamp) * 1000) > windowMs) return 'outside-window';
  return 'ok';
}
