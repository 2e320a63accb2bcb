// `npm run preflight`: before going live, each configured outside party is asked something that
// moves no money (a token and the balance, a signed ping, a public discovery document), and one line
// per party says what came back. Parties that only a real payment or message would test are said
// to be configured, not pretended checked.
import { ReloadlyTopupProvider } from '../integrations/topup-provider/reloadly.ts';
import { type Config, PARTNER_ENV, PARTNERS, type PartnerName } from './config.ts';
import { PartnerClient } from './partner-http/client.ts';
import { productionProblems } from './production-check.ts';

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
  if (settings.mode === 'none') return { party, status: 'off', detail: `not offered (${PARTNER_ENV[name]}=none)` };
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
  if (mode === 'none') return { party, status: 'off', detail: 'not offered (TOPUP_PROVIDER=none)' };
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

/** Every party's line, in the order of docs/going-live.md. */
export async function preflight(config: Config, env: NodeJS.ProcessEnv = process.env): Promise<PreflightLine[]> {
  const lines: PreflightLine[] = [];
  lines.push(
    config.paymentGateway === 'payway'
      ? {
          party: 'payment gateway',
          status: 'set',
          detail: `PayWay merchant ${config.payway.merchantId} at ${config.payway.url}; not called (only a payment tests it)`,
        }
      : { party: 'payment gateway', status: 'sim', detail: 'the sandbox gateway' },
  );
  lines.push({
    party: 'KHQR',
    status: 'set',
    detail: `Bakong account ${config.khqr.account} (${config.khqr.merchantName}); not called here`,
  });
  lines.push(
    config.sms.gatewayUrl
      ? { party: 'SMS', status: 'set', detail: `${config.sms.gatewayUrl}; not called (a check would send a message)` }
      : { party: 'SMS', status: 'sim', detail: 'the outbox simulator' },
  );
  lines.push(...(await oauthLines(config, 10_000)));
  lines.push(
    config.carrier.mode === 'http'
      ? { party: 'carrier', status: 'set', detail: `${config.carrier.url}; not called (only a shipment tests it)` }
      : config.carrier.mode === 'none'
        ? { party: 'carrier', status: 'off', detail: 'none: staff enter the tracking in the console' }
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
