/**
 * Navigation rules of spec §2, as pure functions so they can be tested without a browser.
 */

export const HISTORY_LIMIT = 10;

/** Pages that, when entered, remember where the visitor came from to return there afterwards. */
export const RETURN_PATH_PAGES = ['/login', '/setLanguage'];

/**
 * Pages on the way to logging in (the other sign-in screens and the texts the shopper accepts
 * there): coming back from them to /login keeps the return path remembered before.
 */
const ON_THE_WAY_TO_LOGIN = ['/register', '/forgotPassword', '/loginTransition', '/bindingUser', '/privacy', '/terms'];

/** Adds `fullPath` to the visited history: about 10 kept, a consecutive duplicate not added. */
export function pushHistory(history: readonly string[], fullPath: string, limit = HISTORY_LIMIT): string[] {
  if (history[history.length - 1] === fullPath) return [...history];
  const next = [...history, fullPath];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/**
 * Where the login screen entered as `fullPath` returns: its `redirect` (a login banner's in-shop
 * path, bannerJump) when it names one, else null (the page the visitor came from, returnPathFor).
 */
export function loginRedirectOf(fullPath: string): string | null {
  const [pathname, query = ''] = fullPath.split('?', 2);
  if (pathname !== '/login') return null;
  const redirect = new URLSearchParams(query).get('redirect') ?? '';
  return redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : null;
}

/**
 * A form opened from another screen to add something (an address from an order confirmation)
 * carries `returnTo=<path of the shop>`; once saved it goes back there with what was made
 * (`addressId=<id>`), so the screen that asked can choose it. Only a path of the shop is followed
 * (never `//host` or another site), and a value it had for the same names is replaced.
 */
export function returnWith(returnTo: string | null | undefined, params: Record<string, string>): string | null {
  if (!returnTo?.startsWith('/') || returnTo.startsWith('//') || returnTo.includes('\\')) return null;
  const [path, query = ''] = returnTo.split('?', 2);
  const search = new URLSearchParams(query);
  for (const [name, value] of Object.entries(params)) search.set(name, value);
  return `${path}?${search.toString()}`;
}

/** The return path to remember when entering `to` from `from`, or null when nothing changes. */
export function returnPathFor(to: string, from: string | undefined): string | null {
  if (!from || !RETURN_PATH_PAGES.includes(to)) return null;
  const fromPath = from.split('?')[0];
  if (RETURN_PATH_PAGES.includes(fromPath) || ON_THE_WAY_TO_LOGIN.includes(fromPath)) return null;
  return from;
}

/**
 * Source values of bank partners whose customers land on the overseas channel: for them the shop
 * home is the Smilebuy page.
 */
export const BANK_PARTNER_SOURCES = ['aba', 'acleda', 'wing', 'abamini'];

/** Sources of ABA Bank's app: the shop opened from ABA Mobile (its mini-app, or its web view). */
export const ABA_MOBILE_SOURCES = ['aba', 'abamini'];

/** Whether the shop was opened from ABA Mobile (the source it came with, kept by the navigation rules). */
export function isFromAbaMobile(source: string | undefined): boolean {
  return Boolean(source) && ABA_MOBILE_SOURCES.includes((source as string).toLowerCase());
}

/** Whether a source (the navigation rules' cookie) is a bank partner's. */
export function isBankPartnerSource(source: string | undefined): boolean {
  return Boolean(source) && BANK_PARTNER_SOURCES.includes((source as string).toLowerCase());
}

/**
 * Pages a bank partner's customer may open before logging in (decision 0024): the way to log in
 * and what it asks them to accept, the language and help.
 */
const OPEN_TO_PARTNER_GUESTS = ['/login', '/setLanguage', '/ContactUs', ...ON_THE_WAY_TO_LOGIN];

/**
 * Spec §6 "being a partner is required to log in": a visitor who came with a bank-partner source is
 * asked to log in before anything else. Where to send `fullPath` instead (the login screen, coming
 * back to it afterwards), or null when the visitor may stay.
 */
export function partnerLoginFor(fullPath: string, source: string | undefined, signedIn: boolean): string | null {
  if (signedIn || !isBankPartnerSource(source)) return null;
  if (OPEN_TO_PARTNER_GUESTS.includes(fullPath.split('?')[0])) return null;
  return `/login?partner=1&redirect=${encodeURIComponent(fullPath)}`;
}

/** Where a move from `from` to `to` must go instead, or null to go as asked (Smilebuy rules). */
export function redirectFor(from: string | undefined, to: string, source: string | undefined): string | null {
  const goingHome = to === '/' || to === '/home' || to === '/index3';
  if (!from || !goingHome) return null;
  if (from === '/Smilebuy/product') return '/Smilebuy';
  if (from.startsWith('/Smilebuy') && to === '/' && isBankPartnerSource(source)) {
    return '/Smilebuy';
  }
  return null;
}

/** The "long" source keeps its own path trail in session storage, reset on "/". */
export function nextLongTrail(trail: readonly string[], fullPath: string): string[] {
  const pathname = fullPath.split('?')[0];
  if (pathname === '/') return [fullPath];
  return pushHistory(trail, fullPath);
}

/** The deep link that opens the native app at the same page, without the `openapp` flag. */
export function deepLinkFor(scheme: string, pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete('openapp');
  const query = params.toString();
  return `${scheme}://open?path=${encodeURIComponent(pathname + (query ? `?${query}` : ''))}`;
}
