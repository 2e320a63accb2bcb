// Partners' outages under load (issue 45 §5), for scripts/fleet/fault-load.mjs. The fleet's shop
// processes reach stand-ins of the outside parties over HTTP, as they would reach the parties
// (each written from the party's published API, apps/server/test): Reloadly (top-ups), ABA PayWay
// (online payments: the browser posts the shop's form to its purchase, PayWay pushes back and the
// shop asks its check-transaction-2) and Bakong (KHQR: the shop asks check_transaction_by_md5).
// In the middle of the load each one fails as it would in life: Reloadly hangs, PayWay answers
// 5xx to every call, Bakong holds every call past the shop's time-out. Afterwards each party's own
// record is the judge: every top-up, PayWay transaction and KHQR payment the party made is counted
// once in the shop, none the party did not make; and the shop's reconciliation of the day, run once
// the queue has drained, lists nothing.
import { shopInProcess, sleep } from './parts.mjs';

const RELOADLY_OUTAGE_S = Number(process.env.FLEET_TEST_RELOADLY_OUTAGE || 60);
const PAYWAY_OUTAGE_S = Number(process.env.FLEET_TEST_PAYWAY_OUTAGE || 30);
const BAKONG_OUTAGE_S = Number(process.env.FLEET_TEST_BAKONG_OUTAGE || 30);
/** PayWay sends a pushback the shop did not take (not a 200) again, this often, this long. */
const PUSHBACK_AGAIN_MS = 3_000;
const PUSHBACK_FOR_MS = 180_000;
const CLIENT_TIMEOUT_MS = 20_000;
/** How long a payer looks at PayWay's page before paying. */
const PAYER_READS_MS = 3_000;

/** The stand-ins, started; `env`: what the shop processes are configured with to reach them. */
export async function startParties({ databaseUrl, paymentSecret, publicUrl }) {
  const { ReloadlyStandin } = await import('../../apps/server/test/reloadly-standin.ts');
  const { PaywayStandin } = await import('../../apps/server/test/payway-standin.ts');
  const { BakongStandin } = await import('../../apps/server/test/bakong-standin.ts');
  const { openPostgres } = await import('../../apps/server/src/platform/db.ts');
  const reloadly = await new ReloadlyStandin().start();
  reloadly.balance = 1_000_000;
  const payway = await new PaywayStandin().start();
  // Bakong's record of transactions lives in its stand-in's table of the test's database (the shop
  // in production never reads it).
  const bakongDatabase = openPostgres(databaseUrl, 4);
  const bakong = await new BakongStandin(bakongDatabase.db, paymentSecret).start();
  return {
    reloadly,
    payway,
    bakong,
    env: {
      TOPUP_PROVIDER: 'reloadly',
      RELOADLY_CLIENT_ID: reloadly.clientId,
      RELOADLY_CLIENT_SECRET: reloadly.clientSecret,
      RELOADLY_API_URL: reloadly.url,
      RELOADLY_AUTH_URL: reloadly.url,
      PAYMENT_GATEWAY: 'payway',
      PAYWAY_MERCHANT_ID: payway.merchantId,
      PAYWAY_API_KEY: payway.apiKey,
      PAYWAY_URL: payway.purchaseUrl,
      PAYWAY_RSA_PUBLIC_KEY: payway.refunds.rsaPublicKey.replace(/\n/g, '\\n'),
      // PayWay pushes back to the shop through the proxy.
      PUBLIC_URL: publicUrl,
      BAKONG_API_URL: bakong.url,
      BAKONG_TOKEN: bakong.token,
      KHQR_ACCOUNT: 'angkormall@aclb',
    },
    async close() {
      await reloadly.close();
      await payway.close();
      await bakong.close();
      await bakongDatabase.close();
    },
  };
}

/**
 * The load's scenarios that pay through PayWay and by KHQR (weights beside fault-load's own), and
 * what their clients saw: `paidByClient` gets each order the payer paid at the party.
 */
