import { errorMessage } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidApplication } from '../../../test/bongloy.ts';
import { startTestShop, type TestShop, testConfig } from '../../../test/harness.ts';
import { IssuerBooks } from '../../../test/partner-books.ts';
import { PartnerStandin } from '../../../test/partner-standin.ts';
import { queryRows } from '../../platform/db.ts';
import { signedHeaders, verifySigned } from '../../platform/partner-http/signing.ts';
import { receivedEvents, webhookPath } from '../../platform/partner-http/webhooks.ts';
import { sql } from '../../platform/sql.ts';

// The prepaid card through CARD_ISSUER=http, over HTTP against a stand-in written from
// docs/partners/card-issuer.yaml on 127.0.0.1 (requests and answers checked against the document).

let books: IssuerBooks;
let standin: PartnerStandin;
let shop: TestShop;

beforeAll(async () => {
  books = new IssuerBooks();
  standin = await new PartnerStandin('card-issuer', books.handlers()).start();
  const base = testConfig().partners;
  shop = await startTestShop({
    partners: { ...base, cardIssuer: { mode: 'http', url: standin.url, key: standin.key, timeoutMs: 1_000 } },
  });
});
afterAll(async () => {
  await shop?.close();
  await standin?.close();
});

const cash = async (userId: string) => (await shop.services.wallet.balances(userId)).cashCents;
const runJobs = (ms = 0) => shop.ctx.jobs.runDue(new Date(Date.now() + ms));
const deliver = (hook: { body: string; headers: Record<string, string> }) =>
  shop.app.inject({ method: 'POST', url: webhookPath('card-issuer'), headers: hook.headers, payload: hook.body });
const applicationState = async (id: string) => (await shop.services.bongloy.get(id))?.state;

async function cardholder() {
  const app = await paidApplication(shop, 1, 50_000);
  await shop.services.bongloy.review.approve(app.applicationId);
  const card = (await shop.call('GET', '/v1/bongloy/cards', { token: app.token })).body.data[0];
  const issued = books.cards.get(`${app.applicationId}:1`);
  if (!issued) throw new Error('the issuer issued no card');
  return { ...app, card, issued };
}

async function paidTopup(me: Awaited<ReturnType<typeof cardholder>>, amountCents: number) {
  const order = (
    await shop.call('POST', '/v1/bongloy/topup/create', { token: me.token, body: { cardId: me.card.id, amountCents } })
  ).body.data;
  const paid = await shop.call('POST', '/v1/order/pay', {
    token: me.token,
    body: { orderId: order.id, kind: 'bongloytopup', channel: 'wallet', payPassword: me.pin },
  });
  expect(paid.body.code, paid.body.msg).toBe('0');
  const detail = async () =>
    (await shop.call('GET', '/v1/bongloy/topup/detail', { token: me.token, query: { id: order.id } })).body.data;
  return { id: order.id as string, detail };
}

