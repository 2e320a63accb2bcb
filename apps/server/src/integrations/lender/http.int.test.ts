import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop, testConfig } from '../../../test/harness.ts';
import { LenderBooks } from '../../../test/partner-books.ts';
import { PartnerStandin } from '../../../test/partner-standin.ts';
import { quietShopper } from '../../../test/shoppers.ts';
import { photo, upload } from '../../../test/uploads.ts';
import { phnomPenhDay } from '../../platform/days.ts';
import { receivedEvents, webhookPath } from '../../platform/partner-http/webhooks.ts';

// Loans through LENDER=http, over HTTP against a stand-in written from docs/partners/lender.yaml on
// 127.0.0.1 (requests and answers checked against the document).

let books: LenderBooks;
let standin: PartnerStandin;
let shop: TestShop;

beforeAll(async () => {
  books = new LenderBooks();
  standin = await new PartnerStandin('lender', books.handlers()).start();
  const base = testConfig().partners;
  shop = await startTestShop({
    trustProxy: true,
    partners: { ...base, lender: { mode: 'http', url: standin.url, key: standin.key, timeoutMs: 1_000 } },
  });
});
afterAll(async () => {
  await shop?.close();
  await standin?.close();
});

const deliver = (hook: { body: string; headers: Record<string, string> }) =>
  shop.app.inject({ method: 'POST', url: webhookPath('lender'), headers: hook.headers, payload: hook.body });

let ip = 0;
/** A shopper's application, signed by SMS code: the shop sends it to the lender. */
async function signedLoan(money: { payPassword?: string; cashCents?: number } = {}) {
  const me = await quietShopper(shop, money);
  const picture = async (w: number, h: number) =>
    (await upload(shop, '/v1/upload/pictureofclient', me.token, await photo(w, h))).body.data.id;
  const applied = await shop.call('POST', '/v1/kmf/apply', {
    token: me.token,
    body: {
      fullName: 'Sok Dara',
      nationalId: `N${Math.floor(Math.random() * 1e9)}`,
      birthDate: '15/06/1995',
      email: 'dara@example.com',
      mailingAddress: 'St 271, Phnom Penh',
      postalCode: '12000',
      residenceCountry: 'KH',
      familyDetails: 'Married',
      education: 'Bachelor',
      employment: 'Shop assistant, 3 years',
      monthlyIncomeCents: 450_00,
      amountCents: 300_00,
      installments: 3,
      consent: { applicationData: true, deviceData: false },
      documents: { nationalIdCard: await picture(640, 400), facePicture: await picture(480, 640) },
    },
  });
  expect(applied.body.code, applied.body.msg).toBe('0');
  ip += 1;
  const sms = await shop.call('POST', '/v1/customer/sendsms', {
    token: me.token,
    body: { phone: '', type: 'loan' },
    headers: { 'x-forwarded-for': `10.89.1.${ip}` },
  });
  const signed = await shop.call('POST', '/v1/kmf/sign', {
    token: me.token,
    body: { id: applied.body.data.id, code: sms.body.data.devCode },
  });
  expect(signed.body.code, signed.body.msg).toBe('0');
  const loan = await shop.services.loans.get(applied.body.data.id);
  return { ...me, id: applied.body.data.id as string, reference: loan?.reference as string };
}
const stateOf = async (id: string) => (await shop.services.loans.get(id))?.state;

