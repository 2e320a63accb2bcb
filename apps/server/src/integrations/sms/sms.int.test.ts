import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop, testConfig } from '../../../test/harness.ts';
import { SimulatedSmsGateway } from './gateway.ts';
import { SMS_MAX_ATTEMPTS } from './service.ts';

/** A stand-in SMS provider: answers 503 to the first try of each message, then accepts it. */
function fakeProvider() {
  const received: { body: Record<string, string>; auth: string | undefined }[] = [];
  const seen = new Set<string>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw) as Record<string, string>;
      if (!seen.has(body.reference)) {
        seen.add(body.reference);
        res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'busy' }));
        return;
      }
      received.push({ body, auth: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `msg-${received.length}` }));
    });
  });
  return { server, received };
}

describe('HTTP gateway adapter (SMS_GATEWAY_URL)', () => {
  const provider = fakeProvider();
  let shop: TestShop;
  beforeAll(async () => {
    await new Promise<void>((resolve) => provider.server.listen(0, '127.0.0.1', resolve));
    const { port } = provider.server.address() as AddressInfo;
    shop = await startTestShop({
      sms: {
        ...testConfig().sms,
        gatewayUrl: `http://127.0.0.1:${port}/sms`,
        gatewayToken: 'secret-token',
        simDelayMs: 0,
        simFailureRate: 0,
      },
    });
  });
  afterAll(async () => {
    await shop.close();
    provider.server.close();
  });

  it('posts the message with the bearer token, retrying when the provider is busy', async () => {
    const res = await shop.call('POST', '/v1/customer/sendsms', {
      body: { phone: '012345672', type: 'login' },
    });
    expect(res.body.code).toBe('0');
    await shop.ctx.jobs.runDue();
    let [item] = (await shop.services.sms.outbox({ page: 1, size: 1 })).list;
    expect(item).toMatchObject({
      status: 'queued',
      provider: 'http',
      attempts: 1,
      lastError: expect.stringContaining('503'),
    });
    // The job runner retries after its backoff; run the retry now.
    await shop.ctx.jobs.runDue(new Date(Date.now() + 60_000));
    [item] = (await shop.services.sms.outbox({ page: 1, size: 1 })).list;
    expect(item.status).toBe('sent');
    expect(provider.received).toHaveLength(1);
    expect(provider.received[0].auth).toBe('Bearer secret-token');
    expect(provider.received[0].body).toMatchObject({
      to: '+85512345672',
      from: 'AngkorMall',
    });
    expect(provider.received[0].body.text).toContain(res.body.data.devCode);
  });
});

describe('simulator', () => {
  it('fails like a real gateway at its failure rate, and the message ends failed after the last try', async () => {
    const shop = await startTestShop({
      sms: { ...testConfig().sms, simDelayMs: 1, simFailureRate: 1 },
    });
    try {
      const id = await shop.services.sms.send('+85512345673', 'hello', 'test');
      for (let i = 0; i < SMS_MAX_ATTEMPTS; i += 1) await shop.ctx.jobs.runDue(new Date(Date.now() + (i + 1) * 3_600_000));
      const [item] = (
        await shop.services.sms.outbox({
          phone: '+85512345673',
          page: 1,
          size: 1,
        })
      ).list;
      expect(item).toMatchObject({
        id,
        status: 'failed',
        attempts: SMS_MAX_ATTEMPTS,
        provider: 'simulator',
      });
    } finally {
      await shop.close();
    }
  });

  it('delivers at a 0 failure rate and takes its time', async () => {
    const gateway = new SimulatedSmsGateway({ delayMs: 40, failureRate: 0 });
    const started = Date.now();
    const { providerId } = await gateway.send({
      to: '+85512345674',
      text: 'x',
      reference: 'r1',
    });
    expect(providerId).toMatch(/^sim-r1-/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(18);
    await expect(gateway.send({ to: 'not-a-phone', text: 'x', reference: 'r2' })).rejects.toThrow();
  });
});
