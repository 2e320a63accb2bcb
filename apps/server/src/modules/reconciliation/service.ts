// The daily reconciliation: what each outside party says it did on a Phnom Penh day, beside what
// the shop recorded, and every difference listed for the console with who fixes it. Top-ups by the
// provider's own record of each reference (Reloadly: its transaction report); card credits and
// overseas purchases by the partners' day reports; KHQR payments by Bakong's record of each MD5 (GET /reports/transactions?date=,
// docs/partners/*.yaml); online gateway payments by the gateway's lookup of each (PayWay's
// check-transaction-2, the sandbox bank's record) and PayWay's transaction list of the day. Nothing
// is changed here: people decide (a refund, a claim, a hand settle).
import type { ReconciliationDay, ReconciliationMismatch } from '@shop/contracts';
import { asc, eq } from 'drizzle-orm';
import { phnomPenhDayBounds } from '../../platform/days.ts';
import type { Db } from '../../platform/db.ts';
import type { Services } from '../../platform/module.ts';
import { refundLines } from './refunds.ts';
import { reconciliationMismatches, reconciliationRuns } from './tables.ts';

type Needed = Pick<
  Services,
  | 'topup'
  | 'bongloy'
  | 'overseas'
  | 'loans'
  | 'topupProvider'
  | 'cardIssuer'
  | 'lender'
  | 'overseasSource'
  | 'payments'
  | 'bakong'
>;
type Party = ReconciliationMismatch['party'];
type Found = Omit<ReconciliationMismatch, 'id' | 'party'>;
type PartyRun = ReconciliationDay['parties'][number];

const DAY_MS = 86_400_000;
/** A gateway payment still pending this long is compared (younger ones are still being paid). */
export const GATEWAY_PENDING_COMPARED_AFTER_MS = 30 * 60_000;

export { yesterday } from './public.ts';

/** The shop's states that mean done, not done, and still waiting for the party. */
const DONE = new Set(['SUCCESS', 'BOUGHT', 'WAREHOUSE', 'FREIGHT', 'ARRIVED', 'DELIVERED']);
const WAITING = new Set(['PAID', 'SENT']);

export class ReconciliationService {
  private readonly db: Db;
  private readonly needed: Needed;

  constructor(db: Db, needed: Needed) {
    this.db = db;
    this.needed = needed;
  }

  /** Compares the day with every party that keeps a record, and keeps what differs (replacing an earlier run). */
  async run(day: string): Promise<ReconciliationDay> {
    const parties: PartyRun[] = [];
    const mismatches: (Found & { party: Party })[] = [];
    const compare = async (party: Party, work: () => Promise<{ compared: number; found: Found[] } | null>) => {
      try {
        const done = await work();
        if (!done) return;
        parties.push({ party, compared: done.compared, mismatches: done.found.length, error: null });
        for (const f of done.found) mismatches.push({ ...f, party });
      } catch (error) {
        parties.push({ party, compared: 0, mismatches: 0, error: (error as Error).message.slice(0, 300) });
      }
    };
    await compare('topup', () => this.topups(day));
    await compare('card-issuer', () => this.cardCredits(day));
    await compare('lender', () => this.loanMoney(day));
    await compare('overseas-source', () => this.purchases(day));
    await compare('bakong', () => this.khqrPayments(day));
    await compare('payment-gateway', () => this.gatewayPayments(day));
    await compare('refunds', () => refundLines(this.needed.payments, day));
    await this.db.transaction(async (tx) => {
      await tx.delete(reconciliationMismatches).where(eq(reconciliationMismatches.day, day));
      if (mismatches.length) await tx.insert(reconciliationMismatches).values(mismatches.map((m) => ({ ...m, day })));
      await tx
        .insert(reconciliationRuns)
        .values({ day, parties, ranAt: new Date() })
        .onConflictDoUpdate({ target: reconciliationRuns.day, set: { parties, ranAt: new Date() } });
    });
    return (await this.report(day)) as ReconciliationDay;
  }

