import { COUNTRY_CODES, type CountryCode } from '@shop/contracts';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { AppError } from '../../platform/errors.ts';

const REGION: Record<CountryCode, 'KH' | 'CN'> = { '+855': 'KH', '+86': 'CN' };

export type Phone = {
  e164: string;
  countryCode: CountryCode;
  national: string;
};

/**
 * A real mobile number of Cambodia (+855) or China (+86), as E.164. Anything else (a landline, a
 * number of another country, too short, letters) is USR00010 "phone number wrong".
 */
export function parseMobile(phone: string, countryCode = '+855'): Phone {
  const raw = phone.replace(/[\s\-().]/g, '');
  const code = (COUNTRY_CODES as readonly string[]).includes(countryCode) ? (countryCode as CountryCode) : null;
  if (!raw || !/^\+?\d{5,20}$/.test(raw)) throw new AppError('USR00010');
  let parsed: ReturnType<typeof parsePhoneNumberFromString>;
  if (raw.startsWith('+')) parsed = parsePhoneNumberFromString(raw);
  else if (code) parsed = parsePhoneNumberFromString(raw, REGION[code]);
  else throw new AppError('USR00010');
  if (!parsed?.isValid()) throw new AppError('USR00010');
  const actual = `+${parsed.countryCallingCode}` as CountryCode;
  if (!(COUNTRY_CODES as readonly string[]).includes(actual)) throw new AppError('USR00010');
  const type = parsed.getType();
  if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') throw new AppError('USR00010');
  return {
    e164: parsed.number,
    countryCode: actual,
    national: String(parsed.nationalNumber),
  };
}

/** The national part of a stored E.164 number, e.g. +85512345678 → 12345678. */
export function nationalOf(e164: string | null): {
  national: string;
  countryCode: string;
} {
  if (!e164) return { national: '', countryCode: '' };
  const code = COUNTRY_CODES.find((c) => e164.startsWith(c)) ?? '';
  return { national: e164.slice(code.length), countryCode: code };
}
