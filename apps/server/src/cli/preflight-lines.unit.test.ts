import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IssuerBooks, LenderBooks } from '../../test/partner-books.ts';
import { PartnerStandin } from '../../test/partner-standin.ts';
import { ReloadlyStandin } from '../../test/reloadly-standin.ts';
import { loadConfig } from '../platform/config.ts';
import { repoRoot } from '../platform/paths.ts';
import { formatPreflight, type PreflightLine, preflight, preflightVerdict } from './preflight-lines.ts';

// `npm run preflight` against stand-ins of the parties on 127.0.0.1: nothing reaches the internet,
// nothing moves money.

let issuer: PartnerStandin;
let lender: PartnerStandin;
let reloadly: ReloadlyStandin;
beforeAll(async () => {
  issuer = await new PartnerStandin('card-issuer', new IssuerBooks().handlers()).start();
  lender = await new PartnerStandin('lender', new LenderBooks().handlers()).start();
  reloadly = await new ReloadlyStandin().start();
});
afterAll(async () => {
  await issuer?.close();
  await lender?.close();
  await reloadly?.close();
});

const envFor = (more: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
  NODE_ENV: 'development',
  OAUTH_SIMULATOR: '0',
  TOPUP_PROVIDER: 'reloadly',
  RELOADLY_CLIENT_ID: reloadly.clientId,
  RELOADLY_CLIENT_SECRET: reloadly.clientSecret,
  RELOADLY_API_URL: reloadly.url,
  RELOADLY_AUTH_URL: reloadly.url,
  CARD_ISSUER: 'http',
  CARD_ISSUER_URL: issuer.url,
  CARD_ISSUER_KEY: issuer.key,
  LENDER: 'http',
  LENDER_URL: lender.url,
  LENDER_KEY: lender.key,
  OVERSEAS_SOURCE: 'none',
  ...more,
});

describe('preflight', () => {
  it('asks each configured party something that moves no money, one line each', async () => {
    const env = envFor({});
    const lines = await preflight(loadConfig(env), env);
    const by = Object.fromEntries(lines.map((l) => [l.party, l]));
    expect(by['card issuer']).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(/answered a signed ping in \d+ ms \(card-issuer\)/),
    });
    expect(by.lender).toMatchObject({ status: 'ok' });
    expect(by['overseas source']).toMatchObject({
      status: 'off',
      detail: 'OVERSEAS_SOURCE=none: the overseas channel (taobao, 1688) is not offered',
    });
    expect(by['top-up']).toMatchObject({ status: 'ok', detail: expect.stringContaining('balance USD 500.00') });
    expect(by['payment gateway']).toMatchObject({ status: 'sim' });
    expect(issuer.seen.map((r) => r.operationId)).toEqual(['ping']);
    expect(issuer.problems).toEqual([]);
    const text = formatPreflight(lines);
    expect(text.split('\n')).toHaveLength(lines.length);
    expect(text).toMatch(/^ok {3}card issuer +http:\/\/127\.0\.0\.1:\d+ answered a signed ping/m);
  });

  it('a wrong key, a wrong secret or a party that does not answer is a failed line, naming why', async () => {
    const env = envFor({
      LENDER_KEY: 'a-key-the-lender-does-not-know-0123456789',
      RELOADLY_CLIENT_SECRET: 'wrong',
      CARD_ISSUER_URL: 'http://127.0.0.1:9',
    });
    const lines = await preflight(loadConfig(env), env);
    const by = Object.fromEntries(lines.map((l) => [l.party, l]));
    expect(by.lender).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining("refused the shop's signature (401)"),
    });
    expect(by['top-up']).toMatchObject({ status: 'fail', detail: expect.stringContaining('RELOADLY_CLIENT_SECRET') });
    expect(by['card issuer']).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('could not be reached'),
    });
  });

  it('in production, the settings a live shop refuses are failed lines too', async () => {
    const env = envFor({ NODE_ENV: 'production' });
    const lines = await preflight(loadConfig(env), env);
    const refused = lines.filter((l) => l.party === 'settings').map((l) => l.detail);
    expect(refused).toContain('PAYMENT_SECRET: missing');
    expect(refused).toContain('CARD_ISSUER_URL: not https');
  });
});

describe('the verdict preflight ends with (issue 43)', () => {
  const line = (party: string, status: PreflightLine['status'], detail = ''): PreflightLine => ({
    party,
    status,
    detail,
  });

  it('in production: not ready, exit 1, when a party is simulated or failed; ready, exit 0, otherwise', () => {
    const simulated = preflightVerdict([line('payment gateway', 'ok'), line('SMS', 'sim')], true);
    expect(simulated).toEqual({ line: 'NOT READY for production: 1 simulated (SMS).', exitCode: 1 });
    const failed = preflightVerdict(
      [line('KHQR', 'fail'), line('settings', 'fail', 'PUBLIC_URL: missing'), line('lender', 'off')],
      true,
    );
    expect(failed).toEqual({
      line: 'NOT READY for production: 2 failed (KHQR, PUBLIC_URL); 1 off (lender).',
      exitCode: 1,
    });
    expect(preflightVerdict([line('payment gateway', 'ok'), line('lender', 'off'), line('SMS', 'set')], true)).toEqual({
      line: 'READY for production: every party answered or is configured; 1 off (lender).',
      exitCode: 0,
    });
  });

  it('outside production: says plainly that the shop runs on simulators; exit 1 only when a configured party failed', () => {
    const sims = preflightVerdict([line('payment gateway', 'sim'), line('KHQR', 'sim'), line('lender', 'ok')], false);
    expect(sims.exitCode).toBe(0);
    expect(sims.line).toBe(
      'NOT PRODUCTION (NODE_ENV is not production): the shop runs on simulators (payment gateway, KHQR). Set NODE_ENV=production to check a live configuration.',
    );
    expect(preflightVerdict([line('lender', 'fail')], false).exitCode).toBe(1);
  });

  it('the command prints its lines and one verdict line last, and exits as the verdict says', () => {
    for (const [env, code, last] of [
      [{ NODE_ENV: 'development' }, 0, /^NOT PRODUCTION .*the shop runs on simulators/],
      [{ NODE_ENV: 'production' }, 1, /^NOT READY for production: /],
    ] as const) {
      const run = spawnSync(process.execPath, [path.join(repoRoot, 'apps/server/src/cli/preflight.ts')], {
        env: { PATH: process.env.PATH, ...env },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.status, run.stderr).toBe(code);
      const lines = run.stdout.trim().split('\n');
      expect(lines.at(-1)).toMatch(last);
      expect(lines.filter((l) => /^(NOT )?(READY|PRODUCTION)/.test(l))).toHaveLength(1);
    }
  }, 60_000);
});
