import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidApplication } from '../../../test/bongloy.ts';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { paidOverseasOrder } from '../../../test/overseas.ts';
import { decideOnPage, freePort, PaywayStandin, postPurchaseForm } from '../../../test/payway-standin.ts';
import { quietShopper } from '../../../test/shoppers.ts';
import type { SimulatedCardIssuer } from '../../integrations/card-issuer/issuer.ts';
import type { LocalOverseasSource } from '../../integrations/overseas-source/local.ts';
import type { SimulatedTopupProvider } from '../../integrations/topup-provider/provider.ts';
import { phnomPenhDay, phnomPenhDayBounds } from '../../platform/days.ts';
import { queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { yesterday } from './public.ts';
import { GATEWAY_PENDING_COMPARED_AFTER_MS } from './service.ts';

// The daily reconciliation over HTTP, against the parties' local stand-ins (their own books): a
// top-up, a card credit and an overseas purchase each made cleanly, then a mismatch planted in
// each party's books, and the console lists exactly those, with who fixes them.

const PIN = '135790';

/**
 * When a planted payment was started, the shop having given up on it: past the time a pending
 * payment waits before it is compared, but never before today began in Phnom Penh, where the run
 * looks. In the day's first half hour (17:00–17:30 UTC) "31 minutes ago" was yesterday, and the
 * payment left the day's run (CI failed so at 17:40 UTC).
 */
const givenUpEarlierToday = () =>
  new Date(
    Math.max(
      Date.now() - GATEWAY_PENDING_COMPARED_AFTER_MS - 60_000,
      phnomPenhDayBounds(phnomPenhDay(new Date())).from.getTime(),
    ),
  );
let shop: TestShop;
let finance: string;
let support: string;

beforeAll(async () => {
  shop = await startTestShop();
  (shop.services.topupProvider as SimulatedTopupProvider).behaviour = { delayMs: 0, settleMs: 0 };
  (shop.services.cardIssuer as SimulatedCardIssuer).delayMs = 0;
  (shop.services.overseasSource.inner as LocalOverseasSource).behaviour.delayMs = 0;
  const owner = await shop.services.staff.createOwner('owner.recon', 'Angkor2026pass');
  const by = { staffId: owner.id, login: 'owner.recon' };
  const money = await shop.services.staff.create(
    { login: 'finance.recon', displayName: 'Finance', password: 'Angkor2026pass', roles: ['finance'] },
    by,
  );
  const help = await shop.services.staff.create(
    { login: 'support.recon', displayName: 'Support', password: 'Angkor2026pass', roles: ['support'] },
    by,
  );
  finance = (await shop.ctx.sessions.create('staff', money.id)).token;
  support = (await shop.ctx.sessions.create('staff', help.id)).token;
});
afterAll(() => shop?.close());

const ok = <T = any>(res: { body: { code: string; msg: string; data: T } }) => {
  expect(res.body.code, res.body.msg).toBe('0');
  return res.body.data;
};
const runJobs = () => shop.ctx.jobs.runDue(new Date(Date.now() + 1_000));

async function paidTopup(phone: string) {
  const me = await quietShopper(shop, { payPassword: PIN, cashCents: 10_000 });
  const order = ok(
    await shop.call('POST', '/v1/topup/order/new', { token: me.token, body: { phone, amountCents: 500 } }),
  );
  ok(
    await shop.call('POST', '/v1/order/pay', {
      token: me.token,
      body: { orderId: order.id, kind: 'topup', channel: 'wallet', payPassword: PIN },
    }),
  );
  return order.id as string;
}

async function creditedCard() {
  const app = await paidApplication(shop, 1, 50_000);
  await shop.services.bongloy.review.approve(app.applicationId);
  const card = ok(await shop.call('GET', '/v1/bongloy/cards', { token: app.token }))[0];
  const [{ last4 }] = await queryRows<{ last4: string }>(
    shop.db,
    sql`SELECT s.last4 FROM card_sim_cards s JOIN bongloy_cards c ON c.issuer_ref = s.card_ref WHERE c.id = ${card.id}`,
  );
  ok(await shop.call('POST', '/v1/bongloy/card/activate', { token: app.token, body: { cardId: card.id, last4 } }));
  const topup = ok(
    await shop.call('POST', '/v1/bongloy/topup/create', {
      token: app.token,
      body: { cardId: card.id, amountCents: 2_000 },
    }),
  );
  ok(
    await shop.call('POST', '/v1/order/pay', {
      token: app.token,
      body: { orderId: topup.id, kind: 'bongloytopup', channel: 'wallet', payPassword: app.pin },
    }),
  );
  return topup.id as string;
}

const boughtOverseas = async (n: number) => (await paidOverseasOrder(shop, n, PIN)).orderId;

describe('the daily reconciliation', () => {
  it('lists every planted mismatch with who fixes it, and nothing for what agrees', async () => {
    const cleanTopup = await paidTopup('012 345 601');
    const plantedTopup = await paidTopup('012 345 602');
    const cleanCredit = await creditedCard();
    const plantedCredit = await creditedCard();
    const cleanOrder = await boughtOverseas(11);
    const plantedOrder = await boughtOverseas(12);
    for (let i = 0; i < 4; i++) await runJobs();
    for (const id of [cleanTopup, plantedTopup]) expect((await shop.services.topup.get(id))?.state).toBe('SUCCESS');
    for (const id of [cleanOrder, plantedOrder])
      expect((await shop.services.overseas.orders.get(id))?.state).toBe('BOUGHT');
    const [{ n }] = await queryRows<{ n: number }>(
      shop.db,
      sql`SELECT count(*)::int AS n FROM bongloy_topups WHERE id IN (${cleanCredit}, ${plantedCredit}) AND state = 'SUCCESS'`,
    );
    expect(n).toBe(2);

    const day = phnomPenhDay(new Date());
    const before = ok(await shop.call('POST', '/admin-api/v1/reconciliation/run', { token: finance, body: { day } }));
    expect(before.list).toEqual([]);
    expect(before.parties.map((p: { party: string; error: null }) => [p.party, p.error])).toEqual([
      ['topup', null],
      ['card-issuer', null],
      ['overseas-source', null],
      ['bakong', null],
      ['payment-gateway', null],
      ['refunds', null],
    ]);
    expect(
      before.parties
        .filter((p: { party: string }) => !['bakong', 'payment-gateway', 'refunds'].includes(p.party))
        .every((p: { compared: number }) => p.compared >= 2),
    ).toBe(true);

    // Planted: the provider says the second top-up failed; the issuer lost the second credit and
    // holds one the shop never asked for; the source bought the second order under another number.
    await shop.db.execute(
      sql`UPDATE topup_sim_transactions SET status = 'FAILED', settles_at = NULL WHERE reference = ${plantedTopup}`,
    );
    await shop.db.execute(sql`DELETE FROM card_sim_credits WHERE reference = ${plantedCredit}`);
    await shop.db.execute(
      sql`INSERT INTO card_sim_credits (reference, card_ref, amount_cents, status) VALUES ('ghost-credit', 'SIM-x', 700, 'SUCCESS')`,
    );
    const [order] = await queryRows<{ order_no: string }>(
      shop.db,
      sql`SELECT order_no FROM overseas_orders WHERE id = ${plantedOrder}`,
    );
    await shop.db.execute(
      sql`UPDATE overseas_sim_purchases SET source_order_no = 'TB-OTHER' WHERE reference LIKE ${`${order.order_no}-%`}`,
    );

    const after = ok(await shop.call('POST', '/admin-api/v1/reconciliation/run', { token: finance, body: { day } }));
    const found = after.list.map((m: Record<string, unknown>) => ({
      party: m.party,
      reference: m.reference,
      kind: m.kind,
      fixer: m.fixer,
    }));
    expect(found).toEqual([
      { party: 'card-issuer', reference: plantedCredit, kind: 'missing-at-party', fixer: 'finance' },
      { party: 'card-issuer', reference: 'ghost-credit', kind: 'missing-at-shop', fixer: 'finance' },
      {
        party: 'overseas-source',
        reference: expect.stringMatching(new RegExp(`^${order.order_no}-`)),
        kind: 'state',
        fixer: 'partner',
      },
      { party: 'topup', reference: plantedTopup, kind: 'state', fixer: 'finance' },
    ]);
    const topupLine = after.list.find((m: { party: string }) => m.party === 'topup');
    expect(topupLine).toMatchObject({ shopSays: 'SUCCESS', partySays: 'FAILED', shopCents: 500 });
    const ghost = after.list.find((m: { reference: string }) => m.reference === 'ghost-credit');
    expect(ghost).toMatchObject({ shopSays: null, partySays: 'SUCCESS', partyCents: 700 });

    // The console reads the same; a run of the day again replaces, not adds.
    const read = ok(await shop.call('GET', '/admin-api/v1/reconciliation', { token: finance, query: { day } }));
    expect(read.list).toEqual(after.list);
    const audit = await queryRows<{ action: string }>(
      shop.db,
      sql`SELECT action FROM staff_audit WHERE action = 'reconciliation.run'`,
    );
    expect(audit).toHaveLength(2);
  });

  it('is finance’s: support is refused, a malformed day is SYS00001', async () => {
    const refused = await shop.call('GET', '/admin-api/v1/reconciliation', { token: support });
    expect(refused.body.code).toBe('STF00003');
    const bad = await shop.call('POST', '/admin-api/v1/reconciliation/run', {
      token: finance,
      body: { day: '2026-02-30' },
    });
    expect(bad.body.code).toBe('SYS00001');
  });

  it('the daily job compares yesterday', async () => {
    await shop.ctx.jobs.enqueue('reconciliation.daily', {});
    while ((await runJobs()) > 0) {}
    const read = ok(await shop.call('GET', '/admin-api/v1/reconciliation', { token: finance }));
    expect(read.day).toBe(yesterday());
    expect(read.ranAt).not.toBeNull();
    expect(read.parties.map((p: { party: string }) => p.party)).toEqual([
      'topup',
      'card-issuer',
      'overseas-source',
      'bakong',
      'payment-gateway',
      'refunds',
    ]);
  });

  it('asks Bakong about each KHQR payment of the day: one it lost, one the shop let expire', async () => {
    const me = await quietShopper(shop, { payPassword: PIN, cashCents: 0 });
    const khqrTopup = async (phone: string) => {
      const order = ok(
        await shop.call('POST', '/v1/topup/order/new', { token: me.token, body: { phone, amountCents: 500 } }),
      );
      const paid = ok(
        await shop.call('POST', '/v1/order/pay', {
          token: me.token,
          body: { orderId: order.id, kind: 'topup', channel: 'khqr' },
        }),
      );
      return { paymentId: paid.paymentId as string, khqr: paid.khqr as string };
    };
    const sim = shop.services.bakong.simulator as NonNullable<typeof shop.services.bakong.simulator>;
    const clean = await khqrTopup('012 345 611');
    const lost = await khqrTopup('012 345 612');
    await sim.pay(clean.khqr);
    await sim.pay(lost.khqr);
    // One step of each KHQR watch (its first ask is a few seconds after the code is shown).
    for (let i = 0; i < 3; i++) await shop.ctx.jobs.runDue(new Date(Date.now() + 5_000));
    const statusOf = async (id: string) =>
      (await queryRows<{ status: string }>(shop.db, sql`SELECT status FROM payments WHERE id = ${id}`))[0].status;
    expect(await statusOf(clean.paymentId)).toBe('SUCCEEDED');
    expect(await statusOf(lost.paymentId)).toBe('SUCCEEDED');
    // Planted: Bakong has no record of the second; a third was paid at Bakong but the shop let it expire.
    const expired = await khqrTopup('012 345 613');
    await sim.pay(expired.khqr);
    await shop.db.execute(sql`UPDATE payments SET status = 'EXPIRED' WHERE id = ${expired.paymentId}`);
    await shop.db.execute(
      sql`DELETE FROM bakong_sim_transactions WHERE md5 = (SELECT khqr_md5 FROM payments WHERE id = ${lost.paymentId})`,
    );

    const day = phnomPenhDay(new Date());
    const run = ok(await shop.call('POST', '/admin-api/v1/reconciliation/run', { token: finance, body: { day } }));
    const bakong = run.list.filter((m: { party: string }) => m.party === 'bakong');
    expect(
      bakong.map((m: { reference: string; kind: string; fixer: string }) => [m.reference, m.kind, m.fixer]),
    ).toEqual([
      [lost.paymentId, 'missing-at-party', 'finance'],
      [expired.paymentId, 'missing-at-shop', 'finance'],
    ]);
    expect(bakong[1]).toMatchObject({ shopSays: 'EXPIRED', partySays: 'PAID USD', shopCents: 500, partyCents: 500 });
    expect(run.parties.find((p: { party: string }) => p.party === 'bakong')).toMatchObject({
      error: null,
      mismatches: 2,
    });
  });

  it('asks the sandbox gateway about each online payment of the day: lost callbacks, a lost record, another amount', async () => {
    const me = await quietShopper(shop, { payPassword: PIN, cashCents: 0 });
    const payments = shop.services.payments;
    payments.sandboxBank.behaviour = { delayMs: 0, copies: 1 };
    const sandboxTopup = async (phone: string) => {
      const order = ok(
        await shop.call('POST', '/v1/topup/order/new', { token: me.token, body: { phone, amountCents: 500 } }),
      );
      const paid = ok(
        await shop.call('POST', '/v1/order/pay', {
          token: me.token,
          body: { orderId: order.id, kind: 'topup', channel: 'sandbox' },
        }),
      );
      return paid.paymentId as string;
    };
    const statusOf = async (id: string) =>
      (await queryRows<{ status: string }>(shop.db, sql`SELECT status FROM payments WHERE id = ${id}`))[0].status;
    const clean = await sandboxTopup('012 345 621');
    const declined = await sandboxTopup('012 345 622');
    const unrecorded = await sandboxTopup('012 345 623');
    const otherAmount = await sandboxTopup('012 345 624');
    for (const id of [clean, unrecorded, otherAmount]) await payments.sandboxDecide(id, 'success');
    await payments.sandboxDecide(declined, 'fail');
    // The payer paid on the bank's page, but its callbacks never came and the shop gave up.
    payments.sandboxBank.behaviour = { delayMs: 0, copies: 0 };
    const lostCallbacks = await sandboxTopup('012 345 625');
    await payments.sandboxDecide(lostCallbacks, 'success');
    // Still being paid: not compared yet.
    const young = await sandboxTopup('012 345 626');
    for (let i = 0; i < 3; i++) await runJobs();
    expect(await statusOf(clean)).toBe('SUCCEEDED');
    expect(await statusOf(declined)).toBe('FAILED');
    expect(await statusOf(lostCallbacks)).toBe('PENDING');
    const old = givenUpEarlierToday();
    await shop.db.execute(sql`UPDATE payments SET status = 'EXPIRED', created_at = ${old} WHERE id = ${lostCallbacks}`);
    // Planted in the bank's books: no record of one the shop settled; another amount for a second.
    await shop.db.execute(sql`DELETE FROM sandbox_gateway_transactions WHERE payment_id = ${unrecorded}`);
    await shop.db.execute(
      sql`UPDATE sandbox_gateway_transactions SET amount_cents = 450 WHERE payment_id = ${otherAmount}`,
    );

    const day = phnomPenhDay(new Date());
    const run = ok(await shop.call('POST', '/admin-api/v1/reconciliation/run', { token: finance, body: { day } }));
    const gateway = run.list.filter((m: { party: string }) => m.party === 'payment-gateway');
    const sorted = (rows: string[][]) => rows.sort((a, b) => a[0].localeCompare(b[0]));
    expect(
      sorted(gateway.map((m: { reference: string; kind: string; fixer: string }) => [m.reference, m.kind, m.fixer])),
    ).toEqual(
      sorted([
        [unrecorded, 'missing-at-party', 'finance'],
        [otherAmount, 'amount', 'partner'],
        [lostCallbacks, 'missing-at-shop', 'finance'],
      ]),
    );
    expect(gateway.find((m: { reference: string }) => m.reference === lostCallbacks)).toMatchObject({
      shopSays: 'EXPIRED sandbox',
      partySays: 'SUCCEEDED',
      shopCents: 500,
      partyCents: 500,
    });
    expect(gateway.find((m: { reference: string }) => m.reference === otherAmount)).toMatchObject({
      shopCents: 500,
      partyCents: 450,
    });
    const line = run.parties.find((p: { party: string }) => p.party === 'payment-gateway');
    expect(line).toMatchObject({ error: null, mismatches: 3 });
    // The young pending one was left out; everything else of the day was asked about.
    const [{ n }] = await queryRows<{ n: number }>(
      shop.db,
      sql`SELECT count(*)::int AS n FROM payments WHERE channel IN ('sandbox', 'mpgs', 'payway') AND id <> ${young}`,
    );
    expect(line.compared).toBe(n);
  });
});

describe('the daily reconciliation with PayWay', () => {
  let payShop: TestShop;
  let payway: PaywayStandin;
  let financeToken: string;

  beforeAll(async () => {
    payway = await new PaywayStandin().start();
    const port = await freePort();
    payShop = await startTestShop({
      paymentGateway: 'payway',
      publicUrl: `http://127.0.0.1:${port}`,
      payway: { merchantId: payway.merchantId, apiKey: payway.apiKey, url: payway.purchaseUrl, timeoutMs: 2_000 },
    });
    await payShop.app.listen({ port, host: '127.0.0.1' });
    (payShop.services.topupProvider as SimulatedTopupProvider).behaviour = { delayMs: 0, settleMs: 0 };
    const owner = await payShop.services.staff.createOwner('owner.recon', 'Angkor2026pass');
    const money = await payShop.services.staff.create(
      { login: 'finance.recon', displayName: 'Finance', password: 'Angkor2026pass', roles: ['finance'] },
      { staffId: owner.id, login: 'owner.recon' },
    );
    financeToken = (await payShop.ctx.sessions.create('staff', money.id)).token;
  });
  afterAll(async () => {
    await payShop?.close();
    await payway?.close();
  });

  it('looks each PayWay payment up (check-transaction-2) and lists what PayWay has that the shop has not', async () => {
    const me = await quietShopper(payShop, { payPassword: PIN, cashCents: 0 });
    const paywayTopup = async (phone: string, decision: 'pay' | 'decline' | 'cancel') => {
      const order = ok(
        await payShop.call('POST', '/v1/topup/order/new', { token: me.token, body: { phone, amountCents: 500 } }),
      );
      const paid = ok(
        await payShop.call('POST', '/v1/order/pay', {
          token: me.token,
          body: { orderId: order.id, kind: 'topup', channel: 'payway' },
        }),
      );
      await postPurchaseForm(paid.form);
      const tranId = paid.form.fields.tran_id as string;
      await decideOnPage(payway, tranId, decision);
      return { paymentId: paid.paymentId as string, tranId };
    };
    const statusOf = async (id: string) =>
      (await queryRows<{ status: string }>(payShop.db, sql`SELECT status FROM payments WHERE id = ${id}`))[0].status;
    const clean = await paywayTopup('012 345 631', 'pay');
    const declined = await paywayTopup('012 345 632', 'decline');
    const reversed = await paywayTopup('012 345 633', 'pay');
    const otherAmount = await paywayTopup('012 345 634', 'pay');
    const unsettled = await paywayTopup('012 345 635', 'cancel');
    expect(await statusOf(clean.paymentId)).toBe('SUCCEEDED');
    expect(await statusOf(declined.paymentId)).toBe('FAILED');
    expect(await statusOf(unsettled.paymentId)).toBe('PENDING');
    // Planted at PayWay: the third declined after all, the fourth for $4.00, the fifth paid with
    // the pushback lost while the shop let it expire, and a payment the shop never started.
    const at = (tranId: string) => {
      const t = payway.transactions.get(tranId);
      if (!t) throw new Error(`no ${tranId}`);
      return t;
    };
    at(reversed.tranId).status = 'DECLINED';
    at(otherAmount.tranId).amount = 4;
    at(unsettled.tranId).status = 'APPROVED';
    const old = givenUpEarlierToday();
    await payShop.db.execute(
      sql`UPDATE payments SET status = 'EXPIRED', created_at = ${old} WHERE id = ${unsettled.paymentId}`,
    );
    payway.transactions.set('GHOST0001', { ...at(clean.tranId), tranId: 'GHOST0001', amount: 7 });

    const day = phnomPenhDay(new Date());
    const run = ok(
      await payShop.call('POST', '/admin-api/v1/reconciliation/run', { token: financeToken, body: { day } }),
    );
    const gateway = run.list.filter((m: { party: string }) => m.party === 'payment-gateway');
    const rows = gateway
      .map((m: { reference: string; kind: string; fixer: string }) => [m.reference, m.kind, m.fixer])
      .sort((a: string[], b: string[]) => a[0].localeCompare(b[0]));
    expect(rows).toEqual(
      [
        [reversed.paymentId, 'state', 'finance'],
        [otherAmount.paymentId, 'amount', 'partner'],
        [unsettled.paymentId, 'missing-at-shop', 'finance'],
        ['GHOST0001', 'missing-at-shop', 'finance'],
      ].sort((a, b) => a[0].localeCompare(b[0])),
    );
    expect(gateway.find((m: { reference: string }) => m.reference === reversed.paymentId)).toMatchObject({
      shopSays: 'SUCCEEDED payway',
      partySays: 'DECLINED',
    });
    expect(gateway.find((m: { reference: string }) => m.reference === 'GHOST0001')).toMatchObject({
      shopSays: null,
      partySays: 'APPROVED USD',
      partyCents: 700,
    });
    expect(run.parties.find((p: { party: string }) => p.party === 'payment-gateway')).toMatchObject({
      error: null,
      compared: 5,
      mismatches: 4,
    });
    expect(payway.count('transaction-list-2')).toBe(1);

    // PayWay down: the party says so, the others are compared all the same.
    payway.next.check.push({ status: 503 });
    const down = ok(
      await payShop.call('POST', '/admin-api/v1/reconciliation/run', { token: financeToken, body: { day } }),
    );
    expect(down.parties.find((p: { party: string }) => p.party === 'payment-gateway').error).toMatch(/503/);
    expect(down.parties.find((p: { party: string }) => p.party === 'topup').error).toBeNull();
  });
});