  async report(day: string): Promise<ReconciliationDay> {
    const [run] = await this.db.select().from(reconciliationRuns).where(eq(reconciliationRuns.day, day));
    const rows = await this.db
      .select()
      .from(reconciliationMismatches)
      .where(eq(reconciliationMismatches.day, day))
      .orderBy(asc(reconciliationMismatches.party), asc(reconciliationMismatches.id));
    return {
      day,
      ranAt: run ? run.ranAt.toISOString() : null,
      parties: run ? (run.parties as PartyRun[]) : [],
      list: rows.map((r) => ({
        id: r.id,
        party: r.party as Party,
        reference: r.reference,
        kind: r.kind as Found['kind'],
        shopSays: r.shopSays,
        partySays: r.partySays,
        shopCents: r.shopCents,
        partyCents: r.partyCents,
        fixer: r.fixer as Found['fixer'],
      })),
    };
  }

  /** Each paid top-up as the provider records it (its report, by reference). */
  private async topups(day: string) {
    const provider = this.needed.topupProvider;
    if (provider.name === 'none') return null;
    const { from, to } = phnomPenhDayBounds(day);
    const records = await this.needed.topup.paidBetween(from, to);
    const found: Found[] = [];
    for (const r of records) {
      const party = await provider.query(r.reference);
      const partyDone = party.status === 'SUCCESS';
      const partyFailed = party.status === 'FAILED' || party.status === 'UNKNOWN';
      const base = {
        reference: r.reference,
        shopSays: r.state,
        partySays: party.status,
        shopCents: r.amountCents,
        partyCents: null,
      };
      if (DONE.has(r.state) && !partyDone)
        found.push({ ...base, kind: party.status === 'UNKNOWN' ? 'missing-at-party' : 'state', fixer: 'finance' });
      else if (r.state === 'FAILED' && partyDone) found.push({ ...base, kind: 'state', fixer: 'partner' });
      else if (WAITING.has(r.state) && (partyDone || partyFailed))
        found.push({ ...base, kind: 'state', fixer: 'fulfilment' });
    }
    return { compared: records.length, found };
  }

  /** Card top-ups beside the issuer's day report of credits. */
  private async cardCredits(day: string) {
    const issuer = this.needed.cardIssuer;
    if (!issuer.available || !issuer.report) return null;
    const { from, to } = phnomPenhDayBounds(day);
    const [records, lines, known] = await Promise.all([
      this.needed.bongloy.cards.paidBetween(from, to),
      issuer.report(day),
      // A credit the issuer made today for a top-up paid late yesterday is the shop's too.
      this.needed.bongloy.cards.paidBetween(new Date(from.getTime() - DAY_MS), to),
    ]);
    const byRef = new Map(lines.map((l) => [l.reference, l]));
    const found: Found[] = [];
    for (const r of records) {
      const line = byRef.get(r.reference);
      const base = {
        reference: r.reference,
        shopSays: r.state,
        partySays: line?.status ?? null,
        shopCents: r.amountCents,
        partyCents: line?.amountCents ?? null,
      };
      if (r.state === 'SUCCESS' && !line) found.push({ ...base, kind: 'missing-at-party', fixer: 'finance' });
      else if (r.state === 'SUCCESS' && line?.status !== 'SUCCESS')
        found.push({ ...base, kind: 'state', fixer: 'finance' });
      else if (r.state === 'FAILED' && line?.status === 'SUCCESS')
        found.push({ ...base, kind: 'state', fixer: 'partner' });
      else if (WAITING.has(r.state) && line && line.status !== 'PENDING')
        found.push({ ...base, kind: 'state', fixer: 'fulfilment' });
      else if (line && line.status === 'SUCCESS' && line.amountCents !== r.amountCents)
        found.push({ ...base, kind: 'amount', fixer: 'partner' });
    }
    const shop = new Set(known.map((r) => r.reference));
    for (const l of lines)
      if (!shop.has(l.reference) && l.status !== 'FAILED')
        found.push({
          reference: l.reference,
          kind: 'missing-at-shop',
          shopSays: null,
          partySays: l.status,
          shopCents: null,
          partyCents: l.amountCents,
          fixer: 'finance',
        });
    return { compared: records.length, found };
  }

