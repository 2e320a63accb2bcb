import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerCaches } from './answer-caches.ts';
import { releaseWhenIdle } from './idle-memory.ts';

/** An idle process empties its caches of answers once per idle spell (platform/idle-memory.ts, issue 48). */
describe('releaseWhenIdle', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('empties the caches after the idle time, once, and again only after a new request', async () => {
    const app = Fastify();
    apps.push(app);
    app.get('/', async () => ({ ok: true }));
    const caches = new AnswerCaches();
    const kept = new Map([['a', 1]]);
    let emptied = 0;
    caches.add(
      'kept',
      () => ({ bytes: kept.size, maxBytes: 10, entries: kept.size }),
      () => {
        kept.clear();
        emptied++;
      },
    );
    // A cache without a way to empty it is kept.
    const index = new Map([['b', 2]]);
    caches.add('index', () => ({ bytes: index.size, maxBytes: 10, entries: index.size }));
    const idle = releaseWhenIdle(app, caches, 50);
    await app.ready();
    await app.inject({ method: 'GET', url: '/' });
    kept.set('c', 3);
    expect(idle.releases()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(emptied).toBe(1);
    expect(kept.size).toBe(0);
    expect(index.size).toBe(1);
    expect(caches.figures().find((c) => c.name === 'kept')?.figures.entries).toBe(0);
    // Still idle: nothing more to give back.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(idle.releases()).toBe(1);
    // A new request, then idle again: emptied again.
    await app.inject({ method: 'GET', url: '/' });
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(idle.releases()).toBe(2);
    expect(emptied).toBe(2);
  }, 10_000);
});
