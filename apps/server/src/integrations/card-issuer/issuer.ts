// The card issuer: the outside party that issues prepaid cards, activates them, keeps their
// balance and credits top-ups. The shop speaks to it through this interface only; the simulator
// below stands in for a real issuer's API (DESIGN §7) with its own books.
import { randomBytes, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { phnomPenhDayBounds } from '../../platform/days.ts';
import { type Db, queryRows } from '../../platform/db.ts';
import { PartnerError } from '../../platform/partner-http/client.ts';
import { sql } from '../../platform/sql.ts';
import { cardSimCards, cardSimCredits } from './tables.ts';

export type IssuedCard = { cardRef: string; maskedNumber: string; expiry: string; activated: boolean };
export type CreditOutcome = { status: 'SUCCESS' | 'FAILED'; message: string | null };
/** A credit as the issuer's day report lists it (docs/partners/card-issuer.yaml, ReportLine). */
export type IssuerReportLine = { reference: string; status: 'SUCCESS' | 'FAILED' | 'PENDING'; amountCents: number };

/**
 * Where an issuer's later word on a card lands (the card applications' keeper, `bongloy`): issued
 * (ask `issue` again: it answers the card now) or refused. Each answers what it did.
 */
export type CardOutcomeSink = {
  issued(reference: string): Promise<string>;
  refused(reference: string, reason: string): Promise<string>;
};

/**
 * The issuer took the card but issues it later (HTTP 202): it says how by card.issued or
 * card.refused. Not a failure: the application waits with the issuer.
 */
export class CardIssuingLater extends Error {
  constructor(reference: string) {
    super(`the card issuer is still issuing card ${reference}: it says so by card.issued or card.refused`);
    this.name = 'CardIssuingLater';
  }
}

export interface CardIssuer {
  readonly name: string;
  /** False when no issuer is configured: no card can be issued or credited. */
  readonly available: boolean;
  /** An issuer that answers later (webhooks) tells its outcomes here. */
  reportOutcomesTo?(sink: CardOutcomeSink): void;
  /**
   * Issues a card for the shop's `reference`; the same reference again answers the same card.
   * Throws `CardIssuingLater` when the issuer answers later by webhook.
   */
  issue(request: { reference: string; holderName: string }): Promise<IssuedCard>;
  /** Activates a card; `last4` must match the card's number (what the shopper reads off it). */
  activate(cardRef: string, last4: string): Promise<{ ok: boolean }>;
  /** The card as the issuer knows it now, with its balance. */
  card(cardRef: string): Promise<(IssuedCard & { balanceCents: number }) | null>;
  /** Credits a card; idempotent by `reference`. */
  credit(request: { reference: string; cardRef: string; amountCents: number }): Promise<CreditOutcome>;
  /** Every credit the issuer recorded on a Phnom Penh day (the daily reconciliation). */
  report?(day: string): Promise<IssuerReportLine[]>;
}

const mask = (last4: string) => `•••• •••• •••• ${last4}`;

/**
 * The simulator: issues card numbers (only the last four kept), expiry three years ahead,
 * refuses activation with the wrong last four digits, and refuses a credit to a card not yet
 * activated or one that would pass the card's balance cap (USD 10,000), as an issuer does. Each
 * answer takes `delayMs`. Its test name, as a provider's test numbers: a holder named … Outage
 * meets the issuer down (no answer, as a refused connection) the first time each of its cards is
 * asked; asked again, the card is issued.
 */
export class SimulatedCardIssuer implements CardIssuer {
  readonly name = 'simulator';
  readonly available = true;
  static readonly BALANCE_CAP_CENTS = 1_000_000;
  private readonly db: Db;
  delayMs: number;

  constructor(db: Db, delayMs: number) {
    this.db = db;
    this.delayMs = delayMs;
  }

  private async pause() {
    if (this.delayMs > 0) await sleep(this.delayMs);
  }

  /** References of test-name holders already met by the outage (asked once). */
  private readonly metOutage = new Set<string>();

  async issue(request: { reference: string; holderName: string }): Promise<IssuedCard> {
    await this.pause();
    if (/ OUTAGE$/i.test(request.holderName) && !this.metOutage.has(request.reference)) {
      this.metOutage.add(request.reference);
      throw new PartnerError('card-issuer', 'no-answer', 'card issuer simulator: down for its test name (… Outage)');
    }
    const now = new Date();
    const expiry = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String((now.getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
    const last4 = String(randomInt(0, 10_000)).padStart(4, '0');
    await this.db
      .insert(cardSimCards)
      .values({
        reference: request.reference,
        cardRef: `SIM-${randomBytes(8).toString('hex')}`,
        holderName: request.holderName,
        last4,
        expiry,
      })
      .onConflictDoNothing();
    const found = await this.byReference(request.reference);
    if (!found) throw new Error('card issuer simulator lost a card');
    return found;
  }

  private async byReference(reference: string) {
    const [row] = await queryRows<{ card_ref: string; last4: string; expiry: string; activated_at: unknown }>(
      this.db,
      sql`SELECT card_ref, last4, expiry, activated_at FROM ${cardSimCards} WHERE reference = ${reference}`,
    );
    return row
      ? {
          cardRef: row.card_ref,
          maskedNumber: mask(row.last4),
          expiry: row.expiry,
          activated: Boolean(row.activated_at),
        }
      : null;
  }

  async activate(cardRef: string, last4: string): Promise<{ ok: boolean }> {
    await this.pause();
    const rows = await queryRows<{ card_ref: string }>(
      this.db,
      sql`UPDATE ${cardSimCards} SET activated_at = coalesce(activated_at, now())
          WHERE card_ref = ${cardRef} AND last4 = ${last4} RETURNING card_ref`,
    );
    return { ok: rows.length === 1 };
  }

  async card(cardRef: string) {
    await this.pause();
    const [row] = await queryRows<{
      card_ref: string;
      last4: string;
      expiry: string;
      activated_at: unknown;
      balance_cents: number;
    }>(
      this.db,
      sql`SELECT card_ref, last4, expiry, activated_at, balance_cents FROM ${cardSimCards} WHERE card_ref = ${cardRef}`,
    );
    if (!row) return null;
    return {
      cardRef: row.card_ref,
      maskedNumber: mask(row.last4),
      expiry: row.expiry,
      activated: Boolean(row.activated_at),
      balanceCents: Number(row.balance_cents),
    };
  }

  async credit(request: { reference: string; cardRef: string; amountCents: number }): Promise<CreditOutcome> {
    await this.pause();
    return this.db.transaction(async (tx) => {
      // The reference is taken first: a second credit of it (at once or later) waits for the
      // first and answers its outcome, as a real issuer's idempotency key does.
      const taken = await queryRows<{ reference: string }>(
        tx,
        sql`INSERT INTO ${cardSimCredits} (reference, card_ref, amount_cents, status)
            VALUES (${request.reference}, ${request.cardRef}, ${request.amountCents}, 'PENDING')
            ON CONFLICT (reference) DO NOTHING RETURNING reference`,
      );
      if (!taken.length) {
        const [before] = await queryRows<{ status: string }>(
          tx,
          sql`SELECT status FROM ${cardSimCredits} WHERE reference = ${request.reference}`,
        );
        return this.outcome(before.status);
      }
      const credited = await queryRows<{ card_ref: string }>(
        tx,
        sql`UPDATE ${cardSimCards} SET balance_cents = balance_cents + ${request.amountCents}
            WHERE card_ref = ${request.cardRef} AND activated_at IS NOT NULL
              AND balance_cents + ${request.amountCents} <= ${SimulatedCardIssuer.BALANCE_CAP_CENTS}
            RETURNING card_ref`,
      );
      const status = credited.length ? 'SUCCESS' : 'FAILED';
      await queryRows(tx, sql`UPDATE ${cardSimCredits} SET status = ${status} WHERE reference = ${request.reference}`);
      return this.outcome(status);
    });
  }

  async report(day: string): Promise<IssuerReportLine[]> {
    const { from, to } = phnomPenhDayBounds(day);
    const rows = await queryRows<{ reference: string; status: string; amount_cents: number }>(
      this.db,
      sql`SELECT reference, status, amount_cents FROM ${cardSimCredits} WHERE created_at >= ${from} AND created_at < ${to}`,
    );
    return rows.map((r) => ({
      reference: r.reference,
      status: r.status as IssuerReportLine['status'],
      amountCents: Number(r.amount_cents),
    }));
  }

  private outcome(status: string): CreditOutcome {
    return status === 'SUCCESS'
      ? { status: 'SUCCESS', message: null }
      : { status: 'FAILED', message: 'Card not active or over its balance limit' };
  }
}

/** No issuer configured (production without one): nothing is issued or credited, and the shop says so. */
export class NoCardIssuer implements CardIssuer {
  readonly name = 'none';
  readonly available = false;
  private fail(): never {
    throw new Error('no card issuer is configured (CARD_ISSUER)');
  }
  issue = async (): Promise<IssuedCard> => this.fail();
  activate = async (): Promise<{ ok: boolean }> => this.fail();
  card = async () => null;
  credit = async (): Promise<CreditOutcome> => this.fail();
}
