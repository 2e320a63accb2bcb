import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The local lender's own books (the simulator stands where the partner's system would): the
 * applications it was sent, by the shop's reference (the same one twice is one application), with
 * its decision; and the extensions it was asked for. Nothing of the shop reads these tables.
 */
export const lenderSimApplications = pgTable(
  'lender_sim_applications',
  {
    reference: text('reference').primaryKey(),
    nationalId: text('national_id').notNull(),
    fullName: text('full_name').notNull(),
    amountCents: integer('amount_cents').notNull(),
    installments: integer('installments').notNull(),
    /** The lender's view of the applicant's data, as sent. */
    data: jsonb('data').notNull(),
    /** A first loan waits for a person's review; later ones are decided by the rules. */
    review: text('review').notNull(),
    /** PENDING | APPROVED | REFUSED */
    status: text('status').notNull(),
    /** What a rule-decided application becomes at `decideAt`. */
    decidesTo: text('decides_to'),
    decideAt: timestamp('decide_at', { withTimezone: true }),
    /** The latest a person's review is promised by (2 to 3 days). */
    reviewBy: timestamp('review_by', { withTimezone: true }),
    approvedCents: integer('approved_cents'),
    reason: text('reason'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lender_sim_applications_national_id').on(t.nationalId),
    index('lender_sim_applications_status').on(t.status, t.createdAt),
  ],
);

export const lenderSimExtensions = pgTable('lender_sim_extensions', {
  reference: text('reference').primaryKey(),
  loanReference: text('loan_reference').notNull(),
  feeCents: integer('fee_cents').notNull(),
  /** PENDING | ACCEPTED | REFUSED */
  status: text('status').notNull(),
  decidesTo: text('decides_to').notNull(),
  decideAt: timestamp('decide_at', { withTimezone: true }).notNull(),
  reason: text('reason'),
  decidedBy: text('decided_by'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The car loans (yingxin) the local lender was sent: every one is looked at by a person (the car
 * and its papers), unless the published rules refuse it at once.
 */
export const lenderSimCarApplications = pgTable(
  'lender_sim_car_applications',
  {
    reference: text('reference').primaryKey(),
    nationalId: text('national_id').notNull(),
    fullName: text('full_name').notNull(),
    amountCents: integer('amount_cents').notNull(),
    termMonths: integer('term_months').notNull(),
    carValueCents: integer('car_value_cents').notNull(),
    data: jsonb('data').notNull(),
    /** The pictures received: kind → the shop's id and the bytes that arrived. */
    pictures: jsonb('pictures').notNull(),
    /** PENDING | APPROVED | REFUSED */
    status: text('status').notNull(),
    reviewBy: timestamp('review_by', { withTimezone: true }).notNull(),
    approvedCents: integer('approved_cents'),
    reason: text('reason'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lender_sim_car_applications_status').on(t.status, t.createdAt)],
);