describe('the lender over HTTP', () => {
  it('gets the signed application with its documents, and its decision by the loan.decided webhook', async () => {
    const loan = await signedLoan();
    const sent = standin.seen.find((r) => r.operationId === 'submitApplication' && r.body.reference === loan.reference);
    expect(sent?.idempotencyKey).toBe(loan.reference);
    expect(sent?.body).toMatchObject({ fullName: 'Sok Dara', amountCents: 300_00, installments: 3 });
    expect(sent?.body.documents.map((d: { kind: string }) => d.kind).sort()).toEqual(['facePicture', 'nationalIdCard']);
    expect(Buffer.from(sent?.body.documents[0].contentBase64, 'base64').subarray(0, 3).length).toBe(3);
    expect(await stateOf(loan.id)).toBe('REVIEW');

    const decision = books.decide(loan.reference, true, 250_00);
    const hook = standin.webhook('loan.decided', decision);
    const answer = await deliver(hook);
    expect(answer.json()).toEqual({ outcome: 'moved 1' });
    const row = await shop.services.loans.get(loan.id);
    expect(row).toMatchObject({ state: 'APPROVED', approvedCents: 250_00 });
    // The same event again: taken once.
    expect((await deliver(hook)).json()).toEqual({ outcome: 'duplicate' });
    expect(standin.problems).toEqual([]);
  });

  it('a refusal is the loan refused with the lender’s reason', async () => {
    const loan = await signedLoan();
    const decision = books.decide(loan.reference, false);
    await deliver(standin.webhook('loan.decided', decision));
    expect(await shop.services.loans.get(loan.id)).toMatchObject({ state: 'REFUSED', refusal: 'LOAN0004' });
  });

  it('no answer in time, then a 503: the webhook is refused for redelivery and the poll job asks again', async () => {
    const loan = await signedLoan();
    const decision = books.decide(loan.reference, true);
    standin.next.getDecision = [{ hang: true }, { status: 503 }];
    const hook = standin.webhook('loan.decided', decision);
    const first = await deliver(hook);
    expect(first.statusCode).toBe(503);
    expect(await stateOf(loan.id)).toBe('REVIEW');
    // The lender delivers the same event again: not a duplicate, since it was not taken.
    expect((await deliver(hook)).statusCode).toBe(503);
    expect(await stateOf(loan.id)).toBe('REVIEW');
    // Meanwhile the job queue's poll asks the lender itself.
    await shop.ctx.jobs.scheduleRecurring();
    const later = new Date(Date.now() + 120_000);
    while ((await shop.ctx.jobs.runDue(later)) > 0) {}
    expect(await stateOf(loan.id)).toBe('APPROVED');
    expect(standin.problems).toEqual([]);
  });

  it('a lender that does not answer at signing: the signature stands, and the poll job sends the application again', async () => {
    standin.next.submitApplication = [{ hang: true }, { status: 502 }];
    const loan = await signedLoan();
    expect(await stateOf(loan.id)).toBe('REVIEW');
    expect(books.applications.has(loan.reference)).toBe(false);
    await shop.services.loans.pollLender().catch(() => 0); // the 502
    expect(books.applications.has(loan.reference)).toBe(false);
    await shop.services.loans.pollLender();
    expect(books.applications.get(loan.reference)?.decision.status).toBe('PENDING');
    const sent = standin.seen.filter(
      (r) => r.operationId === 'submitApplication' && r.body.reference === loan.reference,
    );
    expect(sent.map((r) => r.idempotencyKey)).toEqual([loan.reference, loan.reference, loan.reference]);
    await shop.services.loans.pollLender();
    expect(
      standin.seen.filter((r) => r.operationId === 'submitApplication' && r.body.reference === loan.reference),
    ).toHaveLength(3);
  });

  it('a loan from application to disbursement and repayment: the lender is told each money move once, retried when down', async () => {
    const loan = await signedLoan({ payPassword: '135790', cashCents: 100_000 });
    await deliver(standin.webhook('loan.decided', books.decide(loan.reference, true)));
    expect(await stateOf(loan.id)).toBe('APPROVED');
    standin.next.recordDisbursement = [{ status: 502 }];
    const collected = await shop.call('POST', '/v1/kmf/collect', { token: loan.token, body: { id: loan.id } });
    expect(collected.body.data.state, collected.body.msg).toBe('ACTIVE');
    await shop.ctx.jobs.runDue(new Date(Date.now() + 1_000));
    expect(books.money.size).toBe(0); // the 502
    await shop.ctx.jobs.runDue(new Date(Date.now() + 5_000));
    const disbursed = [...books.money.values()].filter((m) => m.loanReference === loan.reference);
    expect(disbursed).toEqual([
      expect.objectContaining({ kind: 'disbursement', amountCents: 300_00, reference: `${loan.reference}-D` }),
    ]);

    const made = await shop.call('POST', '/v1/kmf/repay', {
      token: loan.token,
      body: { id: loan.id, amountCents: 100_00 },
    });
    expect(made.body.code, made.body.msg).toBe('0');
    const paid = await shop.call('POST', '/v1/order/pay', {
      token: loan.token,
      body: { orderId: made.body.data.repaymentId, kind: 'loan', channel: 'wallet', payPassword: '135790' },
    });
    expect(paid.body.code, paid.body.msg).toBe('0');
    await shop.ctx.jobs.runDue(new Date(Date.now() + 1_000));
    const moves = [...books.money.values()].filter((m) => m.loanReference === loan.reference);
    expect(moves.map((m) => [m.kind, m.amountCents])).toEqual([
      ['disbursement', 300_00],
      ['repayment', 100_00],
    ]);
    const sent = standin.seen.filter(
      (r) => r.operationId === 'recordRepayment' && r.params.reference === loan.reference,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].idempotencyKey).toBe(made.body.data.repaymentId);

    // The day's reconciliation reads the lender's report: both moves agree; one lost is listed for finance.
    const day = phnomPenhDay(new Date());
    const agreed = await shop.services.reconciliation.run(day);
    expect(agreed.parties.find((p) => p.party === 'lender')).toMatchObject({ error: null, mismatches: 0 });
    expect(agreed.list.filter((m) => m.party === 'lender')).toEqual([]);
    books.money.delete(made.body.data.repaymentId);
    const lost = await shop.services.reconciliation.run(day);
    expect(lost.list.filter((m) => m.party === 'lender')).toEqual([
      expect.objectContaining({
        reference: made.body.data.repaymentId,
        kind: 'missing-at-party',
        shopSays: 'repayment',
        shopCents: 100_00,
        fixer: 'finance',
      }),
    ]);
    expect(standin.seen.some((r) => r.operationId === 'transactionsReport' && r.query.date === day)).toBe(true);
    expect(standin.problems).toEqual([]);
  });

  it('a webhook with a wrong signature, or replayed outside the 5 minutes, changes nothing and is logged', async () => {
    const loan = await signedLoan();
    const decision = books.decide(loan.reference, true);
    // The lender decided, but nobody reads it unless told: the forged and the stale deliveries tell nothing.
    const forged = await deliver(standin.webhook('loan.decided', decision, { key: 'guessed' }));
    expect([forged.statusCode, forged.json()]).toEqual([401, { outcome: 'bad-signature' }]);
    const stale = await deliver(standin.webhook('loan.decided', decision, { at: Date.now() - 5 * 60_000 - 5_000 }));
    expect([stale.statusCode, stale.json()]).toEqual([401, { outcome: 'outside-window' }]);
    expect(await stateOf(loan.id)).toBe('REVIEW');
    expect((await receivedEvents(shop.db, 'lender')).some((e) => e.reference === loan.reference)).toBe(false);
    expect(
      shop.logs.filter((l) => l.msg === 'partner webhook refused: nothing changed' && l.party === 'lender'),
    ).toHaveLength(2);
  });
});

