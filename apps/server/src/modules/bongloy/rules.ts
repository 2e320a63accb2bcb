// Step 1's rules (spec §3 "Card applicant"), pure: each field refused with its own catalogue code.
// The fields' own rules are the contracts' (field-rules.ts): the screen checks them before sending.
import {
  type BongloyPersonal,
  isDocumentNumber,
  isEmailAddress,
  isEnglishName,
  isMobileNumber,
  tidyName,
} from '@shop/contracts';
import { AppError } from '../../platform/errors.ts';

export const ADULT_YEARS = 18;

/** A calendar date written `dd/mm/yyyy`, or null when it is not one (31/02 is not). */
export function parseDayMonthYear(text: string): { y: number; m: number; d: number } | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return null;
  const [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return { y, m, d };
}

/** Whole years from a birthday to `today` (a date in Phnom Penh). */
export function ageOn(birth: { y: number; m: number; d: number }, today: { y: number; m: number; d: number }): number {
  const before = today.m < birth.m || (today.m === birth.m && today.d < birth.d);
  return today.y - birth.y - (before ? 1 : 0);
}

/** Today in Phnom Penh (UTC+7, no daylight saving). */
export function phnomPenhToday(now = new Date()): { y: number; m: number; d: number } {
  const local = new Date(now.getTime() + 7 * 3600_000);
  return { y: local.getUTCFullYear(), m: local.getUTCMonth() + 1, d: local.getUTCDate() };
}

/** The personal information tidied (trimmed, the document number upper-case), or the first refusal. */
export function checkPersonal(input: BongloyPersonal, now = new Date()): BongloyPersonal {
  const clean = {
    ...input,
    firstName: tidyName(input.firstName),
    lastName: tidyName(input.lastName),
    passportId: input.passportId.trim().toUpperCase(),
    certificateValidity: input.certificateValidity.trim(),
    email: input.email.trim(),
    profession: input.profession?.trim() || undefined,
    birthday: input.birthday.trim(),
    birthplace: input.birthplace.trim(),
    phone: input.phone.trim(),
  };
  if (!isEnglishName(clean.firstName)) throw new AppError('BLG00001');
  if (!isEnglishName(clean.lastName)) throw new AppError('BLG00017');
  if (!isDocumentNumber(clean.passportId)) throw new AppError('BLG00002');
  const today = phnomPenhToday(now);
  const validity = /^(\d{4})-(\d{2})-(\d{2})$/.exec(clean.certificateValidity);
  const until = validity ? parseDayMonthYear(`${validity[3]}/${validity[2]}/${validity[1]}`) : null;
  const todayKey = today.y * 10_000 + today.m * 100 + today.d;
  if (!until || until.y * 10_000 + until.m * 100 + until.d <= todayKey) throw new AppError('BLG00003');
  if (!isEmailAddress(clean.email)) throw new AppError('BLG00004');
  const birth = parseDayMonthYear(clean.birthday);
  if (!birth || birth.y < 1900 || birth.y * 10_000 + birth.m * 100 + birth.d > todayKey) throw new AppError('BLG00005');
  if (ageOn(birth, today) < ADULT_YEARS) throw new AppError('BLG00006');
  if (!clean.birthplace) throw new AppError('BLG00007');
  if (!isMobileNumber(clean.phone, clean.countryCode)) throw new AppError('USR00010');
  return clean;
}
