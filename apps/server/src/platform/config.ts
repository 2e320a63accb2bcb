import { isIP } from 'node:net';
import path from 'node:path';
import { type OAuthProviderConfig, providersFromEnv } from '../integrations/oauth/client.ts';
import { repoRoot } from './paths.ts';
import type { S3Settings } from './storage/s3-store.ts';

/** Everything the server reads from its environment (DESIGN §5). Secrets come only from here. */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Connections to PostgreSQL per server process (DATABASE_POOL_SIZE). 10: since the checkout's
   * statements stopped waiting for the disk inside the database (decision 0012) a connection is
   * busy only while a statement runs; 10 made 11.6% more checkouts/s than 20 (bench/ab.ts, four
   * rounds), 6 about as many as 10.
   */
  databasePoolSize: number;
  production: boolean;
  demoData: boolean;
  logLevel: string;
  /** Requests per minute one client address may make before HTTP 429. */
  rateLimitPerMinute: number;
  /** Built web apps served as static files; absent folders are skipped. */
  webDist: string;
  /** The built operator console (apps/admin), served at /admin/. */
  adminDist: string;
  /** How often the job runner looks for due work. */
  jobPollMs: number;
  /** Shopper sessions last this long after their last use. */
  sessionTtlDays: number;
  publicUrl: string | undefined;
  /** Who may frame the shop (CSP frame-ancestors): the wallet app's web view host, test hosts. */
  frameAncestors: string[];
  /**
   * Behind a load balancer (TRUST_PROXY): the proxies' addresses and CIDR ranges (`127.0.0.1`,
   * `10.0.0.0/8`, comma separated). The client is the right-most address of X-Forwarded-For that
   * is not one of them; a request from any other address is its own client, whatever it sends.
   * `true` (TRUST_PROXY=1) believes anyone and is refused in production (decision 0060).
   */
  trustProxy: boolean | string[];
  /**
   * Where `/metrics` is served (METRICS_PORT, METRICS_HOST): a port of its own, on the internal
   * network, never the shop's; null serves it on the shop's port (development, tests).
   */
  metrics: { port: number; host: string } | null;
  /** The API reference at `/docs` (API_DOCS): on outside production, off in it unless asked for. */
  apiDocs: boolean;
  /**
   * The console (`/admin/`, `/admin-api/`) only from these addresses and CIDR ranges (ADMIN_ALLOW,
   * comma separated; the client's address as TRUST_PROXY resolves it); null: from anywhere.
   */
  adminAllow: string[] | null;
  /**
   * On SIGTERM, how long the process keeps answering while `/ready` says 503 before it stops
   * listening (DRAIN_DELAY_MS): long enough for the proxy's probes to take it out (the fleet's
   * HAProxy probes every second, so 2000). 0 without a proxy.
   */
  drainDelayMs: number;
  /** Buying: province codes the shop delivers to (SERVED_PROVINCES, comma separated); empty = all. */
  servedProvinces: string[];
  /** Buying: map tiles for the address picker (MAP_TILE_URL, a {z}/{x}/{y} template). */
  mapTileUrl: string;
  /**
   * Page views to Plausible's events API besides the shop's own collector (PLAUSIBLE_DOMAIN, and
   * PLAUSIBLE_ENDPOINT for a self-hosted one), only for visitors who agreed; null: off.
   */
  plausible: { domain: string; endpoint: string } | null;
  /** Buying: an unpaid order is cancelled this long after creation (UNPAID_ORDER_MINUTES). */
  unpaidOrderMinutes: number;
  /** Buying: a shipped order is confirmed received this long after shipping (AUTO_RECEIVE_DAYS). */
  autoReceiveDays: number;
  /** Buying: online gateway, 'sandbox' (local simulator) or 'payway' (ABA PayWay). */
  paymentGateway: 'sandbox' | 'payway';
  /** Buying: HMAC key of the sandbox gateway and of the wallet-app bridge results. */
  paymentSecret: string;
  /** Key of the pay passwords' HMAC (docs/decisions/0006); kept outside the database. */
  payPasswordKey: string;
  /** Buying: ABA PayWay merchant id, API key, checkout URL and how long its lookups may take (PAYWAY_*). */
  payway: {
    merchantId: string;
    apiKey: string;
    url: string;
    timeoutMs: number;
    /** The RSA public key PayWay issues for its Refund API (PAYWAY_RSA_PUBLIC_KEY, PEM; `\n` for line breaks). */
    rsaPublicKey?: string;
  };
  /** Buying: the shop's Bakong account that KHQR payloads pay into (KHQR_ACCOUNT, KHQR_MERCHANT). */
  khqr: { account: string; merchantName: string; city: string };
  /**
   * The Bakong Open API that says whether a KHQR was paid (BAKONG_API_URL; default outside
   * production: the shop's own stand-in at `/bakong-sim`), its token (BAKONG_TOKEN, a JWT that
   * expires) and how long to wait for an answer (BAKONG_TIMEOUT_MS).
   */
  bakong: {
    apiUrl: string;
    token: string;
    timeoutMs: number;
    /**
     * BAKONG_EMAIL: the email the Bakong Open API token was registered with. When set, the shop renews
     * the token itself through `renew_token` before it lapses (docs/khqr.md); unset, staff renew it.
     */
    email: string;
  };
  /**
   * Telegram (docs/notifications.md): the Bot API (TELEGRAM_API_URL; default outside production the
   * shop's own stand-in at `/telegram-sim`), the bot's token and name (TELEGRAM_BOT_TOKEN,
   * TELEGRAM_BOT_NAME) and the webhook's secret token (TELEGRAM_WEBHOOK_SECRET). No token in
   * production: the Telegram channel is off.
   */
  telegram: { apiUrl: string; botToken: string; botName: string; webhookSecret: string };
  /**
   * Web push (docs/notifications.md "Web push"): the VAPID key pair (VAPID_PUBLIC_KEY,
   * VAPID_PRIVATE_KEY, base64url as `web-push generate-vapid-keys` prints them) and the contact the
   * push services may write to (VAPID_SUBJECT, `mailto:` or `https:`). Outside production, unset
   * keys are made once and kept in DATA_DIR/vapid.json; in production, none: the push channel is off.
   * PUSH_SIM (default on outside production, ignored in it): the local push-service stand-in.
   */
  webPush: { publicKey: string; privateKey: string; subject: string; standIn: boolean };
  /**
   * Quiet hours of messages to phones, Phnom Penh hours (NOTIFY_QUIET_HOURS, `21-8` by default;
   * `off` for none, as the browser journeys run at any hour).
   */
  quietHours: { from: number; until: number } | null;
  /** SMS: the HTTP gateway when `SMS_GATEWAY_URL` is set, else the local simulator (outbox only). */
  sms: {
    gatewayUrl: string | undefined;
    gatewayToken: string | undefined;
    sender: string;
    /** Simulator: how long a send takes and how often it fails (0..1), like a real gateway. */
    simDelayMs: number;
    simFailureRate: number;
    /** Codes one client address may ask per day, and from which count it must solve the slide puzzle. */
    perIpPerDay: number;
    puzzleFromIp: number;
  };
  /**
   * Carrier (apps/server/src/integrations/carrier): `simulator` outside production, `http` when
   * `CARRIER_URL` is set in production, else `none` (staff enter the events in the console).
   */
  carrier: {
    mode: 'simulator' | 'http' | 'none';
    url: string | undefined;
    token: string | undefined;
    /** HMAC-SHA256 key of the carrier's event callbacks; empty refuses every callback. */
    secret: string;
    /** Simulator: minutes between two tracking events of a parcel. */
    simStepMinutes: number;
  };
  /**
   * Phone top-up (apps/server/src/integrations/topup-provider, docs/topup.md). `provider` is
   * TOPUP_PROVIDER when set (else the integration's default: the simulator outside production, none
   * in production); `reloadly` speaks to Reloadly's airtime API with the RELOADLY_* settings.
   */
  topup: {
    provider: 'simulator' | 'reloadly' | 'none' | undefined;
    /** TOPUP_BALANCE_FLOOR_CENTS: the console warns when the provider balance is below this. */
    balanceFloorCents: number;
    reloadly: { clientId: string; clientSecret: string; apiUrl: string; authUrl: string; timeoutMs: number };
  };
  /**
   * Private files (README "File storage"): STORAGE=folder (default, DATA_DIR/private/files or
   * STORAGE_FOLDER) or STORAGE=s3 (S3_* settings), and the HMAC key of their short-lived links.
   */
  storage: {
    kind: 'folder' | 's3';
    folder: string | undefined;
    s3: S3Settings;
    linkSecret: string;
    /** DOCUMENT_RETENTION_DAYS: identity documents are deleted this long after their application is decided. */
    documentRetentionDays: number;
  };
  /**
   * The partners that publish no API of their own, so the shop publishes one (docs/partners/*.yaml):
   * each `simulator` (the local one; `local` for the overseas source), `http` (the document's API at
   * <PARTY>_URL, signed with <PARTY>_KEY) or `none` (its screens say the service is not available).
   * The default is the simulator outside production and none in production.
   */
  partners: Record<PartnerName, PartnerConfig>;
  /** Third-party login providers (Facebook, Google, WeChat); the local OpenID simulator outside production. */
  oauthProviders: OAuthProviderConfig[];
};

