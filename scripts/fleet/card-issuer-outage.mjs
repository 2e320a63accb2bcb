// The card issuer's outage under load (issue 45 §5), for scripts/fleet/fault-load.mjs. The fleet's
// shop processes reach the issuer with CARD_ISSUER=http, at a stand-in written from
// docs/partners/card-issuer.yaml (apps/server/test/partner-standin.ts, its books in
// partner-books.ts), over HTTP as they would reach the issuer. In the load, a reviewer approves the
// card applications waiting in the console (the issuer issues their cards as it is asked) and card
// holders top their cards up from their wallets (a job asks the issuer to credit each). In the middle
// of the load the issuer goes down: its port refuses connections for half of
// FLEET_TEST_CARD_ISSUER_OUTAGE (30 s), then it answers 503 to every call for the other half; then it
// is back. Afterwards the issuer's own record is the judge: each card it issued is one card of the
// shop's and each application the reviewer saw approved holds its cards; each top-up the holder saw
// paid was credited once and is done in the shop; every credit the issuer made is a top-up the shop
// counts done, and each card's balance at the issuer is what the shop credited it.
import { shopInProcess, sleep } from './parts.mjs';

const OUTAGE_S = Number(process.env.FLEET_TEST_CARD_ISSUER_OUTAGE || 30);
const HOLDERS = 8;
const APPLICATIONS = 40;
const HOLDER_CASH_CENTS = 5_000_000;
const CARD_TOPUP_CENTS = 1_000;
/** A reviewer told the issuer did not answer waits this long before approving that one again. */
const APPROVE_AGAIN_MS = 3_000;

/** The issuer's stand-in, started; `env`: what the shop processes are configured with to reach it. */
export async function startCardIssuer() {
  const { PartnerStandin } = await import('../../apps/server/test/partner-standin.ts');
  const { IssuerBooks } = await import('../../apps/server/test/partner-books.ts');
  const books = new IssuerBooks();
  const standin = await new PartnerStandin('card-issuer', books.handlers()).start();
  return {
    books,
    standin,
    env: { CARD_ISSUER: 'http', CARD_ISSUER_URL: standin.url, CARD_ISSUER_KEY: standin.key },
    close: () => standin.close(),
  };
}

/**
 * The cards' fixture, through the shop's own calls and services on the fleet's settings (so the
 * issuer issues and activates them): HOLDERS shoppers with an activated card and cash, APPLICATIONS
 * paid applications waiting for review, and a reviewer (staff with the card review role) signed in.
 */
