import autocannon from 'autocannon';

export type LoadResult = { label: string; rps: number; p50: number; p99: number; errors: number; non2xx: number };

/** A bounded load run against this machine only: fixed connections and duration, then it stops. */
export async function load(label: string, url: string, options: { connections?: number; duration?: number } = {}) {
  const result = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: options.duration ?? 10,
    headers: { apptype: 'h5', appversion: '1.0', language: 'en-US' },
  });
  const out: LoadResult = {
    label,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
  return out;
}

export function printTable(rows: LoadResult[], baseline: LoadResult) {
  console.log('\n| call | req/s | p50 ms | p99 ms | vs bare Fastify | errors |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) {
    const ratio = ((row.rps / baseline.rps) * 100).toFixed(0);
    console.log(`| ${row.label} | ${row.rps} | ${row.p50} | ${row.p99} | ${ratio}% | ${row.errors + row.non2xx} |`);
  }
}
