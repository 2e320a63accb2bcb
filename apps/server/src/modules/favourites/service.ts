import type { Language } from '@shop/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import type { CatalogueService } from '../catalogue/public.ts';
import { favourites } from './tables.ts';

export const MAX_FAVOURITES = 500;

/** A shopper's favourite products; the cards come from the catalogue with their item flags. */
export class FavouriteService {
  private readonly db: Db;
  private readonly catalogue: CatalogueService;

  constructor(db: Db, catalogue: CatalogueService) {
    this.db = db;
    this.catalogue = catalogue;
  }

  async add(userId: string, productId: number): Promise<void> {
    if (!(await this.catalogue.productExists(productId))) throw new AppError('CAT00001');
    const count = await this.db.$count(favourites, eq(favourites.userId, userId));
    if (count >= MAX_FAVOURITES && !(await this.isFavourite(userId, productId))) throw new AppError('FAV00001');
    await this.db
      .insert(favourites)
      .values({ userId, productId })
      .onConflictDoUpdate({ target: [favourites.userId, favourites.productId], set: { createdAt: sql`now()` } });
  }

  async remove(userId: string, productIds: number[]): Promise<number> {
    const rows = await this.db
      .delete(favourites)
      .where(and(eq(favourites.userId, userId), inArray(favourites.productId, productIds)))
      .returning({ productId: favourites.productId });
    return rows.length;
  }

  async isFavourite(userId: string, productId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ productId: favourites.productId })
      .from(favourites)
      .where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)));
    return Boolean(row);
  }

  async list(userId: string, page: number, size: number, language: Language) {
    const [rows, total] = await Promise.all([
      this.db
        .select({ productId: favourites.productId })
        .from(favourites)
        .where(eq(favourites.userId, userId))
        .orderBy(desc(favourites.createdAt), desc(favourites.productId))
        .limit(size)
        .offset((page - 1) * size),
      this.db.$count(favourites, eq(favourites.userId, userId)),
    ]);
    return {
      list: await this.catalogue.productCards(
        rows.map((r) => r.productId),
        language,
      ),
      total,
      page,
      size,
    };
  }
}
