import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { assertReadyForProduction, NotReadyForProduction, productionProblems } from './production-check.ts';

const key = (c: string) => c.repeat(40);
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