describe('the card issuer over HTTP', () => {
  it('issues, activates, credits and reads the balance, every request signed and as the document says', async () => {
    const me = await cardholder();
    expect(me.card).toMatchObject({ state: 'ISSUED' });
    const issue = standin.seen.find(
      (r) => r.operationId === 'issueCard' && r.body.reference === `${me.applicationId}:1`,
    );
    expect(issue?.idempotencyKey).toBe(`${me.applicationId}:1`);
    expect(issue?.body.holderName).toBe('DARA KEO');

    const wrong = await shop.call('POST', '/v1/bongloy/card/activate', {
      token: me.token,
      body: { cardId: me.card.id, last4: me.issued.last4 === '0000' ? '1111' : '0000' },
    });
    expect(wrong.body.code).toBe('BLG00021');
    const ok = await shop.call('POST', '/v1/bongloy/card/activate', {
      token: me.token,
      body: { cardId: me.card.id, last4: me.issued.last4 },
    });
    expect(ok.body.data).toMatchObject({ state: 'ACTIVE', maskedNumber: `•••• •••• •••• ${me.issued.last4}` });

    const topup = await paidTopup(me, 2_000);
    await runJobs();
    expect(await topup.detail()).toMatchObject({ state: 'SUCCESS' });
    expect(me.issued.balanceCents).toBe(2_000);
    const credit = standin.seen.find((r) => r.operationId === 'creditCard');
    expect(credit?.body).toEqual({ reference: topup.id, amountCents: 2_000, currency: 'USD' });
    expect(credit?.idempotencyKey).toBe(topup.id);
    const cards = await shop.call('GET', '/v1/bongloy/cards', { token: me.token });
    expect(cards.body.data[0].balanceCents).toBe(2_000);
    expect(standin.problems).toEqual([]);
  });

  it('a credit the issuer refuses gives the money back once', async () => {
    const me = await cardholder();
    await shop.call('POST', '/v1/bongloy/card/activate', {
      token: me.token,
      body: { cardId: me.card.id, last4: me.issued.last4 },
    });
    me.issued.balanceCents = books.balanceCapCents - 1_000;
    const before = await cash(me.userId);
    const topup = await paidTopup(me, 5_000);
    expect(await cash(me.userId)).toBe(before - 5_000);
    await runJobs();
    expect(await topup.detail()).toMatchObject({ state: 'FAILED', failure: 'over the balance cap' });
    expect(await cash(me.userId)).toBe(before);
    await shop.services.bongloy.cards.credit(topup.id);
    expect(await cash(me.userId)).toBe(before);
    expect(standin.problems).toEqual([]);
  });

  it('no answer in time, then a 502: the job queue asks again with the same key, and the card is credited once', async () => {
    const me = await cardholder();
    await shop.call('POST', '/v1/bongloy/card/activate', {
      token: me.token,
      body: { cardId: me.card.id, last4: me.issued.last4 },
    });
    standin.next.creditCard = [{ hang: true }, { status: 502 }];
    const topup = await paidTopup(me, 1_500);
    const asked = () => standin.seen.filter((r) => r.operationId === 'creditCard' && r.body.reference === topup.id);
    const started = Date.now();
    await runJobs();
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(asked()).toHaveLength(1);
    expect(await topup.detail()).toMatchObject({ state: 'PAID' });
    await runJobs(3_000); // the first retry (2 s): a 502
    expect(asked()).toHaveLength(2);
    expect(await topup.detail()).toMatchObject({ state: 'PAID' });
    await runJobs(10_000); // the second retry (4 s): credited
    expect(asked()).toHaveLength(3);
    expect(new Set(asked().map((r) => r.idempotencyKey))).toEqual(new Set([topup.id]));
    expect(await topup.detail()).toMatchObject({ state: 'SUCCESS' });
    expect(me.issued.balanceCents).toBe(1_500);
  });

  it('the issuer down (its port refusing, then 503 to everything): staff are told to approve again, the credit waits; back up, each card issued and credited once', async () => {
    const me = await cardholder();
    await shop.call('POST', '/v1/bongloy/card/activate', {
      token: me.token,
      body: { cardId: me.card.id, last4: me.issued.last4 },
    });
    const app = await paidApplication(shop, 1, 50_000);
    await standin.refuseConnections();
    try {
      const topup = await paidTopup(me, 1_200);
      await expect(shop.services.bongloy.review.approve(app.applicationId)).rejects.toMatchObject({
        code: 'BNG00090',
        data: { state: 'SENT_TO_ISSUER' },
      });
      await runJobs();
      expect(await topup.detail()).toMatchObject({ state: 'PAID' });
      standin.down = { status: 503 };
      await standin.acceptConnections();
      await expect(shop.services.bongloy.review.approve(app.applicationId)).rejects.toMatchObject({
        code: 'BNG00090',
      });
      await runJobs(3_000);
      expect(await topup.detail()).toMatchObject({ state: 'PAID' });
      expect(standin.answeredDown).toBe(2);
      // What met the 503, by operation and key: the approval and the credit under its top-up's key.
      expect(standin.seenDown).toEqual([
        { operationId: 'issueCard', idempotencyKey: `${app.applicationId}:1` },
        { operationId: 'creditCard', idempotencyKey: topup.id },
      ]);
      standin.down = null;
      const approved = await shop.services.bongloy.review.approve(app.applicationId);
      expect(approved.row.state).toBe('APPROVED');
      expect(approved.cards).toHaveLength(1);
      expect(approved.cards[0].issuerRef).toBe(books.cards.get(`${app.applicationId}:1`)?.cardRef);
      await runJobs(10_000);
      expect(await topup.detail()).toMatchObject({ state: 'SUCCESS' });
      expect(me.issued.balanceCents).toBe(1_200);
      expect([...books.credits.values()].filter((c) => c.reference === topup.id)).toHaveLength(1);
      // The credit that met the 503 was asked again under the same key.
      expect(standin.seen.filter((r) => r.operationId === 'creditCard' && r.idempotencyKey === topup.id)).toHaveLength(
        1,
      );
    } finally {
      standin.down = null;
      await standin.acceptConnections();
    }
  });

  it('activation while the issuer is down (refusing, then 503) is BNG00091 in each language and no try of the lock; back up, the digits are judged', async () => {
    const me = await cardholder();
    const activate = (last4: string, language = 'en-US') =>
      shop.call('POST', '/v1/bongloy/card/activate', {
        token: me.token,
        language,
        body: { cardId: me.card.id, last4 },
      });
    const wrongDigits = me.issued.last4 === '0000' ? '1111' : '0000';
    await standin.refuseConnections();
    try {
      // More tries than the lock allows (five), right digits and wrong: none reached the issuer.
      for (const [last4, language] of [
        [me.issued.last4, 'en-US'],
        [wrongDigits, 'chs'],
        [wrongDigits, 'kh'],
      ] as const) {
        const down = await activate(last4, language);
        expect(down.status).toBe(200);
        expect(down.body.code).toBe('BNG00091');
        expect(down.body.msg).toBe(errorMessage('BNG00091', language));
      }
      standin.down = { status: 503 };
      await standin.acceptConnections();
      for (let i = 0; i < 3; i++) expect((await activate(wrongDigits)).body.code).toBe('BNG00091');
      expect(standin.answeredDown).toBeGreaterThanOrEqual(3);
    } finally {
      standin.down = null;
      await standin.acceptConnections();
    }
    // The issuer back: the first wrong digits it judges leave four tries of five.
    const wrong = await activate(wrongDigits);
    expect(wrong.body.code).toBe('BLG00021');
    expect(wrong.body.msg).toBe(errorMessage('BLG00021', 'en-US', { remaining: 4 }));
    const ok = await activate(me.issued.last4);
    expect(ok.body.data).toMatchObject({ state: 'ACTIVE' });
    expect(standin.problems).toEqual([]);
  });

  it('the try that would lock, met by the issuer down, is given back with its lock: the next judged wrong try locks', async () => {
    const me = await cardholder();
    const activate = (last4: string) =>
      shop.call('POST', '/v1/bongloy/card/activate', { token: me.token, body: { cardId: me.card.id, last4 } });
    const wrongDigits = me.issued.last4 === '0000' ? '1111' : '0000';
    for (const remaining of [4, 3, 2, 1])
      expect((await activate(wrongDigits)).body.msg).toBe(errorMessage('BLG00021', 'en-US', { remaining }));
    // The fifth try is counted (and locks) before the issuer is asked; the issuer down, both go back.
    standin.down = { status: 503 };
    try {
      expect((await activate(me.issued.last4)).body.code).toBe('BNG00091');
    } finally {
      standin.down = null;
    }
    const counter = await queryRows<{ count: number; locked_until: unknown }>(
      shop.db,
      sql`SELECT count, locked_until FROM limit_counters WHERE key = ${`try:bongloy-activate:${me.userId}`}`,
    );
    expect(counter).toEqual([{ count: 4, locked_until: null }]);
    const fifth = await activate(wrongDigits);
    expect(fifth.body.msg).toBe(errorMessage('BLG00026', 'en-US', { minutes: 30 }));
    expect((await activate(me.issued.last4)).body.code).toBe('BLG00026');
  });

  it('an unsigned answer is no answer: asked again, not believed', async () => {
    const me = await cardholder();
    await shop.call('POST', '/v1/bongloy/card/activate', {
      token: me.token,
      body: { cardId: me.card.id, last4: me.issued.last4 },
    });
    standin.next.creditCard = [{ unsigned: true }];
    const topup = await paidTopup(me, 1_000);
    await runJobs();
    expect(await topup.detail()).toMatchObject({ state: 'PAID' });
    const [job] = await queryRows<{ last_error: string }>(
      shop.db,
      sql`SELECT last_error FROM jobs WHERE name = 'bongloy.credit' AND payload->>'topupId' = ${topup.id}`,
    );
    expect(job.last_error).toMatch(/not signed with its key \(unsigned\)/);
    await runJobs(3_000);
    expect(await topup.detail()).toMatchObject({ state: 'SUCCESS' });
    expect(me.issued.balanceCents).toBe(1_000);
  });
});