export async function partnerScenarios({ parties, call, buy, paidByClient }) {
  const { paywayTranId } = await import('../../apps/server/src/modules/payments/gateways.ts');
  const seen = {
    paywayPurchasesRefused: 0,
    paywayApproved: new Map(),
    pushbacksRefused: 0,
    khqrPaid: new Map(),
  };
  /** PayWay's pushbacks still being sent again (awaited before the books are read). */
  const pushbacks = new Set();
  const pushUntilTaken = (tranId) => {
    const again = (async () => {
      for (const until = Date.now() + PUSHBACK_FOR_MS; Date.now() < until; ) {
        await sleep(PUSHBACK_AGAIN_MS);
        if ((await parties.payway.pushback(tranId)) === 200) return;
        seen.pushbacksRefused++;
      }
    })();
    pushbacks.add(again);
    again.finally(() => pushbacks.delete(again));
  };
  const scenarios = [
    // checkout paid with PayWay: the browser posts the shop's form to PayWay, the payer pays there
    [
      2,
      async (token) => {
        const orderId = await buy(token);
        if (!orderId) return;
        const started = await call('POST', '/v1/order/pay', { token, body: { orderId, channel: 'payway' } });
        if (started?.code !== '0' || !started.data.form) return;
        const { action, fields } = started.data.form;
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        const page = await fetch(action, {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
        }).catch(() => null);
        await page?.arrayBuffer();
        if (page?.status !== 200) {
          // PayWay's own error page: nothing was paid, the payer goes back to the shop.
          seen.paywayPurchasesRefused++;
          return;
        }
        const tranId = paywayTranId(started.data.paymentId);
        // The payer reads PayWay's page a moment before paying: a payment begun just before the
        // outage is paid during it, and its pushback meets the shop's check-transaction-2 refused.
        await sleep(PAYER_READS_MS);
        const decided = await parties.payway.decide(tranId, 'pay');
        if (decided?.status !== 'APPROVED') return;
        seen.paywayApproved.set(tranId, orderId);
        paidByClient.add(orderId);
        // PayWay pushed back once on the payment: a shop that did not take it (a 503 while PayWay's
        // own check cannot be asked, a process killed) gets it again until it does.
        if (parties.payway.pushbacks.findLast((p) => p.body.tran_id === tranId)?.answer !== 200) {
          seen.pushbacksRefused++;
          pushUntilTaken(tranId);
        }
      },
    ],
    // checkout paid by KHQR: the payer's banking app pays the code; the shop learns it from Bakong
    [
      2,
      async (token) => {
        const orderId = await buy(token);
        if (!orderId) return;
        const started = await call('POST', '/v1/order/pay', { token, body: { orderId, channel: 'khqr' } });
        if (started?.code !== '0' || !started.data.khqr) return;
        if (!(await payerPaysKhqr(parties.bakong, started.data.khqr))) return;
        seen.khqrPaid.set(started.data.paymentId, orderId);
        paidByClient.add(orderId);
      },
    ],
  ];
  return {
    scenarios,
    seen,
    /** Waits for PayWay's pushbacks still being sent again. */
    settled: async () => {
      while (pushbacks.size) await Promise.all([...pushbacks]);
    },
  };
}

/** How long a payer's banking app keeps trying to pay one code. */
const PAYER_TRIES_FOR_MS = 60_000;

/**
 * The payer's banking app pays a code. Bakong's stand-in keeps its book in the test's database, which
 * the test restarts; the real Bakong does not go down with the shop's database, so the app tries
 * again while that book cannot be reached. A try whose answer was lost can have been recorded:
 * "already paid" then means paid. Resolves to whether Bakong has the payment.
 */
async function payerPaysKhqr(bakong, payload) {
  const until = Date.now() + PAYER_TRIES_FOR_MS;
  let triedBefore = false;
  for (;;) {
    try {
      await bakong.pay(payload);
      return true;
    } catch (error) {
      const refused = error?.constructor?.name === 'SimulatorRefusal';
      if (refused) return triedBefore && /already been paid/i.test(String(error.message));
      if (Date.now() > until) throw error;
      triedBefore = true;
      await sleep(500);
    }
  }
}

/**
 * The outages, in a load of `seconds` that began at `began`: Bakong from 5 % for BAKONG_OUTAGE_S,
 * PayWay from 15 % for PAYWAY_OUTAGE_S, Reloadly from 33 % for RELOADLY_OUTAGE_S. Bakong's and
 * Reloadly's do not overlap: a process runs its jobs one by one, so a top-up hanging for Reloadly's
 * 60 s time-out holds that process's KHQR checks too, and Bakong's outage would meet none of them.
 * Resolves to what each party met while it was out.
 */
