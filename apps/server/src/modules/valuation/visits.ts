// Phone inspection visits (spec §1, §7 v1/eva/*): appointments in slots of store hours with a
// capacity no concurrent booking passes, a store or the shopper's own address, the notice the day
// before (a durable job), and the staff's calendar.
import type { AppointmentState, Language, ValuationAppointment } from '@shop/contracts';
import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import { type Db, inTransaction, queryRows } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext, Services } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import { visitEvent } from '../notifications/public.ts';
import type { EstimateRow, ValuationEstimates } from './estimates.ts';
import { isSlotStart, localClock, slotsOf, type VisitHours, validVisitHours } from './rules.ts';
import { valuationAppointments, valuationEstimates, valuationSlots } from './tables.ts';

type Needed = Pick<Services, 'system' | 'orders' | 'addresses' | 'notices' | 'notifications'>;
export type AppointmentRow = typeof valuationAppointments.$inferSelect;

export type BookingInput = {
  startsAt: string;
  place: 'store' | 'home';
  storeId?: string | null;
  addressId?: string | null;
};

export const DAY_MS = 86_400_000;
export const money = (c: number) => `USD ${(c / 100).toFixed(2)}`;
/** A Cambodian number as people read it (+855 12 345 678); any other as it is. */
const spacedPhone = (e164: string) =>
  /^\+855\d{8,9}$/.test(e164) ? `+855 ${e164.slice(4, 6)} ${e164.slice(6, 9)} ${e164.slice(9)}` : e164;

/**
 * Inspection visits: the visit hours and their slots (a capacity no concurrent booking passes),
 * booking, moving and cancelling a visit, the notice the day before, and the staff's calendar.
 */
export class ValuationVisits {
  private readonly ctx: PlatformContext;
  private readonly db: Db;
  private readonly needed: Needed;
  private readonly estimates: ValuationEstimates;

  constructor(ctx: PlatformContext, needed: Needed, estimates: ValuationEstimates) {
    this.ctx = ctx;
    this.db = ctx.db;
    this.needed = needed;
    this.estimates = estimates;
  }

  /**
   * An estimate as its page shows it: with its visit that is not cancelled, when the caller booked
   * one (so the page shows the visit rather than offering to book it again: EVA00009).
   */
  async estimateWithVisit(id: string, userId: string | null, language: Language) {
    const row = await this.estimates.findEstimate(id, userId);
    const [live] =
      userId && row.userId === userId
        ? await this.db
            .select()
            .from(valuationAppointments)
            .where(
              and(
                eq(valuationAppointments.estimateId, row.id),
                eq(valuationAppointments.userId, userId),
                sql`state <> 'CANCELLED'`,
              ),
            )
            .limit(1)
        : [];
    if (!live) return { ...this.estimates.estimateView(row, language), appointment: null };
    const { estimate, ...visit } = (await this.views([live], language))[0];
    return { ...estimate, appointment: visit };
  }

  // ------------------------------------------------------------------------------ appointments

  /** The visit hours of now (system settings): a change applies to bookings made after it. */
  async hours(): Promise<VisitHours> {
    const { config } = await this.needed.system.getConfig();
    return {
      days: config.storeHours.days,
      open: config.storeHours.open,
      close: config.storeHours.close,
      slotMinutes: config.valuationSlotMinutes,
      slotCapacity: config.valuationSlotCapacity,
    };
  }

  /** New visit hours from the console: the store hours (time zone kept), the slot length and capacity. */
  async setHours(hours: VisitHours): Promise<VisitHours> {
    if (!validVisitHours(hours)) throw new AppError('EVA00013');
    const system = this.needed.system;
    const { storeHours } = (await system.getConfig()).config;
    const days = [...hours.days].sort((a, b) => a - b);
    await system.setSetting('storeHours', { ...storeHours, days, open: hours.open, close: hours.close });
    await system.setSetting('valuationSlotMinutes', hours.slotMinutes);
    await system.setSetting('valuationSlotCapacity', hours.slotCapacity);
    return this.hours();
  }

