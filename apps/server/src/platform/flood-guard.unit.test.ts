import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installFloodGuard } from './flood-guard.ts';

describe('flood guard', () => {
  it('counts per address in one-minute windows and lets the next minute through', async () => {
    let clock = 1_000_000;
    const app = Fastify();
    app.setErrorHandler((error, _request, reply) =>
      reply.status(429).send({ code: (error as { code?: string }).code }),
    );
    installFloodGuard(app, 2, () => clock);
    app.get('/x', async () => 'ok');
    app.get('/probe', { config: { rateLimit: false } }, async () => 'ok');
    const hit = (ip: string, url = '/x') => app.inject({ method: 'GET', url, remoteAddress: ip });

    expect((await hit('10.0.0.1')).statusCode).toBe(200);
    expect((await hit('10.0.0.1')).statusCode).toBe(200);
    const refused = await hit('10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'SYS00003' });
    expect(refused.headers['retry-after']).toBe('60');
    // Another address has its own count; an opted-out route is never counted.
    expect((await hit('10.0.0.2')).statusCode).toBe(200);
    expect((await hit('10.0.0.1', '/probe')).statusCode).toBe(200);

    clock += 45_000;
    expect((await hit('10.0.0.1')).headers['retry-after']).toBe('15');
    clock += 15_000;
    expect((await hit('10.0.0.1')).statusCode).toBe(200);
    await app.close();
  });
});