export function partnerOutages({ parties, began, seconds, log, wanted = () => true }) {
  const at = (ms) => sleep(Math.max(0, began + ms - Date.now()));
  // An outage not run (FLEET_TEST_FAULTS) met nothing, and is not asked to have.
  const reloadly = (async () => {
    if (!wanted('reloadly')) return { seconds: 0, hung: null };
    await at(Math.round(seconds * 0.33) * 1000);
    // Each top-up sent hangs: half of them made at Reloadly, half never recorded.
    for (let i = 0; i < 100_000; i++) parties.reloadly.next.push({ hang: i % 2 ? 'after-record' : 'before-record' });
    log(`Reloadly hangs for ${RELOADLY_OUTAGE_S} s`);
    await sleep(RELOADLY_OUTAGE_S * 1000);
    const hung = 100_000 - parties.reloadly.next.length;
    parties.reloadly.next.length = 0;
    log(`Reloadly answers again (${hung} top-ups hung, half of them made)`);
    return { seconds: RELOADLY_OUTAGE_S, hung };
  })();
  const payway = (async () => {
    if (!wanted('payway')) return { seconds: 0, refused: null };
    await at(Math.round(seconds * 0.15) * 1000);
    const before = parties.payway.refused;
    parties.payway.down = { status: 503 };
    log(`PayWay answers 503 to every call for ${PAYWAY_OUTAGE_S} s`);
    await sleep(PAYWAY_OUTAGE_S * 1000);
    parties.payway.down = null;
    const refused = parties.payway.refused - before;
    log(`PayWay answers again (${refused} calls refused with 503)`);
    return { seconds: PAYWAY_OUTAGE_S, refused };
  })();
  const bakong = (async () => {
    if (!wanted('bakong')) return { seconds: 0, held: null };
    await at(Math.round(seconds * 0.05) * 1000);
    const before = parties.bakong.counts.held;
    parties.bakong.down = true;
    log(`Bakong holds every call for ${BAKONG_OUTAGE_S} s (past the shop's time-out)`);
    await sleep(BAKONG_OUTAGE_S * 1000);
    parties.bakong.down = false;
    const held = parties.bakong.counts.held - before;
    log(`Bakong answers again (${held} checks timed out)`);
    return { seconds: BAKONG_OUTAGE_S, held };
  })();
  return Promise.all([reloadly, payway, bakong]).then(([r, p, b]) => ({ reloadly: r, payway: p, bakong: b }));
}

/**
 * Each party's record against the shop's (read straight from the database): nothing the party made
 * is missing or counted twice in the shop, nothing the shop counts was not made. Returns the
 * figures per party and the problems found.
 */