  async slots(date: string, language: Language, now = new Date()) {
    const hours = await this.hours();
    const starts = slotsOf(date, hours, now);
    const taken = starts.length
      ? await this.db
          .select()
          .from(valuationSlots)
          .where(
            and(
              gte(valuationSlots.startsAt, starts[0]),
              lt(valuationSlots.startsAt, new Date(starts[starts.length - 1].getTime() + 1)),
            ),
          )
      : [];
    const stores = await this.needed.orders.stores(language);
    return {
      slotMinutes: hours.slotMinutes,
      slots: starts.map((s) => ({
        startsAt: s.toISOString(),
        time: localClock(s),
        free: Math.max(0, hours.slotCapacity - (taken.find((t) => t.startsAt.getTime() === s.getTime())?.booked ?? 0)),
      })),
      stores: stores.map((s) => ({ id: s.id, name: s.name, address: s.address })),
    };
  }

  /** The place of a visit: one of the pickup stores, or one of the shopper's own addresses. */
  private async place(userId: string, input: BookingInput, language: Language) {
    if (input.place === 'store') {
      const [store] = input.storeId ? await this.needed.orders.stores(language, input.storeId) : [];
      if (!store) throw new AppError('EVA00006');
      return { place: 'store', storeId: store.id, addressId: null, placeName: store.name, placeLine: store.address };
    }
    const [address] = input.addressId ? await this.needed.addresses.list(userId, language, input.addressId) : [];
    if (!address?.reachable) throw new AppError('EVA00006');
    return {
      place: 'home',
      storeId: null,
      addressId: address.id,
      placeName: `${address.receiver} ${spacedPhone(address.mobile)}`,
      placeLine: address.fullText,
    };
  }

  /** Takes one place of a slot in the caller's transaction; false when the slot is full. */
  private async takeSlot(tx: Db, startsAt: Date, capacity: number): Promise<boolean> {
    const rows = await queryRows<{ booked: number }>(
      tx,
      sql`INSERT INTO valuation_slots (starts_at, booked) VALUES (${startsAt.toISOString()}::timestamptz, 1)
          ON CONFLICT (starts_at) DO UPDATE SET booked = valuation_slots.booked + 1
          WHERE valuation_slots.booked < ${capacity}
          RETURNING booked`,
    );
    return rows.length === 1;
  }

  private async releaseSlot(tx: Db, startsAt: Date): Promise<void> {
    await tx.execute(
      sql`UPDATE valuation_slots SET booked = booked - 1 WHERE starts_at = ${startsAt.toISOString()}::timestamptz AND booked > 0`,
    );
  }

  /** The start asked for, when it starts a slot of the visit hours of now, with those hours. */
  private async checkedStart(text: string, now: Date): Promise<{ startsAt: Date; hours: VisitHours }> {
    const startsAt = new Date(text);
    const hours = await this.hours();
    if (Number.isNaN(startsAt.getTime()) || !isSlotStart(startsAt, hours, now)) throw new AppError('EVA00004');
    return { startsAt, hours };
  }

  private async remindLater(tx: Db, row: AppointmentRow): Promise<void> {
    await this.ctx.jobs.enqueue(
      'valuation.remind',
      { id: row.id, startsAt: row.startsAt.toISOString() },
      {
        runAt: new Date(Math.max(Date.now(), row.startsAt.getTime() - DAY_MS)),
        dedupeKey: `valuation-remind:${row.id}:${row.startsAt.getTime()}`,
      },
      tx,
    );
  }