describe('the lender answers only for references the shop made', () => {
  it('loan.decided or extension.answered for a reference the shop never made is refused once with 422', async () => {
    const loan = await signedLoan();
    const decision = books.decide(loan.reference, true, 250_00);
    const logged = shop.logs.length;
    for (const reference of [
      'not-a-uuid',
      'LN0000000000000000',
      'YX00000000000000',
      '00000000-0000-4000-8000-000000000000',
    ])
      for (const type of ['loan.decided', 'extension.answered']) {
        const data =
          type === 'loan.decided'
            ? { ...decision, reference }
            : { reference, status: 'ACCEPTED', reason: null, decidedAt: new Date().toISOString() };
        const answer = await deliver(standin.webhook(type, data));
        expect([reference, type, answer.statusCode, answer.json()]).toEqual([
          reference,
          type,
          422,
          { outcome: 'unknown reference' },
        ]);
      }
    expect(await stateOf(loan.id)).toBe('REVIEW');
    const after = shop.logs.slice(logged);
    expect(after.filter((l) => l.msg === 'partner webhook failed')).toEqual([]);
    expect(after.filter((l) => l.msg === 'partner webhook refused for good: nothing changed')).toHaveLength(8);
    // The loan's own reference is taken.
    const ok = await deliver(standin.webhook('loan.decided', decision));
    expect(ok.statusCode).toBe(200);
    expect(await stateOf(loan.id)).toBe('APPROVED');
  });
});
