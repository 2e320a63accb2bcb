// Faults survived, nothing lost (fleet issue §5). Three shop processes behind HAProxy on a
// PostgreSQL cluster of the test's own. A mixed load of shoppers (browse, search, cart, checkout
// paid from the wallet, checkout paid at the bank with its callback sent twice, top-ups,
// withdrawals) runs through the proxy for FLEET_TEST_SECONDS (120) while one process is SIGKILLed
// every 20 s and started again, and PostgreSQL is restarted once. Then the books are read:
// no paid order lost, none paid twice, the ledger balanced, no negative stock, every order in a
// state of its own, every job done or due; and every failed request answered with a catalogue
// error, inside a kill's or the restart's window. The other processes exit 0 on SIGTERM.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { writeHaproxy } from './haproxy.mjs';
import { freePort, sleep, startHaproxy, startShop, waitFor } from './parts.mjs';

const SECONDS = Number(process.env.FLEET_TEST_SECONDS || 120);
const KILL_EVERY_S = Number(process.env.FLEET_TEST_KILL_EVERY || 20);
const SHOPPERS = 40;
const USERS = Number(process.env.FLEET_TEST_USERS || 8);
const PRICE = 100;
const STOCK = 100_000;
/** A request not answered within this is a hang (the proxy answers within its 12 s server timeout). */
const CLIENT_TIMEOUT_MS = 20_000;
/** A failure this long after a kill, or during the database's restart and this long after, is expected. */
const KILL_WINDOW_MS = 5_000;
const RESTART_WINDOW_MS = 10_000;
const CATALOGUE_CODE = /^[A-Z]{3}\d{4,5}$/;

/** Shoppers (pay password, funded wallet, a session) and products, through the modules' services. */
async function seed(databaseUrl, env) {
  const { loadConfig } = await import('../../apps/server/src/platform/config.ts');
  const { openDatabase } = await import('../../apps/server/src/platform/db.ts');
  const { buildApp } = await import('../../apps/server/src/app.ts');
  const { seedCheckoutLoad, LOAD_PAY_PASSWORD } = await import('../../apps/server/test/checkout-load.ts');
  const config = loadConfig({
    ...process.env,
    ...env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
  });
  const database = await openDatabase(config);
  const shop = await buildApp(config, database);
  try {
    const fixture = await seedCheckoutLoad(shop, {
      shoppers: SHOPPERS,
      products: 20,
      stockEach: STOCK,
      priceCents: PRICE,
      fundCents: 10_000_000,
    });
    return { ...fixture, payPassword: LOAD_PAY_PASSWORD };
  } finally {
    await shop.close();
  }
}

