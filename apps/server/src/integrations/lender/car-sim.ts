// The local lender's car loans (yingxin): it receives the application with the pictures of the car
// and its papers, refuses at once what its published rules refuse, and otherwise waits for its
// person (the console's review queue), who answers within 3 days.
import { CAR_LOAN_RULES, eligibilityRefusal, LOAN_RULES, maxLoanOn, REQUIRED_CAR_PICTURES } from '@shop/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { lenderSimCarApplications } from './tables.ts';
import type { LenderCarApplication, LenderDecision } from './types.ts';

type Row = typeof lenderSimCarApplications.$inferSelect;
type Outcome = { approve: boolean; approvedCents?: number; reason?: string };

const DAY_MS = 86_400_000;

const asDecision = (row: Row): LenderDecision => ({
  reference: row.reference,
  status: row.status as LenderDecision['status'],
  review: true,
  reviewBy: row.reviewBy,
  approvedCents: row.approvedCents,
  reason: row.reason,
  decidedAt: row.decidedAt,
});

/** The lender's own car-loan rules: who may borrow, how much on which car, with which pictures. */
function carRefusal(application: LenderCarApplication, received: Record<string, number>): string | null {
  const { min, max } = CAR_LOAN_RULES.amountCents;
  if (application.amountCents < min || application.amountCents > max) return 'CAR00006';
  if (!(CAR_LOAN_RULES.termMonths as readonly number[]).includes(application.termMonths)) return 'CAR00007';
  if (application.amountCents > maxLoanOn(application.carValueCents)) return 'CAR00016';
  if (REQUIRED_CAR_PICTURES.some((kind) => !received[kind])) return 'CAR00018';
  return null;
}

export class SimulatedCarLender {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async submit(application: LenderCarApplication): Promise<LenderDecision> {
    // The pictures travel to the lender as bytes (a real adapter uploads them); what arrived is kept.
    const received: Record<string, number> = {};
    const pictures: Record<string, { id: string; bytes: number }> = {};
    for (const picture of application.pictures) {
      const bytes = (await picture.bytes()).length;
      received[picture.kind] = bytes;
      pictures[picture.kind] = { id: picture.id, bytes };
    }
    const refusal = eligibilityRefusal(application.applicant, application.today) ?? carRefusal(application, received);
    const now = new Date();
    await this.db
      .insert(lenderSimCarApplications)
      .values({
        reference: application.reference,
        nationalId: application.nationalId,
        fullName: application.fullName,
        amountCents: application.amountCents,
        termMonths: application.termMonths,
        carValueCents: application.carValueCents,
        data: application.data,
        pictures,
        status: refusal ? 'REFUSED' : 'PENDING',
        reviewBy: new Date(now.getTime() + LOAN_RULES.firstDecisionDays.max * DAY_MS),
        reason: refusal,
        decidedBy: refusal ? 'rules' : null,
        decidedAt: refusal ? now : null,
      })
      .onConflictDoNothing();
    return (await this.decision(application.reference)) as LenderDecision;
  }

  async decision(reference: string): Promise<LenderDecision | null> {
    const [row] = await this.db
      .select()
      .from(lenderSimCarApplications)
      .where(eq(lenderSimCarApplications.reference, reference));
    return row ? asDecision(row) : null;
  }

  async queue(): Promise<(LenderDecision & { createdAt: Date })[]> {
    const rows = await this.db
      .select()
      .from(lenderSimCarApplications)
      .where(eq(lenderSimCarApplications.status, 'PENDING'))
      .orderBy(asc(lenderSimCarApplications.createdAt))
      .limit(200);
    return rows.map((row) => ({ ...asDecision(row), createdAt: row.createdAt }));
  }

  /** A person's decision, once; an approval may lower the amount (not below the minimum), never raise it. */
  async decide(reference: string, outcome: Outcome, decidedBy: string): Promise<LenderDecision | null> {
    const [row] = await this.db
      .select()
      .from(lenderSimCarApplications)
      .where(eq(lenderSimCarApplications.reference, reference));
    if (!row) return null;
    const asked = row.amountCents;
    const approvedCents = outcome.approve
      ? Math.min(asked, Math.max(CAR_LOAN_RULES.amountCents.min, outcome.approvedCents ?? asked))
      : null;
    await this.db
      .update(lenderSimCarApplications)
      .set({
        status: outcome.approve ? 'APPROVED' : 'REFUSED',
        approvedCents,
        reason: outcome.approve ? null : outcome.reason?.trim() || null,
        decidedBy,
        decidedAt: new Date(),
      })
      .where(and(eq(lenderSimCarApplications.reference, reference), eq(lenderSimCarApplications.status, 'PENDING')));
    return this.decision(reference);
  }
}
