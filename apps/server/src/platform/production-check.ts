// A live shop refuses to pretend (docs/going-live.md): with NODE_ENV=production it does not start
// with a simulator, a development key or a missing secret for any outside party it offers. A party
// may be `none` (its screens say the service is not available). Every problem is named at once, so
// one start tells the operator everything to set.
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
  return problems;
}

export class NotReadyForProduction extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(
      `The shop does not start in production with these settings (docs/going-live.md):\n${problems
        .map((p) => `  - ${p.setting}: ${p.why}`)
        .join('\n')}`,
    );
    this.name = 'NotReadyForProduction';
    this.problems = problems;
  }
}

/**
 * Refuses a production start with any problem. SHOP_STAGING=1 (a staging shop or a bench on
 * simulators) starts anyway and answers the problems to be logged.
 */
export function assertReadyForProduction(config: Config, env: NodeJS.ProcessEnv = process.env): Problem[] {
  const problems = productionProblems(config, env);
  if (problems.length && !['1', 'true', 'yes'].includes((env.SHOP_STAGING ?? '').toLowerCase()))
    throw new NotReadyForProduction(problems);
  return problems;
}
