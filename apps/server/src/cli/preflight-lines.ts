// `npm run preflight`: before going live, each configured outside party is asked something that
// moves no money (a token and the balance, a signed ping, a public discovery document), and one line
// per party says what came back. Parties that only a real payment or message would test are said
// to be configured, not pretended checked.
import { createECDH, randomBytes } from 'node:crypto';
import webpush from 'web-push';
import { BakongClient, BakongError, tokenStatus } from '../integrations/bakong/client.ts';
import { TelegramBotApi } from '../integrations/telegram/bot-api.ts';
import { ReloadlyTopupProvider } from '../integrations/topup-provider/reloadly.ts';
import { PaywayGateway } from '../modules/payments/gateways.ts';
import { type Config, PARTNER_ENV, PARTNERS, type PartnerName } from '../platform/config.ts';
import { PartnerClient } from '../platform/partner-http/client.ts';
import { productionProblems, SWITCHED_OFF } from '../platform/production-check.ts';

export type PreflightLine = {
  party: string;
  /** ok: it answered; fail: it did not, or refused; off: not offered (none); sim: a simulator; set: configured, not called. */
  status: 'ok' | 'fail' | 'off' | 'sim' | 'set';
  detail: string;
};

const PARTNER_NAMES: Record<PartnerName, string> = {
  cardIssuer: 'card issuer',
  lender: 'lender',
  overseasSource: 'overseas source',
};

async function timed<T>(ask: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await ask();
  return { value, ms: Math.round(performance.now() - started) };
}

async function partnerLine(config: Config, name: PartnerName): Promise<PreflightLine> {
  const party = PARTNER_NAMES[name];
  const settings = config.partners[name];
  if (settings.mode === 'none')
    return { party, status: 'off', detail: `${PARTNER_ENV[name]}=none: ${SWITCHED_OFF[PARTNER_ENV[name]]}` };
  if (settings.mode === 'simulator') return { party, status: 'sim', detail: 'the local simulator' };
  try {
    const { value, ms } = await timed(() => new PartnerClient(party, settings).ping());
    return { party, status: 'ok', detail: `${settings.url} answered a signed ping in ${ms} ms (${value.party})` };
  } catch (error) {
    return { party, status: 'fail', detail: `${settings.url}: ${(error as Error).message}` };
  }
}

async function topupLine(config: Config, env: NodeJS.ProcessEnv): Promise<PreflightLine> {
  const party = 'top-up';
  const mode = config.topup.provider ?? env.TOPUP_PROVIDER ?? (config.production ? 'none' : 'simulator');
  if (mode === 'none') return { party, status: 'off', detail: `TOPUP_PROVIDER=none: ${SWITCHED_OFF.TOPUP_PROVIDER}` };
  if (mode === 'simulator') return { party, status: 'sim', detail: 'the local simulator' };
  try {
    const { value, ms } = await timed(() => new ReloadlyTopupProvider(config.topup.reloadly).balance());
    const low = value.amountCents < config.topup.balanceFloorCents ? ' (below TOPUP_BALANCE_FLOOR_CENTS)' : '';
    return {
      party,
      status: 'ok',
      detail: `Reloadly gave a token and the balance ${value.currency} ${(value.amountCents / 100).toFixed(2)}${low} in ${ms} ms`,
    };
  } catch (error) {
    return { party, status: 'fail', detail: `Reloadly: ${(error as Error).message}` };
  }
}

/**
 * PayWay: check-transaction-2 for a tran_id that was never used. PayWay answers "6 Transaction not
 * found" only to a request from a merchant it knows, signed with that merchant's key (a wrong key is
 * "5 Invalid hash", a wrong merchant "8 Invalid merchant profile"): the key and merchant are proved
 * and no money moves.
 */
