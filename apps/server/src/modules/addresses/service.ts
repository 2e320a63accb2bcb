import {
  type Address,
  type AddressInput,
  type Division,
  type IntlAddress,
  isMobileNumber,
  type Language,
} from '@shop/contracts';
import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import { Divisions } from './divisions.ts';
import { addresses, intlAddresses } from './tables.ts';

export const MAX_ADDRESSES = 20;

/** +855 and +86 mobile numbers (spec §9), in E.164; a local 0xx number is read as Cambodian. */
export function normalizeMobile(input: string): string {
  // The contracts' rule first (the screen's own check), then libphonenumber's exact reading.
  if (!isMobileNumber(input)) throw new AppError('ADDR0003');
  const phone = parsePhoneNumberFromString(input.replace(/[\s-]/g, ''), 'KH');
  if (!phone?.isValid() || !['KH', 'CN'].includes(phone.country ?? '')) throw new AppError('ADDR0003');
  const type = phone.getType();
  if (type && !['MOBILE', 'FIXED_LINE_OR_MOBILE'].includes(type)) throw new AppError('ADDR0003');
  return phone.number;
}

type Row = typeof addresses.$inferSelect;
type IntlRow = typeof intlAddresses.$inferSelect;

/** What an order keeps of its delivery address: a copy, so later edits do not change old orders. */
export type AddressSnapshot = {
  addressId: string;
  receiver: string;
  mobile: string;
  provinceCode: string;
  fullText: string;
  latitude: number | null;
  longitude: number | null;
};

export class AddressService {
  readonly divisions = new Divisions();
  private readonly db: Db;
  private readonly served: Set<string> | null;

  constructor(db: Db, servedProvinces: string[]) {
    this.db = db;
    this.served = servedProvinces.length ? new Set(servedProvinces) : null;
  }

  isServed(provinceCode: string): boolean {
    return this.served ? this.served.has(provinceCode) : true;
  }

  provinces(language: Language): Division[] {
    return this.divisions.provinces.map((p) => ({
      code: p.code,
      name: this.divisions.name(p.code, language),
      type: p.type,
      served: this.isServed(p.code),
      ...this.divisions.centre(p.code),
    }));
  }

  /** Districts of a province or communes of a district. */
  childrenOf(code: string, language: Language): Division[] {
    return (this.divisions.children.get(code) ?? []).map((c) => ({
      code: c.code,
      name: this.divisions.name(c.code, language),
      type: c.type,
      ...this.divisions.centre(c.code),
    }));
  }

  private toAddress(row: Row, language: Language): Address {
    const d = this.divisions;
    const parts = [
      row.detail,
      d.name(row.districtCode, language),
      d.name(row.cityCode, language),
      d.name(row.provinceCode, language),
    ];
    return {
      id: row.id,
      receiver: row.receiver,
      mobile: row.mobile,
      provinceCode: row.provinceCode,
      provinceName: d.name(row.provinceCode, language),
      cityCode: row.cityCode,
      cityName: d.name(row.cityCode, language),
      districtCode: row.districtCode,
      districtName: d.name(row.districtCode, language),
      detail: row.detail,
      zipCode: row.zipCode,
      isDefault: row.isDefault,
      latitude: row.latitude,
      longitude: row.longitude,
      photoUrl: row.photoUrl,
      reachable: this.isServed(row.provinceCode),
      fullText: parts.join(', ') + (row.zipCode ? ` ${row.zipCode}` : ''),
    };
  }

  private validate(input: AddressInput) {
    if (!this.divisions.isChain(input.provinceCode, input.cityCode, input.districtCode)) throw new AppError('ADDR0004');
    if (!this.isServed(input.provinceCode)) throw new AppError('ADDR0002');
    // Half a point is no point; a point in another province is the picker's old place, not the address.
    if ((input.latitude === undefined) !== (input.longitude === undefined)) throw new AppError('ADDR0006');
    if (
      input.latitude !== undefined &&
      input.longitude !== undefined &&
      !this.divisions.inProvince(input.provinceCode, { latitude: input.latitude, longitude: input.longitude })
    )
      throw new AppError('ADDR0006');
    return {
      receiver: input.receiver,
      mobile: normalizeMobile(input.mobile),
      provinceCode: input.provinceCode,
      cityCode: input.cityCode,
      districtCode: input.districtCode,
      detail: input.detail,
      zipCode: input.zipCode || null,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      photoUrl: input.photoUrl ?? null,
    };
  }

