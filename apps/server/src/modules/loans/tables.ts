import type { CarBorrower, CarDetails, CarPicture } from '@shop/contracts';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from '../../platform/sql.ts';

/**
 * A loan from application to repaid. `account` is the loan's account (the pure state of
 * `@shop/contracts` loans/account.ts: schedule, what was charged, paid and cancelled), written only
 * under this row's lock by a settled repayment, an accepted extension or the daily sweep.
 */
export const loans = pgTable(
  'loans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    userId: text('user_id').notNull(),
    /** SIGNING | REVIEW | REFUSED | APPROVED | ACTIVE | SETTLED | CANCELLED */
    state: text('state').notNull(),
    nationalId: text('national_id').notNull(),
    phone: text('phone').notNull(),
    amountCents: integer('amount_cents').notNull(),
    installments: integer('installments').notNull(),
    /** The application data of spec §3 as given. */
    application: jsonb('application').notNull(),
    /** What was consented to and when; device data only with its consent. */
    consent: jsonb('consent').notNull(),
    device: jsonb('device'),
    /** Spec §3's documents: upload ids by kind, claimed by `loan-application:<id>`. */
    documents: jsonb('documents').$type<Partial<Record<string, string>>>(),
    agreementVersion: text('agreement_version').notNull(),
    agreementLanguage: text('agreement_language').notNull(),
    agreementText: text('agreement_text').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /** SHA-256 of the loan id and the SMS code that signed it. */
    signatureHash: text('signature_hash'),
    reviewBy: timestamp('review_by', { withTimezone: true }),
    approvedCents: integer('approved_cents'),
    refusal: text('refusal'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    account: jsonb('account'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('loans_user').on(t.userId, t.createdAt),
    index('loans_state').on(t.state),
    index('loans_national_id').on(t.nationalId),
    // One open loan (or application) per shopper.
    uniqueIndex('loans_one_open').on(t.userId).where(sql`state IN ('SIGNING', 'REVIEW', 'APPROVED', 'ACTIVE')`),
    check('loans_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** A repayment of a chosen amount, paid at the cashier (kind 'loan'); the loan changes when it settles. */
export const loanRepayments = pgTable(
  'loan_repayments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id').notNull(),
    userId: text('user_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** WP (to pay) | PAID | CANCEL | RETURNED (its money went back: it repaid nothing) */
    state: text('state').notNull().default('WP'),
    channel: text('channel'),
    /** How the payment was allocated (processing, consulting, interest, principal, late, other). */
    allocations: jsonb('allocations'),
    waivedCents: integer('waived_cents').notNull().default(0),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('loan_repayments_loan').on(t.loanId, t.createdAt),
    check('loan_repayments_positive', sql`${t.amountCents} > 0`),
  ],
);

export const loanExtensions = pgTable(
  'loan_extensions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id').notNull(),
    feeCents: integer('fee_cents').notNull(),
    /** PENDING | ACCEPTED | REFUSED */
    state: text('state').notNull(),
    reason: text('reason'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('loan_extensions_loan').on(t.loanId),
    uniqueIndex('loan_extensions_one_pending').on(t.loanId).where(sql`state = 'PENDING'`),
  ],
);

/** Credit cashed out to a bank account in the shopper's own name; sent 9:00 to 17:00 Asia/Phnom_Penh. */
export const loanPayouts = pgTable(
  'loan_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    /** WAITING (for the payout hours) | PAID */
    state: text('state').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('loan_payouts_user').on(t.userId, t.requestedAt),
    check('loan_payouts_positive', sql`${t.amountCents} > 0`),
  ],
);

/** 30 days late: no further loans, by shopper and by national ID. */
export const loanBlacklist = pgTable('loan_blacklist', {
  userId: text('user_id').primaryKey(),
  nationalId: text('national_id').notNull(),
  loanId: uuid('loan_id').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A car loan application (yingxin, contracts `CAR_LOAN_STATES`): three pages saved as a draft, `step`
 * the page to resume at; pictures are uploads claimed by `car-loan:<id>`. One open (DRAFT or REVIEW)
 * per shopper.
 */
export const carLoans = pgTable(
  'car_loans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    userId: text('user_id').notNull(),
    state: text('state').notNull().default('DRAFT'),
    step: integer('step').notNull().default(1),
    nationalId: text('national_id'),
    borrower: jsonb('borrower').$type<CarBorrower>(),
    car: jsonb('car').$type<CarDetails>(),
    /** The car's plate as compared (contracts `plateKey`): one car secures one car loan under review or approved. */
    plateKey: text('plate_key'),
    pictures: jsonb('pictures').$type<Partial<Record<CarPicture, string>>>().notNull().default({}),
    /** The shopper's phone when submitted (the lender calls it). */
    phone: text('phone'),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewBy: timestamp('review_by', { withTimezone: true }),
    approvedCents: integer('approved_cents'),
    refusal: text('refusal'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('car_loans_user').on(t.userId, t.createdAt),
    index('car_loans_state').on(t.state, t.submittedAt),
    index('car_loans_national_id').on(t.nationalId),
    index('car_loans_plate').on(t.plateKey, t.state),
    uniqueIndex('car_loans_one_open').on(t.userId).where(sql`state IN ('DRAFT', 'REVIEW')`),
  ],
);