async function paywayLine(config: Config): Promise<PreflightLine> {
  const party = 'payment gateway';
  if (config.paymentGateway !== 'payway') return { party, status: 'sim', detail: 'the sandbox gateway' };
  const gateway = new PaywayGateway({ ...config.payway, publicUrl: config.publicUrl ?? '' });
  const tranId = `PF${randomBytes(9).toString('hex')}`;
  try {
    const { value, ms } = await timed(() => gateway.check(tranId));
    return {
      party,
      status: 'ok',
      detail: `PayWay merchant ${config.payway.merchantId}: check-transaction-2 of a made-up tran_id answered "${value.said}" in ${ms} ms (merchant and key accepted)`,
    };
  } catch (error) {
    return { party, status: 'fail', detail: `PayWay ${config.payway.url}: ${(error as Error).message}` };
  }
}

/**
 * KHQR: Bakong's check_transaction_by_md5 for an MD5 no payload has: "not found" proves the token;
 * errorCode 6 or 401 is a token Bakong refuses. The shop's own stand-in is not called.
 */
async function khqrLine(config: Config): Promise<PreflightLine> {
  const party = 'KHQR';
  const account = `Bakong account ${config.khqr.account} (${config.khqr.merchantName})`;
  if (!/^https?:\/\//.test(config.bakong.apiUrl))
    return { party, status: 'sim', detail: `${account}; the local Bakong stand-in (${config.bakong.apiUrl})` };
  const token = tokenStatus(config.bakong.token);
  if (token.state !== 'valid')
    return { party, status: 'fail', detail: `BAKONG_TOKEN is ${token.state}: renew it in the Bakong Open API portal` };
  const client = new BakongClient(config.bakong);
  try {
    const { value, ms } = await timed(() => client.checkByMd5(randomBytes(16).toString('hex')));
    return {
      party,
      status: 'ok',
      detail: `${account}: ${config.bakong.apiUrl} accepted the token (a made-up MD5 is ${value.found ? 'found' : value.reason}) in ${ms} ms; the token expires ${token.expiresAt?.toISOString().slice(0, 10)}`,
    };
  } catch (error) {
    const hint =
      error instanceof BakongError && error.kind === 'unauthorised'
        ? ' Renew BAKONG_TOKEN in the Bakong Open API portal.'
        : '';
    return { party, status: 'fail', detail: `${config.bakong.apiUrl}: ${(error as Error).message}.${hint}` };
  }
}

async function oauthLines(config: Config, timeoutMs: number): Promise<PreflightLine[]> {
  const lines: PreflightLine[] = [];
  for (const provider of config.oauthProviders) {
    const party = `login ${provider.id}`;
    if (provider.simulated) {
      lines.push({ party, status: 'sim', detail: 'the local OpenID simulator' });
      continue;
    }
    if (!provider.issuer) {
      lines.push({
        party,
        status: 'set',
        detail: `client ${provider.clientId}; not called (a check needs a person to sign in)`,
      });
      continue;
    }
    const discovery = `${provider.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    try {
      const response = await fetch(discovery, { signal: AbortSignal.timeout(timeoutMs) });
      lines.push({
        party,
        status: response.ok ? 'ok' : 'fail',
        detail: `${discovery} answered ${response.status}; client ${provider.clientId}`,
      });
    } catch (error) {
      lines.push({ party, status: 'fail', detail: `${discovery}: ${(error as Error).message}` });
    }
  }
  return lines;
}

/**
 * Telegram (docs/notifications.md): `getMe` moves nothing and proves the bot token; the bot's name
 * must be TELEGRAM_BOT_NAME (the deep links open it), and the webhook needs its secret and the
 * shop's public https address (PUBLIC_URL).
 */
export async function telegramLine(config: Config): Promise<PreflightLine> {
  const party = 'Telegram';
  const { apiUrl, botToken, botName, webhookSecret } = config.telegram;
  if (!/^https?:\/\//.test(apiUrl)) return { party, status: 'sim', detail: `the local Telegram stand-in (${apiUrl})` };
  if (!botToken) return { party, status: 'off', detail: 'no TELEGRAM_BOT_TOKEN: messages go by SMS and push only' };
  if (!webhookSecret)
    return { party, status: 'fail', detail: 'TELEGRAM_WEBHOOK_SECRET is not set: the webhook would accept anyone' };
  if (!/^[A-Za-z0-9_-]{1,256}$/.test(webhookSecret))
    return { party, status: 'fail', detail: 'TELEGRAM_WEBHOOK_SECRET may hold only A-Z, a-z, 0-9, _ and - (1 to 256)' };
  if (!config.publicUrl?.startsWith('https://'))
    return {
      party,
      status: 'fail',
      detail: 'PUBLIC_URL must be the shop’s https address: Telegram posts updates there',
    };
  try {
    const { value, ms } = await timed(() => new TelegramBotApi({ apiUrl, token: botToken }).getMe());
    if (value.username !== botName)
      return {
        party,
        status: 'fail',
        detail: `the token is bot @${value.username}, TELEGRAM_BOT_NAME says @${botName}`,
      };
    return {
      party,
      status: 'ok',
      detail: `bot @${value.username} answered getMe in ${ms} ms; webhook ${config.publicUrl}/v1/notify/telegram/webhook`,
    };
  } catch (error) {
    return { party, status: 'fail', detail: `${apiUrl}: ${(error as Error).message}` };
  }
}

/**
 * Web push (docs/notifications.md "Web push"): the VAPID pair must be one P-256 key pair (the
 * private key's public half is VAPID_PUBLIC_KEY) and VAPID_SUBJECT a `mailto:` or `https:` contact;
 * a JWT is signed with them. No push service is called: one is asked only about a subscription.
 */
export function webPushLine(config: Config): PreflightLine {
  const party = 'web push';
  const { publicKey, privateKey, subject, standIn } = config.webPush;
  if (standIn)
    return {
      party,
      status: 'sim',
      detail: `the local push-service stand-in (/push-sim); VAPID keys ${publicKey ? 'from the settings' : 'kept in DATA_DIR/vapid.json'}`,
    };
  if (!publicKey && !privateKey)
    return { party, status: 'off', detail: 'no VAPID keys: messages go in the shop, by SMS and Telegram only' };
  if (!publicKey || !privateKey)
    return {
      party,
      status: 'fail',
      detail: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (npx web-push generate-vapid-keys)',
    };
  const problem = vapidProblem(publicKey, privateKey, subject);
  if (problem) return { party, status: 'fail', detail: problem };
  return {
    party,
    status: 'set',
    detail: `VAPID key ${publicKey.slice(0, 12)}… signs (checked), contact ${subject}; no push service called (each is asked only about a subscription)`,
  };
}

function vapidProblem(publicKey: string, privateKey: string, subject: string): string | null {
  const pub = Buffer.from(publicKey, 'base64url');
  const priv = Buffer.from(privateKey, 'base64url');
  if (pub.length !== 65 || pub[0] !== 4) return 'VAPID_PUBLIC_KEY is not a base64url P-256 public key (65 bytes)';
  if (priv.length !== 32) return 'VAPID_PRIVATE_KEY is not a base64url P-256 private key (32 bytes)';
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(priv);
  } catch {
    return 'VAPID_PRIVATE_KEY is not a valid P-256 private key';
  }
  if (!ecdh.getPublicKey().equals(pub)) return 'VAPID_PUBLIC_KEY is not the public half of VAPID_PRIVATE_KEY';
  if (!/^(mailto:.+@.+|https:\/\/.+)$/.test(subject))
    return 'VAPID_SUBJECT must be a mailto: address or an https: page push services can reach you at';
  try {
    webpush.getVapidHeaders('https://push.example', subject, publicKey, privateKey, 'aes128gcm');
  } catch (error) {
    return `the VAPID keys do not sign: ${(error as Error).message}`;
  }
  return null;
}

/** Every party's line, in the order of docs/going-live.md. */
export async function preflight(config: Config, env: NodeJS.ProcessEnv = process.env): Promise<PreflightLine[]> {
  const lines: PreflightLine[] = [];
  lines.push(await paywayLine(config));
  lines.push(await khqrLine(config));
  // The SMS gateway's API (integrations/sms/gateway.ts) has one call, send: nothing to ask that sends nothing.
  lines.push(
    config.sms.gatewayUrl
      ? {
          party: 'SMS',
          status: 'set',
          detail: `${config.sms.gatewayUrl}; not called (its only call sends a message: no balance or status call to ask)`,
        }
      : { party: 'SMS', status: 'sim', detail: 'the outbox simulator' },
  );
  lines.push(await telegramLine(config));
  lines.push(webPushLine(config));
  lines.push(...(await oauthLines(config, 10_000)));
  lines.push(
    config.carrier.mode === 'http'
      ? {
          party: 'carrier',
          status: 'set',
          detail: `${config.carrier.url}; not called (its only call registers a parcel: no status call to ask)`,
        }
      : config.carrier.mode === 'none'
        ? { party: 'carrier', status: 'off', detail: `CARRIER=none: ${SWITCHED_OFF.CARRIER}` }
        : { party: 'carrier', status: 'sim', detail: 'the local simulator' },
  );
  lines.push(await topupLine(config, env));
  for (const name of PARTNERS) lines.push(await partnerLine(config, name));
  lines.push(
    config.plausible
      ? {
          party: 'analytics',
          status: 'set',
          detail: `Plausible ${config.plausible.endpoint} for ${config.plausible.domain}`,
        }
      : { party: 'analytics', status: 'off', detail: 'the shop’s own collector only' },
  );
  for (const problem of productionProblems(config, env))
    lines.push({ party: 'settings', status: 'fail', detail: `${problem.setting}: ${problem.why}` });
  return lines;
}

const WORD: Record<PreflightLine['status'], string> = { ok: 'ok', fail: 'FAIL', off: 'off', sim: 'SIM', set: 'set' };

export function formatPreflight(lines: PreflightLine[]): string {
  const width = Math.max(...lines.map((l) => l.party.length));
  return lines.map((l) => `${WORD[l.status].padEnd(4)} ${l.party.padEnd(width)}  ${l.detail}`).join('\n');
}

/**
 * The one verdict line preflight ends with, and its exit code. In production a simulated or failing
 * party is not ready (exit 1); outside production the shop runs on simulators, said plainly (exit 1
 * only when a configured party failed).
 */
export function preflightVerdict(lines: PreflightLine[], production: boolean): { line: string; exitCode: number } {
  const named = (status: PreflightLine['status']) =>
    lines.filter((l) => l.status === status).map((l) => (l.party === 'settings' ? l.detail.split(':')[0] : l.party));
  const failed = named('fail');
  const simulated = named('sim');
  const off = named('off');
  const list = (what: string, parties: string[]) =>
    parties.length ? `${parties.length} ${what} (${parties.join(', ')})` : '';
  const said = [list('failed', failed), list('simulated', simulated), list('off', off)].filter(Boolean).join('; ');
  if (production) {
    if (failed.length || simulated.length) return { line: `NOT READY for production: ${said}.`, exitCode: 1 };
    return {
      line: `READY for production: every party answered or is configured${off.length ? `; ${list('off', off)}` : ''}.`,
      exitCode: 0,
    };
  }
  const sims = simulated.length ? `the shop runs on simulators (${simulated.join(', ')})` : 'no party is simulated';
  return {
    line: `NOT PRODUCTION (NODE_ENV is not production): ${sims}${failed.length ? `; ${list('failed', failed)}` : ''}. Set NODE_ENV=production to check a live configuration.`,
    exitCode: failed.length ? 1 : 0,
  };
}
