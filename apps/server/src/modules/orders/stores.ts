// The pickup stores: the one seeded store and the enabled stores as a checkout lists them (with the
// store hours and hold days of the shop settings), named and addressed in the caller's language.
import type { Language, PickupStore } from '@shop/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import type { OrderContext } from './context.ts';
import { pickupStores } from './tables.ts';

export class StoreList {
  private readonly shared: OrderContext;
  private readonly db: Db;

  constructor(shared: OrderContext) {
    this.shared = shared;
    this.db = shared.db;
  }

  async ensureStores(): Promise<void> {
    await this.shared.ctxSystem();
    await this.db
      .insert(pickupStores)
      .values({
        id: 'PP-BKK1',
        nameEn: 'Angkor Mall Store, BKK1',
        nameChs: 'Angkor Mall 门店（BKK1）',
        nameKh: 'ហាង Angkor Mall បឹងកេងកង១',
        address: 'No. 45, Street 302, Sangkat Boeng Keng Kang Ti Muoy, Khan Chamkar Mon, Phnom Penh',
        addressChs: '金边市钱卡蒙区万景岗一分区 302 街 45 号',
        addressKh: 'ផ្ទះលេខ 45 ផ្លូវ 302 សង្កាត់បឹងកេងកងទី១ ខណ្ឌចំការមន រាជធានីភ្នំពេញ',
        phone: '+85523900888',
        latitude: '11.5536',
        longitude: '104.9260',
      })
      // A shop made before stores had addresses per language gets them; one staff changed keeps its own.
      .onConflictDoUpdate({
        target: pickupStores.id,
        set: {
          addressChs: sql`COALESCE(${pickupStores.addressChs}, excluded.address_chs)`,
          addressKh: sql`COALESCE(${pickupStores.addressKh}, excluded.address_kh)`,
        },
      });
  }

  /** The enabled stores, read at most every 5 s (a checkout lists them; staff rarely change them). */
  private storeRows: { at: number; rows: Promise<(typeof pickupStores.$inferSelect)[]> } | undefined;

  async stores(language: Language, onlyId?: string | null): Promise<PickupStore[]> {
    const { config } = await this.shared.ctxSystem();
    if (!this.storeRows || Date.now() - this.storeRows.at > 5_000) {
      // Promise.resolve: a drizzle query runs again on every `then`; this one runs once.
      const rows = Promise.resolve(
        this.db.select().from(pickupStores).where(eq(pickupStores.enabled, true)).orderBy(asc(pickupStores.id)),
      );
      this.storeRows = { at: Date.now(), rows };
      rows.catch(() => {
        if (this.storeRows?.rows === rows) this.storeRows = undefined;
      });
    }
    const rows = (await this.storeRows.rows).filter((r) => !onlyId || r.id === onlyId);
    return rows.map((r) => ({
      id: r.id,
      name: language === 'kh' ? r.nameKh : language === 'chs' ? r.nameChs : r.nameEn,
      address: (language === 'kh' ? r.addressKh : language === 'chs' ? r.addressChs : null) || r.address,
      phone: r.phone,
      open: config.storeHours.open,
      close: config.storeHours.close,
      holdDays: config.pickupHoldDays,
    }));
  }
}
