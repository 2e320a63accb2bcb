import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** What one upload may carry: pictures (catalogue, avatar, picture search) stay far below. */
const UPLOAD_LIMITS = { fileSize: 8 * 1024 * 1024, files: 5 };

/**
 * Registers routes that take `multipart/form-data` in a scope of their own. @fastify/multipart
 * hooks every request of the scope it is registered in (an async onRequest hook that listens for
 * the socket's close, an async onResponse hook that removes temporary files); registered for the
 * whole server it cost every call of the shop, cached catalogue reads included
 * (docs/performance.md). Elsewhere a multipart body is refused as an unsupported type (SYS00001).
 */
export function registerUploads(app: FastifyInstance, routes: (scope: FastifyInstance) => void) {
  app.register(async (scope) => {
    await scope.register(multipart, { limits: UPLOAD_LIMITS });
    routes(scope);
  });
}
