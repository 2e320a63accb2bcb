/**
 * What a process gives back once it has answered nothing for a while (issue 48: at most 250 MB
 * resident after 30 s idle, decision 0078). After a load, the process's memory was mostly not its
 * data (a heap snapshot at 100,000 products: 134 MB live, of 333 MB resident): the JavaScript heap
 * V8 had grown to under the load and keeps committed (young generation 32 MB, old space 78 MB of
 * which about half in use), and the caches of answers full of a long tail that nobody asks again.
 * After IDLE_MS with no request: every cache of answers is emptied (AnswerCaches.release: they fill
 * again on the next asks) and one full collection that gives memory back is asked of V8 (its
 * "last resort" flavour: it shrinks the young generation and returns free pages). Once per idle
 * spell; in production only (tests keep their caches between asks however long they pause).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import type { AnswerCaches } from './answer-caches.ts';
import type { FrontDoor } from './front-door.ts';

/** No request for this long: the process is idle. */
export const IDLE_MS = 15_000;

type Collect = (options?: { type?: 'major'; execution?: 'sync' | 'async'; flavor?: 'regular' | 'last-resort' }) => void;

let collect: Collect | null | undefined;

/** V8's collector, exposed once to this process (`--expose-gc` given at run time), or null if it cannot be. */
function collector(): Collect | null {
  if (collect !== undefined) return collect;
  try {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as Collect;
  } catch {
    collect = null;
  }
  return collect;
}

export type IdleRelease = { releases: () => number; stop: () => void };

/** Watches the app's requests; after `idleMs` without one, empties the caches and asks V8 to give memory back. */
export function releaseWhenIdle(
  app: FastifyInstance,
  caches: AnswerCaches,
  idleMs = IDLE_MS,
  front?: FrontDoor,
): IdleRelease {
  let last = Date.now();
  let released = true;
  let releases = 0;
  const arrived = () => {
    last = Date.now();
    released = false;
  };
  app.addHook('onRequest', (_request, _reply, done) => {
    arrived();
    done();
  });
  // Requests the front door answers are requests too (front-door.ts).
  if (front) front.arrived = arrived;
  const timer = setInterval(
    () => {
      if (released || Date.now() - last < idleMs) return;
      released = true;
      releases++;
      caches.release();
      collector()?.({ type: 'major', execution: 'async', flavor: 'last-resort' });
    },
    Math.max(1_000, Math.floor(idleMs / 3)),
  );
  timer.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
  return { releases: () => releases, stop: () => clearInterval(timer) };
}
