import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { GIFT_CARD_CODE_DIGITS, GIFT_CARD_NUMBER_DIGITS } from '@shop/contracts';

/**
 * Gift card numbers and codes are kept as keyed hashes (HMAC-SHA256), as pay passwords are
 * (accounts/secrets.ts, decision 0006): the key lives outside the database, so a database-only
 * leak yields no usable card. The key is derived from PAY_PASSWORD_KEY for this use alone.
 * The number's hash is unsalted (it is how a card is found); the code's has a salt per card.
 */
export function giftCardKey(payPasswordKey: string): Buffer {
  return createHmac('sha256', payPasswordKey).update('gift-cards/v1').digest();
}

export function numberHash(number: string, key: Buffer): string {
  return createHmac('sha256', key).update(`number:${number}`).digest('base64url');
}

export function hashCode(code: string, key: Buffer): string {
  const salt = randomBytes(16);
  return `hmac$${salt.toString('base64url')}$${codeMac(code, salt, key).toString('base64url')}`;
}

export function verifyCode(code: string, stored: string, key: Buffer): boolean {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'hmac' || !salt || !hash) return false;
  const mac = codeMac(code, Buffer.from(salt, 'base64url'), key);
  const expected = Buffer.from(hash, 'base64url');
  return mac.length === expected.length && timingSafeEqual(mac, expected);
}

function codeMac(code: string, salt: Buffer, key: Buffer): Buffer {
  return createHmac('sha256', key).update(salt).update(`code:${code}`).digest();
}

/** What the shopper typed, without spaces, dashes or dots (as printed: 8855 1234 …). */
export const normalizeDigits = (typed: string) => typed.normalize('NFKC').replace(/[\s\-.]/g, '');

export const isCardNumber = (n: string) => new RegExp(`^\\d{${GIFT_CARD_NUMBER_DIGITS}}$`).test(n);
export const isCardCode = (c: string) => new RegExp(`^\\d{${GIFT_CARD_CODE_DIGITS}}$`).test(c);

/** A new card number: "8855" then random digits from the crypto RNG. */
export function newCardNumber(): string {
  let digits = '8855';
  while (digits.length < GIFT_CARD_NUMBER_DIGITS) digits += String(randomInt(0, 10));
  return digits;
}

export function newCardCode(): string {
  return String(randomInt(0, 10 ** GIFT_CARD_CODE_DIGITS)).padStart(GIFT_CARD_CODE_DIGITS, '0');
}
