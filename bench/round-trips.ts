/**
 * What one database round trip costs on this machine, apart from the statement's own work: the CPU
 * of the Node process per round trip (node-postgres, as the server uses it), and the same work sent
 * as one round trip. A checkout makes 20 of them (issue 5), so this is the floor it stands on.
 *
 *   node bench/round-trips.ts      (BENCH_PG_URL as in bench/checkout.ts; stops by itself, ~20 s)
 */
import pg from 'pg';

const url = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const N = Number(process.env.BENCH_ROUND_TRIPS ?? 3000);
const cpuMicros = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

const client = new pg.Client({ connectionString: url });
await client.connect();

async function measure(label: string, roundTrips: number, work: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 300; i++) await work(i); // warm-up
  const cpu = cpuMicros();
  const wall = performance.now();
  for (let i = 0; i < N; i++) await work(i);
  const cpuEach = (cpuMicros() - cpu) / N;
  const wallEach = ((performance.now() - wall) * 1000) / N;
  console.log(
    `| ${label} | ${roundTrips} | ${cpuEach.toFixed(0)} µs | ${wallEach.toFixed(0)} µs | ${(cpuEach / roundTrips).toFixed(0)} µs |`,
  );
}

console.log('| work | round trips | Node CPU | wall time | Node CPU per round trip |');
console.log('|---|---|---|---|---|');
await measure('one prepared statement (`select $1`)', 1, (i) =>
  client.query({ name: 'round_trip', text: 'select $1::int as x', values: [i] }),
);
await measure('a transaction of 4 prepared statements, one at a time', 6, async () => {
  await client.query('BEGIN');
  for (let k = 0; k < 4; k++) await client.query({ name: 'round_trip', text: 'select $1::int as x', values: [k] });
  await client.query('COMMIT');
});
await measure('the same transaction as one simple-protocol message', 1, () =>
  client.query('BEGIN; select 1; select 2; select 3; select 4; COMMIT'),
);
await client.end();
