import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';

/**
 * Security headers and the content security policy (DESIGN §8), computed once at start and
 * attached to every answer in one step (a per-request header middleware cost a third of the
 * config call's throughput: docs/performance.md).
 */
/** The origin of a URL or URL template ("https://{s}.tile.example/{z}/{x}/{y}.png" → "https://*.tile.example"). */
function origin(template: string): string {
  try {
    return new URL(template.replace(/\{s\}/g, 'sub').replace(/\{[a-z]+\}/g, '0')).origin.replace('://sub.', '://*.');
  } catch {
    return '';
  }
}

export function securityHeaders(config: Config): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "base-uri 'self'",
    "script-src 'self'",
    "script-src-attr 'none'",
    // antd-mobile and React set style attributes; no inline scripts are allowed.
    "style-src 'self' 'unsafe-inline'",
    // Map tiles of the address picker come from the configured tile server (MAP_TILE_URL).
    `img-src 'self' data: blob: ${origin(config.mapTileUrl)}`.trim(),
    "font-src 'self' data:",
    // Page views to the third-party analytics service, when one is configured (docs/analytics.md).
    `connect-src 'self' ${config.plausible ? origin(config.plausible.endpoint) : ''}`.trim(),
    "object-src 'none'",
    // The cashier posts ABA PayWay's signed purchase form to PayWay itself.
    `form-action 'self' ${config.paymentGateway === 'payway' ? origin(config.payway.url) : ''}`.trim(),
    // The shop runs inside a wallet app's web view; who may frame it is configured.
    `frame-ancestors ${config.frameAncestors.join(' ')}`,
  ].join(';');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-permitted-cross-domain-policies': 'none',
  };
}

/**
 * Answers that are not pages (the API's JSON, health probes) get the short set OWASP's REST
 * guidance asks for: nothing may load from or frame them, no sniffing, HTTPS only. The page-only
 * headers (a full policy, opener and agent isolation) would add some 800 bytes to every call.
 */
export function apiSecurityHeaders(): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'cross-origin-resource-policy': 'same-origin',
  };
}

/**
 * Where pages (and their assets) are served; everything else is the API. The simulators of
 * outside parties (the sandbox bank's page, the Bakong stand-in's scan page, the local OpenID provider) serve pages too.
 */
const PAGE_PREFIXES = [
  '/h5',
  '/admin',
  '/docs',
  '/sandbox-gateway',
  '/bakong-sim/scan',
  '/telegram-sim/app',
  '/push-sim/app',
  '/dev/oidc',
];
/** The API reference page (Swagger UI) sets its own, looser policy for its own assets. */
const OWN_POLICY_PREFIX = '/docs';

export function installSecurityHeaders(app: FastifyInstance, config: Config) {
  const pages = securityHeaders(config);
  const { 'content-security-policy': _csp, ...pagesWithoutCsp } = pages;
  const api = apiSecurityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (!PAGE_PREFIXES.some((prefix) => url.startsWith(prefix)) && url !== '/') reply.headers(api);
    else reply.headers(url.startsWith(OWN_POLICY_PREFIX) ? pagesWithoutCsp : pages);
    done();
  });
}
