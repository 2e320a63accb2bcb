// The loan partner: a licensed lender that decides; the shop collects applications, shows offers and
// moves money (spec §1). The shop speaks to it through this interface only; `SimulatedLender` stands
// in for the real one (DESIGN §7) and applies the lender's published rules.
import { amountRefusal, eligibilityRefusal, extensionRefusal, LOAN_RULES } from '@shop/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { SimulatedCarLender } from './car-sim.ts';
import { lenderSimApplications, lenderSimExtensions } from './tables.ts';
import type {
  ExtensionAnswer,
  ExtensionRequest,
  LenderApplication,
  LenderCarApplication,
  LenderDecision,
} from './types.ts';

export type {
  ExtensionAnswer,
  ExtensionRequest,
  LenderApplication,
  LenderCarApplication,
  LenderDecision,
  LenderPicture,
} from './types.ts';

/** The lender's people deciding first applications (the local lender's, shown in the console). */
export interface LenderReviewDesk {
  queue(): Promise<
    (LenderDecision & { fullName: string; amountCents: number; installments: number; createdAt: Date })[]
  >;
  decide(
    reference: string,
    outcome: { approve: boolean; approvedCents?: number; reason?: string },
    decidedBy: string,
  ): Promise<LenderDecision | null>;
  answerExtension(reference: string, accept: boolean, decidedBy: string): Promise<ExtensionAnswer | null>;
  /** Car loans waiting for a person (every one: the car and its papers are looked at). */
  carQueue(): Promise<(LenderDecision & { createdAt: Date })[]>;
  decideCarLoan(
    reference: string,
    outcome: { approve: boolean; approvedCents?: number; reason?: string },
    decidedBy: string,
  ): Promise<LenderDecision | null>;
}

export interface Lender {
  readonly name: string;
  /** False when no lender is configured: the shop takes no application. */
  readonly available: boolean;
  submit(application: LenderApplication): Promise<LenderDecision>;
  decision(reference: string): Promise<LenderDecision | null>;
  requestExtension(request: ExtensionRequest): Promise<ExtensionAnswer>;
  extensionAnswer(reference: string): Promise<ExtensionAnswer | null>;
  /** A car loan (yingxin): refused at once by the rules, or waiting for the lender's person. */
  submitCarLoan(application: LenderCarApplication): Promise<LenderDecision>;
  carLoanDecision(reference: string): Promise<LenderDecision | null>;
  /** Present when the lender's review is done in this shop's console (the local lender). */
  readonly reviewDesk: LenderReviewDesk | null;
  /**
   * A lender that says when it decided (webhooks) runs `run` then (the loans module's poll), for a
   * reference `knows` says the shop made.
   */
  answersTo?(run: () => Promise<string>, knows: (reference: string) => Promise<boolean>): void;
  /**
   * A lender with its own books is told the money the shop moved for a loan (the job
   * `lender.record-money`, queued in the transaction that moved it): once per reference.
   */
  recordMoney?(kind: 'disbursement' | 'repayment', loanReference: string, money: LenderMoney): Promise<void>;
  /** The money the lender recorded on a Phnom Penh day (the daily reconciliation). */
  report?(day: string): Promise<LenderReportLine[]>;
}

/** A money move as the lender's day report lists it (docs/partners/lender.yaml, ReportLine). */
export type LenderReportLine = {
  reference: string;
  kind: 'disbursement' | 'repayment';
  amountCents: number;
  status: 'SUCCESS' | 'FAILED' | 'PENDING';
};

export type LenderMoney = { reference: string; amountCents: number; at: Date };
/** The job that tells the lender of money moved, and its payload. */
export const LENDER_MONEY_JOB = 'lender.record-money';
export type LenderMoneyJob = {
  kind: 'disbursement' | 'repayment';
  loanReference: string;
  reference: string;
  amountCents: number;
  at: string;
};

/** How long the local lender takes: rules-decided loans and extension answers (tests make them short). */
export type LenderTiming = { autoDecisionMs: number; extensionAnswerMs: number };