  async reserve(userId: string, input: BookingInput & { estimateId: string }, language: Language, now = new Date()) {
    const { startsAt, hours } = await this.checkedStart(input.startsAt, now);
    const place = await this.place(userId, input, language);
    const row = await inTransaction(this.db, async (tx) => {
      const found = await this.estimates.findEstimate(input.estimateId, userId, tx);
      // One live appointment per estimate: the estimate row is the lock two bookings of it meet on.
      await tx.execute(sql`SELECT id FROM valuation_estimates WHERE id = ${found.id} FOR UPDATE`);
      const [live] = await tx
        .select({ id: valuationAppointments.id })
        .from(valuationAppointments)
        .where(and(eq(valuationAppointments.estimateId, found.id), sql`state <> 'CANCELLED'`));
      if (live) throw new AppError('EVA00009');
      if (!(await this.takeSlot(tx, startsAt, hours.slotCapacity))) throw new AppError('EVA00005');
      if (!found.userId) await tx.update(valuationEstimates).set({ userId }).where(eq(valuationEstimates.id, found.id));
      const [created] = await tx
        .insert(valuationAppointments)
        .values({
          userId,
          estimateId: found.id,
          ...place,
          startsAt,
          endsAt: new Date(startsAt.getTime() + hours.slotMinutes * 60_000),
        })
        .returning();
      await this.remindLater(tx, created);
      await this.needed.notifications.emit(visitEvent('valuation.booked', created), tx);
      return created;
    });
    return this.view(row, language);
  }

  private async ownLocked(tx: Db, userId: string, id: string): Promise<AppointmentRow> {
    const rows = await queryRows<Record<string, unknown>>(
      tx,
      sql`SELECT id FROM valuation_appointments WHERE id = ${id} AND user_id = ${userId} FOR UPDATE`,
    );
    if (rows.length === 0) throw new AppError('EVA00007');
    const [row] = await tx.select().from(valuationAppointments).where(eq(valuationAppointments.id, id));
    return row;
  }

  async cancel(userId: string, id: string, language: Language) {
    const row = await inTransaction(this.db, async (tx) => {
      const current = await this.ownLocked(tx, userId, id);
      if (current.state !== 'BOOKED') throw new AppError('EVA00008');
      await this.releaseSlot(tx, current.startsAt);
      const [updated] = await tx
        .update(valuationAppointments)
        .set({ state: 'CANCELLED', decidedAt: new Date() })
        .where(eq(valuationAppointments.id, id))
        .returning();
      return updated;
    });
    return this.view(row, language);
  }

  async reschedule(userId: string, input: BookingInput & { id: string }, language: Language, now = new Date()) {
    const { startsAt, hours } = await this.checkedStart(input.startsAt, now);
    const place = await this.place(userId, input, language);
    const row = await inTransaction(this.db, async (tx) => {
      const current = await this.ownLocked(tx, userId, input.id);
      if (current.state !== 'BOOKED') throw new AppError('EVA00008');
      const moved = current.startsAt.getTime() !== startsAt.getTime();
      if (moved) {
        if (!(await this.takeSlot(tx, startsAt, hours.slotCapacity))) throw new AppError('EVA00005');
        await this.releaseSlot(tx, current.startsAt);
      }
      const [updated] = await tx
        .update(valuationAppointments)
        .set({
          ...place,
          startsAt,
          // A visit that keeps its time keeps its length; a moved one takes the slot length of now.
          endsAt: moved ? new Date(startsAt.getTime() + hours.slotMinutes * 60_000) : current.endsAt,
        })
        .where(eq(valuationAppointments.id, input.id))
        .returning();
      await this.remindLater(tx, updated);
      if (moved) await this.needed.notifications.emit(visitEvent('valuation.moved', updated), tx);
      return updated;
    });
    return this.view(row, language);
  }

  async list(userId: string, language: Language): Promise<ValuationAppointment[]> {
    const rows = await this.db
      .select()
      .from(valuationAppointments)
      .where(eq(valuationAppointments.userId, userId))
      .orderBy(desc(valuationAppointments.startsAt))
      .limit(50);
    return this.views(rows, language);
  }

