import http from 'node:http';
import autocannon from 'autocannon';
import { cpuMicros } from './servers.ts';

export type LoadResult = {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Bytes read per answer, headers included (autocannon's byte count over its answers). */
  wireBytes: number;
  /** The body of one answer as sent (content-length), and its content-encoding if any. */
  bodyBytes: number;
  encoding: string;
  /**
   * The server's CPU time per answer (µs), when its process was given: steadier than the rate on a
   * shared machine, where the neighbours move the rate more than they move the work per request.
   */
  serverCpuUs: number;
};

/** The headers the shop's screens send with every call (DESIGN §4). */
const APP_HEADERS = { apptype: 'h5', appversion: '1.0', language: 'en-US' };
/** What real phones and the wallet app's web view add: they always accept compressed answers. */
export const PHONE_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br' };

/** One request with the same headers, to say what the load measured: body size and coding. */
function probe(url: string, headers: Record<string, string>): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'none') }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** One dynamic request that asks `paths` in turn on each connection (its own place in the list). */
function walk(paths: string[]): autocannon.Request {
  return {
    method: 'GET',
    setupRequest: (request, context) => {
      const place = context as { at?: number };
      place.at = place.at === undefined ? 0 : (place.at + 1) % paths.length;
      return { ...request, path: paths[place.at] };
    },
  };
}

/**
 * A bounded load run against this machine only: fixed connections and duration, then it stops.
 * `headers` are added to the app's own (for instance PHONE_ENCODINGS).
 */
export async function load(
  label: string,
  url: string,
  options: {
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    pid?: number;
    /** Paths each connection asks in turn (varied keywords and pages), instead of `url`'s alone. */
    paths?: string[];
    /** The path of each request in turn, across connections (a long tail no two requests share). */
    next?: () => string;
  } = {},
) {
  const headers = { ...APP_HEADERS, ...options.headers };
  const next = options.next ?? (() => '/');
  const cpuBefore = cpuMicros(options.pid);
  const result = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: options.duration ?? 10,
    headers,
    // Each connection walks the paths in turn from the first, as autocannon's `requests` list does,
    // but each request is made when sent: a list of 20,000 paths was built for each of the 50
    // connections before the load began (a minute at 100,000 products, and the load's own timer
    // then ran late: issue 48's details at 100,000 and its search cache read 0 bytes after them).
    ...(options.paths ? { requests: [walk(options.paths)] } : {}),
    ...(options.next
      ? { requests: [{ method: 'GET' as const, setupRequest: (request) => ({ ...request, path: next() }) }] }
      : {}),
  });
  const serverCpuUs = (cpuMicros(options.pid) - cpuBefore) / result.requests.total;
  const sample = await probe(url, headers);
  const out: LoadResult = {
    label,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    wireBytes: result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
    bodyBytes: sample.bytes,
    encoding: sample.encoding,
    serverCpuUs,
  };
  return out;
}

export function printTable(rows: LoadResult[], baseline: LoadResult) {
  console.log(
    '\n| call | req/s | p50 ms | p99 ms | vs bare Fastify | server CPU µs/answer | body bytes (coding) | bytes/answer | errors |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const ratio = ((row.rps / baseline.rps) * 100).toFixed(0);
    console.log(
      `| ${row.label} | ${row.rps} | ${row.p50} | ${row.p99} | ${ratio}% | ${Number.isNaN(row.serverCpuUs) ? '—' : row.serverCpuUs.toFixed(0)} | ${row.bodyBytes} (${row.encoding}) | ${row.wireBytes} | ${row.errors + row.non2xx} |`,
    );
  }
}
