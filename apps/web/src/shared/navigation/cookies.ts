/**
 * The cookies of the page being drawn on the server (src/paint.tsx sets them per page): a screen
 * that reads a cookie draws there what it will draw in the phone.
 */
let paintingCookies: string | undefined;
export function paintWithCookies(header: string | undefined) {
  paintingCookies = header;
}

/** Minimal cookie access; values are URI-encoded, one year, whole site. Never throws (sandboxed frames). */
export function getCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  try {
    const all = typeof document === 'undefined' ? (paintingCookies ?? '') : document.cookie;
    for (const part of all.split(/;\s*/)) {
      if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
    }
  } catch {}
  return undefined;
}

/** Kept `keep` days, or until the moment `keep.until` (e.g. the shopper's next midnight). */
export function setCookie(name: string, value: string, keep: number | { until: Date } = 365) {
  const lasts = typeof keep === 'number' ? `max-age=${keep * 86400}` : `expires=${keep.until.toUTCString()}`;
  try {
    document.cookie = `${name}=${encodeURIComponent(value)}; path=/; ${lasts}; SameSite=Lax`;
  } catch {}
}