describe('the card issuer’s webhooks', () => {
  it('a card issued later: staff’s approval sends it to the issuer, card.issued approves it; the same event again changes nothing', async () => {
    const app = await paidApplication(shop, 1, 50_000);
    const reference = `${app.applicationId}:1`;
    books.later.add(reference);
    const sent = await shop.services.bongloy.review.approve(app.applicationId);
    expect(sent).toMatchObject({ row: { state: 'SENT_TO_ISSUER' }, cards: [] });
    expect(await applicationState(app.applicationId)).toBe('SENT_TO_ISSUER');

    const card = books.issueNow(reference);
    const hook = standin.webhook('card.issued', card);
    const first = await deliver(hook);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ outcome: 'application APPROVED' });
    // The shop's answer is signed with the issuer's key too.
    expect(
      verifySigned(
        standin.key,
        { timestamp: String(first.headers['x-shop-timestamp']), signature: String(first.headers['x-shop-signature']) },
        first.body,
      ),
    ).toBe('ok');
    expect(await applicationState(app.applicationId)).toBe('APPROVED');
    const cards = (await shop.call('GET', '/v1/bongloy/cards', { token: app.token })).body.data;
    expect(cards).toHaveLength(1);

    const again = await deliver(hook);
    expect(again.json()).toEqual({ outcome: 'duplicate' });
    expect((await shop.call('GET', '/v1/bongloy/cards', { token: app.token })).body.data).toHaveLength(1);
    expect(standin.problems).toEqual([]);
  });

  it('card.refused refuses the application with the issuer’s reason and gives the fee back', async () => {
    const app = await paidApplication(shop, 1, 50_000);
    const reference = `${app.applicationId}:1`;
    books.later.add(reference);
    await shop.services.bongloy.review.approve(app.applicationId);
    const before = await cash(app.userId);
    const answer = await deliver(standin.webhook('card.refused', { reference, reason: 'Sanctions screening' }));
    expect(answer.json()).toEqual({ outcome: 'application REFUSED' });
    expect(await applicationState(app.applicationId)).toBe('REFUSED');
    expect(await cash(app.userId)).toBe(before + app.totalCents);
  });

  it('a webhook with a wrong signature, or replayed outside the 5 minutes, changes nothing and is logged', async () => {
    const app = await paidApplication(shop, 1, 50_000);
    const reference = `${app.applicationId}:1`;
    books.later.add(reference);
    await shop.services.bongloy.review.approve(app.applicationId);
    const card = books.issueNow(reference);

    const forged = standin.webhook('card.issued', card, { key: 'not-the-key' });
    const refused = await deliver(forged);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ outcome: 'bad-signature' });

    const stale = standin.webhook('card.issued', card, { at: Date.now() - 6 * 60_000 });
    const replayed = await deliver(stale);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual({ outcome: 'outside-window' });

    // The body re-signed by someone without the key: the same event, a fresh timestamp, the old signature.
    const tampered = {
      ...stale,
      headers: { ...stale.headers, 'x-shop-timestamp': String(Math.floor(Date.now() / 1000)) },
    };
    expect((await deliver(tampered)).json()).toEqual({ outcome: 'bad-signature' });

    expect(await applicationState(app.applicationId)).toBe('SENT_TO_ISSUER');
    const taken = await receivedEvents(shop.db, 'card-issuer');
    expect(taken.filter((e) => e.reference === reference)).toEqual([]);
    const logged = shop.logs.filter((l) => l.msg === 'partner webhook refused: nothing changed');
    expect(logged.map((l) => l.verdict)).toEqual(expect.arrayContaining(['bad-signature', 'outside-window']));
    expect(JSON.stringify(logged)).not.toContain(card.cardRef);
  });
});

