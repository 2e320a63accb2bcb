// Faults survived, nothing lost (fleet issue §5, issue 45). Three shop processes behind HAProxy on a
// PostgreSQL cluster of the test's own, each kept by the fleet's supervisor. A mixed load of
// shoppers (browse, search, cart, checkout paid from the wallet, checkout paid at the bank with its
// callback sent twice, top-ups, withdrawals) runs through the proxy for FLEET_TEST_SECONDS (120)
// while one process is SIGKILLed every 20 s (the supervisor starts it again), PostgreSQL is
// restarted once, and at the end the processes are replaced one at a time (the rolling restart).
// A shopper's client does what a phone does with a POST whose connection was cut: it sends it again
// with the same key (the order to pay, the withdrawal's requestId). Then: no GET failed across the
// kills and the rolling restart; each killed process back and ready within 10 s; every job due is
// done after a drain window; every shopper's wallet is its funding minus what its client saw paid
// (and refunded); and the books: no paid order lost, none paid twice, the ledger balanced, no
// negative stock, every order in a state of its own. The processes exit 0 on SIGTERM. Partners
// fail under the same load (Reloadly hangs, PayWay answers 5xx, Bakong times out:
// partner-outages.mjs; the card issuer refuses connections, then answers 503, while a reviewer
// approves card applications and holders top their cards up: card-issuer-outage.mjs), judged by
// their own records and the shop's reconciliation afterwards. FLEET_TEST_FAULTS (a comma list of
// FAULTS, all by default) runs some of the faults only, e.g. `card-issuer`.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  cardCreditsSettled,
  cardIssuerBooks,
  cardIssuerOutage,
  cardScenarios,
  seedCards,
  startCardIssuer,
} from './card-issuer-outage.mjs';
import { audit, drainJobs, seed } from './fault-books.mjs';
import { proxyHasUp, writeHaproxy } from './haproxy.mjs';
import { partnerBooks, partnerOutages, partnerScenarios, reconcile, startParties } from './partner-outages.mjs';
import { freePort, sleep, startHaproxy, startShop, waitFor } from './parts.mjs';
import { rollingRestart, Supervisor } from './supervisor.mjs';

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
/** A killed process is back and ready within this (issue 45). */
const BACK_WITHIN_MS = 10_000;
/** After the load, the queue gets this long to finish what is due. */
const DRAIN_WINDOW_MS = 60_000;
const FUND_CENTS = 10_000_000;
const TOPUP_CENTS = 500;
const WITHDRAWAL_CENTS = 500;
/** The faults, each of which FLEET_TEST_FAULTS may name. */
export const FAULTS = ['kills', 'database', 'rolling', 'reloadly', 'payway', 'bakong', 'card-issuer'];

/** The faults FLEET_TEST_FAULTS names (all when unset); an unknown name is refused. */
export function chosenFaults(value = process.env.FLEET_TEST_FAULTS) {
  if (!value) return new Set(FAULTS);
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !FAULTS.includes(name));
  if (unknown.length) throw new Error(`FLEET_TEST_FAULTS: no fault ${unknown.join(', ')} (${FAULTS.join(', ')})`);
  return new Set(names);
}

export async function faultLoad(options) {
  // What was started, stopped when the run fails half way (a normal end stops each itself).
  const started = [];
  try {
    return await run(options, started);
  } catch (error) {
    await Promise.allSettled(started.map((stop) => stop()));
    throw error;
  }
}

