import type { BongloyPersonal } from '@shop/contracts';
import { index, integer, jsonb, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per shopper who ever applied: locked (FOR UPDATE) while an order counts their cards, so
 * the per-person limit holds however many applications are ordered at once.
 */
export const bongloyApplicants = pgTable('bongloy_applicants', {
  userId: text('user_id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const bongloyApplicationNumbers = pgSequence('bongloy_applications_no_seq');

/**
 * A card application (contracts `BONGLOY_STATES`). Steps 1-4 fill it in as a draft; `step` is where
 * the shopper resumes. Documents and the signature are uploads claimed by `bongloy-application:<id>`.
 */
export const bongloyApplications = pgTable(
  'bongloy_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationNo: text('application_no').notNull().unique(),
    userId: text('user_id').notNull(),
    state: text('state').notNull().default('DRAFT'),
    step: integer('step').notNull().default(1),
    personal: jsonb('personal').$type<BongloyPersonal>(),
    /** The E.164 phone proven by an SMS code of purpose 'card'. */
    verifiedPhone: text('verified_phone'),
    documents: jsonb('documents').$type<Partial<Record<'passportInfo' | 'visa' | 'holding' | 'selfie', string>>>(),
    signatureId: text('signature_id'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    cardCount: integer('card_count').notNull().default(0),
    cardFeeCents: integer('card_fee_cents').notNull().default(0),
    shippingFeeCents: integer('shipping_fee_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    delivery: text('delivery'),
    shipping: jsonb('shipping').$type<{ name: string; mobile: string; zipCode: string; address: string }>(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    paidCents: integer('paid_cents').notNull().default(0),
    payChannel: text('pay_channel'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refusal: text('refusal'),
    /** When staff approved it and sent it to the issuer (SENT_TO_ISSUER): the issuer answers only from then. */
    sentToIssuerAt: timestamp('sent_to_issuer_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** When the retention job let the documents and signature go (deleted by the uploads sweep). */
    documentsReleasedAt: timestamp('documents_released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bongloy_applications_user_idx').on(t.userId, t.createdAt),
    index('bongloy_applications_state_idx').on(t.state),
  ],
);

/** A card the issuer issued for an approved application (one row per card ordered). */
export const bongloyCards = pgTable(
  'bongloy_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id').notNull(),
    userId: text('user_id').notNull(),
    /** The issuer's reference of the card; the shop's reference to it was `<application id>:<n>`. */
    issuerRef: text('issuer_ref').notNull().unique(),
    maskedNumber: text('masked_number').notNull(),
    expiry: text('expiry').notNull(),
    /** ISSUED (shipped or ready for pickup) → ACTIVE (activated by the shopper). */
    state: text('state').notNull().default('ISSUED'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bongloy_cards_user_idx').on(t.userId)],
);

export const bongloyTopupNumbers = pgSequence('bongloy_topups_no_seq');

/** A card top-up (contracts `CARD_TOPUP_STATES`), paid at the cashier, credited by the issuer once. */
export const bongloyTopups = pgTable(
  'bongloy_topups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    topupNo: text('topup_no').notNull().unique(),
    userId: text('user_id').notNull(),
    cardId: uuid('card_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    state: text('state').notNull().default('WP'),
    paidCents: integer('paid_cents').notNull().default(0),
    payChannel: text('pay_channel'),
    failure: text('failure'),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bongloy_topups_user_idx').on(t.userId, t.createdAt)],
);
