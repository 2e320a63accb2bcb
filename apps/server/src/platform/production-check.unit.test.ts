import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { repoRoot } from './paths.ts';
import {
  assertReadyForProduction,
  formatStartReport,
  NotReadyForProduction,
  partiesOff,
  productionProblems,
  startReport,
} from './production-check.ts';

const key = (c: string) => c.repeat(40);
/** An RSA public key as PayWay issues it for refunds, written on one line with \n as an env file holds it. */
const rsaPem = (type: 'rsa' | 'ec' = 'rsa') =>
  (type === 'rsa'
    ? generateKeyPairSync('rsa', { modulusLength: 1024 })
    : generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  ).publicKey
    .export({ type: 'spki', format: 'pem' })
    .toString();
const PAYWAY_RSA = rsaPem().trim().replace(/\n/g, '\\n');
/** A production environment with every party real (or none): nothing to refuse. */
const live: NodeJS.ProcessEnv = {
  NODE_ENV: 'production',
  PAYMENT_SECRET: key('p'),
  PAY_PASSWORD_KEY: key('k'),
  FILE_LINK_SECRET: key('f'),
  PAYMENT_GATEWAY: 'payway',
  PAYWAY_MERCHANT_ID: 'ec000123',
  PAYWAY_API_KEY: key('a'),
  PAYWAY_URL: 'https://checkout.payway.com.kh/api/payment-gateway/v1/payments/purchase',
  PAYWAY_RSA_PUBLIC_KEY: PAYWAY_RSA,
  KHQR_ACCOUNT: 'angkormall@aclb',
  BAKONG_TOKEN: 'header.eyJleHAiOjQxMDI0NDQ4MDB9.signature',
  SMS_GATEWAY_URL: 'https://sms.provider.com.kh/send',
  SMS_GATEWAY_TOKEN: 'token-1',
  CARRIER: 'none',
  TOPUP_PROVIDER: 'reloadly',
  RELOADLY_CLIENT_ID: 'client',
  RELOADLY_CLIENT_SECRET: key('r'),
  CARD_ISSUER: 'http',
  CARD_ISSUER_URL: 'https://issuer.bank.com.kh/angkormall/v1',
  CARD_ISSUER_KEY: key('c'),
  LENDER: 'none',
  OVERSEAS_SOURCE: 'none',
  PUBLIC_URL: 'https://shop.angkormall.com.kh',
};
const problemsOf = (env: NodeJS.ProcessEnv) =>
  productionProblems(loadConfig(env), env).map((p) => `${p.setting}: ${p.why}`);