/** The books after the load (read straight from the database). */
async function audit(databaseUrl, paidByClient) {
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
        count(*) FILTER (WHERE done_at IS NULL AND attempts < max_attempts)::int AS due,
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

export async function faultLoad({ dir, postgres, databaseUrl, env }) {
  mkdirSync(dir, { recursive: true });
  const fixture = await seed(databaseUrl, env);
  // The top-up provider's simulator (production has none unless it is set).
  const shopEnv = {
    ...env,
    DATABASE_URL: databaseUrl,
    DEMO_DATA: '0',
    JOB_POLL_MS: '500',
    TOPUP_PROVIDER: 'simulator',
  };
  const shops = [];
  for (let i = 0; i < 3; i++) {
    const port = await freePort();
    shops.push({ name: `shop${i + 1}`, port, generation: 0 });
  }
  const start = (shop) => {
    shop.generation++;
    shop.process = startShop({
      name: shop.name,
      port: shop.port,
      env: shopEnv,
      logFile: path.join(dir, `${shop.name}.${shop.generation}.log`),
    });
    return waitFor(`http://127.0.0.1:${shop.port}/ready`, 120_000, shop.process.child);
  };
  await Promise.all(shops.map(start));
  const proxyPort = await freePort();
  const configFile = writeHaproxy(path.join(dir, 'haproxy'), {
    bind: `127.0.0.1:${proxyPort}`,
    servers: shops.map((shop) => ({ name: shop.name, address: `127.0.0.1:${shop.port}` })),
  });
  const proxy = startHaproxy({
    configFile,
    env: { SHOP_RATE_LIMIT_PER_MINUTE: '100000000' },
    logFile: path.join(dir, 'haproxy.log'),
  });
  const base = `http://127.0.0.1:${proxyPort}`;
  await waitFor(`${base}/ready`, 30_000, proxy.child);

  const { createHmac } = await import('node:crypto');
  const paymentSecret = env.PAYMENT_SECRET;
  const figures = {
    requests: 0,
    ok: 0,
    refused: 0,
    failed: 0,
    failedInWindow: 0,
    failedOutside: 0,
    hung: 0,
    notCatalogue: 0,
    closedAtKill: 0,
  };
  /** A shopper whose request failed waits a moment before the next, as a phone showing the error would. */
  let backoff = false;
  const refusals = new Map();
  const failures = [];
  const windows = [];
  const paidByClient = new Set();
  const began = Date.now();
  const until = began + SECONDS * 1000;

  /** One request through the proxy; the answer's body, or null when it failed (counted). */
  async function call(method, url, { token, body } = {}) {
    figures.requests++;
    const at = Date.now();
    let status = 0;
    let answer = null;
    try {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          'content-type': 'application/json',
          language: 'en-US',
          apptype: 'h5',
          appversion: '1.0',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
      });
      status = res.status;
      const text = await res.text();
      try {
        answer = JSON.parse(text);
      } catch {
        answer = null;
      }
      if (status === 200 && url.startsWith('/h5/')) {
        figures.ok++;
        return {};
      }
      if (status === 200 && answer) {
        if (answer.code === '0') figures.ok++;
        else {
          figures.refused++;
          refusals.set(answer.code, (refusals.get(answer.code) ?? 0) + 1);
        }
        return answer;
      }
    } catch (error) {
      if (error.name === 'TimeoutError') figures.hung++;
      answer = { transport: `${error.name} ${error.cause?.code ?? error.cause?.message ?? error.message}` };
    }
    // Failed: in a window (a kill, the restart) or not; with a catalogue error or not.
    figures.failed++;
    // In a window: in flight when it opened, or sent while it was open.
    const now = Date.now();
    const expected = windows.some((w) => now >= w.from && at <= (w.to ?? now) + w.grace);
    if (expected) figures.failedInWindow++;
    else figures.failedOutside++;
    const catalogue = answer && CATALOGUE_CODE.test(String(answer.code)) && typeof answer.msg === 'string';
    // A POST in flight on a killed process over a kept-alive connection: HAProxy closes the
    // client's connection (so that the client may try again, RFC 9112 §9.3.1) instead of a 502.
    const closedAtKill =
      answer?.transport?.includes('UND_ERR_SOCKET') &&
      windows.some((w) => w.kind === 'kill' && now >= w.from && at <= (w.to ?? now) + w.grace);
    if (closedAtKill) figures.closedAtKill++;
    else if (!catalogue) figures.notCatalogue++;
    backoff = true;
    if (failures.length < 30)
      failures.push(
        `${((at - began) / 1000).toFixed(1)}s ${method} ${url} → ${status} ${answer?.code ?? answer?.transport ?? ''}`,
      );
    return null;
  }

  const sku = () => fixture.skuIds[Math.floor(Math.random() * fixture.skuIds.length)];
  const buy = async (token) => {
    const pre = await call('POST', '/v1/preorder/createdirect', {
      token,
      body: { skuId: sku(), quantity: 1, shipType: 'STORE' },
    });
    if (pre?.code !== '0') return null;
    const order = await call('POST', '/v1/preorder/finish', { token, body: { preorderId: pre.data.id } });
    return order?.code === '0' ? order.data.orderId : null;
  };
  const scenarios = [
    // browse
    [
      3,
      async () => {
        await call('GET', '/v1/threelevelcategory/query');
        await call('GET', `/v1/product/queryproductitemsinproduct?productItemId=${sku()}`);
      },
    ],
    // search
    [2, () => call('GET', `/v1/product/search?keyword=${encodeURIComponent('Load item')}&page=1&size=10`)],
    // cart
    [
      2,
      async (token) => {
        await call('POST', '/v1/shoppingcart/add', { token, body: { skuId: sku(), quantity: 1 } });
        await call('GET', '/v1/shoppingcart/query', { token });
      },
    ],
    // checkout, wallet pay
    [
      3,
      async (token) => {
        const orderId = await buy(token);
        if (!orderId) return;
        const paid = await call('POST', '/v1/order/pay', {
          token,
          body: { orderId, channel: 'wallet', payPassword: fixture.payPassword },
        });
        if (paid?.code === '0' && paid.data.status === 'SUCCEEDED') paidByClient.add(orderId);
      },
    ],
    // checkout, paid at the bank: its callback arrives twice (banks retry)
    [
      2,
      async (token) => {
        const orderId = await buy(token);
        if (!orderId) return;
        const started = await call('POST', '/v1/order/pay', { token, body: { orderId, channel: 'sandbox' } });
        if (started?.code !== '0') return;
        const callback = {
          paymentId: started.data.paymentId,
          status: 'SUCCEEDED',
          amountCents: PRICE,
          transactionId: `bank-${randomUUID()}`,
          timestamp: Math.floor(Date.now() / 1000),
        };
        const signature = createHmac('sha256', paymentSecret)
          .update(
            `${callback.paymentId}|${callback.status}|${callback.amountCents}|${callback.transactionId}|${callback.timestamp}`,
          )
          .digest('hex');
        let acknowledged = false;
        for (let i = 0; i < 2; i++) {
          figures.requests++;
          const res = await fetch(`${base}/v1/pay/callback/sandbox`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ ...callback, signature }),
            signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
          }).catch(() => null);
          await res?.arrayBuffer();
          if (res?.status === 200) {
            figures.ok++;
            acknowledged = true;
          } else {
            figures.failed++;
            const at = Date.now();
            if (windows.some((w) => at >= w.from && at <= (w.to ?? Date.now()) + w.grace)) figures.failedInWindow++;
            else figures.failedOutside++;
          }
        }
        if (acknowledged) paidByClient.add(orderId);
      },
    ],
    // top-up, paid from the wallet
    [
      2,
      async (token) => {
        const created = await call('POST', '/v1/topup/order/create', {
          token,
          body: { phone: '012345678', amountCents: 500 },
        });
        if (created?.code !== '0') return;
        await call('POST', '/v1/order/pay', {
          token,
          body: { orderId: created.data.id, kind: 'topup', channel: 'wallet', payPassword: fixture.payPassword },
        });
      },
    ],
    // withdrawal
    [
      1,
      (token) =>
        call('POST', '/v1/wallet/withdrawal/apply', {
          token,
          body: {
            amountCents: 500,
            payPassword: fixture.payPassword,
            destination: { bank: 'aba', accountName: 'Fleet Test', accountNumber: '000 123 456' },
            requestId: randomUUID(),
          },
        }),
    ],
    // a page
    [1, () => call('GET', '/h5/')],
  ];
  const weights = scenarios.reduce((sum, [weight]) => sum + weight, 0);
  const pick = () => {
    let r = Math.random() * weights;
    for (const [weight, run] of scenarios) {
      r -= weight;
      if (r < 0) return run;
    }
    return scenarios[0][1];
  };

  const users = Array.from({ length: USERS }, async (_, i) => {
    const { token } = fixture.shoppers[i % fixture.shoppers.length];
    while (Date.now() < until) {
      backoff = false;
      await pick()(token);
      await sleep(backoff ? 500 : 20);
    }
  });

  // Faults: a process SIGKILLed every KILL_EVERY_S and started again; PostgreSQL restarted once,
  // between two kills past the middle of the run.
  const at = (ms) => sleep(Math.max(0, began + ms - Date.now()));
  const log = (from, text) => console.log(`  ${((from - began) / 1000).toFixed(1)} s: ${text}`);
  const kills = (async () => {
    let next = 0;
    for (let t = KILL_EVERY_S * 1000; t < SECONDS * 1000 - 5_000; t += KILL_EVERY_S * 1000) {
      await at(t);
      const shop = shops[next++ % shops.length];
      const window = { kind: 'kill', from: Date.now(), grace: KILL_WINDOW_MS };
      windows.push(window);
      shop.process.child.kill('SIGKILL');
      await shop.process.exited;
      window.to = Date.now();
      // Started again at once; while the database restarts a start may fail: it is tried again.
      for (let attempt = 1; ; attempt++) {
        try {
          await start(shop);
          break;
        } catch (error) {
          if (attempt >= 5) throw error;
          await sleep(2_000);
        }
      }
      log(window.from, `${shop.name} killed, ready again after ${((Date.now() - window.to) / 1000).toFixed(1)} s`);
    }
  })();
  const restart = (async () => {
    await at(Math.round(SECONDS * 0.6) * 1000 - (KILL_EVERY_S * 1000) / 2);
    const window = { kind: 'restart', from: Date.now(), grace: RESTART_WINDOW_MS };
    windows.push(window);
    await postgres.restart();
    window.to = Date.now();
    log(window.from, `PostgreSQL restarted (down ${window.to - window.from} ms)`);
  })();
  const faults = Promise.all([kills, restart]);
  await Promise.all([...users, faults]);
  const loadSeconds = (Date.now() - began) / 1000;

  // The queue settles (callbacks, top-ups sent), then every process drains and exits.
  await sleep(8_000);
  await proxy.stop();
  const exits = await Promise.all(shops.map((shop) => shop.process.stop('SIGTERM')));
  const books = await audit(databaseUrl, paidByClient);

  const problems = [];
  if (books.lost.length) problems.push(`${books.lost.length} paid orders lost: ${books.lost.slice(0, 5).join(', ')}`);
  if (books.double) problems.push(`${books.double} payments taken twice`);
  if (books.ledger.length) problems.push(`ledger: ${books.ledger.slice(0, 5).join('; ')}`);
  if (books.negativeStock) problems.push(`${books.negativeStock} SKUs with negative stock`);
  if (books.unknownState || books.paidButWaiting)
    problems.push(`orders out of state: ${books.unknownState} unknown, ${books.paidButWaiting} paid but waiting`);
  if (books.jobs.exhausted) problems.push(`${books.jobs.exhausted} jobs neither done nor due`);
  if (figures.failedOutside)
    problems.push(`${figures.failedOutside} requests failed outside a kill's or the restart's window`);
  if (figures.notCatalogue)
    problems.push(`${figures.notCatalogue} failed requests not answered with a catalogue error`);
  if (figures.hung) problems.push(`${figures.hung} requests hung past ${CLIENT_TIMEOUT_MS / 1000} s`);
  if (exits.some((exit) => exit.code !== 0))
    problems.push(`exit codes on SIGTERM: ${exits.map((e) => e.code ?? e.signal).join(', ')}`);
  if (paidByClient.size === 0) problems.push('nothing was paid: the load proved nothing');

  const summary = {
    seconds: Math.round(loadSeconds),
    users: USERS,
    kills: windows.filter((w) => w.kind === 'kill').length,
    databaseRestarts: windows.filter((w) => w.kind === 'restart').length,
    requests: figures.requests,
    perSecond: Math.round(figures.requests / loadSeconds),
    ok: figures.ok,
    refused: figures.refused,
    failedInFlight: figures.failedInWindow,
    failedOutside: figures.failedOutside,
    closedAtKill: figures.closedAtKill,
    notCatalogue: figures.notCatalogue,
    hung: figures.hung,
    paidByClient: paidByClient.size,
    orders: books.orders,
    paidOrders: books.paidOrders,
    lost: books.lost.length,
    double: books.double,
    ledger: books.ledger.length,
    negativeStock: books.negativeStock,
    jobs: books.jobs,
    topups: books.topups,
    withdrawals: books.withdrawals,
    exitCodes: exits.map((exit) => exit.code ?? exit.signal),
  };
  console.log(`faults: ${JSON.stringify(summary)}`);
  if (refusals.size) console.log(`  business refusals: ${JSON.stringify(Object.fromEntries(refusals))}`);
  if (failures.length) console.log(`  failed requests (first ${failures.length}):\n    ${failures.join('\n    ')}`);
  for (const problem of problems) console.error(`  FAILED: ${problem}`);
  return { ok: problems.length === 0, summary };
}
