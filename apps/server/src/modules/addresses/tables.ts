import { boolean, doublePrecision, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from '../../platform/sql.ts';

/** A shopper's delivery addresses in Cambodia (spec §3 Address). Removed rows are kept for old orders. */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    receiver: text('receiver').notNull(),
    /** E.164 */
    mobile: text('mobile').notNull(),
    provinceCode: text('province_code').notNull(),
    cityCode: text('city_code').notNull(),
    districtCode: text('district_code').notNull(),
    detail: text('detail').notNull(),
    zipCode: text('zip_code'),
    isDefault: boolean('is_default').notNull().default(false),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    photoUrl: text('photo_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    // At most one default address per shopper, enforced by the database.
    uniqueIndex('addresses_one_default').on(t.userId).where(sql`is_default AND removed_at IS NULL`),
  ],
);

/** Overseas-channel (haitao) addresses: free-form, any country. */
export const intlAddresses = pgTable(
  'intl_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    receiver: text('receiver').notNull(),
    mobile: text('mobile').notNull(),
    country: text('country').notNull(),
    state: text('state'),
    city: text('city').notNull(),
    detail: text('detail').notNull(),
    zipCode: text('zip_code'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('intl_addresses_user_idx').on(t.userId),
    uniqueIndex('intl_addresses_one_default').on(t.userId).where(sql`is_default AND removed_at IS NULL`),
  ],
);
