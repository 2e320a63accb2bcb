/**
 * The CPU of finding a prepared statement for a template (`preparedStatement` in
 * `apps/server/src/platform/db.ts`: the template's key and pieces, the map lookup and the check that
 * the kept statement was made of the same pieces), for statements like the checkout's. Each lookup
 * is of a fresh template, as the services make one per call: timed alone (the templates made
 * beforehand) and with the making, since the helpers' share of the work (`textChunk`) is there.
 * Run it with NODE_ENV=production (outside production a statement's text is also built the first
 * time, and checked):
 *
 *   NODE_ENV=production node bench/statement-lookup.ts     (about 10 s; BENCH_LOOKUPS templates a column)
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { orderHistory, orderItems, orders } from '../apps/server/src/modules/orders/tables.ts';
import { alongside, columnsOf, preparedStatement, setOf, valuesOf } from '../apps/server/src/platform/db.ts';
import { sql } from '../apps/server/src/platform/sql.ts';
import { buildQuery, shapeOfQuery, TextPieces } from '../apps/server/src/platform/sql-text.ts';

const N = Number(process.env.BENCH_LOOKUPS ?? 100_000);
const dialect = new PgDialect();
const now = new Date('2026-11-23T22:00:00.000Z');
const id = (i: number) => `0b6c1a52-3d39-4b5e-9a38-${String(i).padStart(12, '0')}`;

const kinds: [string, (i: number) => SQL][] = [
  [
    'a row by key',
    (i) => sql`SELECT ${columnsOf(orders)} FROM ${orders} WHERE id = ${id(i)} AND user_id = ${id(i + 1)}`,
  ],
  [
    'a state move (setOf)',
    (i) =>
      sql`UPDATE ${orders} SET ${setOf(orders, { state: 'WS', updatedAt: now, deadlineAt: null, paidCents: i })} WHERE id = ${id(i)} AND ${orders.state} IN ${['WP']} RETURNING ${columnsOf(orders)}`,
  ],
  [
    'five order lines (valuesOf)',
    (i) =>
      sql`INSERT INTO ${orderItems} ${valuesOf(
        orderItems,
        [1, 2, 3, 4, 5].map((n) => ({
          orderId: id(i),
          skuId: String(n),
          productId: String(n + i),
          name: 'Phone',
          specText: 'Black',
          imageUrl: null,
          priceCents: 100 * n,
          quantity: n,
        })),
      )} ON CONFLICT DO NOTHING RETURNING id`,
  ],
  [
    'an order with its rows alongside (valuesOf)',
    (i) =>
      sql`${alongside([
        sql`INSERT INTO ${orderItems} ${valuesOf(orderItems, [
          {
            orderId: id(i),
            skuId: '7',
            productId: '3',
            name: 'Phone',
            specText: 'Black',
            imageUrl: null,
            priceCents: 100,
            quantity: 2,
          },
        ])}`,
        sql`INSERT INTO ${orderHistory} ${valuesOf(orderHistory, [
          { orderId: id(i), action: 'create', fromState: null, toState: 'WP', actor: 'user' },
        ])}`,
      ])} INSERT INTO ${orders} ${valuesOf(orders, [
        {
          id: id(i),
          orderNo: String(2026112300000 + i),
          userId: id(i + 1),
          state: 'WP',
          shipType: 'STORE',
          payType: 'ONLINE',
          itemTotalCents: 200,
          shippingFeeCents: 0,
          serviceFeeCents: 0,
          discountCents: 0,
          payableCents: 200,
          payChannel: null,
          couponId: null,
          buyerComment: null,
          address: null,
          storeId: 'store-1',
          deadlineAt: now,
        },
      ])} RETURNING ${columnsOf(orders)}`,
  ],
];

/**
 * CPU nanoseconds per template of `work`, over batches of 1,000 fresh templates (a template's own
 * chunks are hashed at their first use, as at every call): the 10th and 50th percentiles of the
 * batches. `made`: the templates are made before the timing, and only `work` is timed.
 */
function nsEach(make: (i: number) => SQL, work: (query: SQL) => unknown, made: boolean): string {
  const batches: number[] = [];
  for (let done = 0; done < N; done += 1000) {
    const batch = made ? Array.from({ length: 1000 }, (_, i) => make(done + i)) : [];
    const start = process.cpuUsage();
    if (made) for (let i = 0; i < batch.length; i++) work(batch[i]);
    else for (let i = 0; i < 1000; i++) work(make(done + i));
    const { user, system } = process.cpuUsage(start);
    batches.push(user + system); // µs per 1,000: ns each
  }
  batches.sort((a, b) => a - b);
  return `${batches[Math.floor(batches.length / 10)]} / ${batches[Math.floor(batches.length / 2)]} ns`;
}

const find = (query: SQL) => preparedStatement(dialect, query);
const findByText = (query: SQL) => byText.get(buildQuery(dialect, query).sql);
/** What the key replaced: the text built, and its name found by it. */
const byText = new Map<string, string>();

console.log(
  `NODE_ENV=${process.env.NODE_ENV}; ${N} templates a column; CPU per template, p10 / p50 of batches of 1,000`,
);
console.log(
  '| statement | text length | pieces | make it | find its statement | make it and find its statement | by its text (reference) |',
);
console.log('|---|---|---|---|---|---|---|');
for (const [label, make] of kinds) {
  const { sql: text } = buildQuery(dialect, make(0));
  byText.set(text, 'kept');
  const pieces = new TextPieces();
  shapeOfQuery(dialect, make(0), pieces);
  if (!find(make(0))) throw new Error(`${label}: no prepared statement`);
  nsEach(make, find, false); // warm-up
  const columns = [
    nsEach(make, () => {}, false),
    nsEach(make, find, true),
    nsEach(make, find, false),
    nsEach(make, findByText, true),
  ];
  console.log(`| ${label} | ${text.length} | ${pieces.count} | ${columns.join(' | ')} |`);
}
