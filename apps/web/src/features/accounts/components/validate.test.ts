import { describe, expect, it } from 'vitest';
import { isBirthday, isCode, isEmail, isPassword, isPayPassword } from './validate.ts';

describe('account form checks', () => {
  it('codes are four digits, pay passwords six', () => {
    expect(isCode('0123')).toBe(true);
    expect(isCode('123')).toBe(false);
    expect(isCode('12a4')).toBe(false);
    expect(isPayPassword('012345')).toBe(true);
    expect(isPayPassword('12345')).toBe(false);
    expect(isPayPassword('1234567')).toBe(false);
  });
  it('passwords have letters and digits, 6 to 20', () => {
    expect(isPassword('angkor1')).toBe(true);
    expect(isPassword('angkor')).toBe(false);
    expect(isPassword('123456')).toBe(false);
  });
  it('emails and birthdays', () => {
    expect(isEmail('dara@mail.com.kh')).toBe(true);
    expect(isEmail('dara@mail')).toBe(false);
    expect(isBirthday('29/02/2000')).toBe(true);
    expect(isBirthday('29/02/2001')).toBe(false);
    expect(isBirthday('2000-02-01')).toBe(false);
  });
});
