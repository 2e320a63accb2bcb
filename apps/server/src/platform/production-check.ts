// A live shop refuses to pretend (docs/going-live.md): with NODE_ENV=production it does not start
// with a simulator, a development key or a missing secret for any outside party it offers. A party
// may be `none` (its screens say the service is not available). Every problem is named at once, so
// one start tells the operator everything to set.
import { createPublicKey } from 'node:crypto';
import { type Config, PARTNER_ENV, PARTNERS } from './config.ts';

/** What the development defaults and the test and bench keys look like; no live key does. */
const DEVELOPMENT_KEY = /not-for-production|sandbox|bench|test-only|^dev|changeme|example/i;
/** A shared secret shorter than this is guessable (32 characters: 192 bits of hex or base64). */
const MIN_SECRET = 32;

export type Problem = { setting: string; why: string };

function secret(problems: Problem[], setting: string, value: string | undefined) {
  if (!value) problems.push({ setting, why: 'missing' });
  else if (DEVELOPMENT_KEY.test(value)) problems.push({ setting, why: 'a development key' });
  else if (value.length < MIN_SECRET) problems.push({ setting, why: `shorter than ${MIN_SECRET} characters` });
}

/**
 * PayWay's Refund API key (PAYWAY_RSA_PUBLIC_KEY): without it, or unreadable, every PayWay refund
 * would be FAILED at the moment money should go back (issue 43): said at the start instead.
 * Written on one line with `\n` for its line breaks, as the refund client reads it.
 */
function rsaPublicKey(problems: Problem[], setting: string, value: string | undefined) {
  if (!value) return problems.push({ setting, why: 'missing (PayWay refunds cannot be made without it)' });
  try {
    const key = createPublicKey(value.includes('\\n') ? value.replace(/\\n/g, '\n') : value);
    if (key.asymmetricKeyType !== 'rsa') problems.push({ setting, why: 'not an RSA public key' });
  } catch {
    problems.push({ setting, why: 'not a PEM public key (PayWay refunds cannot be made with it)' });
  }
}

function url(problems: Problem[], setting: string, value: string | undefined) {
  if (!value) return problems.push({ setting, why: 'missing' });
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return problems.push({ setting, why: 'not an address' });
  }
  if (parsed.protocol !== 'https:') problems.push({ setting, why: 'not https' });
  else if (/sandbox|staging|example|localhost|127\.0\.0\.1/i.test(parsed.hostname))
    problems.push({ setting, why: 'a sandbox or test address' });
}