type AppRow = typeof lenderSimApplications.$inferSelect;
type ExtRow = typeof lenderSimExtensions.$inferSelect;

const asDecision = (row: AppRow): LenderDecision => ({
  reference: row.reference,
  status: row.status as LenderDecision['status'],
  review: row.review === 'PERSON',
  reviewBy: row.reviewBy,
  approvedCents: row.approvedCents,
  reason: row.reason,
  decidedAt: row.decidedAt,
});

const asAnswer = (row: ExtRow): ExtensionAnswer => ({
  reference: row.reference,
  status: row.status as ExtensionAnswer['status'],
  reason: row.reason,
  decidedAt: row.decidedAt,
});

const DAY_MS = 86_400_000;

/**
 * The local lender. A first application (no loan of this national ID approved before) goes to a
 * person's review, promised within 2 to 3 days (`reviewDesk`, the console's review queue); a later
 * one is decided by the published rules after `autoDecisionMs` (about 10 minutes). Extensions are
 * answered by the rules after `extensionAnswerMs` (within 3 days), or earlier by a person.
 */
export class SimulatedLender implements Lender, LenderReviewDesk {
  readonly name = 'simulator';
  readonly available = true;
  readonly reviewDesk: LenderReviewDesk = this;
  timing: LenderTiming;
  private readonly db: Db;
  private readonly cars: SimulatedCarLender;

  constructor(db: Db, timing: LenderTiming) {
    this.db = db;
    this.timing = timing;
    this.cars = new SimulatedCarLender(db);
  }

  submitCarLoan(application: LenderCarApplication) {
    return this.cars.submit(application);
  }

  carLoanDecision(reference: string) {
    return this.cars.decision(reference);
  }

  carQueue() {
    return this.cars.queue();
  }

  decideCarLoan(reference: string, outcome: { approve: boolean; approvedCents?: number; reason?: string }, by: string) {
    return this.cars.decide(reference, outcome, by);
  }

  async submit(application: LenderApplication): Promise<LenderDecision> {
    const earlier = await this.db
      .select({ reference: lenderSimApplications.reference })
      .from(lenderSimApplications)
      .where(
        and(eq(lenderSimApplications.nationalId, application.nationalId), eq(lenderSimApplications.status, 'APPROVED')),
      )
      .limit(1);
    const first = earlier.length === 0 && application.repaidLoans === 0;
    // The documents travel as bytes (a real adapter uploads them); the lender keeps what arrived.
    const documents: Record<string, { id: string; bytes: number }> = {};
    for (const doc of application.documents ?? [])
      documents[doc.kind] = { id: doc.id, bytes: (await doc.bytes()).length };
    const refusal =
      eligibilityRefusal(application.applicant, application.today) ??
      amountRefusal(application.amountCents, application.repaidLoans);
    const now = Date.now();
    await this.db
      .insert(lenderSimApplications)
      .values({
        reference: application.reference,
        nationalId: application.nationalId,
        fullName: application.fullName,
        amountCents: application.amountCents,
        installments: application.installments,
        data: { ...application.data, documents },
        review: first ? 'PERSON' : 'RULES',
        status: 'PENDING',
        decidesTo: first ? null : refusal ? 'REFUSED' : 'APPROVED',
        decideAt: first ? null : new Date(now + this.timing.autoDecisionMs),
        reviewBy: first ? new Date(now + LOAN_RULES.firstDecisionDays.max * DAY_MS) : null,
        reason: first ? null : refusal,
      })
      .onConflictDoNothing();
    return (await this.decision(application.reference)) as LenderDecision;
  }

  async decision(reference: string): Promise<LenderDecision | null> {
    await queryRows(
      this.db,
      sql`UPDATE ${lenderSimApplications}
        SET status = decides_to, decided_at = decide_at, decided_by = 'rules',
          approved_cents = CASE WHEN decides_to = 'APPROVED' THEN amount_cents END
        WHERE reference = ${reference} AND status = 'PENDING' AND decide_at <= now() RETURNING reference`,
    );
    const [row] = await this.db
      .select()
      .from(lenderSimApplications)
      .where(eq(lenderSimApplications.reference, reference));
    return row ? asDecision(row) : null;
  }