describe('the card issuer answers only for what staff sent it', () => {
  it('card.issued or card.refused for an application still under review is refused (409): nothing issued, nothing refunded', async () => {
    const app = await paidApplication(shop, 1, 50_000);
    const reference = `${app.applicationId}:1`;
    books.later.add(reference);
    const card = books.issueNow(reference);
    const before = await cash(app.userId);

    const issued = await deliver(standin.webhook('card.issued', card));
    expect([issued.statusCode, issued.json()]).toEqual([
      409,
      { outcome: 'not sent to the issuer: application REVIEW' },
    ]);
    const refused = await deliver(standin.webhook('card.refused', { reference, reason: 'Sanctions screening' }));
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { outcome: 'not sent to the issuer: application REVIEW' },
    ]);

    expect(await applicationState(app.applicationId)).toBe('REVIEW');
    expect(await cash(app.userId)).toBe(before);
    expect((await shop.call('GET', '/v1/bongloy/cards', { token: app.token })).body.data).toEqual([]);
    // Refused for good: nothing of them is kept as taken.
    expect((await receivedEvents(shop.db, 'card-issuer')).filter((e) => e.reference === reference)).toEqual([]);

    // Staff approve it: now the issuer's word counts.
    await shop.services.bongloy.review.approve(app.applicationId);
    const now = await deliver(standin.webhook('card.issued', card));
    expect([now.statusCode, now.json()]).toEqual([200, { outcome: 'application APPROVED' }]);
    // Staff cannot refuse what they sent, and the issuer cannot refuse what it issued.
    const late = await deliver(standin.webhook('card.refused', { reference, reason: 'Changed our mind' }));
    expect([late.statusCode, late.json()]).toEqual([409, { outcome: 'not sent to the issuer: application APPROVED' }]);
    expect(await applicationState(app.applicationId)).toBe('APPROVED');
    expect(await cash(app.userId)).toBe(before);
  });

  it('an issuer that refuses the request hands the application back to staff; one that does not answer keeps it sent', async () => {
    const refused = await paidApplication(shop, 1, 50_000);
    books.refuse.add(`${refused.applicationId}:1`);
    await expect(shop.services.bongloy.review.approve(refused.applicationId)).rejects.toThrow(/HOLDER_REFUSED/);
    expect(await applicationState(refused.applicationId)).toBe('REVIEW');
    // Staff may then refuse it themselves, and the fee goes back.
    const before = await cash(refused.userId);
    await shop.services.bongloy.review.refuse(refused.applicationId, 'The issuer refused the holder');
    expect(await cash(refused.userId)).toBe(before + refused.totalCents);

    const silent = await paidApplication(shop, 1, 50_000);
    standin.next.issueCard = [{ status: 502 }];
    await expect(shop.services.bongloy.review.approve(silent.applicationId)).rejects.toMatchObject({
      code: 'BNG00090',
    });
    expect(await applicationState(silent.applicationId)).toBe('SENT_TO_ISSUER');
    // Staff ask again (the same reference): issued once.
    const again = await shop.services.bongloy.review.approve(silent.applicationId);
    expect(again.row.state).toBe('APPROVED');
    expect(again.cards).toHaveLength(1);
  });

  it('a reference the shop never made is refused once with 422, not 503 for ever, and no statement is logged', async () => {
    const app = await paidApplication(shop, 1, 50_000);
    books.later.add(`${app.applicationId}:1`);
    await shop.services.bongloy.review.approve(app.applicationId);
    const logged = shop.logs.length;
    for (const reference of [
      'not-a-uuid:1',
      'DROP TABLE',
      `${app.applicationId}`,
      '00000000-0000-4000-8000-000000000000:1',
    ]) {
      for (const type of ['card.issued', 'card.refused']) {
        const hook = standin.webhook(type, type === 'card.issued' ? { reference } : { reference, reason: 'No' });
        const answer = await deliver(hook);
        expect([reference, type, answer.statusCode, answer.json()]).toEqual([
          reference,
          type,
          422,
          { outcome: 'unknown reference' },
        ]);
      }
    }
    expect(await applicationState(app.applicationId)).toBe('SENT_TO_ISSUER');
    const after = shop.logs.slice(logged);
    expect(after.filter((l) => l.msg === 'partner webhook failed')).toEqual([]);
    expect(JSON.stringify(after)).not.toMatch(/select|Failed query|invalid input syntax/i);
    expect(after.filter((l) => l.msg === 'partner webhook refused for good: nothing changed')).toHaveLength(8);
  });

  it('a signed body naming a key twice is refused (400), whichever value the shop would have read', async () => {
    const app = await paidApplication(shop, 1, 50_000);
    const reference = `${app.applicationId}:1`;
    books.later.add(reference);
    await shop.services.bongloy.review.approve(app.applicationId);
    const before = await cash(app.userId);
    const occurredAt = new Date().toISOString();
    // Read by its last value, this body is a card.refused: the issuer meant card.issued.
    const bodies = [
      `{"id":"evt_dup1","type":"card.issued","occurredAt":"${occurredAt}","data":{"reference":"${reference}","reason":"x"},"type":"card.refused"}`,
      `{"id":"evt_dup2","type":"card.refused","occurredAt":"${occurredAt}","data":{"reference":"${reference}","reference":"${reference}","reason":"x"}}`,
      `{"id":"evt_dup3","type":"card.refused","occurredAt":"${occurredAt}","data":{"reference":"${reference}","reason":"x","\u0072eason":"y"}}`,
    ];
    for (const body of bodies) {
      const answer = await deliver({
        body,
        headers: { 'content-type': 'application/json', ...signedHeaders(standin.key, body) },
      });
      expect([answer.statusCode, answer.json()]).toEqual([400, { outcome: 'duplicated-key' }]);
    }
    expect(await applicationState(app.applicationId)).toBe('SENT_TO_ISSUER');
    expect(await cash(app.userId)).toBe(before);
    const logged = shop.logs.filter((l) => l.msg === 'partner webhook with a duplicated key: nothing changed');
    expect(logged.map((l) => l.path)).toEqual(expect.arrayContaining(['$', '$.data']));
  });
});
