import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches } from './http.ts';

/** Makes the page a request gets from the built index.html (its language, what to fetch first). */
export type PageShell = (html: string, request: FastifyRequest, reply: FastifyReply) => Promise<string>;

/**
 * Serves a built single-page app under `prefix` with history-mode fallback: any path under the
 * prefix that is not a file gets the app's page, and the app's router decides (its 404 page
 * included). Hashed assets are cached for a year; the page is revalidated every time. With a
 * `shell`, the page is made per request from index.html (the shop's: src/page-shell.ts).
 */
export async function serveSpa(app: FastifyInstance, root: string, prefix: string, shell?: PageShell) {
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ root }, `web build missing: ${prefix} will answer 404 until it is built`);
    return;
  }
  const html = readFileSync(indexFile, 'utf8');
  // Pages and files: the text rule of calls (platform/http.ts) is not theirs, nothing reads their
  // query; a link with a stray %00 still opens the app, whose own calls then refuse it.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(prefix)) route.config = { ...route.config, servesPages: true };
  });
  await app.register(fastifyStatic, {
    root,
    prefix,
    wildcard: true,
    // A second app (the console) shares the reply decoration of the first.
    decorateReply: !app.hasReplyDecorator('sendFile'),
    // With a shell, the prefix itself is a page too (the not-found handler makes it).
    index: shell ? false : ['index.html'],
    preCompressed: true,
    setHeaders(reply: FastifyReply, filePath: string) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!shell) return reply.send(html);
    // A made page carries the screen's first answers (tens of KB): sent compressed when it may be.
    // It may carry a signed-in shopper's own data: no shared cache keeps it.
    reply.header('cache-control', 'private, no-cache');
    const page = await shell(html, request, reply);
    reply.header('vary', 'accept-encoding, cookie');
    // A page made again as it was (same answers, same shopper) is not sent again: a returning phone
    // on a slow network revalidates it with a 304 and draws the copy it holds (issue 24). Each
    // coding has its own ETag, as the calls' ready answers do.
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const etag = `"${createHash('sha1').update(page).digest('base64url')}${gzip ? '.gz' : ''}"`;
    reply.header('etag', etag);
    if (etagMatches(request, etag)) return reply.code(304).send();
    if (!gzip) return reply.send(page);
    return reply.header('content-encoding', 'gzip').send(gzipSync(page, { level: 6 }));
  };
}

/**
 * Browsers and Lighthouse ask the site's root for /favicon.ico whatever a page links (issue 44):
 * the shop's icon from its build (apps/web/public, made by scripts/favicon.mjs), not a 404 in
 * every page's log.
 */
export function serveFavicon(app: FastifyInstance, webRoot: string) {
  const file = path.join(webRoot, 'favicon.ico');
  if (!existsSync(file)) return;
  const icon = readFileSync(file);
  app.get('/favicon.ico', (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('image/x-icon').send(icon),
  );
}
