import { createHmac } from 'node:crypto';
import { dueNowCents } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { fundShopper, publishedItem, quietShopper } from '../../../test/shoppers.ts';
import { photo, upload } from '../../../test/uploads.ts';
import type { SimulatedLender } from '../../integrations/lender/lender.ts';
import { queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { DEMO_APPLICANT, seedLoans } from './seed.ts';

const PIN = '135790';
const SECRET = 'loans-test-secret';
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ trustProxy: true, paymentSecret: SECRET });
  (shop.services.lender as SimulatedLender).timing = { autoDecisionMs: 100, extensionAnswerMs: 100 };
});
afterAll(() => shop.close());

/** The identity documents of an application, uploaded by the shopper (spec §3). */
const documentsOf = async (token: string) => ({
  nationalIdCard: (await upload(shop, '/v1/upload/pictureofclient', token, await photo(640, 400))).body.data.id,
  facePicture: (await upload(shop, '/v1/upload/pictureofclient', token, await photo(480, 640))).body.data.id,
});

const application = async (token: string, more: Record<string, unknown> = {}) => ({
  fullName: 'Sok Dara',
  nationalId: `N${Math.floor(Math.random() * 1e9)}`,
  birthDate: '15/06/1995',
  email: 'dara@example.com',
  mailingAddress: 'St 271, Phnom Penh',
  postalCode: '12000',
  residenceCountry: 'KH',
  familyDetails: 'Married, two children',
  education: 'Bachelor',
  employment: 'Shop assistant, 3 years',
  monthlyIncomeCents: 450_00,
  amountCents: 300_00,
  installments: 3,
  consent: { applicationData: true, deviceData: false },
  documents: await documentsOf(token),
  ...more,
});

let ip = 0;
async function signedLoan(token: string, more: Record<string, unknown> = {}) {
  const applied = await shop.call('POST', '/v1/kmf/apply', { token, body: await application(token, more) });
  expect(applied.body.code).toBe('0');
  ip += 1;
  const sms = await shop.call('POST', '/v1/customer/sendsms', {
    token,
    body: { phone: '', type: 'loan' },
    headers: { 'x-forwarded-for': `10.88.1.${ip}` },
  });
  expect(sms.body.code).toBe('0');
  const signed = await shop.call('POST', '/v1/kmf/sign', {
    token,
    body: { id: applied.body.data.id, code: sms.body.data.devCode },
  });
  expect(signed.body.code).toBe('0');
  return signed.body.data;
}

async function activeLoan() {
  const shopper = await quietShopper(shop, { payPassword: PIN });
  const loan = await signedLoan(shopper.token);
  await shop.services.loans.staffDecide(loan.id, { approve: true }, 'staff-1');
  const collected = await shop.call('POST', '/v1/kmf/collect', { token: shopper.token, body: { id: loan.id } });
  expect(collected.body.data.state).toBe('ACTIVE');
  return { ...shopper, loanId: loan.id as string, payoff: collected.body.data.payoffCents as number };
}

async function repay(token: string, id: string, amountCents: number) {
  const made = await shop.call('POST', '/v1/kmf/repay', { token, body: { id, amountCents } });
  if (made.body.code !== '0') return made.body.code as string;
  const paid = await shop.call('POST', '/v1/order/pay', {
    token,
    body: { orderId: made.body.data.repaymentId, kind: 'loan', channel: 'wallet', payPassword: PIN },
  });
  return paid.body.code as string;
}

const loanOf = async (token: string, id: string) =>
  ((await shop.call('GET', '/v1/kmf/loans', { token })).body.data.loans as { id: string }[]).find(
    (l) => l.id === id,
  ) as any;