  /** Disbursements and repayments beside the lender's day report (a lender with its own books). */
  private async loanMoney(day: string) {
    const lender = this.needed.lender;
    if (!lender.available || !lender.report) return null;
    const { from, to } = phnomPenhDayBounds(day);
    const [records, lines, known] = await Promise.all([
      this.needed.loans.moneyBetween(from, to),
      lender.report(day),
      this.needed.loans.moneyBetween(new Date(from.getTime() - DAY_MS), to),
    ]);
    const byRef = new Map(lines.map((l) => [l.reference, l]));
    const found: Found[] = [];
    for (const r of records) {
      const line = byRef.get(r.reference);
      const base = {
        reference: r.reference,
        shopSays: r.kind,
        partySays: line ? `${line.kind} ${line.status}` : null,
        shopCents: r.amountCents,
        partyCents: line?.amountCents ?? null,
      };
      // Not told yet (the job retries) or lost: finance makes sure the lender's books have it.
      if (!line || line.status === 'FAILED')
        found.push({ ...base, kind: line ? 'state' : 'missing-at-party', fixer: 'finance' });
      else if (line.amountCents !== r.amountCents) found.push({ ...base, kind: 'amount', fixer: 'partner' });
    }
    const shop = new Set(known.map((r) => r.reference));
    for (const l of lines)
      if (!shop.has(l.reference) && l.status !== 'FAILED')
        found.push({
          reference: l.reference,
          kind: 'missing-at-shop',
          shopSays: null,
          partySays: `${l.kind} ${l.status}`,
          shopCents: null,
          partyCents: l.amountCents,
          fixer: 'finance',
        });
    return { compared: records.length, found };
  }

  /** Overseas purchases (one per seller's shop) beside the source's day report. */
  private async purchases(day: string) {
    const { from, to } = phnomPenhDayBounds(day);
    const lines = await this.needed.overseasSource.dayReport(day);
    if (!lines) return null;
    const [records, known] = await Promise.all([
      this.needed.overseas.orders.purchasesBetween(from, to),
      this.needed.overseas.orders.purchasesBetween(new Date(from.getTime() - DAY_MS), to),
    ]);
    const byRef = new Map(lines.map((l) => [l.reference, l]));
    const found: Found[] = [];
    for (const r of records) {
      const line = byRef.get(r.reference);
      const bought = DONE.has(r.state) && r.partyRef;
      const base = {
        reference: r.reference,
        shopSays: r.partyRef ? `${r.state} ${r.partyRef}` : r.state,
        partySays: line ? `${line.status}${line.sourceOrderNo ? ` ${line.sourceOrderNo}` : ''}` : null,
        shopCents: null,
        partyCents: null,
      };
      if (bought && !line) found.push({ ...base, kind: 'missing-at-party', fixer: 'fulfilment' });
      else if (bought && line && (line.status !== 'BOUGHT' || line.sourceOrderNo !== r.partyRef))
        found.push({ ...base, kind: 'state', fixer: 'partner' });
      else if (r.state === 'REFUNDED' && line?.status === 'BOUGHT')
        found.push({ ...base, kind: 'state', fixer: 'finance' });
      else if (WAITING.has(r.state) && line?.status === 'BOUGHT')
        found.push({ ...base, kind: 'state', fixer: 'fulfilment' });
    }
    const shop = new Set(known.map((r) => r.reference));
    for (const l of lines)
      if (!shop.has(l.reference) && l.status === 'BOUGHT')
        found.push({
          reference: l.reference,
          kind: 'missing-at-shop',
          shopSays: null,
          partySays: `${l.status}${l.sourceOrderNo ? ` ${l.sourceOrderNo}` : ''}`,
          shopCents: null,
          partyCents: null,
          fixer: 'finance',
        });
    return { compared: records.length, found };
  }

