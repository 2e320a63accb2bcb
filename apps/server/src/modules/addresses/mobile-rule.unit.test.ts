import { isMobileNumber } from '@shop/contracts';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';

/**
 * The screens check a mobile number with the contracts' rule (no library in the shop's pages); the
 * server reads it with libphonenumber. The two must agree, or a screen would refuse a number the
 * server takes (or send one it refuses): compared over every Cambodian prefix and many numbers.
 */
const libraryTakes = (e164: string) => {
  const phone = parsePhoneNumberFromString(e164);
  const type = phone?.getType();
  return Boolean(phone?.isValid() && (type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE'));
};

describe('the contracts’ mobile rule and libphonenumber agree', () => {
  it('on Cambodian numbers of 8 and 9 digits, every two-digit prefix', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let prefix = 10; prefix <= 99; prefix++)
      for (const length of [8, 9])
        for (let n = 0; n < 40; n++) {
          const rest = String(next())
            .padStart(10, '0')
            .slice(0, length - 2);
          const national = `${prefix}${rest}`;
          expect(isMobileNumber(`0${national}`), national).toBe(libraryTakes(`+855${national}`));
        }
  });
  it('on Chinese numbers', () => {
    for (let prefix = 100; prefix <= 199; prefix++) {
      const national = `${prefix}12345678`;
      expect(isMobileNumber(`+86${national}`), national).toBe(libraryTakes(`+86${national}`));
    }
  });
});