  /** Serialises one shopper's address-book writes (default flag, count limit). */
  private lockUser(tx: Db, userId: string, book: string) {
    return tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${book}:${userId}`}))`);
  }

  async list(userId: string, language: Language, id?: string): Promise<Address[]> {
    const rows = await this.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.userId, userId), isNull(addresses.removedAt), id ? eq(addresses.id, id) : undefined))
      .orderBy(desc(addresses.isDefault), desc(addresses.updatedAt));
    return rows.map((r) => this.toAddress(r, language));
  }

  async add(userId: string, input: AddressInput, language: Language): Promise<Address> {
    const values = this.validate(input);
    const row = await this.db.transaction(async (tx) => {
      await this.lockUser(tx, userId, 'addr');
      const live = and(eq(addresses.userId, userId), isNull(addresses.removedAt));
      const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(addresses).where(live);
      if (count >= MAX_ADDRESSES) throw new AppError('ADDR0005', { max: MAX_ADDRESSES });
      const isDefault = count === 0 || input.isDefault === true;
      if (isDefault) await tx.update(addresses).set({ isDefault: false }).where(live);
      const [created] = await tx
        .insert(addresses)
        .values({ ...values, userId, isDefault })
        .returning();
      return created;
    });
    return this.toAddress(row, language);
  }

  async modify(userId: string, id: string, input: AddressInput, language: Language): Promise<Address> {
    const values = this.validate(input);
    const row = await this.db.transaction(async (tx) => {
      await this.lockUser(tx, userId, 'addr');
      const own = and(eq(addresses.id, id), eq(addresses.userId, userId), isNull(addresses.removedAt));
      const [current] = await tx.select().from(addresses).where(own);
      if (!current) throw new AppError('ADDR0001');
      // The default can be moved to another address, not switched off: one address stays default.
      const isDefault = current.isDefault || input.isDefault === true;
      if (isDefault && !current.isDefault) {
        await tx
          .update(addresses)
          .set({ isDefault: false })
          .where(and(eq(addresses.userId, userId), isNull(addresses.removedAt)));
      }
      const [updated] = await tx
        .update(addresses)
        .set({ ...values, isDefault, updatedAt: new Date() })
        .where(own)
        .returning();
      return updated;
    });
    return this.toAddress(row, language);
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.lockUser(tx, userId, 'addr');
      const [removed] = await tx
        .update(addresses)
        .set({ removedAt: new Date(), isDefault: false })
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId), isNull(addresses.removedAt)))
        .returning({ wasDefault: sql<boolean>`${addresses.isDefault}` });
      if (!removed) throw new AppError('ADDR0001');
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.userId, userId), isNull(addresses.removedAt)))
        .orderBy(desc(addresses.isDefault), desc(addresses.updatedAt))
        .limit(1);
      const [{ defaults }] = await tx
        .select({ defaults: sql<number>`count(*)::int` })
        .from(addresses)
        .where(and(eq(addresses.userId, userId), isNull(addresses.removedAt), eq(addresses.isDefault, true)));
      if (next && defaults === 0) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    });
  }

  /**
   * The address an order will be delivered to, checked for the order: owned, live and in a
   * province the shop serves (otherwise ADDR0002, "choose again").
   */
  async snapshotForOrder(userId: string, id: string, language: Language, db: Db = this.db): Promise<AddressSnapshot> {
    const [row] = await db
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId), isNull(addresses.removedAt)));
    if (!row) throw new AppError('ADDR0001');
    if (!this.isServed(row.provinceCode)) throw new AppError('ADDR0002');
    const a = this.toAddress(row, language);
    return {
      addressId: row.id,
      receiver: row.receiver,
      mobile: row.mobile,
      provinceCode: row.provinceCode,
      fullText: a.fullText,
      latitude: row.latitude,
      longitude: row.longitude,
    };
  }

  // Overseas channel ------------------------------------------------------------------------

  private toIntl(row: IntlRow): IntlAddress {
    return {
      id: row.id,
      receiver: row.receiver,
      mobile: row.mobile,
      country: row.country,
      state: row.state,
      city: row.city,
      detail: row.detail,
      zipCode: row.zipCode,
      isDefault: row.isDefault,
    };
  }

  async listIntl(userId: string): Promise<IntlAddress[]> {
    const rows = await this.db
      .select()
      .from(intlAddresses)
      .where(and(eq(intlAddresses.userId, userId), isNull(intlAddresses.removedAt)))
      .orderBy(desc(intlAddresses.isDefault), asc(intlAddresses.createdAt));
    return rows.map((r) => this.toIntl(r));
  }

  async defaultIntl(userId: string): Promise<IntlAddress | null> {
    const [first] = await this.listIntl(userId);
    return first?.isDefault ? first : null;
  }

  async saveIntl(
    userId: string,
    input: {
      receiver: string;
      mobile: string;
      country: string;
      state?: string;
      city: string;
      detail: string;
      zipCode?: string;
      isDefault?: boolean;
    },
    id?: string,
  ): Promise<IntlAddress> {
    const values = {
      receiver: input.receiver,
      mobile: normalizeMobile(input.mobile),
      country: input.country,
      state: input.state || null,
      city: input.city,
      detail: input.detail,
      zipCode: input.zipCode || null,
    };
    const row = await this.db.transaction(async (tx) => {
      await this.lockUser(tx, userId, 'intl');
      const live = and(eq(intlAddresses.userId, userId), isNull(intlAddresses.removedAt));
      const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(intlAddresses).where(live);
      if (!id && count >= MAX_ADDRESSES) throw new AppError('ADDR0005', { max: MAX_ADDRESSES });
      let current: IntlRow | undefined;
      if (id) {
        [current] = await tx
          .select()
          .from(intlAddresses)
          .where(and(live, eq(intlAddresses.id, id)));
        if (!current) throw new AppError('ADDR0001');
      }
      const isDefault = (current?.isDefault ?? count === 0) || input.isDefault === true;
      if (isDefault)
        await tx
          .update(intlAddresses)
          .set({ isDefault: false })
          .where(id ? and(live, ne(intlAddresses.id, id)) : live);
      if (id) {
        const [updated] = await tx
          .update(intlAddresses)
          .set({ ...values, isDefault })
          .where(eq(intlAddresses.id, id))
          .returning();
        return updated;
      }
      const [created] = await tx
        .insert(intlAddresses)
        .values({ ...values, userId, isDefault })
        .returning();
      return created;
    });
    return this.toIntl(row);
  }

  async removeIntl(userId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.lockUser(tx, userId, 'intl');
      const live = and(eq(intlAddresses.userId, userId), isNull(intlAddresses.removedAt));
      const [removed] = await tx
        .update(intlAddresses)
        .set({ removedAt: new Date(), isDefault: false })
        .where(and(live, eq(intlAddresses.id, id)))
        .returning({ id: intlAddresses.id });
      if (!removed) throw new AppError('ADDR0001');
      const [{ defaults }] = await tx
        .select({ defaults: sql<number>`count(*)::int` })
        .from(intlAddresses)
        .where(and(live, eq(intlAddresses.isDefault, true)));
      if (defaults === 0) {
        const [next] = await tx
          .select({ id: intlAddresses.id })
          .from(intlAddresses)
          .where(live)
          .orderBy(asc(intlAddresses.createdAt))
          .limit(1);
        if (next) await tx.update(intlAddresses).set({ isDefault: true }).where(eq(intlAddresses.id, next.id));
      }
    });
  }
}
