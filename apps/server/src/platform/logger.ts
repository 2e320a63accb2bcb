import type { FastifyServerOptions } from 'fastify';

/**
 * Query parameters that carry a secret: session and setup tokens, signatures of links, SMS and
 * OAuth codes, passwords. deploy/haproxy.cfg logs no query string at all.
 */
const SECRET_PARAMETERS =
  /([?&](?:token|access_token|id_token|refresh_token|sig|signature|code|devcode|otp|pin|secret|key|state|[a-z]*password)=)[^&#]*/gi;

/** Removes the secrets of a logged URL's query: tokens, signatures and codes never reach the logs (DESIGN §4). */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMETERS, '$1[redacted]');
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { id: request.id, method: request.method, url: redactUrl(request.url), ip: request.ip };
      },
    },
  };
}

/** An id a client or the proxy sent (X-Request-ID) that is safe to log and echo; else undefined. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;
export function requestIdOf(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : undefined;
}
