/** Client-side checks with the texts of spec §8; the server checks again with the same rules. */
export const CODE_LENGTH = 4;
export const isCode = (v: string) => new RegExp(`^\\d{${CODE_LENGTH}}$`).test(v);
export const isEmail = (v: string) => /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/.test(v.trim());
export const isPassword = (v: string) => /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{6,20}$/.test(v);
export const isPayPassword = (v: string) => /^\d{6}$/.test(v);
export const isPhoneLike = (v: string) => /^\+?[\d\s-]{6,20}$/.test(v.trim());

/** dd/mm/yyyy and a real date in the past. */
export function isBirthday(v: string): boolean {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v.trim());
  if (!m) return false;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    y >= 1900 &&
    date.getTime() <= Date.now()
  );
}