describe('a production start', () => {
  it('refuses KHQR confirmed by the Bakong simulator, or with no token', () => {
    expect(problemsOf({ ...live, BAKONG_API_URL: '/bakong-sim', BAKONG_TOKEN: '' })).toEqual([
      'BAKONG_API_URL: not an address',
      'BAKONG_TOKEN: missing (KHQR payments would never settle)',
    ]);
  });

  it('with every party real or none, has nothing to refuse', () => {
    expect(problemsOf(live)).toEqual([]);
    expect(assertReadyForProduction(loadConfig(live), live)).toEqual([]);
  });

  it('with nothing set, names every missing setting at once', () => {
    const env = { NODE_ENV: 'production' };
    expect(problemsOf(env)).toEqual([
      'PAYMENT_SECRET: missing',
      'PAY_PASSWORD_KEY: missing',
      'FILE_LINK_SECRET: missing',
      'PAYMENT_GATEWAY: the sandbox gateway is a simulator: set payway',
      'KHQR_ACCOUNT: missing (the shop’s Bakong account id)',
      'BAKONG_TOKEN: missing (KHQR payments would never settle)',
      'SMS_GATEWAY_URL: missing',
      'SMS_GATEWAY_TOKEN: missing',
    ]);
    // Parties not set are none in production (their screens say so), not simulators.
    expect(() => assertReadyForProduction(loadConfig(env), env)).toThrow(NotReadyForProduction);
    try {
      assertReadyForProduction(loadConfig(env), env);
    } catch (error) {
      for (const name of [
        'PAYMENT_SECRET',
        'PAY_PASSWORD_KEY',
        'FILE_LINK_SECRET',
        'PAYMENT_GATEWAY',
        'KHQR_ACCOUNT',
        'BAKONG_TOKEN',
        'SMS_GATEWAY_URL',
      ])
        expect((error as Error).message).toContain(`  - ${name}: `);
    }
  });

  it('refuses a simulator, a development key, a sandbox address and an http partner without its settings', () => {
    const env = {
      ...live,
      PAYMENT_SECRET: 'sandbox-secret-not-for-production',
      PAY_PASSWORD_KEY: 'short',
      RELOADLY_API_URL: 'https://topups-sandbox.reloadly.com',
      CARRIER: 'simulator',
      LENDER: 'simulator',
      OVERSEAS_SOURCE: 'local',
      CARD_ISSUER_URL: 'http://issuer.bank.com.kh',
      CARD_ISSUER_KEY: '',
    };
    expect(problemsOf(env)).toEqual([
      'PAYMENT_SECRET: a development key',
      'PAY_PASSWORD_KEY: shorter than 32 characters',
      'CARRIER: the simulator: set http or none',
      'RELOADLY_API_URL: a sandbox or test address',
      'CARD_ISSUER_URL: not https',
      'CARD_ISSUER_KEY: missing',
      'LENDER: the simulator: set http or none',
      'OVERSEAS_SOURCE: the simulator: set http or none',
    ]);
  });

  it('outside production checks nothing; SHOP_STAGING starts anyway and says what it would refuse', () => {
    expect(problemsOf({ NODE_ENV: 'development' })).toEqual([]);
    const staging = { ...live, TOPUP_PROVIDER: 'simulator', SHOP_STAGING: '1' };
    expect(assertReadyForProduction(loadConfig(staging), staging)).toEqual([
      { setting: 'TOPUP_PROVIDER', why: 'the simulator: set reloadly or none' },
    ]);
  });
});

