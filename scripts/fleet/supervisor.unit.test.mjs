// A part that fails is replaced, not fatal: the fleet's supervisor with real child processes.
import { readdirSync } from 'node:fs';
import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { freePort, sleep, startChild, waitFor } from './parts.mjs';
import { restartDelay, START_PRIORITY, Supervisor } from './supervisor.mjs';

const server = (port) =>
  startChild(process.execPath, [
    '-e',
    `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1'); process.on('SIGTERM', () => process.exit(0));`,
  ]);

describe('Supervisor', () => {
  it('starts a killed process again at once, ready; replaces it on purpose; stops only when told', async () => {
    const port = await freePort();
    const lines = [];
    const supervisor = new Supervisor({
      name: 'p',
      start: () => server(port),
      ready: (part) => waitFor(`http://127.0.0.1:${port}/ready`, 10_000, part.child),
      log: (line) => lines.push(line),
    });
    await supervisor.start();
    const first = supervisor.part;
    first.child.kill('SIGKILL');
    for (let i = 0; i < 100 && !supervisor.crashes[0]?.readyAt; i++) await sleep(100);
    expect(supervisor.crashes).toHaveLength(1);
    expect(supervisor.crashes[0].exit).toBe('SIGKILL');
    expect(supervisor.crashes[0].readyAt - supervisor.crashes[0].at).toBeLessThan(10_000);
    expect(supervisor.part).not.toBe(first);
    expect(await fetch(`http://127.0.0.1:${port}/`).then((r) => r.text())).toBe('ok');
    // On purpose: drained (SIGTERM, exit 0) and replaced, not counted as a crash.
    const second = supervisor.part;
    await supervisor.restart();
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(supervisor.crashes).toHaveLength(1);
    await supervisor.stop();
    await sleep(300);
    expect(supervisor.part.child.exitCode).toBe(0);
    expect(supervisor.crashes).toHaveLength(1);
  }, 20_000);

  it('a process that keeps failing is started again with a growing wait', async () => {
    const lines = [];
    let starts = 0;
    const supervisor = new Supervisor({
      name: 'crashy',
      start: () => {
        starts++;
        return startChild(process.execPath, ['-e', 'setTimeout(() => process.exit(3), 50)']);
      },
      log: (line) => lines.push(line),
      backoff: { firstMs: 100, maxMs: 400, steadyMs: 60_000 },
    });
    await supervisor.start();
    for (let i = 0; i < 60 && starts < 6; i++) await sleep(100);
    await supervisor.stop();
    expect(starts).toBeGreaterThanOrEqual(5);
    const waits = lines
      .filter((line) => line.includes('starting it again'))
      .map((line) => /in ([\d.]+) s/.exec(line)?.[1] ?? '0');
    expect(waits.slice(0, 5)).toEqual(['0', '0.1', '0.2', '0.4', '0.4']);
  }, 20_000);

  it('waits only within a run of failures: the first at once, then doubling to the cap', () => {
    const backoff = { firstMs: 1_000, maxMs: 30_000, steadyMs: 10_000 };
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((failures) => restartDelay(failures, backoff))).toEqual([
      0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it('a process killed after a healthy run is started again at once, however often (issue 45: ready within 10 s)', async () => {
    const port = await freePort();
    const lines = [];
    const supervisor = new Supervisor({
      name: 'steady',
      start: () => server(port),
      ready: (part) => waitFor(`http://127.0.0.1:${port}/ready`, 10_000, part.child),
      log: (line) => lines.push(line),
      // Healthy after 400 ms of serving; a wait would be 5 s, well past what the test allows.
      backoff: { firstMs: 5_000, maxMs: 5_000, steadyMs: 400 },
    });
    await supervisor.start();
    for (let kill = 1; kill <= 3; kill++) {
      await sleep(600);
      supervisor.part.child.kill('SIGKILL');
      for (let i = 0; i < 100 && !supervisor.crashes[kill - 1]?.readyAt; i++) await sleep(50);
      expect(supervisor.crashes[kill - 1].readyAt - supervisor.crashes[kill - 1].at).toBeLessThan(3_000);
    }
    // Killed again before it had served 400 ms: the second failure in a row waits.
    supervisor.part.child.kill('SIGKILL');
    for (let i = 0; i < 40 && lines.filter((line) => line.includes('starting it again')).length < 4; i++)
      await sleep(50);
    await supervisor.stop();
    const waits = lines
      .filter((line) => line.includes('starting it again'))
      .map((line) => /in ([\d.]+) s/.exec(line)?.[1] ?? '0');
    expect(waits).toEqual(['0', '0', '0', '5']);
  }, 30_000);

  // Lowering a niceness takes root (CAP_SYS_NICE): elsewhere the parts start at 0, as before.
  it.skipIf(process.getuid?.() !== 0)(
    'a part starts ahead of the others (niceness -5) and is one among them once ready, every thread',
    async () => {
      const port = await freePort();
      const seen = [];
      const supervisor = new Supervisor({
        name: 'boosted',
        start: () => server(port),
        ready: async (part) => {
          await waitFor(`http://127.0.0.1:${port}/ready`, 10_000, part.child);
          seen.push(getPriority(part.child.pid));
        },
        log: () => {},
      });
      await supervisor.start();
      const pid = supervisor.part.child.pid;
      const threads = readdirSync(`/proc/${pid}/task`).map(Number);
      const afterReady = threads.map((thread) => getPriority(thread));
      await supervisor.stop();
      expect(threads.length).toBeGreaterThan(1);
      expect(START_PRIORITY).toBe(-5);
      expect(seen).toEqual([-5]);
      // Every thread, those made while it started included, back at 0 once ready.
      expect(afterReady).toEqual(threads.map(() => 0));
    },
  );

  it.skipIf(process.getuid?.() !== 0)(
    'a part failing again and again starts at 0: only the first start of a run of failures goes first',
    async () => {
      const seen = [];
      const supervisor = new Supervisor({
        name: 'failing',
        start: () => startChild(process.execPath, ['-e', 'setTimeout(() => process.exit(3), 400)']),
        ready: async (part) => {
          seen.push(getPriority(part.child.pid));
        },
        log: () => {},
        backoff: { firstMs: 50, maxMs: 100, steadyMs: 60_000 },
      });
      await supervisor.start();
      for (let i = 0; i < 60 && seen.length < 4; i++) await sleep(100);
      await supervisor.stop();
      expect(seen.slice(0, 4)).toEqual([-5, -5, 0, 0]);
    },
  );
});