  /**
   * Appointments as the caller reads them: a store visit names the store in the caller's language
   * (stores are the shop's); a home visit keeps the address as it was when booked (the shopper's own
   * words, what the inspector was sent to).
   */
  async views(rows: AppointmentRow[], language: Language): Promise<ValuationAppointment[]> {
    if (rows.length === 0) return [];
    const [estimates, stores] = await Promise.all([
      this.db
        .select()
        .from(valuationEstimates)
        .where(inArray(valuationEstimates.id, [...new Set(rows.map((r) => r.estimateId))])),
      rows.some((r) => r.storeId) ? this.needed.orders.stores(language) : Promise.resolve([]),
    ]);
    return rows.map((r) => {
      const store = r.storeId ? stores.find((s) => s.id === r.storeId) : undefined;
      const row = store ? { ...r, placeName: store.name, placeLine: store.address } : r;
      return this.viewWith(row, estimates.find((e) => e.id === r.estimateId) as EstimateRow, language);
    });
  }

  async view(row: AppointmentRow, language: Language): Promise<ValuationAppointment> {
    return (await this.views([row], language))[0];
  }

  private viewWith(row: AppointmentRow, est: EstimateRow, language: Language): ValuationAppointment {
    return {
      id: row.id,
      estimate: this.estimates.estimateView(est, language),
      place: row.place as 'store' | 'home',
      storeId: row.storeId,
      placeName: row.placeName,
      placeLine: row.placeLine,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      state: row.state as AppointmentState,
      finalCents: row.finalCents,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** The job the day before: a notice, when the appointment is still booked at that time. */
  async remind(id: string, startsAt: string): Promise<void> {
    const [row] = await this.db.select().from(valuationAppointments).where(eq(valuationAppointments.id, id));
    if (row?.state !== 'BOOKED' || row.startsAt.toISOString() !== startsAt) return;
    const [est] = await this.db.select().from(valuationEstimates).where(eq(valuationEstimates.id, row.estimateId));
    const day = new Date(row.startsAt.getTime() + 7 * 3600_000).toISOString().slice(0, 10);
    const at = `${day} ${localClock(row.startsAt)}`;
    // A store in each language (the shop's words); a home address as the shopper wrote it.
    const placeIn = async (language: Language) => {
      const [store] = row.storeId ? await this.needed.orders.stores(language, row.storeId) : [];
      return store ? `${store.name}, ${store.address}` : `${row.placeName}, ${row.placeLine}`;
    };
    const [en, chs, kh] = await Promise.all((['en-US', 'chs', 'kh'] as const).map(placeIn));
    await this.needed.notifications.emit(visitEvent('valuation.tomorrow', row));
    await this.needed.notices.notify(row.userId, {
      kind: 'valuation',
      title: { 'en-US': 'Phone inspection tomorrow', chs: '明天手机质检预约', kh: 'ការត្រួតពិនិត្យទូរស័ព្ទនៅថ្ងៃស្អែក' },
      body: {
        'en-US': `${est.modelName}: ${at} at ${en}. Estimate ${money(est.priceCents)}.`,
        chs: `${est.modelName}：${at}，${chs}。估价 ${money(est.priceCents)}。`,
        kh: `${est.modelName}៖ ${at} នៅ ${kh}។ តម្លៃប៉ាន់ស្មាន ${money(est.priceCents)}។`,
      },
      link: '/valuation/appointments',
    });
  }

  // ------------------------------------------------------------------------------ staff

  /** The calendar: appointments from a day for `days` days, with the shopper's estimate. */
  async calendar(from: Date, days: number, language: Language) {
    const rows = await this.db
      .select()
      .from(valuationAppointments)
      .where(
        and(
          gte(valuationAppointments.startsAt, from),
          lt(valuationAppointments.startsAt, new Date(from.getTime() + days * DAY_MS)),
        ),
      )
      .orderBy(asc(valuationAppointments.startsAt))
      .limit(500);
    const views = await this.views(rows, language);
    return views.map((v, i) => ({ ...v, userId: rows[i].userId, note: rows[i].note }));
  }
}
