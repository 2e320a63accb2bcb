// Browsing the sources and the overseas cart. Every read of the source goes through the cached
// source (a second at most) and its failures become catalogue errors.
import type { HaitaoCart, HaitaoChannel, Language } from '@shop/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { SourceSlowError } from '../../integrations/overseas-source/cached.ts';
import { parseProductLink, SourceUnavailableError } from '../../integrations/overseas-source/source.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Services } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import { DEFAULT_SETTINGS, priceChangeCause, usdCents } from './pricing.ts';
import { overseasCartItems, overseasPictures, overseasSettings } from './tables.ts';
import { attrsText, cardView, productView, textIn } from './views.ts';

export type Settings = typeof overseasSettings.$inferSelect;

/** A source call; slow → HAI00002, unreachable or none configured → HAI00001. */
export async function fromSource<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof SourceSlowError) throw new AppError('HAI00002');
    if (error instanceof SourceUnavailableError) throw new AppError('HAI00001');
    throw error;
  }
}

const CHANNEL_NAMES: Record<HaitaoChannel, Record<Language, string>> = {
  taobao: { 'en-US': 'Taobao', chs: '淘宝', kh: 'តាវប៉ាវ' },
  alibaba: { 'en-US': '1688 Wholesale', chs: '1688批发', kh: '1688 លក់ដុំ' },
};

export class Shopping {
  private readonly db: Db;
  private readonly source: Services['overseasSource'];

  constructor(db: Db, source: Services['overseasSource']) {
    this.db = db;
    this.source = source;
  }

  async init(): Promise<void> {
    await this.db
      .insert(overseasSettings)
      .values({ id: 1, ...DEFAULT_SETTINGS })
      .onConflictDoNothing();
  }

  async settings(db: Db = this.db): Promise<Settings> {
    const [row] = await db.select().from(overseasSettings).where(eq(overseasSettings.id, 1));
    return row ?? { id: 1, ...DEFAULT_SETTINGS, updatedAt: null };
  }

  async saveSettings(values: Omit<Settings, 'id' | 'updatedAt'>): Promise<Settings> {
    const [row] = await this.db
      .insert(overseasSettings)
      .values({ id: 1, ...values, updatedAt: new Date() })
      .onConflictDoUpdate({ target: overseasSettings.id, set: { ...values, updatedAt: new Date() } })
      .returning();
    return row;
  }

  channels(language: Language) {
    return (['taobao', 'alibaba'] as const).map((channel, sort) => ({
      channel,
      sort,
      name: CHANNEL_NAMES[channel][language],
    }));
  }

  async categories(channel: HaitaoChannel, language: Language) {
    const list = await fromSource(this.source.categories(channel));
    return list.map((c) => ({ id: c.id, name: textIn(c.name, language).text, nameZh: c.name.zh }));
  }

  async search(
    input: {
      channel: HaitaoChannel;
      keyword?: string;
      categoryId?: string;
      shopId?: string;
      sort?: 'default' | 'sales' | 'priceAsc' | 'priceDesc';
      page: number;
      size: number;
    },
    language: Language,
  ) {
    const [rate, found] = await Promise.all([
      this.settings(),
      fromSource(this.source.search({ ...input, keyword: input.keyword?.trim() || undefined })),
    ]);
    return {
      list: found.list.map((c) => cardView(c, rate, language)),
      total: found.total,
      page: input.page,
      size: input.size,
    };
  }

  async hot(channel: HaitaoChannel, language: Language) {
    const [rate, list] = await Promise.all([this.settings(), fromSource(this.source.hot(channel, 10))]);
    return list.map((c) => cardView(c, rate, language));
  }

  async recommend(channel: HaitaoChannel, page: number, size: number, language: Language) {
    const [rate, found] = await Promise.all([this.settings(), fromSource(this.source.recommend(channel, page, size))]);
    return { list: found.list.map((c) => cardView(c, rate, language)), total: found.total, page, size };
  }

  async productOrGone(channel: HaitaoChannel, productId: string, maxAgeMs?: number) {
    const product = await fromSource(this.source.product(channel, productId, maxAgeMs));
    if (!product) throw new AppError('HAI00003');
    return product;
  }

  async product(channel: HaitaoChannel, productId: string, language: Language) {
    const [rate, product] = await Promise.all([this.settings(), this.productOrGone(channel, productId)]);
    return productView(product, rate, language);
  }

  async similar(channel: HaitaoChannel, productId: string, language: Language) {
    const [rate, list] = await Promise.all([this.settings(), fromSource(this.source.similar(channel, productId, 20))]);
    return list.map((c) => cardView(c, rate, language));
  }

  async shop(channel: HaitaoChannel, shopId: string) {
    const shop = await fromSource(this.source.shop(channel, shopId));
    if (!shop) throw new AppError('HAI00015');
    return { channel, shopId: shop.id, name: shop.name, location: shop.location, rating: shop.rating };
  }

  /** A pasted link or share text → the product (which must exist). */
  async urlCheck(text: string) {
    const found = parseProductLink(text);
    if (!found) throw new AppError('HAI00005');
    await this.productOrGone(found.channel, found.id);
    return { channel: found.channel, productId: found.id };
  }

