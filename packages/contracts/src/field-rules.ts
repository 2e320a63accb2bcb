/**
 * The rules of the shop's form fields, one copy for the screen that checks before sending and the
 * server that checks again (issue 44): a screen says what is wrong at once, and the server refuses
 * the same things with the same catalogue code. Pure: no dates of their own, no libraries.
 */

/** A name in English letters (a card is embossed with it): letters, inner spaces, hyphens, apostrophes. */
const ENGLISH_NAME = /^[A-Za-z](?:[A-Za-z' -]{0,48}[A-Za-z])?$/;
/** A Cambodian ID card or passport number: 6 to 12 letters or digits. */
const DOCUMENT_NUMBER = /^[A-Za-z0-9]{6,12}$/;
const EMAIL = /^[^\s@]{1,64}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/**
 * Mobile numbers the shop serves (spec §9), as libphonenumber's metadata describes them: Cambodia's
 * national significant numbers of a mobile range (8 or 9 digits after +855), China's (11 after +86).
 */
const CAMBODIAN_MOBILE =
  /^(?:(?:(?:1[28]|3[18]|9[67])\d|6[016-9]|7(?:[07-9]|[16]\d)|8(?:[013-79]|8\d))\d{6}|(?:1\d|9[0-57-9])\d{6}|(?:2[3-6]|3[2-6]|4[2-4]|[5-7][2-5])48\d{5})$/;
const CHINESE_MOBILE = /^(?:1(?:610\d|740[0-5])\d{6}|1(?:[38]\d|4[57]|[59][0-35-9]|6[25-7]|7[0-35-8])\d{8})$/;

/** A name as kept: trimmed, inner runs of spaces made one. */
export const tidyName = (name: string) => name.trim().replace(/\s+/g, ' ');

export const isEnglishName = (name: string) => ENGLISH_NAME.test(tidyName(name));
export const isDocumentNumber = (value: string) => DOCUMENT_NUMBER.test(value.trim());
export const isEmailAddress = (value: string) => EMAIL.test(value.trim());

/**
 * Whether `typed` is a mobile number of Cambodia or China as people write it: 012 345 678,
 * +855 12 345 678, 0086 138 1234 5678, or the national number after a chosen country code
 * (`countryCode` '+855' or '+86'; a number written with its own + code keeps that code).
 */
export function isMobileNumber(typed: string, countryCode = '+855'): boolean {
  const compact = typed.replace(/[\s\-().]/g, '');
  const international = /^(?:\+|00)(855|86)(\d+)$/.exec(compact);
  const country = international ? `+${international[1]}` : countryCode;
  const national = international ? international[2] : compact;
  if (!/^\d+$/.test(national)) return false;
  if (country === '+855') return CAMBODIAN_MOBILE.test(national.replace(/^0/, ''));
  if (country === '+86') return CHINESE_MOBILE.test(national);
  return false;
}
