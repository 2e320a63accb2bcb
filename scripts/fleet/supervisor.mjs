// A part that fails is replaced, not fatal (issue 45): keeps one part of the fleet running. When it
// exits without being asked to, it is started again while the others keep serving: at once when it
// had served (been ready) for BACKOFF.steadyMs (a crash after a healthy run is no loop, and every
// second of waiting is a second a third of the fleet is missing); otherwise it is one more failure
// in a row, and from the second one on the next start waits (1 s, doubling to 30 s) so that a part
// that cannot start does not spin. `restart()` replaces it on purpose
// (a drain on SIGTERM, then a new one, ready before it returns): the rolling restart does this to
// one process after another. `stop()` is for the end of the fleet only.
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { sleep } from './parts.mjs';

export const BACKOFF = { firstMs: 1_000, maxMs: 30_000, steadyMs: 10_000 };

/**
 * The niceness of a part while it starts, until it is ready (then 0, as its siblings): on a busy
 * machine a process started again after a crash got a share of the CPU no larger than any other
 * and took 10–40 s to be ready under load (issue 45, decision 0071); its start's ~2 s of CPU go
 * first now. −5, not −10: at −10 the serving processes missed the proxy's 2 s /ready checks while
 * it started and were taken out. Setting it takes root (CAP_SYS_NICE); without, parts start at 0.
 */
export const START_PRIORITY = -5;

/** Sets every thread of process `pid` (Linux keeps a niceness per thread) to `priority`; false when it may not. */
export function prioritise(pid, priority) {
  if (!pid) return false;
  let threads;
  try {
    threads = readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    threads = [pid];
  }
  try {
    for (const thread of threads) setPriority(thread, priority);
    return true;
  } catch {
    return false;
  }
}

/**
 * How long to wait before starting a part again, after `failures` exits in a row (this one
 * included) with no healthy run of `steadyMs` between them: the first at once, then `firstMs`
 * doubling to `maxMs`.
 */
export function restartDelay(failures, backoff = BACKOFF) {
  if (failures <= 1) return 0;
  return Math.min(backoff.firstMs * 2 ** (failures - 2), backoff.maxMs);
}

export class Supervisor {
  /**
   * `start(generation)` starts the part and returns { child, exited, stop(signal) } (parts.mjs's
   * startChild and its wrappers); `ready(part)` resolves once it serves (its /ready answers).
   */
  constructor({
    name,
    start,
    ready = async () => {},
    log = console.log,
    backoff = BACKOFF,
    startPriority = START_PRIORITY,
  }) {
    Object.assign(this, { name, startPart: start, readyPart: ready, log, backoff, startPriority });
    this.generation = 0;
    this.part = null;
    this.stopping = false;
    this.replacing = false;
    /** Exits in a row without a healthy run between them (restartDelay's `failures`). */
    this.failures = 0;
    /** Exits nobody asked for, with when they happened and when the part served again. */
    this.crashes = [];
  }

  /** Starts the part and resolves once it is ready. */
  async start() {
    this.generation++;
    const part = this.startPart(this.generation);
    this.part = part;
    part.exited.then((exit) => this.#exited(part, exit));
    // Its start first, then one process among the others (threads made while it started included);
    // not within a run of failures: a part that cannot start (its database down) would take the CPU
    // from what it waits for, again and again.
    const boosted = this.startPriority !== 0 && this.failures <= 1 && prioritise(part.child?.pid, this.startPriority);
    try {
      await this.readyPart(part);
    } finally {
      if (boosted) prioritise(part.child?.pid, 0);
    }
    part.readyAt = Date.now();
    // Every exit since the last good start ends here: the part serves again.
    for (const crash of this.crashes) crash.readyAt ??= Date.now();
    return part;
  }

  async #exited(part, exit) {
    if (this.stopping || this.replacing || part !== this.part) return;
    const crash = { at: Date.now(), exit: exit.code ?? exit.signal, readyAt: null };
    this.crashes.push(crash);
    // Served a while (from ready, not from start: a slow start is no health): well until now, so
    // this exit starts a new count; one that never served that long is one more failure in a row.
    const served = part.readyAt ? crash.at - part.readyAt : 0;
    this.failures = served >= this.backoff.steadyMs ? 1 : this.failures + 1;
    const delay = restartDelay(this.failures, this.backoff);
    this.log(`${this.name} exited (${crash.exit}): starting it again${delay ? ` in ${delay / 1000} s` : ''}`);
    await sleep(delay);
    if (this.stopping || part !== this.part) return;
    try {
      await this.start();
      this.log(`${this.name} is back, ready ${((crash.readyAt - crash.at) / 1000).toFixed(1)} s after it exited`);
    } catch (error) {
      // The new one failed to get ready (its exit, if any, is handled like any other).
      // The new one did not get ready: its own exit starts the next try (after a longer wait).
      this.log(`${this.name} did not start: ${error.message}`);
      const next = this.part;
      if (next && next.child.exitCode === null && next.child.signalCode === null) await next.stop('SIGKILL');
    }
  }

  /** Replaces the part: drains it (SIGTERM), starts a new one, resolves once that one is ready. */
  async restart() {
    this.replacing = true;
    // Replaced on purpose while it served: no run of failures (its start goes first).
    this.failures = 0;
    try {
      await this.part?.stop('SIGTERM');
      return await this.start();
    } finally {
      this.replacing = false;
    }
  }

  /** Stops the part for good. */
  async stop(signal = 'SIGTERM') {
    this.stopping = true;
    return this.part?.stop(signal);
  }
}

/**
 * Replaces `supervisors`' parts one at a time: each drains and its successor is ready and back in
 * the proxy (`inProxy(supervisor)`) before the next one goes, so the others carry the load.
 */
export async function rollingRestart(supervisors, { inProxy = async () => {}, log = console.log } = {}) {
  for (const supervisor of supervisors) {
    const began = Date.now();
    await supervisor.restart();
    await inProxy(supervisor);
    log(`${supervisor.name} replaced in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  }
}