export const PARTNERS = ['cardIssuer', 'lender', 'overseasSource'] as const;
export type PartnerName = (typeof PARTNERS)[number];
export type PartnerConfig = {
  mode: 'simulator' | 'http' | 'none';
  url: string;
  key: string;
  /** <PARTY>_TIMEOUT_MS: how long one exchange may take (10 s). */
  timeoutMs: number;
};
/** Each partner's settings prefix: CARD_ISSUER, CARD_ISSUER_URL, CARD_ISSUER_KEY, CARD_ISSUER_TIMEOUT_MS. */
export const PARTNER_ENV: Record<PartnerName, string> = {
  cardIssuer: 'CARD_ISSUER',
  lender: 'LENDER',
  overseasSource: 'OVERSEAS_SOURCE',
};

function partnerConfig(env: NodeJS.ProcessEnv, name: PartnerName, production: boolean): PartnerConfig {
  const prefix = PARTNER_ENV[name];
  const value = env[prefix];
  // The overseas source's simulator has always been called `local`.
  const mode = value === 'local' ? 'simulator' : value || (production ? 'none' : 'simulator');
  if (mode !== 'simulator' && mode !== 'http' && mode !== 'none')
    throw new Error(
      `${prefix} must be simulator${name === 'overseasSource' ? ' (or local)' : ''}, http or none, got "${value}"`,
    );
  return {
    mode,
    url: env[`${prefix}_URL`] || '',
    key: env[`${prefix}_KEY`] || '',
    timeoutMs: int(env[`${prefix}_TIMEOUT_MS`], 10_000, `${prefix}_TIMEOUT_MS`) || 10_000,
  };
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

/** proxy-addr's names for ranges, besides addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: off, on (believes anyone: development only), or a list of addresses and CIDR ranges. */
export function trustedProxies(value: string | undefined): boolean | string[] {
  const text = (value ?? '').trim();
  if (text === '' || ['0', 'false', 'no', 'off'].includes(text.toLowerCase())) return false;
  if (['1', 'true', 'yes', 'on'].includes(text.toLowerCase())) return true;
  return addressList(text, 'TRUST_PROXY', PROXY_RANGE_NAMES);
}

/** A comma-separated list of addresses and CIDR ranges (`10.0.0.0/8`, `fd00::/8`); anything else stops the start. */
export function addressList(text: string, name: string, names: ReadonlySet<string> = new Set()): string[] {
  const list = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const item of list) {
    const [address, bits, extra] = item.split('/');
    const version = isIP(address ?? '');
    const okBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 6 ? 128 : 32));
    if (!names.has(item) && (version === 0 || !okBits || extra !== undefined))
      throw new Error(`${name} must list addresses or CIDR ranges (10.0.0.0/8), got "${item}"`);
  }
  return list;
}

