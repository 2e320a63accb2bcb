import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ReadyAnswers } from './ready-answers.ts';

/** A request and reply with only what ReadyAnswers touches; `sent` is what the hook answered. */
function exchange() {
  const request = { method: 'GET', url: '/v1/carousel/query', language: 'en-US', headers: {} } as FastifyRequest;
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

const serve = (ready: ReadyAnswers) => {
  const { request, reply, state } = exchange();
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
});
