import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The page cookie (issue 24, docs/decisions/0026-screens-painted-by-the-app.md): the signed-in
 * shopper's token, sent back only with the shop's pages (`Path=/h5`), so that the page of a
 * signed-in screen (the cart, the wallet) comes drawn with the shopper's data. It is never read as
 * a call's credentials: calls take the token from their query or `Authorization` header (DESIGN
 * §4), so a page cookie cannot make a call on the shopper's behalf. HttpOnly: the page's scripts
 * never see it.
 */
const NAME = 'shop_page';
const PATH = '/h5';
const READ = /(?:^|;\s*)shop_page=([A-Za-z0-9_-]{20,100})(?:;|$)/;

/** The token the page cookie holds, if any. */
export function pageToken(request: FastifyRequest): string | undefined {
  return READ.exec(request.headers.cookie ?? '')?.[1];
}

/** Keeps `token` for the shop's pages until the session expires. */
export function setPageCookie(reply: FastifyReply, token: string, expiresAt: Date) {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  const secure = reply.request.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${NAME}=${token}; Path=${PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`);
}

/** Forgets the page cookie (logout, or a token that no longer opens a session). */
export function clearPageCookie(reply: FastifyReply) {
  reply.header('set-cookie', `${NAME}=; Path=${PATH}; Max-Age=0; HttpOnly; SameSite=Lax`);
}