function carrierMode(
  value: string | undefined,
  production: boolean,
  url: string | undefined,
): Config['carrier']['mode'] {
  if (value === 'simulator' || value === 'http' || value === 'none') return value;
  if (value) throw new Error(`CARRIER must be simulator, http or none, got "${value}"`);
  if (!production) return 'simulator';
  return url ? 'http' : 'none';
}

/** Minutes, fractions allowed (a fast simulator in tests and demos). */
function minutes(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number of minutes, got "${value}"`);
  return n;
}

function topupProvider(value: string | undefined): Config['topup']['provider'] {
  if (!value) return undefined;
  if (value === 'simulator' || value === 'reloadly' || value === 'none') return value;
  throw new Error(`TOPUP_PROVIDER must be simulator, reloadly or none, got "${value}"`);
}

function storageKind(value: string | undefined): Config['storage']['kind'] {
  if (!value || value === 'folder') return 'folder';
  if (value === 's3') return 's3';
  throw new Error(`STORAGE must be folder or s3, got "${value}"`);
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function quietHours(value: string | undefined): { from: number; until: number } | null {
  if (value === 'off') return null;
  const match = (value || '21-8').match(/^(\d{1,2})-(\d{1,2})$/);
  const from = Number(match?.[1]);
  const until = Number(match?.[2]);
  if (!match || from > 23 || until > 23 || from === until)
    throw new Error(`NOTIFY_QUIET_HOURS must be "from-until" hours (21-8) or "off", got "${value}"`);
  return { from, until };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  return {
    port: int(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: int(env.DATABASE_POOL_SIZE, 10, 'DATABASE_POOL_SIZE') || 10,
    production,
    demoData: flag(env.DEMO_DATA, !production),
    logLevel: env.LOG_LEVEL || 'info',
    rateLimitPerMinute: int(env.RATE_LIMIT_PER_MINUTE, 1200, 'RATE_LIMIT_PER_MINUTE'),
    webDist: path.resolve(env.WEB_DIST || path.join(repoRoot, 'apps/web/dist')),
    adminDist: path.resolve(env.ADMIN_DIST || path.join(repoRoot, 'apps/admin/dist')),
    jobPollMs: int(env.JOB_POLL_MS, 1000, 'JOB_POLL_MS'),
    sessionTtlDays: int(env.SESSION_TTL_DAYS, 30, 'SESSION_TTL_DAYS'),
    publicUrl: env.PUBLIC_URL || undefined,
    frameAncestors: (env.FRAME_ANCESTORS || "'self'").split(/\s+/).filter(Boolean),
    trustProxy: trustedProxies(env.TRUST_PROXY),
    metrics: env.METRICS_PORT
      ? { port: int(env.METRICS_PORT, 0, 'METRICS_PORT'), host: env.METRICS_HOST || env.HOST || '0.0.0.0' }
      : null,
    apiDocs: flag(env.API_DOCS, !production),
    adminAllow: env.ADMIN_ALLOW ? addressList(env.ADMIN_ALLOW, 'ADMIN_ALLOW') : null,
    drainDelayMs: int(env.DRAIN_DELAY_MS, 0, 'DRAIN_DELAY_MS'),
    servedProvinces: (env.SERVED_PROVINCES || '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
    mapTileUrl: env.MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    plausible: env.PLAUSIBLE_DOMAIN
      ? {
          domain: env.PLAUSIBLE_DOMAIN,
          endpoint: (env.PLAUSIBLE_ENDPOINT || 'https://plausible.io').replace(/\/$/, ''),
        }
      : null,
    unpaidOrderMinutes: int(env.UNPAID_ORDER_MINUTES, 30, 'UNPAID_ORDER_MINUTES'),
    autoReceiveDays: int(env.AUTO_RECEIVE_DAYS, 10, 'AUTO_RECEIVE_DAYS'),
    paymentGateway: env.PAYMENT_GATEWAY === 'payway' ? 'payway' : 'sandbox',
    paymentSecret: env.PAYMENT_SECRET || (production ? '' : 'sandbox-secret-not-for-production'),
    payPasswordKey: env.PAY_PASSWORD_KEY || (production ? '' : 'pay-password-key-not-for-production'),
    payway: {
      merchantId: env.PAYWAY_MERCHANT_ID || 'angkormall',
      apiKey: env.PAYWAY_API_KEY || '',
      url: env.PAYWAY_URL || 'https://checkout-sandbox.payway.com.kh/api/payment-gateway/v1/payments/purchase',
      timeoutMs: int(env.PAYWAY_TIMEOUT_MS, 10_000, 'PAYWAY_TIMEOUT_MS'),
      rsaPublicKey: env.PAYWAY_RSA_PUBLIC_KEY || '',
    },
    khqr: {
      account: env.KHQR_ACCOUNT || 'angkormall@aclb',
      merchantName: env.KHQR_MERCHANT || 'Angkor Mall',
      city: env.KHQR_CITY || 'Phnom Penh',
    },
    bakong: {
      apiUrl: (env.BAKONG_API_URL || (production ? 'https://api-bakong.nbc.gov.kh' : '/bakong-sim')).replace(/\/$/, ''),
      token: env.BAKONG_TOKEN?.trim() || '',
      timeoutMs: int(env.BAKONG_TIMEOUT_MS, 10_000, 'BAKONG_TIMEOUT_MS') || 10_000,
      email: env.BAKONG_EMAIL?.trim() || '',
    },
    telegram: {
      apiUrl: (env.TELEGRAM_API_URL || (production ? 'https://api.telegram.org' : '/telegram-sim')).replace(/\/$/, ''),
      botToken: env.TELEGRAM_BOT_TOKEN?.trim() || (production ? '' : '7000001:sim-bot-token-not-for-production'),
      botName: env.TELEGRAM_BOT_NAME?.trim() || 'AngkorMallBot',
      webhookSecret:
        env.TELEGRAM_WEBHOOK_SECRET?.trim() || (production ? '' : 'telegram-webhook-secret-not-for-production'),
    },
    webPush: {
      publicKey: env.VAPID_PUBLIC_KEY?.trim() || '',
      privateKey: env.VAPID_PRIVATE_KEY?.trim() || '',
      subject: env.VAPID_SUBJECT?.trim() || (production ? '' : 'mailto:notifications@angkormall.invalid'),
      standIn: !production && flag(env.PUSH_SIM, true),
    },
    quietHours: quietHours(env.NOTIFY_QUIET_HOURS),
    sms: {
      gatewayUrl: env.SMS_GATEWAY_URL || undefined,
      gatewayToken: env.SMS_GATEWAY_TOKEN || undefined,
      sender: env.SMS_SENDER || 'AngkorMall',
      simDelayMs: int(env.SMS_SIM_DELAY_MS, production ? 0 : 300, 'SMS_SIM_DELAY_MS'),
      simFailureRate: Math.min(1, Math.max(0, Number(env.SMS_SIM_FAILURE_RATE ?? (production ? 0 : 0.05)) || 0)),
      perIpPerDay: int(env.SMS_PER_IP_PER_DAY, 20, 'SMS_PER_IP_PER_DAY'),
      puzzleFromIp: int(env.SMS_PUZZLE_FROM_IP, 5, 'SMS_PUZZLE_FROM_IP'),
    },
    carrier: {
      mode: carrierMode(env.CARRIER, production, env.CARRIER_URL),
      url: env.CARRIER_URL || undefined,
      token: env.CARRIER_TOKEN || undefined,
      secret: env.CARRIER_SECRET || (production ? '' : 'carrier-sim-secret-not-for-production'),
      simStepMinutes: minutes(env.CARRIER_SIM_STEP_MINUTES, 120, 'CARRIER_SIM_STEP_MINUTES'),
    },
    topup: {
      provider: topupProvider(env.TOPUP_PROVIDER),
      balanceFloorCents: int(env.TOPUP_BALANCE_FLOOR_CENTS, 10_000, 'TOPUP_BALANCE_FLOOR_CENTS'),
      reloadly: {
        clientId: env.RELOADLY_CLIENT_ID || '',
        clientSecret: env.RELOADLY_CLIENT_SECRET || '',
        apiUrl: env.RELOADLY_API_URL || 'https://topups.reloadly.com',
        authUrl: env.RELOADLY_AUTH_URL || 'https://auth.reloadly.com',
        timeoutMs: int(env.RELOADLY_TIMEOUT_MS, 60_000, 'RELOADLY_TIMEOUT_MS') || 60_000,
      },
    },
    storage: {
      kind: storageKind(env.STORAGE),
      folder: env.STORAGE_FOLDER ? path.resolve(env.STORAGE_FOLDER) : undefined,
      s3: {
        endpoint: env.S3_ENDPOINT || undefined,
        region: env.S3_REGION || 'us-east-1',
        bucket: env.S3_BUCKET || '',
        prefix: env.S3_PREFIX || '',
        accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
        forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, Boolean(env.S3_ENDPOINT)),
      },
      linkSecret: env.FILE_LINK_SECRET || (production ? '' : 'file-link-secret-not-for-production'),
      documentRetentionDays: int(env.DOCUMENT_RETENTION_DAYS, 365, 'DOCUMENT_RETENTION_DAYS'),
    },
    partners: {
      cardIssuer: partnerConfig(env, 'cardIssuer', production),
      lender: partnerConfig(env, 'lender', production),
      overseasSource: partnerConfig(env, 'overseasSource', production),
    },
    oauthProviders: providersFromEnv(env, { production, port: int(env.PORT, 3000, 'PORT') }),
  };
}
