/** Minimal cookie access; values are URI-encoded, one year, whole site. Never throws (sandboxed frames). */
export function getCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  try {
    for (const part of document.cookie.split('; ')) {
      if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
    }
  } catch {}
  return undefined;
}

export function setCookie(name: string, value: string, maxAgeDays = 365) {
  try {
    document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeDays * 86400}; SameSite=Lax`;
  } catch {}
}
