import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves a built single-page app under `prefix` with history-mode fallback: any path under the
 * prefix that is not a file gets index.html, and the app's router decides (its 404 page included).
 * Hashed assets are cached for a year; index.html is revalidated every time.
 */
export async function serveSpa(app: FastifyInstance, root: string, prefix: string) {
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ root }, `web build missing: ${prefix} will answer 404 until it is built`);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix,
    wildcard: true,
    // A second app (the console) shares the reply decoration of the first.
    decorateReply: !app.hasReplyDecorator('sendFile'),
    index: ['index.html'],
    preCompressed: true,
    setHeaders(reply: FastifyReply, filePath: string) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', root);
}