describe('applying', () => {
  it('refuses what the rules refuse, in the caller’s language', async () => {
    const { token } = await quietShopper(shop);
    const old = await shop.call('POST', '/v1/kmf/apply', {
      token,
      language: 'chs',
      body: await application(token, { birthDate: '01/01/1960' }),
    });
    expect(old.body).toMatchObject({ code: 'LOAN0001', msg: '贷款申请人年龄须在 18 至 50 岁之间' });
    for (const [more, code] of [
      [{ monthlyIncomeCents: 199_99 }, 'LOAN0002'],
      [{ residenceCountry: 'TH' }, 'LOAN0003'],
      [{ amountCents: 1_000_01 }, 'LOAN0008'],
      [{ installments: 5 }, 'LOAN0016'],
      [{ birthDate: '31/02/1995' }, 'LOAN0015'],
    ] as const) {
      const res = await shop.call('POST', '/v1/kmf/apply', { token, body: await application(token, more) });
      expect(res.body.code).toBe(code);
    }
    const bad = await shop.call('POST', '/v1/kmf/apply', {
      token,
      body: { ...(await application(token)), consent: { applicationData: false } },
    });
    expect(bad.status).toBe(400);
  });

  it('signs with the SMS code, waits for a person at first, keeps the agreement', async () => {
    const { token, userId } = await quietShopper(shop);
    const applied = await shop.call('POST', '/v1/kmf/apply', {
      token,
      body: await application(token, {
        consent: { applicationData: true, deviceData: false },
        device: { contacts: 12 },
      }),
    });
    expect(applied.body.data.state).toBe('SIGNING');
    const wrong = await shop.call('POST', '/v1/kmf/sign', { token, body: { id: applied.body.data.id, code: '0000' } });
    expect(['USR00012', 'USR00011']).toContain(wrong.body.code);
    const again = await shop.call('POST', '/v1/kmf/apply', { token, body: await application(token) });
    expect(again.body.code).toBe('LOAN0006');
    const sms = await shop.call('POST', '/v1/customer/sendsms', {
      token,
      body: { phone: '', type: 'loan' },
      headers: { 'x-forwarded-for': '10.88.2.1' },
    });
    const signed = await shop.call('POST', '/v1/kmf/sign', {
      token,
      body: { id: applied.body.data.id, code: sms.body.data.devCode },
    });
    expect(signed.body.data.state).toBe('REVIEW');
    expect(new Date(signed.body.data.reviewBy).getTime() - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
    const agreement = await shop.call('GET', '/v1/kmf/agreement', { token, query: { id: applied.body.data.id } });
    expect(agreement.body.data.text).toMatch(/Processing fee USD 6\.00/);
    expect(agreement.body.data.codeHash).toMatch(/^[0-9a-f]{64}$/);
    // Device data was not consented to: not kept.
    const [row] = (
      (await shop.db.execute(sql`SELECT device FROM loans WHERE user_id = ${userId}`)) as unknown as {
        rows: { device: unknown }[];
      }
    ).rows;
    expect(row?.device ?? null).toBeNull();
    // Not decided by the rules: it waits in the console's queue.
    await shop.services.loans.pollLender();
    expect((await loanOf(token, applied.body.data.id)).state).toBe('REVIEW');
    const queue = await shop.services.loans.staffReviewQueue();
    expect(queue.map((q) => q.loan.id)).toContain(applied.body.data.id);
    // The phone stays while the loan is open.
    const change = await shop.call('POST', '/v1/customer/changephone', {
      token,
      body: { countryCode: '+855', phone: '012999111', code: '1234' },
    });
    expect(change.body.code).toBe('LOAN0014');
    await shop.services.loans.staffDecide(applied.body.data.id, { approve: false, reason: 'references' }, 'staff-1');
    expect((await loanOf(token, applied.body.data.id)).state).toBe('REFUSED');
  });

  it('takes the documents of spec §3 as the shopper’s own uploads, passes them on, shows them to staff', async () => {
    const me = await quietShopper(shop);
    const missing = await shop.call('POST', '/v1/kmf/apply', {
      token: me.token,
      language: 'kh',
      body: { ...(await application(me.token)), documents: { nationalIdCard: undefined } },
    });
    expect(missing.body).toMatchObject({ code: 'LOAN0021', msg: 'សូមបន្ថែមរូបថតអត្តសញ្ញាណប័ណ្ណ និងរូបថតមុខរបស់អ្នក' });
    // Another shopper's picture is not theirs to give.
    const other = await quietShopper(shop);
    const theirs = await documentsOf(other.token);
    const stolen = await shop.call('POST', '/v1/kmf/apply', {
      token: me.token,
      body: await application(me.token, { documents: { ...theirs } }),
    });
    expect(stolen.body.code).toBe('UPL00005');
    const licence = (await upload(shop, '/v1/upload/pictureofclient', me.token, await photo(800, 500))).body.data.id;
    const body = await application(me.token);
    const loan = await signedLoan(me.token, { documents: { ...body.documents, drivingLicence: licence } });
    // The lender received each document's bytes.
    const [sent] = (
      (await shop.db.execute(
        sql`SELECT data FROM lender_sim_applications WHERE reference = ${loan.reference}`,
      )) as unknown as {
        rows: { data: { documents: Record<string, { bytes: number }> } }[];
      }
    ).rows;
    expect(Object.keys(sent.data.documents).sort()).toEqual(['drivingLicence', 'facePicture', 'nationalIdCard']);
    expect(Object.values(sent.data.documents).every((d) => d.bytes > 1000)).toBe(true);
    // Staff of the loan desk see them through short-lived links, and the view is audited.
    const owner = await shop.services.staff.createOwner('loans.owner', 'Angkor2026pass');
    const staff = (await shop.ctx.sessions.create('staff', owner.id)).token;
    const docs = await shop.call('GET', '/admin-api/v1/loans/documents', { token: staff, query: { id: loan.id } });
    expect(docs.body.data.map((d: { kind: string }) => d.kind).sort()).toEqual([
      'drivingLicence',
      'facePicture',
      'nationalIdCard',
    ]);
    const file = await shop.app.inject({ method: 'GET', url: docs.body.data[0].url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const audit = await shop.services.staff.auditList({ page: 1, size: 20, action: 'loan.view-documents' });
    expect(audit.list.some((a) => String(a.targetId) === loan.id)).toBe(true);
    // The shopper's token opens no console call.
    expect(
      (await shop.call('GET', '/admin-api/v1/loans/documents', { token: me.token, query: { id: loan.id } })).body.code,
    ).toMatch(/^STF0000/);
  });
});

describe('money', () => {
  it('collects, spends in the shop, repays in two parts with the allocation order, extends', async () => {
    const { token, userId, loanId, payoff } = await activeLoan();
    expect(payoff).toBe(300_00 + 6_00 + 3_00 + 4_50);
    expect((await shop.call('GET', '/v1/kmf/loans', { token })).body.data.creditCents).toBe(300_00);

    // Spend part of the credit at the cashier.
    const skuId = await publishedItem(shop, { priceCents: 120_00, stock: 5 });
    const pre = await shop.call('POST', '/v1/preorder/createdirect', {
      token,
      body: { skuId, quantity: 1, shipType: 'STORE' },
    });
    const done = await shop.call('POST', '/v1/preorder/finish', { token, body: { preorderId: pre.body.data.id } });
    const orderId = done.body.data.orderId;
    const cashier = await shop.call('GET', '/v1/h5/new/cashier/refresh', { token, query: { orderId } });
    expect(cashier.body.data.channels.map((c: { code: string }) => c.code)).toContain('loan_credit');
    const paid = await shop.call('POST', '/v1/order/pay', {
      token,
      body: { orderId, channel: 'loan_credit', payPassword: PIN },
    });
    expect(paid.body.code).toBe('0');
    expect((await shop.call('GET', '/v1/kmf/loans', { token })).body.data.creditCents).toBe(180_00);

    // The credit does not repay its own loan, and an extension needs more than 40% repaid.
    const early = await shop.call('POST', '/v1/kmf/extend', { token, body: { id: loanId } });
    expect(early.body.code).toBe('LOAN0011');
    await fundShopper(shop, userId, { cashCents: 400_00 });
    expect(await repay(token, loanId, 100_00)).toBe('0');
    let loan = await loanOf(token, loanId);
    // 6.00 processing, 3.00 consulting, 4.50 interest, then principal.
    expect(loan.schedule[0].paid).toMatchObject({
      processing: 6_00,
      consulting: 3_00,
      interest: 4_50,
      principal: 86_50,
    });
    expect(await repay(token, loanId, 60_00)).toBe('0');
    loan = await loanOf(token, loanId);
    expect(loan.totals.paid.principal).toBeGreaterThan(120_00);
    expect(await repay(token, loanId, 10_000_00)).toBe('LOAN0009');

    const extended = await shop.call('POST', '/v1/kmf/extend', { token, body: { id: loanId } });
    expect(extended.body.data.extension).toMatchObject({ state: 'PENDING' });
    expect((await shop.call('POST', '/v1/kmf/extend', { token, body: { id: loanId } })).body.code).toBe('LOAN0020');
    await new Promise((r) => setTimeout(r, 150));
    await shop.services.loans.pollLender();
    loan = await loanOf(token, loanId);
    expect(loan.extension.state).toBe('ACCEPTED');
    expect(loan.totals.charged.other).toBe(loan.extension.feeCents);
    expect(loan.extensionRefusal).toMatch(/cannot be extended again/);
  });

  it('a payout asked at 17:01 in Phnom Penh waits until 9:00, in the shopper’s own name only', async () => {
    const { token, userId } = await activeLoan();
    const other = await shop.call('POST', '/v1/kmf/payout', {
      token,
      body: { amountCents: 50_00, bankName: 'ABA', accountName: 'Someone Else', accountNumber: '000111222' },
    });
    expect(other.body.code).toBe('LOAN0018');
    const at1701 = new Date('2026-06-01T10:01:00Z');
    const asked = await shop.services.loans.credit.requestPayout(
      userId,
      { amountCents: 50_00, bankName: 'ABA', accountName: ' sok  dara ', accountNumber: '000111222' },
      at1701,
    );
    expect(asked).toMatchObject({ state: 'WAITING', runAt: '2026-06-02T02:00:00.000Z' });
    const [job] = (
      (await shop.db.execute(
        sql`SELECT run_at FROM jobs WHERE dedupe_key = ${`loan-payout:${asked.id}`}`,
      )) as unknown as { rows: { run_at: string }[] }
    ).rows;
    expect(new Date(job.run_at).toISOString()).toBe('2026-06-02T02:00:00.000Z');
    expect(await shop.services.loans.credit.runPayout(asked.id, new Date('2026-06-01T12:00:00Z'))).toBe('WAITING');
    expect(await shop.services.loans.credit.runPayout(asked.id, new Date('2026-06-02T02:00:00Z'))).toBe('PAID');
    expect((await shop.call('GET', '/v1/kmf/loans', { token })).body.data.creditCents).toBe(250_00);
  });

  it('blacklists on the 30th day late, calls the loan due and refuses further loans; reminds', async () => {
    const { token, loanId } = await activeLoan();
    const day = 86_400_000;
    const first = await shop.services.loans.daily(new Date(Date.now() + 27 * day));
    expect(first.reminders).toBeGreaterThanOrEqual(1);
    // Each reminder is a durable job with its own key: the next sweep the same day queues none again.
    expect((await shop.services.loans.daily(new Date(Date.now() + 27 * day + 1000))).reminders).toBe(0);
    const [job] = (
      (await shop.db.execute(
        sql`SELECT payload FROM jobs WHERE name = 'loans.remind' AND payload->>'loanId' = ${loanId}`,
      )) as unknown as { rows: { payload: Parameters<typeof shop.services.loans.remind>[0] }[] }
    ).rows;
    expect(job.payload).toMatchObject({ kind: 'before', days: 3 });
    await shop.services.loans.remind(job.payload);
    const notices = await shop.call('GET', '/v1/notify/list', {
      token,
      language: 'kh',
      query: { page: '1', size: '10' },
    });
    expect(JSON.stringify(notices.body.data)).toContain('ការបង់រំលស់ប្រាក់កម្ចីជិតដល់ថ្ងៃកំណត់');
    await shop.services.loans.daily(new Date(Date.now() + 59 * day));
    expect((await loanOf(token, loanId)).blacklisted).toBe(false);
    const listed = await shop.services.loans.daily(new Date(Date.now() + 60 * day + 1000));
    // Every active loan of the shop is swept (other tests' loans are as late).
    expect(listed.blacklisted).toBeGreaterThanOrEqual(1);
    const loan = await loanOf(token, loanId);
    expect(loan.blacklisted).toBe(true);
    expect(
      loan.schedule.every(
        (row: { dueDate: string }) =>
          row.dueDate <= new Date(Date.now() + 60 * day + 7 * 3600_000).toISOString().slice(0, 10),
      ),
    ).toBe(true);
    const offer = await shop.call('GET', '/v1/kmf/offer', { token });
    expect(offer.body.data.refusalCode).toBe('LOAN0007');
  });
});

describe('an approved amount lower than the one signed', () => {
  it('shows the approved schedule and cost before collecting; collects only the amount accepted', async () => {
    const { token } = await quietShopper(shop, { payPassword: PIN });
    const signed = await signedLoan(token);
    await shop.services.loans.staffDecide(signed.id, { approve: true, approvedCents: 250_00 }, 'staff-1');
    const before = await loanOf(token, signed.id);
    expect(before.state).toBe('APPROVED');
    const day = Math.floor((Date.now() + 7 * 3600_000) / 86_400_000);
    const date = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 10);
    // 250.00: processing 5.00 once, consulting 2.50 and interest 3.75 a period; the agreement named 300.00 (328.50).
    expect(before.approved).toEqual({
      amountCents: 250_00,
      askedCents: 300_00,
      signedTotalCents: 328_50,
      totals: { processing: 5_00, consulting: 7_50, interest: 11_25, principal: 250_00, late: 0, other: 0 },
      totalCents: 273_75,
      schedule: [
        { number: 1, dueDate: date(day + 30), amountCents: 83_33 + 5_00 + 2_50 + 3_75 },
        { number: 2, dueDate: date(day + 60), amountCents: 83_33 + 2_50 + 3_75 },
        { number: 3, dueDate: date(day + 90), amountCents: 83_34 + 2_50 + 3_75 },
      ],
    });
    // Accepting another amount than the approved one collects nothing.
    const wrong = await shop.call('POST', '/v1/kmf/collect', {
      token,
      language: 'kh',
      body: { id: signed.id, acceptCents: 300_00 },
    });
    expect(wrong.body).toMatchObject({
      code: 'LOAN0023',
      msg: 'ចំនួនទឹកប្រាក់ដែលបានអនុម័តគឺ 250.00 ដុល្លារ៖ សូមមើលកាលវិភាគ និងថ្លៃសេវារបស់វា រួចទទួលយក',
    });
    expect((await loanOf(token, signed.id)).state).toBe('APPROVED');
    const collected = await shop.call('POST', '/v1/kmf/collect', {
      token,
      body: { id: signed.id, acceptCents: 250_00 },
    });
    expect(collected.body.data.state).toBe('ACTIVE');
    expect(collected.body.data.approved).toBeNull();
    // The schedule collected is the one shown before.
    expect(
      collected.body.data.schedule.map((r: { dueDate: string; outstandingCents: number }) => ({
        dueDate: r.dueDate,
        amountCents: r.outstandingCents,
      })),
    ).toEqual(
      before.approved.schedule.map(({ dueDate, amountCents }: { dueDate: string; amountCents: number }) => ({
        dueDate,
        amountCents,
      })),
    );
  });
});

describe('what is owed now', () => {
  it('is what is due now, apart from the payoff and the whole schedule', async () => {
    const { token, loanId } = await activeLoan();
    const loan = await loanOf(token, loanId);
    // 300.00 in 3: nothing due until the first due day, a month away.
    expect(loan.dueNowCents).toBe(0);
    expect(loan.nextDue).toEqual({ dueDate: loan.schedule[0].dueDate, amountCents: 100_00 + 6_00 + 3_00 + 4_50 });
    expect(loan.payoffCents).toBe(300_00 + 6_00 + 3_00 + 4_50);
    expect(loan.outstandingCents).toBe(328_50);
    // On the first due day (Phnom Penh) the first installment is due, with its fees.
    const row = await shop.services.loans.get(loanId);
    const onDueDay = row && shop.services.loans.repayments.current(row, new Date(Date.now() + 30 * 86_400_000));
    expect(onDueDay && dueNowCents(onDueDay)).toBe(113_50);
  });
});

describe('concurrent repayments of one loan', () => {
  it('settle once each, and the loan counts every cent once', async () => {
    const { token, userId, loanId } = await activeLoan();
    await fundShopper(shop, userId, { cashCents: 400_00 });
    const ids: string[] = [];
    for (const amount of [30_00, 40_00, 50_00]) {
      const made = await shop.call('POST', '/v1/kmf/repay', { token, body: { id: loanId, amountCents: amount } });
      ids.push(made.body.data.repaymentId);
    }
    const pay = (orderId: string) =>
      shop
        .call('POST', '/v1/order/pay', { token, body: { orderId, kind: 'loan', channel: 'wallet', payPassword: PIN } })
        .then((r) => r.body.code);
    // Each repayment twice at once (a double tap), all three at the same time.
    const codes = await Promise.all([...ids, ...ids].map(pay));
    expect(codes.filter((c) => c === '0')).toHaveLength(3);
    const loan = await loanOf(token, loanId);
    const paid = Object.values(loan.totals.paid as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(paid).toBe(120_00);
    expect((await shop.services.wallet.balances(userId)).cashCents).toBe(280_00);
    const [{ n }] = (
      (await shop.db.execute(
        sql`SELECT count(*)::int AS n FROM loan_repayments WHERE loan_id = ${loanId} AND state = 'PAID'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(n).toBe(3);
  });
});

/** The sandbox bank's signed answer for a payment, as its server sends it. */
async function bankSays(paymentId: string, amountCents: number, transactionId: string) {
  const b = { paymentId, status: 'SUCCEEDED', amountCents, transactionId, timestamp: Date.now() };
  const signature = createHmac('sha256', SECRET)
    .update(`${b.paymentId}|${b.status}|${b.amountCents}|${b.transactionId}|${b.timestamp}`)
    .digest('hex');
  const res = await shop.app.inject({ method: 'POST', url: '/v1/pay/callback/sandbox', payload: { ...b, signature } });
  return res.json().outcome as string;
}

/** Two "repay all" repayments of one loan, each with a bank payment started and not yet answered. */
async function twoRepayAllAtTheBank() {
  const loan = await activeLoan();
  const ids: string[] = [];
  const payments: string[] = [];
  for (let i = 0; i < 2; i++) {
    const made = await shop.call('POST', '/v1/kmf/repay', {
      token: loan.token,
      body: { id: loan.loanId, amountCents: loan.payoff },
    });
    expect(made.body.code).toBe('0');
    ids.push(made.body.data.repaymentId);
    const started = await shop.call('POST', '/v1/order/pay', {
      token: loan.token,
      body: { orderId: made.body.data.repaymentId, kind: 'loan', channel: 'sandbox' },
    });
    expect(started.body.data.status).toBe('PENDING');
    payments.push(started.body.data.paymentId);
  }
  return { ...loan, ids, payments };
}

const noticesOf = async (token: string, language = 'en-US') =>
  (await shop.call('GET', '/v1/notify/list', { token, language, query: { page: '1', size: '20' } })).body.data.list as {
    title: string;
    body: string;
    link: string;
  }[];

describe('two "repay all" repayments of one loan', () => {
  it('once the loan is repaid the other is closed, the cashier refuses it, late money goes back with a notice', async () => {
    const { token, loanId, payoff, ids, payments } = await twoRepayAllAtTheBank();
    expect(await bankSays(payments[0], payoff, 'SBXLOANA0001')).toBe('paid');
    const loan = await loanOf(token, loanId);
    expect(loan.state).toBe('SETTLED');
    expect(Object.fromEntries(loan.repayments.map((r: { id: string; state: string }) => [r.id, r.state]))).toEqual({
      [ids[0]]: 'PAID',
      [ids[1]]: 'CANCEL',
    });
    // The console reads the rows themselves.
    const rows = await shop.services.loans.staffRepayments(1, 50);
    expect(rows.find((r) => r.id === ids[1])?.state).toBe('CANCEL');
    // The cashier shows it closed and refuses every channel, in the shopper's language.
    const cashier = await shop.call('GET', '/v1/h5/new/cashier/refresh', {
      token,
      query: { orderId: ids[1], kind: 'loan' },
    });
    expect(cashier.body.data.state).toBe('CANCEL');
    expect(cashier.body.data.pending).toBeNull();
    for (const channel of ['sandbox', 'khqr', 'wallet'] as const) {
      const refused = await shop.call('POST', '/v1/order/pay', {
        token,
        language: 'chs',
        body: { orderId: ids[1], kind: 'loan', channel, payPassword: PIN },
      });
      expect(refused.body, channel).toMatchObject({
        code: 'LOAN0022',
        msg: '该还款已关闭：贷款已还清，未扣任何款项。',
      });
    }
    // The bank's money for the second arrives anyway: recorded late, given back, and the shopper is told.
    expect(await bankSays(payments[1], payoff, 'SBXLOANA0002')).toBe('late');
    expect(await bankSays(payments[1], payoff, 'SBXLOANA0002')).toBe('duplicate');
    const [{ status }] = (await shop.services.payments.paymentsOf(ids[1])).filter((p) => p.id === payments[1]);
    expect(status).toBe('LATE');
    // One refund of it, asked of the bank by one job (payments/refunds.ts).
    const refunds = await queryRows<{ id: string; amount_cents: number; reason: string }>(
      shop.db,
      sql`SELECT id, amount_cents, reason FROM payment_refunds WHERE payment_id = ${payments[1]}`,
    );
    expect(refunds).toEqual([expect.objectContaining({ amount_cents: payoff, reason: 'late' })]);
    expect(
      await shop.ctx.jobs.enqueue(
        'payments.refund-send',
        { refundId: 'x' },
        { dedupeKey: `refund-send:${refunds[0].id}` },
      ),
    ).toBe(false);
    const notices = (await noticesOf(token, 'kh')).filter((n) => n.title === 'ប្រាក់ត្រូវបានបង្វិលសង');
    expect(notices).toHaveLength(1);
    expect(notices[0].body).toContain(`$${(payoff / 100).toFixed(2)}`);
    expect(notices[0].link).toBe('/kmf');
    // Its money went back: the repayment is closed as returned, not merely closed.
    expect((await loanOf(token, loanId)).repayments.find((r: { id: string }) => r.id === ids[1]).state).toBe(
      'RETURNED',
    );
  });

  it('paid at the same moment: the loan is repaid once, the other goes back with a notice (no deadlock)', async () => {
    const { token, userId, loanId, payoff, ids, payments } = await twoRepayAllAtTheBank();
    const outcomes = await Promise.all([
      bankSays(payments[0], payoff, 'SBXLOANB0001'),
      bankSays(payments[1], payoff, 'SBXLOANB0002'),
    ]);
    expect(outcomes.sort()).toEqual(['late', 'paid']);
    const loan = await loanOf(token, loanId);
    expect(loan.state).toBe('SETTLED');
    // The other's money went back: closed as returned.
    expect(loan.repayments.map((r: { state: string }) => r.state).sort()).toEqual(['PAID', 'RETURNED']);
    const paidId = loan.repayments.find((r: { state: string }) => r.state === 'PAID').id;
    expect(ids).toContain(paidId);
    // The repaid money moved into the loans' books once, the paid repayment's amount.
    const moved = (
      (await shop.db.execute(
        sql`SELECT idempotency_key AS key, amount::int AS amount FROM wallet_transfers
            WHERE idempotency_key IN (${`loan-repay:${ids[0]}`}, ${`loan-repay:${ids[1]}`})`,
      )) as unknown as { rows: { key: string; amount: number }[] }
    ).rows;
    expect(moved).toEqual([{ key: `loan-repay:${paidId}`, amount: payoff }]);
    expect((await noticesOf(token)).filter((x) => x.title === 'Payment returned')).toHaveLength(1);
    // Both by the wallet at once: one repays, the other is refused and takes nothing.
    const other = await twoRepayAllAtTheBank();
    await fundShopper(shop, other.userId, { cashCents: 2 * other.payoff });
    const codes = await Promise.all(
      other.ids.map((orderId) =>
        shop
          .call('POST', '/v1/order/pay', {
            token: other.token,
            body: { orderId, kind: 'loan', channel: 'wallet', payPassword: PIN },
          })
          .then((r) => r.body.code),
      ),
    );
    expect(codes.sort()).toEqual(['0', 'LOAN0022']);
    expect((await shop.services.wallet.balances(other.userId)).cashCents).toBe(other.payoff);
    expect(userId).not.toBe(other.userId);
  });
});

describe('a second repayment paid at the bank while the first confirms (issue 43)', () => {
  it('the bank took both: the second repaid nothing, is closed as returned, and its notice says what was taken and where it goes back', async () => {
    shop.services.payments.sandboxBank.behaviour = { delayMs: 3_600_000, copies: 1 };
    const loan = await activeLoan();
    // Two repayments of more than half of what is owed: once the first is in, the second is more than the loan owes.
    const amount = loan.payoff - 1_000;
    expect(2 * amount).toBeGreaterThan(loan.payoff);
    const made: { id: string; paymentId: string; transactionId: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const repayment = await shop.call('POST', '/v1/kmf/repay', {
        token: loan.token,
        body: { id: loan.loanId, amountCents: amount },
      });
      expect(repayment.body.code).toBe('0');
      const started = await shop.call('POST', '/v1/order/pay', {
        token: loan.token,
        body: { orderId: repayment.body.data.repaymentId, kind: 'loan', channel: 'sandbox' },
      });
      expect(started.body.data.status).toBe('PENDING');
      // The shopper pays both at the bank: the bank's books take both.
      await shop.services.payments.sandboxDecide(started.body.data.paymentId, 'success');
      const record = await shop.services.payments.sandboxRecord(started.body.data.paymentId);
      expect(record).toMatchObject({ status: 'SUCCEEDED', amountCents: amount });
      made.push({
        id: repayment.body.data.repaymentId,
        paymentId: started.body.data.paymentId,
        transactionId: record?.transactionId as string,
      });
    }
    expect(await bankSays(made[0].paymentId, amount, made[0].transactionId)).toBe('paid');
    expect(await bankSays(made[1].paymentId, amount, made[1].transactionId)).toBe('late');
    const after = await loanOf(loan.token, loan.loanId);
    expect(after.state).toBe('ACTIVE');
    expect(after.payoffCents).toBe(loan.payoff - amount);
    const states = Object.fromEntries(after.repayments.map((r: { id: string; state: string }) => [r.id, r.state]));
    expect(states).toEqual({ [made[0].id]: 'PAID', [made[1].id]: 'RETURNED' });
    // The second's money goes back through the refund entry point, once.
    const [{ status }] = (await shop.services.payments.paymentsOf(made[1].id)).filter(
      (p) => p.id === made[1].paymentId,
    );
    expect(status).toBe('LATE');
    const [{ n }] = await queryRows<{ n: number }>(
      shop.db,
      sql`SELECT count(*)::int AS n FROM payment_refunds WHERE payment_id = ${made[1].paymentId}`,
    );
    expect(n).toBe(1);
    // Sent as its job sends it, twice over (a restart): the bank's own books give the second back once.
    const [{ id: refundId }] = await queryRows<{ id: string }>(
      shop.db,
      sql`SELECT id FROM payment_refunds WHERE payment_id = ${made[1].paymentId}`,
    );
    expect(await shop.services.payments.refunds.send(refundId)).toBe('REFUNDED');
    await shop.services.payments.refunds.send(refundId);
    const bank = await shop.services.payments.sandboxBank.refunds(made[1].paymentId);
    expect(bank).toMatchObject({ paidCents: amount, refundedCents: amount });
    expect(bank?.refunds).toHaveLength(1);
    expect(await shop.services.payments.sandboxBank.refunds(made[0].paymentId)).toMatchObject({ refundedCents: 0 });
    // The cashier shows it closed; nothing more can be paid on it.
    const cashier = await shop.call('GET', '/v1/h5/new/cashier/refresh', {
      token: loan.token,
      query: { orderId: made[1].id, kind: 'loan' },
    });
    expect(cashier.body.data.state).toBe('REFUND');
    const again = await shop.call('POST', '/v1/order/pay', {
      token: loan.token,
      body: { orderId: made[1].id, kind: 'loan', channel: 'sandbox' },
    });
    expect(again.body.code).not.toBe('0');
    const told = (await noticesOf(loan.token)).filter((n) => n.title === 'Payment returned');
    expect(told).toHaveLength(1);
    const money = `$${(amount / 100).toFixed(2)}`;
    expect(told[0].body).toContain(`the ${money} that was taken goes back to the card or account you paid with`);
    expect(told[0].body).not.toContain('nothing was taken');
    const kh = (await noticesOf(loan.token, 'kh')).find((n) => n.title === 'ប្រាក់ត្រូវបានបង្វិលសង');
    expect(kh?.body).toContain('ត្រូវបានកាត់');
  });
});

describe('demo data', () => {
  it('puts one signed application in the review queue, once', async () => {
    await seedLoans(shop.ctx, shop.services);
    await seedLoans(shop.ctx, shop.services);
    const user = await shop.services.accounts.findByPhone(DEMO_APPLICANT.e164);
    const queue = await shop.services.loans.staffReviewQueue();
    const mine = queue.filter((q) => q.loan.userId === user?.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].loan.signedAt).not.toBeNull();
  });
});

describe('documents', () => {
  it('puts the loan pages in place in three languages; the FAQ says 18 to 50 as the terms do', async () => {
    for (const key of ['kmf.aboutUs', 'kmf.faq', 'kmf.privacyPolicy', 'kmf.termsorConditions', 'kmf.userorPrivacy'])
      for (const language of ['en-US', 'chs', 'kh']) {
        const doc = await shop.call('GET', '/v1/content/document', { query: { key }, language });
        expect(doc.body.code, `${key} ${language}`).toBe('0');
        expect(doc.body.data.html.length).toBeGreaterThan(100);
      }
    const faq = await shop.call('GET', '/v1/content/document', { query: { key: 'kmf.faq' } });
    expect(faq.body.data.html).toContain('18 to 50');
    expect(faq.body.data.html).not.toMatch(/20 to 60/);
  });
});