  async queue() {
    const rows = await this.db
      .select()
      .from(lenderSimApplications)
      .where(and(eq(lenderSimApplications.status, 'PENDING'), eq(lenderSimApplications.review, 'PERSON')))
      .orderBy(asc(lenderSimApplications.createdAt))
      .limit(200);
    return rows.map((row) => ({
      ...asDecision(row),
      fullName: row.fullName,
      amountCents: row.amountCents,
      installments: row.installments,
      createdAt: row.createdAt,
    }));
  }

  /** A person's decision; an approval may lower the amount, never raise it. Once only. */
  async decide(
    reference: string,
    outcome: { approve: boolean; approvedCents?: number; reason?: string },
    decidedBy: string,
  ): Promise<LenderDecision | null> {
    const [row] = await this.db
      .select()
      .from(lenderSimApplications)
      .where(eq(lenderSimApplications.reference, reference));
    if (!row) return null;
    const approvedCents = outcome.approve
      ? Math.min(row.amountCents, Math.max(LOAN_RULES.firstAmountCents.min, outcome.approvedCents ?? row.amountCents))
      : null;
    await this.db
      .update(lenderSimApplications)
      .set({
        status: outcome.approve ? 'APPROVED' : 'REFUSED',
        approvedCents,
        reason: outcome.reason ?? null,
        decidedBy,
        decidedAt: new Date(),
      })
      .where(and(eq(lenderSimApplications.reference, reference), eq(lenderSimApplications.status, 'PENDING')));
    return this.decision(reference);
  }

  async requestExtension(request: ExtensionRequest): Promise<ExtensionAnswer> {
    const refusal = extensionRefusal(request.account);
    await this.db
      .insert(lenderSimExtensions)
      .values({
        reference: request.reference,
        loanReference: request.loanReference,
        feeCents: request.feeCents,
        status: 'PENDING',
        decidesTo: refusal ? 'REFUSED' : 'ACCEPTED',
        decideAt: new Date(Date.now() + this.timing.extensionAnswerMs),
        reason: refusal,
      })
      .onConflictDoNothing();
    return (await this.extensionAnswer(request.reference)) as ExtensionAnswer;
  }

  async extensionAnswer(reference: string): Promise<ExtensionAnswer | null> {
    await queryRows(
      this.db,
      sql`UPDATE ${lenderSimExtensions} SET status = decides_to, decided_at = decide_at, decided_by = 'rules'
        WHERE reference = ${reference} AND status = 'PENDING' AND decide_at <= now() RETURNING reference`,
    );
    const [row] = await this.db.select().from(lenderSimExtensions).where(eq(lenderSimExtensions.reference, reference));
    return row ? asAnswer(row) : null;
  }

  /** A person answers before the rules do; the rules still refuse what they must. */
  async answerExtension(reference: string, accept: boolean, decidedBy: string): Promise<ExtensionAnswer | null> {
    await queryRows(
      this.db,
      sql`UPDATE ${lenderSimExtensions}
        SET status = CASE WHEN ${accept} AND decides_to = 'ACCEPTED' THEN 'ACCEPTED' ELSE 'REFUSED' END,
          decided_at = now(), decided_by = ${decidedBy}
        WHERE reference = ${reference} AND status = 'PENDING' RETURNING reference`,
    );
    return this.extensionAnswer(reference);
  }
}

/** No lender configured (production without one): the shop takes no application, and says so. */
export class NoLender implements Lender {
  readonly name = 'none';
  readonly available = false;
  readonly reviewDesk = null;
  async submit(): Promise<LenderDecision> {
    throw new Error('no lender is configured (LENDER)');
  }
  async decision() {
    return null;
  }
  async requestExtension(): Promise<ExtensionAnswer> {
    throw new Error('no lender is configured (LENDER)');
  }
  async extensionAnswer() {
    return null;
  }
  async submitCarLoan(): Promise<LenderDecision> {
    throw new Error('no lender is configured (LENDER)');
  }
  async carLoanDecision() {
    return null;
  }
}