  /** Keeps a picture to search by: re-encoded (metadata gone), at most 480 pixels. */
  async keepPicture(bytes: Buffer): Promise<string> {
    let encoded: Buffer;
    try {
      encoded = await sharp(bytes, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize(480, 480, { fit: 'inside' })
        .webp({ quality: 80 })
        .toBuffer();
    } catch {
      throw new AppError('HAI00014');
    }
    await this.db.delete(overseasPictures).where(sql`${overseasPictures.createdAt} < now() - interval '1 day'`);
    const [row] = await this.db
      .insert(overseasPictures)
      .values({ bytes: encoded })
      .returning({ id: overseasPictures.id });
    return row.id;
  }

  async byPicture(channel: HaitaoChannel, picId: string, language: Language) {
    const [row] = await this.db.select().from(overseasPictures).where(eq(overseasPictures.id, picId));
    if (!row) throw new AppError('HAI00014');
    const [rate, list] = await Promise.all([
      this.settings(),
      fromSource(this.source.searchByPicture(channel, row.bytes, 20)),
    ]);
    return list.map((c) => cardView(c, rate, language));
  }

  // Cart ---------------------------------------------------------------------------------------

  async cart(userId: string, language: Language): Promise<HaitaoCart> {
    const rows = await this.db
      .select()
      .from(overseasCartItems)
      .where(eq(overseasCartItems.userId, userId))
      .orderBy(asc(overseasCartItems.shopId), asc(overseasCartItems.id));
    const rate = await this.settings();
    const items = await Promise.all(
      rows.map(async (row) => {
        const channel = row.channel as HaitaoChannel;
        const product = await fromSource(this.source.product(channel, row.productId));
        const sku = product?.skus.find((s) => s.id === row.skuId);
        const title = product ? textIn(product.title, language) : { text: '', translated: false };
        const priceCents = sku ? usdCents(sku.priceFen, rate) : row.addedCents;
        const changeCause = sku
          ? priceChangeCause({ cents: row.addedCents, fen: row.addedFen }, { cents: priceCents, fen: sku.priceFen })
          : null;
        return {
          id: row.id,
          channel,
          productId: row.productId,
          skuId: row.skuId,
          shopId: row.shopId,
          shopName: product?.shop.name ?? '',
          title: title.text,
          titleZh: product?.title.zh ?? '',
          translated: title.translated,
          ...(sku ? attrsText(sku.attrs, language) : { attrs: '', attrsZh: '' }),
          picture: product?.picture ?? '',
          count: row.count,
          chosen: row.chosen,
          priceCents,
          addedCents: row.addedCents,
          changed: changeCause !== null,
          changeCause,
          available: Boolean(sku) && (sku?.stock ?? 0) >= row.count,
          stock: sku?.stock ?? 0,
        };
      }),
    );
    const chosen = items.filter((i) => i.chosen && i.available);
    return {
      items,
      chosenCount: chosen.reduce((n, i) => n + i.count, 0),
      chosenCents: chosen.reduce((n, i) => n + i.count * i.priceCents, 0),
    };
  }

  async add(
    userId: string,
    input: { channel: HaitaoChannel; productId: string; skuId: string; count: number },
    language: Language,
  ) {
    const [rate, product] = await Promise.all([this.settings(), this.productOrGone(input.channel, input.productId)]);
    const sku = product.skus.find((s) => s.id === input.skuId);
    if (!sku) throw new AppError('HAI00003');
    const [existing] = await this.db
      .select({ count: overseasCartItems.count })
      .from(overseasCartItems)
      .where(
        and(
          eq(overseasCartItems.userId, userId),
          eq(overseasCartItems.channel, input.channel),
          eq(overseasCartItems.skuId, sku.id),
        ),
      );
    if (sku.stock < input.count + (existing?.count ?? 0)) throw new AppError('HAI00004');
    const cents = usdCents(sku.priceFen, rate);
    await this.db
      .insert(overseasCartItems)
      .values({
        userId,
        channel: input.channel,
        productId: product.id,
        skuId: sku.id,
        shopId: product.shop.id,
        count: input.count,
        addedCents: cents,
        addedFen: sku.priceFen,
      })
      .onConflictDoUpdate({
        target: [overseasCartItems.userId, overseasCartItems.channel, overseasCartItems.skuId],
        set: {
          count: sql`least(${overseasCartItems.count} + ${input.count}, 999)`,
          chosen: true,
          addedCents: cents,
          addedFen: sku.priceFen,
        },
      });
    return this.cart(userId, language);
  }

  async choose(userId: string, ids: number[] | 'all', chosen: boolean, language: Language) {
    const mine = eq(overseasCartItems.userId, userId);
    await this.db
      .update(overseasCartItems)
      .set({ chosen })
      .where(ids === 'all' ? mine : and(mine, inArray(overseasCartItems.id, ids)));
    return this.cart(userId, language);
  }

  async remove(userId: string, ids: number[], language: Language) {
    await this.db
      .delete(overseasCartItems)
      .where(and(eq(overseasCartItems.userId, userId), inArray(overseasCartItems.id, ids)));
    return this.cart(userId, language);
  }

  /** A line's count: +1, −1 (at least 1) or a number, within the source's stock. */
  async count(userId: string, id: number, change: { by: number } | { to: number }, language: Language) {
    const [row] = await this.db
      .select()
      .from(overseasCartItems)
      .where(and(eq(overseasCartItems.userId, userId), eq(overseasCartItems.id, id)));
    if (!row) throw new AppError('HAI00007');
    const count = 'to' in change ? change.to : Math.min(999, Math.max(1, row.count + change.by));
    if (count > row.count) {
      const product = await this.productOrGone(row.channel as HaitaoChannel, row.productId);
      const sku = product.skus.find((s) => s.id === row.skuId);
      if (!sku) throw new AppError('HAI00003');
      if (sku.stock < count) throw new AppError('HAI00004');
    }
    await this.db.update(overseasCartItems).set({ count }).where(eq(overseasCartItems.id, id));
    return this.cart(userId, language);
  }
}
