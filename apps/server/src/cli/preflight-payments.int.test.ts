import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../test/harness.ts';
import { freePort, PaywayStandin } from '../../test/payway-standin.ts';
import { simulatorToken } from '../integrations/bakong/simulator.ts';
import { loadConfig } from '../platform/config.ts';
import { preflight } from './preflight-lines.ts';

// `npm run preflight`'s payment lines against stand-ins over HTTP: PayWay's (test/payway-standin.ts)
// and Bakong's (the shop's own /bakong-sim, served by a running test shop). Nothing moves money:
// PayWay is asked about a tran_id never used, Bakong about an MD5 no code has.

let payway: PaywayStandin;
let bakongShop: TestShop;
let bakongUrl: string;

beforeAll(async () => {
  payway = await new PaywayStandin().start();
  bakongShop = await startTestShop();
  const port = await freePort();
  await bakongShop.app.listen({ port, host: '127.0.0.1' });
  bakongUrl = `http://127.0.0.1:${port}/bakong-sim`;
});
afterAll(async () => {
  await payway?.close();
  await bakongShop?.close();
});

const linesOf = async (more: NodeJS.ProcessEnv) => {
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'development',
    OAUTH_SIMULATOR: '0',
    PAYMENT_GATEWAY: 'payway',
    PAYWAY_MERCHANT_ID: payway.merchantId,
    PAYWAY_API_KEY: payway.apiKey,
    PAYWAY_URL: payway.purchaseUrl,
    PAYWAY_TIMEOUT_MS: '8000',
    BAKONG_API_URL: bakongUrl,
    BAKONG_TOKEN: simulatorToken('any'),
    ...more,
  };
  const lines = await preflight(loadConfig(env), env);
  return Object.fromEntries(lines.map((l) => [l.party, l]));
};

describe('preflight of the payment parties', () => {
  it('PayWay and Bakong each prove the merchant key or token with a lookup that finds nothing', async () => {
    const before = payway.transactions.size;
    const by = await linesOf({});
    expect(by['payment gateway']).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(/check-transaction-2 of a made-up tran_id answered "6 Transaction not found"/),
    });
    expect(payway.count('check-transaction-2')).toBe(1);
    expect(payway.transactions.size).toBe(before);
    expect(by.KHQR).toMatchObject({ status: 'ok', detail: expect.stringContaining('accepted the token') });
    expect(by.KHQR.detail).toContain('not-found');
  });

  it('a wrong PayWay key or merchant, PayWay down, or a token Bakong refuses is a failed line, naming why', async () => {
    const expired = simulatorToken('any', Date.now() - 400 * 86_400_000);
    const wrong = await linesOf({ PAYWAY_API_KEY: 'not-the-key', BAKONG_TOKEN: 'a.b.c' });
    expect(wrong['payment gateway']).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('check PAYWAY_API_KEY'),
    });
    // PayWay answers the bad hash with HTTP 403: read as the wrong key it is, not as PayWay being down.
    expect(wrong['payment gateway'].detail).toContain('HTTP 403');
    expect(wrong.KHQR).toMatchObject({ status: 'fail', detail: expect.stringContaining('BAKONG_TOKEN is unreadable') });
    const merchant = await linesOf({ PAYWAY_MERCHANT_ID: 'someone-else', BAKONG_TOKEN: expired });
    expect(merchant['payment gateway'].detail).toContain('check PAYWAY_MERCHANT_ID');
    expect(merchant.KHQR).toMatchObject({ status: 'fail', detail: expect.stringContaining('expired') });
    payway.next.check.push({ status: 502 });
    const down = await linesOf({});
    expect(down['payment gateway']).toMatchObject({ status: 'fail', detail: expect.stringContaining('HTTP 502') });
    // Bakong down: said so, the token not blamed.
    const sim = bakongShop.services.bakong.simulator as NonNullable<TestShop['services']['bakong']['simulator']>;
    sim.behaviour.failNext = 1;
    expect(down.KHQR.status).toBe('ok');
    const bakongDown = await linesOf({});
    expect(bakongDown.KHQR).toMatchObject({ status: 'fail', detail: expect.stringContaining('HTTP 503') });
    expect(bakongDown.KHQR.detail).not.toContain('Renew');
  });

  it('the simulators are the default outside production, and are not called', async () => {
    const env: NodeJS.ProcessEnv = { NODE_ENV: 'development', OAUTH_SIMULATOR: '0' };
    const lines = await preflight(loadConfig(env), env);
    const by = Object.fromEntries(lines.map((l) => [l.party, l]));
    expect(by['payment gateway']).toMatchObject({ status: 'sim' });
    expect(by.KHQR).toMatchObject({ status: 'sim' });
  });
});
