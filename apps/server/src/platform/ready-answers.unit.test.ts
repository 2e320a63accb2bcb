import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AnswerCaches } from './answer-caches.ts';
import { ReadyAnswers } from './ready-answers.ts';

/** A request and reply with only what ReadyAnswers touches; `sent` is what the hook answered. */
function exchange(url = '/v1/carousel/query') {
  const request = { method: 'GET', url, language: 'en-US', headers: {} } as FastifyRequest;
  const state: { sent?: unknown } = {};
  const reply = {
    getSerializationFunction: () => (payload: unknown) => JSON.stringify(payload),
    headers: () => reply,
    serializer: () => reply,
    send: (body: unknown) => {
      state.sent = body;
      return reply;
    },
  } as unknown as FastifyReply;
  return { request, reply, state };
}

const serve = (ready: ReadyAnswers, url?: string) => {
  const { request, reply, state } = exchange(url);
  let passed = false;
  ready.serve.call(undefined as never, request, reply, () => {
    passed = true;
  });
  return { request, reply, fromReady: !passed, body: state.sent ? String(state.sent) : undefined };
};

describe('ready answers (the one-second micro-cache of public reads)', () => {
  it('serves the same URL from its ready bytes while fresh, and not after an operator change', () => {
    let generation = 1;
    const ready = new ReadyAnswers(() => generation);
    const first = serve(ready);
    expect(first.fromReady).toBe(false);
    ready.answer(first.request, first.reply, { banner: 'old' }, 'public, max-age=1');
    const second = serve(ready);
    expect(second.fromReady).toBe(true);
    expect(second.body).toContain('"old"');
    generation++;
    expect(serve(ready).fromReady).toBe(false);
  });

  it('never serves after a change an answer made from what the service had before it', () => {
    let generation = 1;
    const ready = new ReadyAnswers(() => generation);
    // A request starts, and its handler reads the service's answer; the operator's change lands
    // before that answer is sent.
    const slow = serve(ready);
    const before = { banner: 'before the change' };
    generation++;
    ready.answer(slow.request, slow.reply, before, 'public, max-age=1');
    // The next request is not answered with it: its handler asks the service again.
    expect(serve(ready).fromReady).toBe(false);
  });

  it('holds at most its bytes of ready answers, however many URLs a long tail asks, and reports them', () => {
    const caches = new AnswerCaches();
    const maxBytes = 200_000;
    const ready = new ReadyAnswers(() => 1, Date.now, { keepMs: 60_000, maxBytes, name: 'search', caches });
    const page = { list: Array.from({ length: 20 }, (_, k) => ({ name: `Samsung Smartphone Classic ${k}` })) };
    for (let k = 0; k < 5_000; k++) {
      const asked = serve(ready, `/v1/product/search?keyword=q${k}`);
      ready.answer(asked.request, asked.reply, { ...page, total: k }, 'no-cache');
      expect(ready.bytes).toBeLessThanOrEqual(maxBytes);
    }
    // Bytes, not a count: some 200 pages of 1 KB fit, 5,000 do not.
    expect(ready.entries).toBeGreaterThan(100);
    expect(ready.entries).toBeLessThan(400);
    // The newest answers are kept, the oldest gone.
    expect(serve(ready, '/v1/product/search?keyword=q4999').fromReady).toBe(true);
    expect(serve(ready, '/v1/product/search?keyword=q0').fromReady).toBe(false);
    const [reported, made] = caches.figures();
    expect(reported).toEqual({ name: 'search', figures: { bytes: ready.bytes, maxBytes, entries: ready.entries } });
    expect(made.name).toBe('search made');
    expect(made.figures.bytes).toBeLessThanOrEqual(made.figures.maxBytes);
  });

  it('keeps an answer the service keeps until a known time that long, not a second, and no longer', () => {
    let now = 1_000_000;
    const ready = new ReadyAnswers(
      () => 1,
      () => now,
    );
    const first = serve(ready);
    ready.answer(first.request, first.reply, { banner: 'kept' }, 'public, max-age=5', { keptUntil: now + 3_000 });
    now += 2_900;
    expect(serve(ready).fromReady).toBe(true);
    now += 200;
    expect(serve(ready).fromReady).toBe(false);
  });

  it('an answer made again with the same JSON is the same made answer, its codings made once', () => {
    const caches = new AnswerCaches();
    const ready = new ReadyAnswers(() => 1, Date.now, { name: 'catalogue', caches });
    for (let k = 0; k < 3; k++) {
      const asked = serve(ready);
      // A new object each time, as the service's cache makes when it reloads an unchanged product.
      ready.answer(asked.request, asked.reply, { banner: 'the same' }, 'public, max-age=5');
    }
    const made = caches.figures().find((cache) => cache.name === 'catalogue made');
    expect(made?.figures.entries).toBe(1);
  });

  it('gives the front door the fresh answer of a key, only while the generation is a number it holds', () => {
    let generation: number | Promise<number> = 1;
    const ready = new ReadyAnswers(() => generation);
    const first = serve(ready);
    ready.answer(first.request, first.reply, { banner: 'front' }, 'public, max-age=5');
    const key = 'GET /v1/carousel/query en-US cookie ';
    expect(ready.frontAnswer(key)?.body.toString()).toContain('"front"');
    expect(ready.frontAnswer(key)?.route).toBe('/v1/carousel/query');
    expect(ready.frontAnswer('GET /v1/carousel/query kh cookie ')).toBeUndefined();
    generation = Promise.resolve(1);
    expect(ready.frontAnswer(key)).toBeUndefined();
    generation = 2;
    expect(ready.frontAnswer(key)).toBeUndefined();
  });
});
