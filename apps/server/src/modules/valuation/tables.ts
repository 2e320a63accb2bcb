import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from '../../platform/sql.ts';
import type { ModelQuestion } from './rules.ts';

export const valuationBrands = pgTable('valuation_brands', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

/**
 * A model the shop buys: its base price (the most it pays), its floor (the least it offers for a
 * working phone) and its questions with what each answer takes off. A console change raises
 * `ruleVersion`; estimates already given keep their price (they are rows of their own).
 */
export const valuationModels = pgTable('valuation_models', {
  id: text('id').primaryKey(),
  brandId: text('brand_id').notNull(),
  name: text('name').notNull(),
  /** The picture's body colour (the SVG is drawn from it). */
  color: text('color').notNull(),
  baseCents: integer('base_cents').notNull(),
  floorCents: integer('floor_cents').notNull(),
  questions: jsonb('questions').$type<ModelQuestion[]>().notNull(),
  ruleVersion: integer('rule_version').notNull().default(1),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An estimate as given: the price and the answers with the rule of that moment. */
export const valuationEstimates = pgTable(
  'valuation_estimates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id'),
    modelId: text('model_id').notNull(),
    modelName: text('model_name').notNull(),
    color: text('color').notNull(),
    baseCents: integer('base_cents').notNull(),
    floorCents: integer('floor_cents').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** [{ key, code, label: {en-US, chs, kh}, title, deductCents }] */
    answers: jsonb('answers').$type<EstimateAnswer[]>().notNull(),
    ruleVersion: integer('rule_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('valuation_estimates_user').on(t.userId, t.createdAt)],
);

export type EstimateAnswer = {
  key: string;
  code: string;
  title: Record<string, string>;
  label: Record<string, string>;
  deductCents: number;
};

/** Places taken in one inspection slot (all places share the inspectors): never over capacity. */
export const valuationSlots = pgTable('valuation_slots', {
  startsAt: timestamp('starts_at', { withTimezone: true }).primaryKey(),
  booked: integer('booked').notNull().default(0),
});

/**
 * An inspection visit: BOOKED → CANCELLED (by the shopper), or → PAID (staff paid the final price
 * into the wallet's cash) / DECLINED (the shopper kept the phone).
 */
export const valuationAppointments = pgTable(
  'valuation_appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    estimateId: uuid('estimate_id').notNull(),
    place: text('place').notNull(),
    storeId: text('store_id'),
    addressId: uuid('address_id'),
    placeName: text('place_name').notNull(),
    placeLine: text('place_line').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    state: text('state').notNull().default('BOOKED'),
    finalCents: integer('final_cents'),
    staffId: text('staff_id'),
    note: text('note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('valuation_appointments_user').on(t.userId, t.startsAt),
    index('valuation_appointments_time').on(t.startsAt),
    uniqueIndex('valuation_appointments_estimate_live').on(t.estimateId).where(sql`state <> 'CANCELLED'`),
  ],
);
