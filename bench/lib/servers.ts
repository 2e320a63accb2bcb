import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
const SHOP_MAIN = path.join(root, 'apps/server/dist/main.mjs');
const node = process.execPath;

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type Running = { child: ChildProcess; port: number; url: string; startMs: number; stop(): Promise<void> };

/** Polls `url` until it answers 200; returns the milliseconds since `since`. */
export async function waitFor(url: string, since: number, timeoutMs = 60_000): Promise<number> {
  while (performance.now() - since < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok) {
        await res.arrayBuffer();
        return performance.now() - since;
      }
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export async function startProcess(script: string, env: Record<string, string>, readyPath: string): Promise<Running> {
  const port = await freePort();
  const since = performance.now();
  // The shop as `npm start` and the image run it: its young generation's cap, its old generation's
  // growth, and glibc's arenas and mapping threshold (decisions 0034, 0083). BENCH_SEMI_SPACE_MB,
  // BENCH_HEAP_GROWING_PERCENT, BENCH_SHOP_FLAGS (more of node's flags) and the MALLOC_* variables
  // of the bench's own environment try other settings (decision 0078). BENCH_SHOP_STDOUT, a file the
  // shop's standard output goes to (node's --trace-gc writes there, and the request log at
  // BENCH_SHOP_LOG_LEVEL=info: each answer's time and URL).
  const flags =
    script === SHOP_MAIN
      ? [
          `--max-semi-space-size=${process.env.BENCH_SEMI_SPACE_MB ?? 16}`,
          `--heap-growing-percent=${process.env.BENCH_HEAP_GROWING_PERCENT ?? 50}`,
          ...(process.env.BENCH_SHOP_FLAGS ?? '').split(' ').filter(Boolean),
        ]
      : [];
  const stdout =
    script === SHOP_MAIN && process.env.BENCH_SHOP_STDOUT ? openSync(process.env.BENCH_SHOP_STDOUT, 'a') : 'ignore';
  const child = spawn(node, [...flags, script], {
    cwd: root,
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.BENCH_SHOP_LOG_LEVEL ?? 'warn',
      ...env,
    },
    stdio: ['ignore', stdout, 'inherit'],
  });
  // The child holds its own copy of the file.
  if (typeof stdout === 'number') closeSync(stdout);
  const url = `http://127.0.0.1:${port}`;
  // A server that does not come up is not left behind (it would hold the bench's output open).
  const startMs = await waitFor(
    `${url}${readyPath}`,
    since,
    Number(process.env.BENCH_START_TIMEOUT_MS ?? 180_000),
  ).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return {
    child,
    port,
    url,
    startMs,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Resident memory of a process, from /proc (Linux). */
export function rssMb(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1]);
  return Math.round(kb / 1024);
}

/**
 * CPU time a process has used so far, in microseconds (user + system, from /proc: Linux), or NaN.
 * The kernel counts it in clock ticks (10 ms), so it is read around loads of many requests.
 */
export function cpuMicros(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
  } catch {
    return Number.NaN;
  }
}
