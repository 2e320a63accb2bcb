// The pickup stores: the one seeded store and the enabled stores as a checkout lists them (with the
// store hours and hold days of the shop settings).
import type { Language, PickupStore } from '@shop/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
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
        phone: '+85523900888',
        latitude: '11.5536',
        longitude: '104.9260',
      })
      .onConflictDoNothing();
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
      address: r.address,
      phone: r.phone,
      open: config.storeHours.open,
      close: config.storeHours.close,
      holdDays: config.pickupHoldDays,
    }));
  }
}