  /**
   * Each KHQR payment of the day as Bakong records it (check_transaction_by_md5): one the shop
   * settled that Bakong does not have, or for another sum, and one Bakong has that the shop let
   * expire or fail (the money came: finance settles or returns it).
   */
  private async khqrPayments(day: string) {
    const { from, to } = phnomPenhDayBounds(day);
    const records = (await this.needed.payments.books.khqrPaymentsBetween(from, to)).filter((r) => r.md5);
    const found: Found[] = [];
    const settled = new Set(['SUCCEEDED', 'LATE', 'REFUNDED']);
    for (const r of records) {
      const check = await this.needed.bakong.client.checkByMd5(r.md5 as string);
      // A code in riel is compared in riel (issue 47): the riel it carried against the riel Bakong
      // reports; the shop's side stays the USD cents it booked.
      const inRiel = r.currency === 'KHR';
      const reported = check.found ? Math.round(check.transaction.amount * (inRiel ? 1 : 100)) : null;
      const matches =
        check.found &&
        check.transaction.currency === r.currency &&
        reported === (inRiel ? r.amountRiel : r.amountCents);
      const base = {
        reference: r.id,
        shopSays: inRiel ? `${r.status} KHR ${r.amountRiel}` : r.status,
        partySays: check.found ? `PAID ${check.transaction.currency}${inRiel ? ` ${reported}` : ''}` : check.reason,
        shopCents: r.amountCents,
        partyCents: inRiel ? (matches ? r.amountCents : null) : reported,
      };
      if (settled.has(r.status) && !check.found) found.push({ ...base, kind: 'missing-at-party', fixer: 'finance' });
      else if (settled.has(r.status) && check.found && !matches)
        found.push({ ...base, kind: 'amount', fixer: 'finance' });
      else if (!settled.has(r.status) && r.status !== 'PENDING' && check.found)
        found.push({ ...base, kind: 'missing-at-shop', fixer: 'finance' });
    }
    return { compared: records.length, found };
  }

  /**
   * Each online gateway payment of the day (succeeded, failed, or pending for a while) beside the
   * gateway's own record of it: money the gateway took that the shop did not count (finance settles
   * or returns it), a payment the shop counted that the gateway has not taken (finance claims it or
   * takes the order back), another amount (the gateway corrects its record); and, with PayWay, its
   * approved transactions of the day the shop has no payment for.
   */
  private async gatewayPayments(day: string) {
    const { from, to } = phnomPenhDayBounds(day);
    const payments = this.needed.payments;
    const settled = new Set(['SUCCEEDED', 'LATE', 'REFUNDED']);
    const cutoff = Date.now() - GATEWAY_PENDING_COMPARED_AFTER_MS;
    const records = (await payments.books.gatewayPaymentsBetween(from, to)).filter(
      (r) => r.status !== 'PENDING' || r.createdAt.getTime() < cutoff,
    );
    const found: Found[] = [];
    for (const r of records) {
      const record = await payments.books.gatewayRecord(r.id, r.channel);
      const gatewayPaid = record.found && (record.status === 'PAID' || record.status === 'REFUNDED');
      const base = {
        reference: r.id,
        shopSays: `${r.status} ${r.channel}`,
        partySays: record.said,
        shopCents: r.amountCents,
        partyCents: record.found ? record.amountCents : null,
      };
      if (settled.has(r.status) && !record.found) found.push({ ...base, kind: 'missing-at-party', fixer: 'finance' });
      else if (settled.has(r.status) && !gatewayPaid) found.push({ ...base, kind: 'state', fixer: 'finance' });
      else if (settled.has(r.status) && record.found && record.amountCents !== r.amountCents)
        found.push({ ...base, kind: 'amount', fixer: 'partner' });
      else if (!settled.has(r.status) && gatewayPaid)
        found.push({ ...base, kind: 'missing-at-shop', fixer: 'finance' });
    }
    const listed = await payments.books.paywayTransactions(from, to);
    if (listed) {
      const known = new Set(
        (
          await payments.books.gatewayPaymentsBetween(
            new Date(from.getTime() - DAY_MS),
            new Date(to.getTime() + DAY_MS),
          )
        ).map((p) => payments.books.tranIdOf(p.id)),
      );
      for (const l of listed)
        if (!known.has(l.tranId) && (l.status === 'APPROVED' || l.status === 'PRE-AUTH'))
          found.push({
            reference: l.tranId,
            kind: 'missing-at-shop',
            shopSays: null,
            partySays: `${l.status} ${l.currency}`,
            shopCents: null,
            partyCents: l.amountCents,
            fixer: 'finance',
          });
    }
    return { compared: records.length, found };
  }
}
