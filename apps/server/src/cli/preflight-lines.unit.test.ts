import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IssuerBooks, LenderBooks } from '../../test/partner-books.ts';
import { PartnerStandin } from '../../test/partner-standin.ts';
import { ReloadlyStandin } from '../../test/reloadly-standin.ts';
import { loadConfig } from '../platform/config.ts';
import { formatPreflight, preflight } from './preflight-lines.ts';

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
    expect(by['overseas source']).toMatchObject({ status: 'off', detail: 'not offered (OVERSEAS_SOURCE=none)' });
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
