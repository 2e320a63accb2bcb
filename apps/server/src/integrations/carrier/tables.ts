import { bigserial, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Every parcel handed to a carrier: the waybill the carrier's callbacks name, mapped to the order,
 * and whether the carrier has taken the registration.
 */
export const carrierShipments = pgTable(
  'carrier_shipments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id').notNull(),
    orderNo: text('order_no').notNull(),
    company: text('company').notNull(),
    waybillNo: text('waybill_no').notNull(),
    /** simulator | http | none */
    provider: text('provider').notNull(),
    /** The delivery address as one line (the carrier's destination). */
    destination: text('destination').notNull(),
    /** registering → registered, or failed once the registration job gave up. */
    status: text('status').notNull().default('registering'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('carrier_shipments_waybill').on(t.waybillNo), index('carrier_shipments_order').on(t.orderId)],
);