async function run({ dir, postgres, databaseUrl, env }, started) {
  const faults = chosenFaults();
  mkdirSync(dir, { recursive: true });
  const fixture = await seed(databaseUrl, env, {
    shoppers: SHOPPERS,
    stock: STOCK,
    priceCents: PRICE,
    fundCents: FUND_CENTS,
  });
  const proxyPort = await freePort();
  const base = `http://127.0.0.1:${proxyPort}`;
  // Reloadly, PayWay and Bakong: stand-ins reached over HTTP as the parties would be.
  const parties = await startParties({ databaseUrl, paymentSecret: env.PAYMENT_SECRET, publicUrl: base });
  started.push(() => parties.close());
  // The card issuer: a stand-in reached over HTTP; cards issued, applications waiting, a reviewer.
  const issuer = await startCardIssuer();
  started.push(() => issuer.close());
  const cards = await seedCards({ databaseUrl, env: { ...env, ...issuer.env }, issuer });
  const shopEnv = {
    ...env,
    DATABASE_URL: databaseUrl,
    DEMO_DATA: '0',
    JOB_POLL_MS: '500',
    ...parties.env,
    ...issuer.env,
  };
  const shops = [];
  for (let i = 0; i < 3; i++) {
    const port = await freePort();
    const name = `shop${i + 1}`;
    const shop = new Supervisor({
      name,
      start: (generation) =>
        startShop({ name, port, env: shopEnv, logFile: path.join(dir, `${name}.${generation}.log`) }),
      ready: (part) => waitFor(`http://127.0.0.1:${port}/ready`, 120_000, part.child),
      log: (text) => console.log(`  ${((Date.now() - began) / 1000).toFixed(1)} s: ${text}`),
    });
    shop.port = port;
    shops.push(shop);
    started.push(() => shop.stop('SIGKILL'));
  }
  let began = Date.now();
  await Promise.all(shops.map((shop) => shop.start()));
  const statsPort = await freePort();
  const configFile = writeHaproxy(path.join(dir, 'haproxy'), {
    bind: `127.0.0.1:${proxyPort}`,
    servers: shops.map((shop) => ({ name: shop.name, address: `127.0.0.1:${shop.port}` })),
    statsBind: `127.0.0.1:${statsPort}`,
  });
  const proxy = startHaproxy({
    configFile,
    env: { SHOP_RATE_LIMIT_PER_MINUTE: '100000000' },
    logFile: path.join(dir, 'haproxy.log'),
  });
  started.push(() => proxy.stop());
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
    getsFailed: 0,
    getsFailedAtDatabaseRestart: 0,
    postsCutAtKill: 0,
    failedAtRollingRestart: 0,
    postsSentAgain: 0,
  };
  /** A shopper whose request failed waits a moment before the next, as a phone showing the error would. */
  let backoff = false;
  const refusals = new Map();
  const failures = [];
  const unexplainedFailures = [];
  const windows = [];
  const paidByClient = new Set();
  /** What each shopper's client saw leave its wallet: orders and top-ups paid, withdrawals applied. */
  const seen = new Map();
  const seenBy = (token) => {
    if (!seen.has(token)) seen.set(token, { paidCents: 0, withdrawnCents: 0, topups: [] });
    return seen.get(token);
  };
  began = Date.now();
  const until = began + SECONDS * 1000;
  let rolling = null;

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
    const inWindow = (kind) =>
      windows.some((w) => (!kind || w.kind === kind) && now >= w.from && at <= (w.to ?? now) + w.grace);
    const expected = inWindow();
    if (expected) figures.failedInWindow++;
    else figures.failedOutside++;
    // A GET is retried by the proxy on another process: none may fail across a kill or the
    // rolling restart (while PostgreSQL restarts, every process answers SYS00004: counted apart).
    if (method === 'GET') {
      if (inWindow('restart')) figures.getsFailedAtDatabaseRestart++;
      else figures.getsFailed++;
    } else if (inWindow('kill')) figures.postsCutAtKill++;
    if (inWindow('rolling') && !inWindow('restart')) figures.failedAtRollingRestart++;
    const catalogue = answer && CATALOGUE_CODE.test(String(answer.code)) && typeof answer.msg === 'string';
    // A POST in flight on a killed process over a kept-alive connection: HAProxy closes the
    // client's connection (so that the client may try again, RFC 9112 §9.3.1) instead of a 502.
    const closedAtKill =
      answer?.transport?.includes('UND_ERR_SOCKET') &&
      windows.some((w) => w.kind === 'kill' && now >= w.from && at <= (w.to ?? now) + w.grace);
    if (closedAtKill) figures.closedAtKill++;
    else if (!catalogue) figures.notCatalogue++;
    backoff = true;
    // What no fault explains, each one named (the first 20): a GET outside the database's restart,
    // anything outside a window or in the rolling restart.
    const unexplained =
      (method === 'GET' && !inWindow('restart')) || !expected || (inWindow('rolling') && !inWindow('restart'));
    if (unexplained && unexplainedFailures.length < 20)
      unexplainedFailures.push(
        `${((at - began) / 1000).toFixed(1)}s→${((now - began) / 1000).toFixed(1)}s ${method} ${url} → ${status} ${answer?.code ?? answer?.transport ?? ''} [${windows
          .filter((w) => now >= w.from && at <= (w.to ?? now) + w.grace)
          .map((w) => w.kind)
          .join(',')}]`,
      );
    if (failures.length < 30)
      failures.push(
        `${((at - began) / 1000).toFixed(1)}s ${method} ${url} → ${status} ${answer?.code ?? answer?.transport ?? ''}`,
      );
    // Cut, or a 5xx (the proxy's 502 for a process that died holding it, SYS00004 while the
    // database restarts): the client cannot tell whether it happened.
    return answer?.transport || status >= 500 ? { cut: true } : null;
  }

  /**
   * A POST that carries its own key (the order to pay, a withdrawal's requestId): when its
   * connection was cut or the proxy answered 5xx, the client does not know whether it happened and
   * sends it again with the same key, as the shop's screens do on "try again".
   */
  async function callAgainWhenCut(method, url, options) {
    for (let attempt = 1; ; attempt++) {
      const answer = await call(method, url, options);
      if (answer && !answer.cut) return answer;
      if (attempt >= 4) return null;
      figures.postsSentAgain++;
      await sleep(500 * attempt);
    }
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
  const partners = await partnerScenarios({ parties, call, buy, paidByClient });
  const cardWork = cardScenarios({ cards, call, callAgainWhenCut, seconds: SECONDS });
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
        const paid = await callAgainWhenCut('POST', '/v1/order/pay', {
          token,
          body: { orderId, channel: 'wallet', payPassword: fixture.payPassword },
        });
        // Sent again after a cut: "already paid" (PAY0008) says the first one went through.
        if ((paid?.code === '0' && paid.data.status === 'SUCCEEDED') || paid?.code === 'PAY0008') {
          paidByClient.add(orderId);
          seenBy(token).paidCents += PRICE;
        }
      },
    ],
    // checkout, paid at the bank: the payer pays on the bank's page (the bank records it and sends
    // its callbacks), and the bank's callback also comes twice through the proxy (banks retry)
    [
      2,
      async (token) => {
        const orderId = await buy(token);
        if (!orderId) return;
        const started = await call('POST', '/v1/order/pay', { token, body: { orderId, channel: 'sandbox' } });
        if (started?.code !== '0') return;
        const { paymentId } = started.data;
        /** One request of the bank's side through the proxy (counted as the shop's are). */
        const bank = async (url, init) => {
          figures.requests++;
          const res = await fetch(`${base}${url}`, {
            redirect: 'manual',
            ...init,
            signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
          }).catch(() => null);
          const text = (await res?.text()) ?? '';
          if (res && res.status < 400) figures.ok++;
          else {
            figures.failed++;
            const at = Date.now();
            if (windows.some((w) => at >= w.from && at <= (w.to ?? Date.now()) + w.grace)) figures.failedInWindow++;
            else figures.failedOutside++;
          }
          return res && res.status < 400 ? { status: res.status, text } : null;
        };
        // The payer's "Pay" on the bank's page, sent again when cut (the bank keeps its first decision).
        let decided = null;
        for (let attempt = 0; attempt < 3 && !decided; attempt++)
          decided = await bank(`/sandbox-gateway/checkout/${paymentId}/decide`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'decision=success',
          });
        if (decided?.status !== 303) return;
        paidByClient.add(orderId);
        const record = await bank(`/sandbox-gateway/transactions/${paymentId}`, {});
        const transactionId = record ? JSON.parse(record.text).transactionId : null;
        if (!transactionId) return;
        const callback = {
          paymentId,
          status: 'SUCCEEDED',
          amountCents: PRICE,
          transactionId,
          timestamp: Math.floor(Date.now() / 1000),
        };
        const signature = createHmac('sha256', paymentSecret)
          .update(
            `${callback.paymentId}|${callback.status}|${callback.amountCents}|${callback.transactionId}|${callback.timestamp}`,
          )
          .digest('hex');
        for (let i = 0; i < 2; i++)
          await bank('/v1/pay/callback/sandbox', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ ...callback, signature }),
          });
      },
    ],
    // top-up, paid from the wallet
    [
      2,
      async (token) => {
        const created = await call('POST', '/v1/topup/order/create', {
          token,
          body: { phone: '012345678', amountCents: TOPUP_CENTS },
        });
        if (created?.code !== '0') return;
        const paid = await callAgainWhenCut('POST', '/v1/order/pay', {
          token,
          body: { orderId: created.data.id, kind: 'topup', channel: 'wallet', payPassword: fixture.payPassword },
        });
        if ((paid?.code === '0' && paid.data.status === 'SUCCEEDED') || paid?.code === 'PAY0008') {
          seenBy(token).paidCents += TOPUP_CENTS;
          seenBy(token).topups.push(created.data.id);
        }
      },
    ],
    // withdrawal
    [
      1,
      async (token) => {
        const applied = await callAgainWhenCut('POST', '/v1/wallet/withdrawal/apply', {
          token,
          body: {
            amountCents: WITHDRAWAL_CENTS,
            payPassword: fixture.payPassword,
            destination: { bank: 'aba', accountName: 'Fleet Test', accountNumber: '000 123 456' },
            // One key for this withdrawal, however often it is sent.
            requestId: randomUUID(),
          },
        });
        if (applied?.code === '0') seenBy(token).withdrawnCents += WITHDRAWAL_CENTS;
      },
    ],
    // a page
    [1, () => call('GET', '/h5/')],
    // paid through PayWay, by KHQR (partner-outages.mjs)
    ...partners.scenarios,
    // card top-ups credited by the card issuer (card-issuer-outage.mjs)
    ...cardWork.scenarios,
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
    while (Date.now() < until || rolling) {
      backoff = false;
      await pick()(token);
      await sleep(backoff ? 500 : 20);
    }
  });

  // Faults: a process SIGKILLed every KILL_EVERY_S (its supervisor starts it again); PostgreSQL
  // restarted once, between two kills past the middle of the run; then the rolling restart.
  const at = (ms) => sleep(Math.max(0, began + ms - Date.now()));
  const log = (from, text) => console.log(`  ${((from - began) / 1000).toFixed(1)} s: ${text}`);
  const kills = (async () => {
    if (!faults.has('kills')) return;
    let next = 0;
    for (let t = KILL_EVERY_S * 1000; t < SECONDS * 1000 - 5_000; t += KILL_EVERY_S * 1000) {
      await at(t);
      const shop = shops[next++ % shops.length];
      const window = { kind: 'kill', from: Date.now(), grace: KILL_WINDOW_MS };
      windows.push(window);
      const killed = shop.part;
      killed.child.kill('SIGKILL');
      await killed.exited;
      window.to = Date.now();
    }
  })();
  const restart = (async () => {
    if (!faults.has('database')) return;
    await at(Math.round(SECONDS * 0.6) * 1000 - (KILL_EVERY_S * 1000) / 2);
    const window = { kind: 'restart', from: Date.now(), grace: RESTART_WINDOW_MS };
    windows.push(window);
    await postgres.restart();
    window.to = Date.now();
    log(window.from, `PostgreSQL restarted (down ${window.to - window.from} ms)`);
  })();
  // The rolling restart once the kills are over and every process is back: one at a time, each
  // drained (SIGTERM) and its successor ready and back in the proxy before the next.
  const rollingDone = (async () => {
    await kills;
    if (!faults.has('rolling')) return;
    for (let i = 0; i < 300 && shops.some((shop) => shop.crashes.some((crash) => !crash.readyAt)); i++)
      await sleep(100);
    const window = { kind: 'rolling', from: Date.now(), grace: 0 };
    windows.push(window);
    rolling = rollingRestart(shops, {
      inProxy: (shop) => proxyHasUp(`http://127.0.0.1:${statsPort}/stats`, shop.name),
      log: (text) => log(Date.now(), text),
    });
    try {
      await rolling;
    } finally {
      window.to = Date.now();
      rolling = null;
      log(window.from, `rolling restart done in ${((window.to - window.from) / 1000).toFixed(1)} s`);
    }
  })();
  // Partners' outages under the load: Reloadly hangs, PayWay answers 5xx, Bakong times out.
  const outage = partnerOutages({
    parties,
    began,
    seconds: SECONDS,
    log: (text) => log(Date.now(), text),
    wanted: (party) => faults.has(party),
  });
  // The card issuer down under the load, while the reviewer approves the applications waiting.
  const issuerOutage = faults.has('card-issuer')
    ? cardIssuerOutage({ issuer, began, seconds: SECONDS, log: (text) => log(Date.now(), text) })
    : Promise.resolve({ seconds: 0, answered503: null });
  const review = cardWork.review({ began, giveUpAt: until + 60_000 });
  await Promise.all([...users, kills, restart, rollingDone, outage, issuerOutage, review]);
  const loadSeconds = (Date.now() - began) / 1000;
  // How long after its kill each process served again. One whose start met the database's
  // restart (it cannot migrate nor answer /ready without it) is counted apart.
  const databaseDown = windows.filter((w) => w.kind === 'restart');
  const crashes = shops.flatMap((shop) => shop.crashes);
  const metDatabase = (crash) =>
    databaseDown.some((w) => w.from <= crash.at + BACK_WITHIN_MS && (w.to ?? Date.now()) + 1_000 >= crash.at);
  const backIn = (crash) => (crash.readyAt ? crash.readyAt - crash.at : Number.POSITIVE_INFINITY);
  const backAfter = crashes.filter((crash) => !metDatabase(crash)).map(backIn);
  const backAfterDatabase = crashes.filter(metDatabase).map(backIn);

  // The drain window: PayWay's pushbacks the shop did not take are sent again until it does, and
  // the queue finishes what is due (callbacks, top-ups sent, KHQR checks).
  const drainStarted = Date.now();
  await partners.settled();
  await drainJobs(databaseUrl, DRAIN_WINDOW_MS);
  // A card top-up whose credits met the issuer's outage waits out the queue's backoff (2 s, 4 s …
  // 64 s) before it is asked again: within the same window, every one is settled.
  await cardCreditsSettled(databaseUrl, Math.max(0, DRAIN_WINDOW_MS - (Date.now() - drainStarted)));
  const drained = Date.now() - drainStarted;
  // Every shopper's wallet, as its client reads it: its funding minus what it saw paid (top-ups
  // that failed are refunded: the client reads their state) and what it asked to withdraw (frozen).
  const wallets = { checked: 0, wrong: [] };
  for (const [token, mine] of seen) {
    const account = await call('GET', '/v1/wallet/queryacount', { token });
    let refundedCents = 0;
    for (const id of mine.topups) {
      const topup = await call('GET', `/v1/topup/order/detail?id=${id}`, { token });
      if (topup?.data?.state === 'FAILED') refundedCents += TOPUP_CENTS;
    }
    const expected = FUND_CENTS - mine.paidCents - mine.withdrawnCents + refundedCents;
    wallets.checked++;
    if (account?.data?.cashCents !== expected || account?.data?.frozenCents !== mine.withdrawnCents)
      wallets.wrong.push(
        `cash ${account?.data?.cashCents} frozen ${account?.data?.frozenCents}, expected ${expected} and ${mine.withdrawnCents}`,
      );
  }
  const cardWalletsWrong = await cardWork.wallets();
  await proxy.stop();
  const exits = await Promise.all(shops.map((shop) => shop.stop('SIGTERM')));
  const books = await audit(databaseUrl, paidByClient);
  // Each party's record against the shop's, then the shop's own reconciliation of the day.
  const outages = await outage;
  const partnerCheck = await partnerBooks({ databaseUrl, parties, seen: partners.seen, outages });
  const cardCheck = await cardIssuerBooks({
    databaseUrl,
    issuer,
    cards,
    seen: cardWork.seen,
    outage: await issuerOutage,
    walletsWrong: cardWalletsWrong,
  });
  const reconciliation = await reconcile({ databaseUrl, env: shopEnv, from: began });
  await parties.close();
  await issuer.close();

  const problems = [];
  if (books.lost.length) problems.push(`${books.lost.length} paid orders lost: ${books.lost.slice(0, 5).join(', ')}`);
  if (books.double) problems.push(`${books.double} payments taken twice`);
  if (books.ledger.length) problems.push(`ledger: ${books.ledger.slice(0, 5).join('; ')}`);
  if (books.negativeStock) problems.push(`${books.negativeStock} SKUs with negative stock`);
  if (books.unknownState || books.paidButWaiting)
    problems.push(`orders out of state: ${books.unknownState} unknown, ${books.paidButWaiting} paid but waiting`);
  if (books.jobs.exhausted) problems.push(`${books.jobs.exhausted} jobs failed every attempt`);
  if (books.jobs.due) problems.push(`${books.jobs.due} jobs still due ${DRAIN_WINDOW_MS / 1000} s after the load`);
  if (figures.getsFailed) problems.push(`${figures.getsFailed} GETs failed across the kills and the rolling restart`);
  if (figures.failedAtRollingRestart)
    problems.push(`${figures.failedAtRollingRestart} requests failed during the rolling restart`);
  if (backAfter.some((ms) => ms > BACK_WITHIN_MS))
    problems.push(
      `a killed process was not back and ready within ${BACK_WITHIN_MS / 1000} s: ${backAfter.join(', ')} ms`,
    );
  if (crashes.length < windows.filter((w) => w.kind === 'kill').length)
    problems.push('a killed process was not started again');
  if (backAfterDatabase.some((ms) => !Number.isFinite(ms)))
    problems.push('a process killed while the database restarted never came back');
  if (wallets.wrong.length)
    problems.push(
      `${wallets.wrong.length} wallets differ from what their clients saw: ${wallets.wrong.slice(0, 3).join('; ')}`,
    );
  if (wallets.checked === 0) problems.push('no wallet was checked');
  problems.push(...partnerCheck.problems);
  problems.push(...cardCheck.problems.map((problem) => `card issuer: ${problem}`));
  if (reconciliation.open.length)
    problems.push(
      `reconciliation keeps ${reconciliation.open.length} lines open: ${reconciliation.open
        .slice(0, 3)
        .map((line) => `${line.party} ${line.kind} ${line.reference} shop ${line.shopSays}, party ${line.partySays}`)
        .join('; ')}`,
    );
  if (reconciliation.errors.length)
    problems.push(
      `reconciliation could not ask: ${reconciliation.errors.map((p) => `${p.party} ${p.error}`).join('; ')}`,
    );
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
    backWithinMs: backAfter.length ? Math.max(...backAfter) : null,
    backAfterDatabaseRestartMs: backAfterDatabase,
    rollingRestarts: windows.filter((w) => w.kind === 'rolling').length,
    databaseRestarts: windows.filter((w) => w.kind === 'restart').length,
    requests: figures.requests,
    perSecond: Math.round(figures.requests / loadSeconds),
    ok: figures.ok,
    refused: figures.refused,
    failedInFlight: figures.failedInWindow,
    failedOutside: figures.failedOutside,
    closedAtKill: figures.closedAtKill,
    getsFailed: figures.getsFailed,
    getsFailedAtDatabaseRestart: figures.getsFailedAtDatabaseRestart,
    postsCutAtKill: figures.postsCutAtKill,
    postsSentAgain: figures.postsSentAgain,
    failedAtRollingRestart: figures.failedAtRollingRestart,
    walletsChecked: wallets.checked,
    walletsWrong: wallets.wrong.length,
    drainedInMs: drained,
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
  for (const [party, figures] of Object.entries(partnerCheck.figures))
    console.log(`  outage ${party}: ${JSON.stringify(figures)}`);
  console.log(`  outage card issuer: ${JSON.stringify(cardCheck.figures)}`);
  console.log(
    `  reconciliation ${reconciliation.days.join(', ')}: compared ${JSON.stringify(reconciliation.compared)}, ${reconciliation.open.length} lines open`,
  );
  if (refusals.size) console.log(`  business refusals: ${JSON.stringify(Object.fromEntries(refusals))}`);
  if (failures.length) console.log(`  failed requests (first ${failures.length}):\n    ${failures.join('\n    ')}`);
  if (unexplainedFailures.length)
    console.log(
      `  failures no fault explains (first ${unexplainedFailures.length}):\n    ${unexplainedFailures.join('\n    ')}`,
    );
  for (const problem of problems) console.error(`  FAILED: ${problem}`);
  return {
    ok: problems.length === 0,
    summary: { ...summary, partners: { ...partnerCheck.figures, cardIssuer: cardCheck.figures }, reconciliation },
  };
}
