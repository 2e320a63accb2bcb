// The fault test's fixture and books (scripts/fleet/fault-load.mjs): shoppers and products made
// through the modules' services, the queue drained, and the books read straight from the database.
import { shopInProcess, sleep } from './parts.mjs';

/** Shoppers (pay password, funded wallet, a session) and products, through the modules' services. */
export async function seed(databaseUrl, env, { shoppers, stock, priceCents, fundCents }) {
  const { seedCheckoutLoad, LOAD_PAY_PASSWORD } = await import('../../apps/server/test/checkout-load.ts');
  const shop = await shopInProcess(databaseUrl, env);
  try {
    const fixture = await seedCheckoutLoad(shop, {
      shoppers,
      products: 20,
      stockEach: stock,
      priceCents,
      fundCents,
    });
    return { ...fixture, payPassword: LOAD_PAY_PASSWORD };
  } finally {
    await shop.close();
  }
}

/** Waits until no job is due (or `ms` passed); how long it took. */
export async function drainJobs(databaseUrl, ms) {
  const { openPostgres, queryRows } = await import('../../apps/server/src/platform/db.ts');
  const { sql } = await import('../../apps/server/src/platform/sql.ts');
  const database = openPostgres(databaseUrl, 1);
  const started = Date.now();
  try {
    while (Date.now() - started < ms) {
      const [row] = await queryRows(
        database.db,
        sql`SELECT count(*)::int AS due FROM jobs WHERE done_at IS NULL AND attempts < max_attempts AND run_at <= now()`,
      );
      if (row.due === 0) return Date.now() - started;
      await sleep(500);
    }
    return Date.now() - started;
  } finally {
    await database.close();
  }
}

/** The books after the load (read straight from the database). */
export async function audit(databaseUrl, paidByClient) {
  const { openPostgres, queryRows } = await import('../../apps/server/src/platform/db.ts');
  const { sql } = await import('../../apps/server/src/platform/sql.ts');
  const { Ledger } = await import('../../apps/server/src/modules/wallet/ledger.ts');
  const { ORDER_STATES } = await import('../../apps/server/src/modules/orders/transitions.ts');
  const database = openPostgres(databaseUrl, 2);
  const rows = (text) => queryRows(database.db, text);
  try {
    const ledger = await new Ledger(database.db).audit();
    const orders = await rows(sql`
      SELECT o.id, o.state, o.paid_cents, o.payable_cents,
        (SELECT count(*)::int FROM payments p WHERE p.order_id = o.id AND p.status = 'SUCCEEDED') AS succeeded
      FROM orders o`);
    const byId = new Map(orders.map((order) => [order.id, order]));
    const lost = [...paidByClient].filter((id) => {
      const order = byId.get(id);
      return !order || ['WP', 'CANCEL'].includes(order.state) || order.paid_cents !== order.payable_cents;
    });
    const paidTwice = await rows(sql`
      SELECT payable_kind, order_id FROM payments GROUP BY 1, 2 HAVING count(*) FILTER (WHERE status = 'SUCCEEDED') > 1`);
    const overpaid = orders.filter((order) => order.paid_cents > order.payable_cents || order.succeeded > 1);
    const unknownState = orders.filter((order) => !ORDER_STATES.includes(order.state));
    const paidButWaiting = orders.filter((order) => order.state === 'WP' && order.succeeded > 0);
    const [stock] = await rows(
      sql`SELECT count(*) FILTER (WHERE stock < 0)::int AS negative, count(*)::int AS skus FROM catalogue_items`,
    );
    const [jobs] = await rows(sql`
      SELECT count(*)::int AS total, count(*) FILTER (WHERE done_at IS NOT NULL)::int AS done,
        count(*) FILTER (WHERE done_at IS NULL AND attempts < max_attempts AND run_at <= now())::int AS due,
        count(*) FILTER (WHERE done_at IS NULL AND attempts < max_attempts AND run_at > now())::int AS later,
        count(*) FILTER (WHERE done_at IS NULL AND attempts >= max_attempts)::int AS exhausted
      FROM jobs`);
    const topups = await rows(sql`SELECT state, count(*)::int AS n FROM topup_orders GROUP BY 1 ORDER BY 1`);
    const [withdrawals] = await rows(sql`SELECT count(*)::int AS n FROM withdrawals`);
    return {
      orders: orders.length,
      paidOrders: orders.filter((order) => order.succeeded > 0).length,
      lost,
      double: paidTwice.length + overpaid.length,
      ledger,
      negativeStock: stock.negative,
      unknownState: unknownState.length,
      paidButWaiting: paidButWaiting.length,
      jobs,
      topups: Object.fromEntries(topups.map((row) => [row.state, row.n])),
      withdrawals: withdrawals.n,
    };
  } finally {
    await database.close();
  }
}