export async function seedCards({ databaseUrl, env, issuer }) {
  const { paidApplication } = await import('../../apps/server/test/bongloy.ts');
  const shop = await shopInProcess(databaseUrl, env);
  // The calls as the test harness makes them (apps/server/test/harness.ts), for paidApplication.
  shop.call = async (method, url, options = {}) => {
    const response = await shop.app.inject({
      method,
      url,
      query: { ...options.query, ...(options.token ? { token: options.token } : {}) },
      headers: { apptype: 'h5', appversion: '1.0', language: 'en-US' },
      ...(options.body !== undefined ? { payload: options.body } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };
  try {
    const owner = await shop.services.staff.createOwner('fleet.owner', 'Angkor2026pass');
    const reviewer = await shop.services.staff.create(
      { login: 'fleet.reviewer', displayName: 'Reviewer', password: 'Angkor2026pass', roles: ['cardReview'] },
      { staffId: owner.id, login: 'fleet.owner' },
    );
    const staffToken = (await shop.ctx.sessions.create('staff', reviewer.id)).token;
    const holders = [];
    for (let i = 0; i < HOLDERS; i++) {
      const app = await paidApplication(shop, 1, HOLDER_CASH_CENTS);
      const { cards } = await shop.services.bongloy.review.approve(app.applicationId);
      const issued = issuer.books.cards.get(`${app.applicationId}:1`);
      await shop.services.bongloy.cards.activate(app.userId, cards[0].id, issued.last4);
      const { cashCents } = await shop.services.wallet.balances(app.userId);
      holders.push({ token: app.token, userId: app.userId, pin: app.pin, cardId: cards[0].id, cashCents });
    }
    const applications = [];
    for (let i = 0; i < APPLICATIONS; i++) applications.push((await paidApplication(shop, 1, 50_000)).applicationId);
    return { staffToken, holders, applications };
  } finally {
    await shop.close();
  }
}

/**
 * The load's card work: `scenarios` (weights beside fault-load's own) top cards up; `review` is the
 * reviewer approving the waiting applications one by one through the load (`until`), each one the
 * issuer did not answer (BNG00090) approved again a little later, until every one is approved or
 * `giveUpAt`. `call` and `callAgainWhenCut` are fault-load's (counted; a cut POST sent again).
 */
export function cardScenarios({ cards, call, callAgainWhenCut, seconds }) {
  const seen = {
    approvedByStaff: new Set(),
    approveRefusedIssuerDown: 0,
    topupsPaid: new Map(),
    topupsNotPaid: 0,
    paidCentsBy: new Map(),
  };
  const scenarios = [
    // a card holder tops the card up from the wallet
    [
      2,
      async () => {
        const holder = cards.holders[Math.floor(Math.random() * cards.holders.length)];
        const created = await call('POST', '/v1/bongloy/topup/create', {
          token: holder.token,
          body: { cardId: holder.cardId, amountCents: CARD_TOPUP_CENTS },
        });
        if (created?.code !== '0') return;
        const paid = await callAgainWhenCut('POST', '/v1/order/pay', {
          token: holder.token,
          body: { orderId: created.data.id, kind: 'bongloytopup', channel: 'wallet', payPassword: holder.pin },
        });
        if ((paid?.code === '0' && paid.data.status === 'SUCCEEDED') || paid?.code === 'PAY0008') {
          seen.topupsPaid.set(created.data.id, holder);
          seen.paidCentsBy.set(holder.userId, (seen.paidCentsBy.get(holder.userId) ?? 0) + CARD_TOPUP_CENTS);
        } else seen.topupsNotPaid++;
      },
    ],
  ];
  const review = async ({ began, giveUpAt }) => {
    const pace = Math.max(1_000, Math.floor((seconds * 1000 * 0.9) / cards.applications.length));
    const queue = cards.applications.map((id, i) => ({ id, at: began + i * pace }));
    while (queue.length && Date.now() < giveUpAt) {
      queue.sort((a, b) => a.at - b.at);
      const next = queue[0];
      await sleep(Math.max(0, next.at - Date.now()));
      const answer = await callAgainWhenCut('POST', '/admin-api/v1/bongloy/approve', {
        token: cards.staffToken,
        body: { id: next.id },
      });
      if (answer?.code === '0' && answer.data.state === 'APPROVED') {
        seen.approvedByStaff.add(next.id);
        queue.shift();
      } else {
        if (answer?.code === 'BNG00090') seen.approveRefusedIssuerDown++;
        next.at = Date.now() + APPROVE_AGAIN_MS;
      }
    }
  };
  /**
   * The holders' wallets as their clients read them (while the proxy serves): what they had after
   * the fixture, less the top-ups they saw paid, plus those refunded (failed). Returns the wrong ones.
   */
  const wallets = async () => {
    const wrong = [];
    for (const holder of cards.holders) {
      const account = await call('GET', '/v1/wallet/queryacount', { token: holder.token });
      let refundedCents = 0;
      for (const [id, by] of seen.topupsPaid) {
        if (by !== holder) continue;
        const topup = await call('GET', `/v1/bongloy/topup/detail?id=${id}`, { token: holder.token });
        if (topup?.data?.state === 'FAILED') refundedCents += CARD_TOPUP_CENTS;
      }
      const expected = holder.cashCents - (seen.paidCentsBy.get(holder.userId) ?? 0) + refundedCents;
      if (account?.data?.cashCents !== expected)
        wrong.push(`card holder's cash ${account?.data?.cashCents}, expected ${expected}`);
    }
    return wrong;
  };
  return { scenarios, seen, review, wallets };
}

/**
 * The issuer's outage in a load of `seconds` that began at `began`: from 10 % for OUTAGE_S, its port
 * refusing connections for the first half and every call answered 503 for the second. Resolves to
 * what it met.
 */
export async function cardIssuerOutage({ issuer, began, seconds, log }) {
  await sleep(Math.max(0, began + Math.round(seconds * 0.1) * 1000 - Date.now()));
  await issuer.standin.refuseConnections();
  const from = Date.now();
  log(`the card issuer refuses connections for ${OUTAGE_S / 2} s`);
  await sleep((OUTAGE_S / 2) * 1000);
  issuer.standin.down = { status: 503 };
  await issuer.standin.acceptConnections();
  log(`the card issuer answers 503 to every call for ${OUTAGE_S / 2} s`);
  await sleep((OUTAGE_S / 2) * 1000);
  issuer.standin.down = null;
  const answered503 = issuer.standin.answeredDown;
  log(`the card issuer answers again (${answered503} calls answered 503)`);
  return { seconds: OUTAGE_S, from, to: Date.now(), answered503 };
}

/**
 * The issuer's record against the shop's (read straight from the database) and what the clients
 * saw: the figures and the problems found.
 */
export async function cardIssuerBooks({ databaseUrl, issuer, cards, seen, outage, walletsWrong }) {
  const { openPostgres, queryRows } = await import('../../apps/server/src/platform/db.ts');
  const { sql } = await import('../../apps/server/src/platform/sql.ts');
  const database = openPostgres(databaseUrl, 1);
  const rows = (text) => queryRows(database.db, text);
  const { books, standin } = issuer;
  const problems = [];
  try {
    // Cards: each the issuer issued is one card of the shop's, on the application it was issued for;
    // none the shop holds that the issuer did not issue; every application the reviewer saw approved
    // is approved with its card, and none is left sent to the issuer.
    const shopCards = await rows(sql`SELECT application_id, issuer_ref FROM bongloy_cards`);
    const byRef = new Map();
    for (const c of shopCards) byRef.set(c.issuer_ref, [...(byRef.get(c.issuer_ref) ?? []), c]);
    const issuedOff = [];
    for (const card of books.cards.values()) {
      const held = byRef.get(card.cardRef) ?? [];
      if (held.length !== 1) issuedOff.push(`${card.reference}: ${held.length} cards in the shop`);
      else if (`${held[0].application_id}:1` !== card.reference)
        issuedOff.push(`${card.reference}: on application ${held[0].application_id}`);
    }
    const notIssued = shopCards.filter((c) => ![...books.cards.values()].some((i) => i.cardRef === c.issuer_ref));
    const applications = await rows(sql`SELECT id, state FROM bongloy_applications`);
    const stateOf = new Map(applications.map((a) => [a.id, a.state]));
    const approvedNotHeld = [...seen.approvedByStaff].filter(
      (id) => stateOf.get(id) !== 'APPROVED' || !books.cards.has(`${id}:1`),
    );
    const leftSent = applications.filter((a) => a.state === 'SENT_TO_ISSUER').length;
    const neverApproved = cards.applications.filter((id) => !seen.approvedByStaff.has(id)).length;
    if (issuedOff.length)
      problems.push(`${issuedOff.length} cards issued not held once: ${issuedOff.slice(0, 3).join('; ')}`);
    if (notIssued.length) problems.push(`${notIssued.length} cards in the shop the issuer did not issue`);
    if (approvedNotHeld.length) problems.push(`${approvedNotHeld.length} applications approved, not holding a card`);
    if (leftSent) problems.push(`${leftSent} applications left sent to the issuer`);
    if (neverApproved) problems.push(`${neverApproved} applications the reviewer could not approve`);

    // Credits: each top-up the holder saw paid is done and credited once; each credit the issuer
    // made is a top-up the shop counts done (a refused one, failed and refunded); each card's
    // balance at the issuer is the sum of its top-ups done in the shop.
    const topups = await rows(sql`
      SELECT t.id, t.state, t.amount_cents, c.issuer_ref FROM bongloy_topups t JOIN bongloy_cards c ON c.id = t.card_id`);
    const topupById = new Map(topups.map((t) => [t.id, t]));
    const credits = [...books.credits.values()];
    const creditsOf = new Map();
    for (const c of credits) creditsOf.set(c.reference, [...(creditsOf.get(c.reference) ?? []), c]);
    const lost = [...seen.topupsPaid.keys()].filter(
      (id) => topupById.get(id)?.state !== 'SUCCESS' || creditsOf.get(id)?.[0]?.status !== 'SUCCESS',
    );
    const twice = [...creditsOf.values()].filter((list) => list.length > 1);
    const creditsOff = credits.filter((c) => {
      const t = topupById.get(c.reference);
      return !t || t.amount_cents !== c.amountCents || (c.status === 'SUCCESS') !== (t.state === 'SUCCESS');
    });
    const between = topups.filter((t) => t.state === 'PAID').length;
    const balancesOff = [...books.cards.values()].filter(
      (card) =>
        card.balanceCents !==
        topups
          .filter((t) => t.issuer_ref === card.cardRef && t.state === 'SUCCESS')
          .reduce((sum, t) => sum + t.amount_cents, 0),
    );
    if (lost.length) problems.push(`${lost.length} card top-ups paid, not credited and done`);
    if (twice.length) problems.push(`${twice.length} card top-ups credited more than once`);
    if (creditsOff.length) problems.push(`${creditsOff.length} credits at the issuer differ from the shop's top-ups`);
    if (between) problems.push(`${between} card top-ups still waiting for the issuer`);
    if (balancesOff.length) problems.push(`${balancesOff.length} cards' balances at the issuer differ from the shop`);
    if (standin.problems.length)
      problems.push(`the issuer's document was not kept: ${standin.problems.slice(0, 3).join('; ')}`);
    if (seen.topupsPaid.size === 0) problems.push('no card top-up was paid: the card load proved nothing');
    if (walletsWrong.length)
      problems.push(
        `${walletsWrong.length} card holders' wallets differ from what their clients saw: ${walletsWrong[0]}`,
      );

    // The outage met the work: calls answered 503, and approvals or credits asked again after it.
    // A credit that met the 503 is asked again under the same key (its top-up) once the issuer is
    // back (asks refused at the port reach no one: the stand-in cannot count them).
    const met503 = new Set(
      standin.seenDown.filter((r) => r.operationId === 'creditCard' && r.idempotencyKey).map((r) => r.idempotencyKey),
    );
    const askedAgainSameKey = new Set(
      standin.seen
        .filter((r) => r.operationId === 'creditCard' && met503.has(r.idempotencyKey))
        .map((r) => r.idempotencyKey),
    );
    if (askedAgainSameKey.size < met503.size)
      problems.push(
        `${met503.size - askedAgainSameKey.size} credits that met the 503 were not asked again under their key`,
      );
    const creditJobsRetried = (
      await rows(sql`SELECT count(*)::int AS n FROM jobs WHERE name = 'bongloy.credit' AND attempts > 1`)
    )[0].n;
    if (outage.seconds > 0 && !outage.answered503 && !seen.approveRefusedIssuerDown && !creditJobsRetried)
      problems.push('no call met the card issuer outage: it proved nothing');

    return {
      problems,
      figures: {
        outageS: outage.seconds,
        answered503: outage.answered503,
        approvalsToldIssuerDown: seen.approveRefusedIssuerDown,
        creditJobsRetried,
        creditsMet503: met503.size,
        creditsMet503AskedAgainSameKey: askedAgainSameKey.size,
        issuedThere: books.cards.size,
        cardsInShop: shopCards.length,
        approvedByStaff: seen.approvedByStaff.size,
        applicationsLeftSent: leftSent,
        topupsPaidByClient: seen.topupsPaid.size,
        topupsNotPaid: seen.topupsNotPaid,
        creditedThere: credits.filter((c) => c.status === 'SUCCESS').length,
        creditsRefusedThere: credits.filter((c) => c.status === 'FAILED').length,
        doneInShop: topups.filter((t) => t.state === 'SUCCESS').length,
        lost: lost.length,
        twice: twice.length,
        notThere: creditsOff.length,
        balancesOff: balancesOff.length,
        holdersWalletsWrong: walletsWrong.length,
        documentProblems: standin.problems.length,
      },
    };
  } finally {
    await database.close();
  }
}

/** Waits until no card top-up is left paid and not yet settled by the issuer (or `ms` passed). */
export async function cardCreditsSettled(databaseUrl, ms) {
  const { openPostgres, queryRows } = await import('../../apps/server/src/platform/db.ts');
  const { sql } = await import('../../apps/server/src/platform/sql.ts');
  const database = openPostgres(databaseUrl, 1);
  try {
    for (const until = Date.now() + ms; Date.now() < until; await sleep(500)) {
      const [row] = await queryRows(
        database.db,
        sql`SELECT count(*)::int AS n FROM bongloy_topups WHERE state = 'PAID'`,
      );
      if (row.n === 0) return;
    }
  } finally {
    await database.close();
  }
}
