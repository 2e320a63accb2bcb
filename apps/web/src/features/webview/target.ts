/** Where /startup goes after the advert: a path of the shop from `redirect` (never another site), else home. */
export function startupTarget(redirect: string | null): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return '/';
  const path = redirect.startsWith('/h5/') ? redirect.slice(3) : redirect;
  return path === '/startup' || path.startsWith('/startup?') ? '/' : path;
}
