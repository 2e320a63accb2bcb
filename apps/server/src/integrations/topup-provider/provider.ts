// The top-up provider: the outside party that credits airtime to a mobile number. The shop speaks
// to it through this interface only; the simulator below stands in for a real one (DESIGN §7).
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../platform/db.ts';
import { queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { topupSimTransactions } from './tables.ts';

/** A top-up as the provider is asked for it. `reference` is the shop's: the same one twice is one top-up. */
export type TopupRequest = {
  reference: string;
  msisdn: string;
  operatorCode: string;
  amountCents: number;
  /** Sent before without an answer (a time-out, no answer): the first try may have been delivered. */
  resend?: boolean;
};

/**
 * What the provider says: done, refused (nothing was credited), or not known yet (ask again with
 * `query`); `UNKNOWN` from `query` means it never heard of the reference (nothing was credited);
 * `HOLD`: the outcome cannot be known and the top-up may have been delivered (a resend refused for
 * a reason the report does not explain): held for staff, never refunded by itself.
 */
export type TopupOutcome = {
  status: 'SUCCESS' | 'FAILED' | 'PENDING' | 'UNKNOWN' | 'HOLD';
  providerRef: string | null;
  message: string | null;
};

export interface TopupProvider {
  readonly name: string;
  /** Asks for the top-up; idempotent by `reference`. Throws when the provider cannot be reached. */
  send(request: TopupRequest): Promise<TopupOutcome>;
  /** The outcome of an earlier `send`, by its reference. */
  query(reference: string): Promise<TopupOutcome>;
  /** What the shop's account at the provider holds (a provider with an account; the simulator has none). */
  balance?(): Promise<ProviderBalance>;
}

/** The shop's prepaid account at the provider, in cents of its currency. */
export type ProviderBalance = { amountCents: number; currency: string; updatedAt: string | null };

/**
 * Why an exchange with a provider gave nothing to go on: `credentials`, the provider refused the
 * shop's own credentials (a setting to fix); `refused`, it answered with an error of its own;
 * `no-answer`, no answer came (timeout, network, 5xx, a body that is not its JSON).
 */
export class TopupProviderError extends Error {
  readonly kind: 'credentials' | 'refused' | 'no-answer';
  readonly status: number | null;
  /** The provider's own code of the error (Reloadly's `errorCode`). */
  readonly errorCode: string | null;

  constructor(
    kind: TopupProviderError['kind'],
    message: string,
    options: { status?: number | null; errorCode?: string | null } = {},
  ) {
    super(message);
    this.name = 'TopupProviderError';
    this.kind = kind;
    this.status = options.status ?? null;
    this.errorCode = options.errorCode ?? null;
  }
}

/**
 * How the simulator answers, by the number's last digits (the provider's test numbers): …00 is
 * refused; …99 is pending and then succeeds, …98 pending and then fails (after `settleMs`); …97 is
 * not answered the first time (a time-out) and its resend is refused with nothing in the report, so
 * the outcome cannot be known (`HOLD`, as the Reloadly adapter answers it); every other number
 * succeeds. Each answer takes `delayMs`, as a real provider's round trip does.
 */
export type SimulatorBehaviour = { delayMs: number; settleMs: number };

export class SimulatedTopupProvider implements TopupProvider {
  readonly name = 'simulator';
  private readonly db: Db;
  /** Changed by tests and the demo (a slower provider, a quicker settling). */
  behaviour: SimulatorBehaviour;

  constructor(db: Db, behaviour: SimulatorBehaviour) {
    this.db = db;
    this.behaviour = behaviour;
  }

  async send(request: TopupRequest): Promise<TopupOutcome> {
    await sleep(this.behaviour.delayMs);
    const ending = request.msisdn.slice(-2);
    if (ending === '97') {
      if (!request.resend) throw new TopupProviderError('no-answer', 'the simulator did not answer (test number …97)');
      return {
        status: 'HOLD',
        providerRef: null,
        message: `the resend after a time-out was refused and the transaction report has no top-up ${request.reference}: the first try may have been delivered (test number …97)`,
      };
    }
    const [status, settlesTo] =
      ending === '00'
        ? ['FAILED', null]
        : ending === '99'
          ? ['PENDING', 'SUCCESS']
          : ending === '98'
            ? ['PENDING', 'FAILED']
            : ['SUCCESS', null];
    await this.db
      .insert(topupSimTransactions)
      .values({
        reference: request.reference,
        msisdn: request.msisdn,
        amountCents: request.amountCents,
        status,
        settlesTo,
        settlesAt: settlesTo ? new Date(Date.now() + this.behaviour.settleMs) : null,
        providerRef: `SIM-${randomBytes(6).toString('hex').toUpperCase()}`,
      })
      .onConflictDoNothing();
    // The same reference again answers what the first asking decided.
    return this.query(request.reference);
  }

  async query(reference: string): Promise<TopupOutcome> {
    const [row] = await queryRows<{ status: string; provider_ref: string }>(
      this.db,
      sql`UPDATE ${topupSimTransactions}
        SET status = CASE WHEN settles_at <= now() THEN settles_to ELSE status END
        WHERE reference = ${reference} RETURNING status, provider_ref`,
    );
    if (!row) return { status: 'UNKNOWN', providerRef: null, message: null };
    const status = row.status as TopupOutcome['status'];
    return {
      status,
      providerRef: row.provider_ref,
      message: status === 'FAILED' ? 'Subscriber not eligible for recharge' : null,
    };
  }
}

/** No provider configured (production without one): nothing can be topped up, and the shop says so. */
export class NoTopupProvider implements TopupProvider {
  readonly name = 'none';
  async send(): Promise<TopupOutcome> {
    throw new Error('no top-up provider is configured (TOPUP_PROVIDER)');
  }
  async query(): Promise<TopupOutcome> {
    return { status: 'UNKNOWN', providerRef: null, message: null };
  }
}