describe('starting for real says everything at once (issue 43)', () => {
  it('requires PUBLIC_URL, https and not a test address, whenever a party calls the shop back', () => {
    const { PUBLIC_URL: _, ...without } = live;
    expect(problemsOf(without)).toEqual([
      'PUBLIC_URL: missing (the shop’s https address, given to PayWay’s pushback, CARD_ISSUER’s webhooks)',
    ]);
    expect(problemsOf({ ...live, PUBLIC_URL: 'http://shop.angkormall.com.kh' })).toEqual(['PUBLIC_URL: not https']);
    expect(problemsOf({ ...live, PUBLIC_URL: 'https://localhost:3000' })).toEqual([
      'PUBLIC_URL: a sandbox or test address',
    ]);
    // Nobody calls back (no PayWay, every partner none): a missing PUBLIC_URL is no problem of its own.
    const quiet = { ...without, PAYMENT_GATEWAY: 'sandbox', CARD_ISSUER: 'none' };
    expect(problemsOf(quiet).filter((p) => p.startsWith('PUBLIC_URL'))).toEqual([]);
  });

  it('PayWay without the RSA public key of its Refund API, or with one it cannot read, is refused: refunds would fail', () => {
    const { PAYWAY_RSA_PUBLIC_KEY: _, ...without } = live;
    expect(problemsOf(without)).toEqual(['PAYWAY_RSA_PUBLIC_KEY: missing (PayWay refunds cannot be made without it)']);
    expect(problemsOf({ ...live, PAYWAY_RSA_PUBLIC_KEY: 'MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQ' })).toEqual([
      'PAYWAY_RSA_PUBLIC_KEY: not a PEM public key (PayWay refunds cannot be made with it)',
    ]);
    expect(problemsOf({ ...live, PAYWAY_RSA_PUBLIC_KEY: rsaPem('ec') })).toEqual([
      'PAYWAY_RSA_PUBLIC_KEY: not an RSA public key',
    ]);
    // Written with real line breaks (a secrets file) or with \n on one line (an env file): both read.
    expect(problemsOf({ ...live, PAYWAY_RSA_PUBLIC_KEY: rsaPem() })).toEqual([]);
    // The sandbox gateway makes no PayWay refund: nothing asked of it.
    expect(
      problemsOf({ ...without, PAYMENT_GATEWAY: 'sandbox' }).filter((p) => p.startsWith('PAYWAY_RSA_PUBLIC_KEY')),
    ).toEqual([]);
  });

  it('names each party off (none) with what that switches off, and whether none was the default', () => {
    const off = (env: NodeJS.ProcessEnv) => partiesOff(loadConfig(env), env).map((p) => `${p.setting}: ${p.why}`);
    expect(off(live)).toEqual([
      'CARRIER=none: no parcel is registered with a carrier; staff enter the tracking in the console',
      'LENDER=none: loan applications are refused',
      'OVERSEAS_SOURCE=none: the overseas channel (taobao, 1688) is not offered',
    ]);
    const { TOPUP_PROVIDER: _, LENDER: __, ...defaults } = live;
    expect(off(defaults)).toContain('LENDER=none: loan applications are refused (the default in production)');
    expect(off(defaults)).toContain('TOPUP_PROVIDER=none: phone top-up is not offered (the default in production)');
    expect(off({ NODE_ENV: 'development' })).toEqual([]);
  });

  it('SHOP_STAGING without a secret the shop runs on refuses with the whole list; with them it starts and says it', () => {
    const bare = { NODE_ENV: 'production', SHOP_STAGING: '1' };
    const report = startReport(loadConfig(bare), bare);
    expect(report).toMatchObject({ staging: true, starts: false });
    const text = formatStartReport(report);
    for (const line of [
      '  - PAYMENT_SECRET: missing',
      '  - PAY_PASSWORD_KEY: missing',
      '  - FILE_LINK_SECRET: missing',
      '  - PAYMENT_GATEWAY: the sandbox gateway is a simulator: set payway',
      '  - BAKONG_TOKEN: missing (KHQR payments would never settle)',
      '  - LENDER=none: loan applications are refused (the default in production)',
    ])
      expect(text.split('\n')).toContain(line);
    expect(() => assertReadyForProduction(loadConfig(bare), bare)).toThrow(NotReadyForProduction);
    const staged = { ...bare, PAYMENT_SECRET: 'x', PAY_PASSWORD_KEY: 'y', FILE_LINK_SECRET: 'z' };
    const started = startReport(loadConfig(staged), staged);
    expect(started.starts).toBe(true);
    expect(formatStartReport(started).split('\n')[0]).toMatch(/^SHOP_STAGING: started in production/);
  });

  it('SHOP_STAGING without NODE_ENV=production says in one line that it checks nothing there', () => {
    const dev = { NODE_ENV: 'development', SHOP_STAGING: '1' };
    const report = startReport(loadConfig(dev), dev);
    expect(report).toMatchObject({ starts: true, problems: [], stagingIgnored: true });
    expect(formatStartReport(report).split('\n')).toEqual([
      'SHOP_STAGING=1 is read only with NODE_ENV=production: this start checks nothing and runs on the development defaults and the simulators.',
    ]);
    expect(formatStartReport(startReport(loadConfig({ NODE_ENV: 'development' }), { NODE_ENV: 'development' }))).toBe(
      '',
    );
  });

  it('the start itself (main.ts) prints every problem, one line each, no stack trace, and exits 1', () => {
    for (const env of [{ NODE_ENV: 'production' }, { NODE_ENV: 'production', SHOP_STAGING: '1' }]) {
      // It answers before the shop is loaded (main.ts imports the app after the check).
      const run = spawnSync(process.execPath, [path.join(repoRoot, 'apps/server/src/main.ts')], {
        env: { PATH: process.env.PATH, ...env, DATA_DIR: '/nonexistent-start-check', PORT: '0' },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.status, run.stderr).toBe(1);
      const lines = run.stderr.split('\n');
      for (const setting of [
        'PAYMENT_SECRET',
        'PAY_PASSWORD_KEY',
        'FILE_LINK_SECRET',
        'PAYMENT_GATEWAY',
        'SMS_GATEWAY_URL',
      ])
        expect(lines.filter((l) => l.startsWith(`  - ${setting}: `))).toHaveLength(1);
      expect(lines).toContain('  - LENDER=none: loan applications are refused (the default in production)');
      expect(run.stderr).not.toMatch(/^\s+at /m);
      expect(run.stderr).not.toMatch(/Error:/);
    }
  });
});