export async function partnerBooks({ databaseUrl, parties, seen, outages }) {
  const { openPostgres, queryRows } = await import('../../apps/server/src/platform/db.ts');
  const { sql } = await import('../../apps/server/src/platform/sql.ts');
  const { paywayTranId } = await import('../../apps/server/src/modules/payments/gateways.ts');
  const database = openPostgres(databaseUrl, 1);
  const rows = (text) => queryRows(database.db, text);
  const problems = [];
  const settled = new Set(['SUCCEEDED', 'LATE', 'REFUNDED']);
  try {
    // Reloadly: every top-up the shop calls done was made once there, every one it calls failed
    // (and refunded) was not, none is left in between.
    const topups = await rows(sql`SELECT id, state FROM topup_orders`);
    const reloadlyBook = new Map();
    for (const t of parties.reloadly.transactions)
      reloadlyBook.set(t.customIdentifier, [...(reloadlyBook.get(t.customIdentifier) ?? []), t.status]);
    const topupsOff = [];
    for (const row of topups) {
      const made = reloadlyBook.get(row.id) ?? [];
      if (made.length > 1) topupsOff.push(`${row.id} made ${made.length} times at Reloadly`);
      if (row.state === 'SUCCESS' && made[0] !== 'SUCCESSFUL') topupsOff.push(`${row.id} SUCCESS, Reloadly ${made[0]}`);
      if (row.state === 'FAILED' && made.includes('SUCCESSFUL')) topupsOff.push(`${row.id} FAILED, Reloadly made it`);
      if (['PAID', 'SENT'].includes(row.state)) topupsOff.push(`${row.id} still ${row.state}`);
    }
    if (topupsOff.length)
      problems.push(`${topupsOff.length} top-ups differ from Reloadly's record: ${topupsOff.slice(0, 3).join('; ')}`);
    if (outages.reloadly.hung === 0) problems.push('no top-up met the Reloadly outage: it proved nothing');

    // PayWay: its approved transactions, each one payment the shop counts, once; and no payment the
    // shop counts that PayWay did not approve.
    const paywayPayments = await rows(sql`SELECT id, order_id, status FROM payments WHERE channel = 'payway'`);
    const byTran = new Map(paywayPayments.map((p) => [paywayTranId(p.id), p]));
    const approved = [...parties.payway.transactions.values()].filter((t) => t.status === 'APPROVED');
    const paywayLost = approved.filter((t) => !settled.has(byTran.get(t.tranId)?.status));
    const paywayPhantom = paywayPayments.filter(
      (p) => settled.has(p.status) && parties.payway.transactions.get(paywayTranId(p.id))?.status !== 'APPROVED',
    );
    const paywayTwice = await rows(sql`
      SELECT order_id FROM payments WHERE channel = 'payway' AND status = 'SUCCEEDED' GROUP BY 1 HAVING count(*) > 1`);
    if (paywayLost.length)
      problems.push(`${paywayLost.length} PayWay payments approved there, not counted by the shop`);
    if (paywayPhantom.length)
      problems.push(`${paywayPhantom.length} PayWay payments counted that PayWay did not approve`);
    if (paywayTwice.length) problems.push(`${paywayTwice.length} orders paid twice through PayWay`);
    if (outages.payway.refused === 0) problems.push('no PayWay call met its outage: it proved nothing');

    // Bakong: each KHQR it records paid, one payment the shop counts; none counted it does not hold.
    const khqrPayments = await rows(sql`SELECT id, khqr_md5 AS md5, status FROM payments WHERE channel = 'khqr'`);
    const byMd5 = new Map(khqrPayments.map((p) => [p.md5, p]));
    const bakongBook = await parties.bakong.transactions();
    const held = new Set(bakongBook.map((t) => t.md5));
    const khqrLost = bakongBook.filter((t) => !settled.has(byMd5.get(t.md5)?.status));
    const khqrPhantom = khqrPayments.filter((p) => settled.has(p.status) && !held.has(p.md5));
    const khqrTwice = await rows(sql`
      SELECT order_id FROM payments WHERE channel = 'khqr' AND status = 'SUCCEEDED' GROUP BY 1 HAVING count(*) > 1`);
    if (khqrLost.length) problems.push(`${khqrLost.length} KHQR payments Bakong holds, not counted by the shop`);
    if (khqrPhantom.length) problems.push(`${khqrPhantom.length} KHQR payments counted that Bakong does not hold`);
    if (khqrTwice.length) problems.push(`${khqrTwice.length} orders paid twice by KHQR`);
    if (outages.bakong.held === 0) problems.push('no KHQR check met the Bakong outage: it proved nothing');

    return {
      problems,
      figures: {
        reloadly: {
          outageS: outages.reloadly.seconds,
          hung: outages.reloadly.hung,
          made: parties.reloadly.transactions.length,
          shopTopups: topups.length,
          off: topupsOff.length,
        },
        payway: {
          outageS: outages.payway.seconds,
          refused5xx: outages.payway.refused,
          purchasesRefused: seen.paywayPurchasesRefused,
          pushbacksRefused: seen.pushbacksRefused,
          approvedThere: approved.length,
          paidInShop: paywayPayments.filter((p) => settled.has(p.status)).length,
          lost: paywayLost.length,
          notThere: paywayPhantom.length,
          twice: paywayTwice.length,
        },
        bakong: {
          outageS: outages.bakong.seconds,
          checksTimedOut: outages.bakong.held,
          paidThere: bakongBook.length,
          paidInShop: khqrPayments.filter((p) => settled.has(p.status)).length,
          lost: khqrLost.length,
          notThere: khqrPhantom.length,
          twice: khqrTwice.length,
        },
      },
    };
  } finally {
    await database.close();
  }
}

/**
 * The shop's own reconciliation (modules/reconciliation) of the Phnom Penh days the load touched,
 * run in this process by a shop built on the fleet's settings: the lines it keeps open.
 */
export async function reconcile({ databaseUrl, env, from }) {
  const shop = await shopInProcess(databaseUrl, env);
  try {
    const day = (at) => new Date(at + 7 * 3_600_000).toISOString().slice(0, 10);
    const days = [...new Set([day(from), day(Date.now())])];
    const runs = [];
    for (const d of days) runs.push(await shop.services.reconciliation.run(d));
    return {
      days,
      compared: Object.fromEntries(
        runs.flatMap((run) => run.parties).map((p) => [p.party, p.error ? `error: ${p.error}` : p.compared]),
      ),
      open: runs.flatMap((run) => run.list),
      errors: runs.flatMap((run) => run.parties.filter((p) => p.error)),
    };
  } finally {
    await shop.close();
  }
}
