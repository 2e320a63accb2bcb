import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { parseBirthday } from './extras.ts';
import { parseMobile } from './phone.ts';
import { hashPayPassword, hashSecret, verifyPayPassword, verifySecret } from './secrets.ts';
import { checkEmail, checkNewPassword, checkPayPasswordFormat } from './service.ts';

const codeOf = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
};

describe('phone numbers', () => {
  it('reads Cambodian and Chinese mobiles in the ways people write them', () => {
    expect(parseMobile('012 345 678', '+855')).toEqual({
      e164: '+85512345678',
      countryCode: '+855',
      national: '12345678',
    });
    expect(parseMobile('+855 96 123 4567', '+86').e164).toBe('+855961234567');
    expect(parseMobile('138-1234-5678', '+86')).toMatchObject({ e164: '+8613812345678', countryCode: '+86' });
  });

  it('any text at all is either a real +855/+86 mobile or USR00010, never another error', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), fc.constantFrom('+855', '+86', '+1', '', 'x'), (phone, code) => {
        const result = codeOf(() => parseMobile(phone, code));
        if (result === null) expect(parseMobile(phone, code).e164).toMatch(/^\+(855|86)\d{7,11}$/);
        else expect(result).toBe('USR00010');
      }),
      { numRuns: 2000 },
    );
  });

  it('digit strings: a landline is refused', () => {
    expect(codeOf(() => parseMobile('023 900 888', '+855'))).toBe('USR00010');
    expect(codeOf(() => parseMobile('010 1234 5678', '+86'))).toBe('USR00010');
  });
});

describe('field rules', () => {
  it('passwords, pay passwords, emails and birthdays say which rule they break', () => {
    expect(codeOf(() => checkNewPassword('abc123', 'abc123'))).toBeNull();
    expect(codeOf(() => checkNewPassword('abcdef', 'abcdef'))).toBe('USR00024');
    expect(codeOf(() => checkNewPassword('abc123', 'abc124'))).toBe('USR00023');
    expect(codeOf(() => checkPayPasswordFormat('123456'))).toBeNull();
    expect(codeOf(() => checkPayPasswordFormat('１２３４５６'))).toBe('USR00030');
    expect(checkEmail(' Dara@Mail.COM ')).toBe('dara@mail.com');
    expect(codeOf(() => checkEmail('dara@mail'))).toBe('USR00025');
    expect(codeOf(() => parseBirthday('29/02/2001'))).toBe('USR00040');
    expect(parseBirthday('29/02/2000')).toBe('2000-02-29');
  });
});

describe('secrets', () => {
  it('scrypt hashes verify the right secret only, with a fresh salt each time', async () => {
    const a = await hashSecret('135790');
    const b = await hashSecret('135790');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifySecret('135790', a)).toBe(true);
    expect(await verifySecret('135791', a)).toBe(false);
    expect(await verifySecret('135790', null)).toBe(false);
    expect(await verifySecret('135790', 'garbage')).toBe(false);
  });

  it('pay passwords: keyed hashes verify the right password under the right key only', async () => {
    const key = 'unit-test-key';
    const a = hashPayPassword('246810', key);
    expect(a).toMatch(/^hmac\$/);
    expect(a).not.toBe(hashPayPassword('246810', key));
    expect(await verifyPayPassword('246810', a, key)).toEqual({ ok: true, rehash: false });
    expect(await verifyPayPassword('246811', a, key)).toEqual({ ok: false, rehash: false });
    // A copy of the database alone is not enough: without the key no candidate can be tested.
    expect(await verifyPayPassword('246810', a, 'another-key')).toEqual({ ok: false, rehash: false });
    expect(await verifyPayPassword('246810', 'hmac$garbage', key)).toEqual({ ok: false, rehash: false });
  });

  it('pay passwords kept the older way (scrypt) still verify, and ask to be kept the new way', async () => {
    const legacy = await hashSecret('246810');
    expect(await verifyPayPassword('246810', legacy, 'k')).toEqual({ ok: true, rehash: true });
    expect(await verifyPayPassword('246811', legacy, 'k')).toEqual({ ok: false, rehash: false });
  });
});