/** The problems of a production configuration (none outside production). */
export function productionProblems(config: Config, env: NodeJS.ProcessEnv = process.env): Problem[] {
  if (!config.production) return [];
  const problems: Problem[] = [];
  // The shop's own secrets.
  secret(problems, 'PAYMENT_SECRET', env.PAYMENT_SECRET);
  secret(problems, 'PAY_PASSWORD_KEY', env.PAY_PASSWORD_KEY);
  secret(problems, 'FILE_LINK_SECRET', env.FILE_LINK_SECRET);
  // Client addresses: only the proxy's X-Forwarded-For is believed (decision 0060).
  if (config.trustProxy === true)
    problems.push({ setting: 'TRUST_PROXY', why: 'believes anyone: list the proxy’s addresses (10.0.0.0/8)' });
  // Card payments: PayWay, never the sandbox gateway.
  if (config.paymentGateway !== 'payway')
    problems.push({ setting: 'PAYMENT_GATEWAY', why: 'the sandbox gateway is a simulator: set payway' });
  else {
    if (!env.PAYWAY_MERCHANT_ID) problems.push({ setting: 'PAYWAY_MERCHANT_ID', why: 'missing' });
    secret(problems, 'PAYWAY_API_KEY', env.PAYWAY_API_KEY);
    url(problems, 'PAYWAY_URL', env.PAYWAY_URL);
    rsaPublicKey(problems, 'PAYWAY_RSA_PUBLIC_KEY', env.PAYWAY_RSA_PUBLIC_KEY);
  }
  // KHQR: the shop's own Bakong account, not the development one.
  if (!env.KHQR_ACCOUNT) problems.push({ setting: 'KHQR_ACCOUNT', why: 'missing (the shop’s Bakong account id)' });
  // A KHQR payment settles only when Bakong reports it (docs/khqr.md): its Open API and the token.
  url(problems, 'BAKONG_API_URL', config.bakong.apiUrl);
  if (!config.bakong.token)
    problems.push({ setting: 'BAKONG_TOKEN', why: 'missing (KHQR payments would never settle)' });
  // SMS: without a gateway the codes go to the outbox simulator only.
  url(problems, 'SMS_GATEWAY_URL', config.sms.gatewayUrl);
  if (!config.sms.gatewayToken) problems.push({ setting: 'SMS_GATEWAY_TOKEN', why: 'missing' });
  // The carrier.
  if (config.carrier.mode === 'simulator')
    problems.push({ setting: 'CARRIER', why: 'the simulator: set http or none' });
  if (config.carrier.mode === 'http') {
    url(problems, 'CARRIER_URL', config.carrier.url);
    if (!config.carrier.token) problems.push({ setting: 'CARRIER_TOKEN', why: 'missing' });
    secret(problems, 'CARRIER_SECRET', env.CARRIER_SECRET);
  }
  // Phone top-up.
  const topup = config.topup.provider ?? env.TOPUP_PROVIDER;
  if (topup === 'simulator') problems.push({ setting: 'TOPUP_PROVIDER', why: 'the simulator: set reloadly or none' });
  if (topup === 'reloadly') {
    if (!config.topup.reloadly.clientId) problems.push({ setting: 'RELOADLY_CLIENT_ID', why: 'missing' });
    secret(problems, 'RELOADLY_CLIENT_SECRET', config.topup.reloadly.clientSecret);
    url(problems, 'RELOADLY_API_URL', config.topup.reloadly.apiUrl);
  }
  // The partners the shop publishes an API for.
  for (const name of PARTNERS) {
    const partner = config.partners[name];
    const prefix = PARTNER_ENV[name];
    if (partner.mode === 'simulator') problems.push({ setting: prefix, why: 'the simulator: set http or none' });
    if (partner.mode === 'http') {
      url(problems, `${prefix}_URL`, partner.url);
      secret(problems, `${prefix}_KEY`, partner.key);
    }
  }
  // Third-party login: a provider with an id needs its secret.
  for (const provider of config.oauthProviders)
    if (!provider.clientSecret)
      problems.push({ setting: `OAUTH_${provider.id.toUpperCase()}_CLIENT_SECRET`, why: 'missing' });
  // The shop's own address: every party that calls the shop back is given it (issue 43).
  const callers = callingBack(config);
  if (callers.length && !config.publicUrl)
    problems.push({ setting: 'PUBLIC_URL', why: `missing (the shop’s https address, given to ${callers.join(', ')})` });
  else if (callers.length) url(problems, 'PUBLIC_URL', config.publicUrl);
  return problems;
}

/** The configured parties that call the shop back (a pushback, a callback, a webhook, a login's redirect). */
function callingBack(config: Config): string[] {
  const callers: string[] = [];
  if (config.paymentGateway === 'payway') callers.push('PayWay’s pushback');
  if (config.carrier.mode === 'http') callers.push('the carrier’s callback');
  for (const name of PARTNERS)
    if (config.partners[name].mode === 'http') callers.push(`${PARTNER_ENV[name]}’s webhooks`);
  if (config.oauthProviders.some((p) => !p.simulated)) callers.push('the login providers’ redirect');
  return callers;
}

/** What each party set to `none` switches off, as the start and preflight say it. */
export const SWITCHED_OFF: Record<string, string> = {
  CARRIER: 'no parcel is registered with a carrier; staff enter the tracking in the console',
  TOPUP_PROVIDER: 'phone top-up is not offered',
  CARD_ISSUER: 'prepaid card applications and card top-ups are refused',
  LENDER: 'loan applications are refused',
  OVERSEAS_SOURCE: 'the overseas channel (taobao, 1688) is not offered',
};

/**
 * The parties a production shop runs without (`none`, set or by default), each with what that
 * switches off: not refusals (a party may be none), but said at every start and by preflight.
 */
export function partiesOff(config: Config, env: NodeJS.ProcessEnv = process.env): Problem[] {
  if (!config.production) return [];
  const off: Problem[] = [];
  const say = (setting: string, set: string | undefined) =>
    off.push({
      setting: `${setting}=none`,
      why: `${SWITCHED_OFF[setting]}${set ? '' : ' (the default in production)'}`,
    });
  if (config.carrier.mode === 'none') say('CARRIER', env.CARRIER);
  const topup = config.topup.provider ?? env.TOPUP_PROVIDER;
  if (!topup || topup === 'none') say('TOPUP_PROVIDER', env.TOPUP_PROVIDER);
  for (const name of PARTNERS)
    if (config.partners[name].mode === 'none') say(PARTNER_ENV[name], env[PARTNER_ENV[name]]);
  return off;
}

/** Secrets the shop cannot run without at all, not even as a staging shop on simulators. */
const RUNS_ON: Record<string, (config: Config) => string> = {
  PAYMENT_SECRET: (c) => c.paymentSecret,
  PAY_PASSWORD_KEY: (c) => c.payPasswordKey,
  FILE_LINK_SECRET: (c) => c.storage.linkSecret,
};

/** What a production start says: everything at once, one line each, and whether it starts. */
export type StartReport = {
  /** What a live shop refuses. */
  problems: Problem[];
  /** Parties off (none) and what that switches off. */
  off: Problem[];
  staging: boolean;
  /** SHOP_STAGING set without NODE_ENV=production: it checks nothing there, and the start says so. */
  stagingIgnored?: boolean;
  /** Whether the process starts: no problem, or a staging shop with every secret it runs on. */
  starts: boolean;
};

export function startReport(config: Config, env: NodeJS.ProcessEnv = process.env): StartReport {
  const problems = productionProblems(config, env);
  const staging = ['1', 'true', 'yes'].includes((env.SHOP_STAGING ?? '').toLowerCase());
  const runsOn = Object.entries(RUNS_ON).every(([, value]) => Boolean(value(config)));
  return {
    problems,
    off: partiesOff(config, env),
    staging,
    ...(staging && !config.production ? { stagingIgnored: true } : {}),
    starts: problems.length === 0 || (staging && runsOn),
  };
}

/** The report as the operator reads it: one line per problem and per party off, no stack trace. */
export function formatStartReport(report: StartReport): string {
  const lines: string[] = [];
  if (report.stagingIgnored)
    lines.push(
      'SHOP_STAGING=1 is read only with NODE_ENV=production: this start checks nothing and runs on the development defaults and the simulators.',
    );
  if (report.problems.length) {
    lines.push(
      report.starts
        ? 'SHOP_STAGING: started in production with settings a live shop refuses (docs/going-live.md):'
        : report.staging
          ? 'The shop does not start, not even as a staging shop (SHOP_STAGING=1): it runs on PAYMENT_SECRET, PAY_PASSWORD_KEY and FILE_LINK_SECRET (any value for a staging shop). Everything a live shop refuses (docs/going-live.md):'
          : 'The shop does not start in production with these settings (docs/going-live.md):',
    );
    for (const p of report.problems) lines.push(`  - ${p.setting}: ${p.why}`);
  }
  if (report.off.length) {
    lines.push('Parties off in production (none) and what that switches off:');
    for (const p of report.off) lines.push(`  - ${p.setting}: ${p.why}`);
  }
  return lines.join('\n');
}

export class NotReadyForProduction extends Error {
  readonly problems: Problem[];
  constructor(report: StartReport) {
    super(formatStartReport(report));
    this.name = 'NotReadyForProduction';
    this.problems = report.problems;
  }
}

/**
 * Refuses a production start with any problem, naming every one at once. SHOP_STAGING=1 (a staging
 * shop or a bench on simulators) starts anyway and answers the problems to be logged, unless a
 * secret it runs on is missing (then it refuses too, with the same full list).
 */
export function assertReadyForProduction(config: Config, env: NodeJS.ProcessEnv = process.env): Problem[] {
  const report = startReport(config, env);
  if (!report.starts) throw new NotReadyForProduction(report);
  return report.problems;
}
