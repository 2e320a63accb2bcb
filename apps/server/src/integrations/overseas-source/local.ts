// The local overseas source: a deterministic catalogue per channel (the same seed gives the same
// products on every machine), with stock that changes by the hour, delisted items, pictures drawn
// with sharp, slow and failing answers on demand, and purchases kept in its own books.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, gte, lt } from 'drizzle-orm';
import sharp from 'sharp';
import { BoundedMap } from '../../platform/bounded-map.ts';
import { phnomPenhDayBounds } from '../../platform/days.ts';
import type { Db } from '../../platform/db.ts';
import {
  type Channel,
  type OverseasSource,
  type PurchaseOutcome,
  type PurchaseRequest,
  type SearchInput,
  type SourceCard,
  type SourceCategory,
  type SourceProduct,
  type SourceReportLine,
  type SourceShop,
  SourceUnavailableError,
} from './source.ts';
import { overseasSimPurchases } from './tables.ts';
import {
  ADJECTIVES,
  ATTR_COLOUR,
  ATTR_EDITION,
  ATTR_SIZE,
  CATEGORY_WORDS,
  CITIES,
  COLOUR_HEX,
  COLOURS,
  EDITIONS,
  SHOP_WORDS,
  SIZES,
} from './words.ts';

export const PRODUCTS_PER_CHANNEL = 480;
const SHOPS_PER_CHANNEL = 36;
const BASE = { taobao: 610_000_000_000, alibaba: 720_000_000_000 } as const;
const STEP = 7919;

/**
 * The simulator's test products (as a provider's test numbers): an index ≡ 7 (mod 29) is delisted
 * (the detail answers "gone", lists leave it out); an index ≡ 5 (mod 13) is refused by the seller
 * when bought (its title ends in "(test: seller refuses)" in English).
 */
export const isDelisted = (index: number) => index % 29 === 7;
export const sellerRefuses = (index: number) => index % 13 === 5;

/**
 * How the source answers: `delayMs` per answer; every `failEvery`-th answer fails (0: never);
 * `gone` products removed since; `priceFactorPct` a product's price now, in percent of its usual one.
 */
export type LocalSourceBehaviour = {
  delayMs: number;
  failEvery: number;
  gone: Set<string>;
  priceFactorPct: Map<string, number>;
};

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(r: () => number, list: readonly T[]) => list[Math.floor(r() * list.length)];
const text = ([zh, en, kh]: readonly [string, string, string], translated: boolean) => ({
  zh,
  en: translated ? en : null,
  kh: translated ? kh : null,
});

export function indexOf(channel: Channel, id: string): number | null {
  if (!/^\d{12}$/.test(id)) return null;
  const offset = Number(id) - BASE[channel];
  if (offset < 0 || offset % STEP !== 0) return null;
  const index = offset / STEP;
  return index < PRODUCTS_PER_CHANNEL ? index : null;
}
export const idOf = (channel: Channel, index: number) => String(BASE[channel] + index * STEP);

type Made = Omit<SourceProduct, 'skus' | 'priceFen'> & {
  index: number;
  colourIndexes: number[];
  skus: { id: string; attrs: SourceProduct['skus'][number]['attrs']; baseFen: number; baseStock: number }[];
};

export class LocalOverseasSource implements OverseasSource {
  readonly name = 'local';
  private readonly db: Db;
  behaviour: LocalSourceBehaviour;
  /** Where the module serves this source's pictures (`/v1/haitao/picture`). */
  private readonly pictureBase: string;
  private readonly made = new Map<Channel, Made[]>();
  private readonly drawn = new BoundedMap<string, Buffer>(400);
  private answers = 0;

  constructor(db: Db, behaviour: Partial<LocalSourceBehaviour> = {}, pictureBase = '/v1/haitao/picture') {
    this.db = db;
    this.pictureBase = pictureBase;
    this.behaviour = { delayMs: 0, failEvery: 0, gone: new Set(), priceFactorPct: new Map(), ...behaviour };
  }

  /** One round trip: the delay, and now and then a failure, as a real source's API gives. */
  private async round(): Promise<void> {
    if (this.behaviour.delayMs > 0) await sleep(this.behaviour.delayMs);
    this.answers += 1;
    if (this.behaviour.failEvery > 0 && this.answers % this.behaviour.failEvery === 0)
      throw new SourceUnavailableError('local source: simulated failure (HTTP 502)');
  }

  private all(channel: Channel): Made[] {
    let list = this.made.get(channel);
    if (!list) {
      list = Array.from({ length: PRODUCTS_PER_CHANNEL }, (_, i) => this.make(channel, i));
      this.made.set(channel, list);
    }
    return list;
  }

  private shopOf(channel: Channel, n: number): SourceShop {
    const r = rng(n * 131 + (channel === 'taobao' ? 17 : 29));
    const city = pick(r, CITIES);
    return {
      id: String((channel === 'taobao' ? 3000 : 5000) + n),
      name: `${city}${pick(r, SHOP_WORDS)}${channel === 'alibaba' ? '批发' : ''}${n}号`,
      location: city,
      rating: Math.round((4 + r()) * 10) / 10,
    };
  }

  private make(channel: Channel, index: number): Made {
    const r = rng(index * 7919 + (channel === 'taobao' ? 1 : 2));
    const category = CATEGORY_WORDS[index % CATEGORY_WORDS.length];
    const noun = pick(r, category.nouns);
    const a = Math.floor(r() * ADJECTIVES.length);
    const b = (a + 1 + Math.floor(r() * (ADJECTIVES.length - 1))) % ADJECTIVES.length;
    // taobao translates every title; 1688 only some (its wholesale listings are Chinese only).
    const translated = channel === 'taobao' || index % 3 !== 0;
    const [zh, en, kh] = [0, 1, 2].map(
      (k) => `${ADJECTIVES[a][k]}${k === 0 ? '' : ' '}${ADJECTIVES[b][k]}${k === 0 ? '' : ' '}${noun[k]}`,
    );
    const refuse = sellerRefuses(index) ? ' (test: seller refuses)' : '';
    const title = { zh, en: translated ? `${en}${refuse}` : null, kh: translated ? kh : null };
    const id = idOf(channel, index);
    const shop = this.shopOf(channel, (index * 7) % SHOPS_PER_CHANNEL);
    const base = Math.round((channel === 'alibaba' ? 390 : 990) + r() * (channel === 'alibaba' ? 9000 : 29000));
    const start = Math.floor(r() * COLOURS.length);
    const colourIndexes = Array.from({ length: 2 + Math.floor(r() * 3) }, (_, k) => (start + k) % COLOURS.length);
    const second =
      category.kind === 'wear'
        ? SIZES.slice(0, 3 + Math.floor(r() * 2)).map((s, k) => ({ word: [s, s, s] as const, add: k * 300, k }))
        : EDITIONS.map((e, k) => ({ word: e, add: k * 2000, k }));
    const skus = colourIndexes.flatMap((c) =>
      second.map((s) => ({
        id: `${id}${c}${s.k}`,
        attrs: [
          { name: text(ATTR_COLOUR, translated), value: text(COLOURS[c], translated) },
          {
            name: text(category.kind === 'wear' ? ATTR_SIZE : ATTR_EDITION, translated),
            value: text(s.word, translated),
          },
        ],
        baseFen: base + s.add,
        // One SKU in seven is sold out at the source.
        baseStock: r() < 1 / 7 ? 0 : 20 + Math.floor(r() * 300),
      })),
    );
    const pictures = colourIndexes.slice(0, 3).map((_, n) => `${this.pictureBase}/${channel}/${id}/${n}`);
    return {
      channel,
      id,
      index,
      title,
      picture: pictures[0],
      pictures,
      colourIndexes,
      shopId: shop.id,
      shop,
      sold: Math.floor(r() * 5000),
      categoryId: category.id,
      skus,
      weightG: category.kind === 'wear' ? 200 + Math.floor(r() * 700) : 150 + Math.floor(r() * 2800),
      volumeCm3: 500 + Math.floor(r() * 9000),
      url:
        channel === 'taobao' ? `https://item.taobao.com/item.htm?id=${id}` : `https://detail.1688.com/offer/${id}.html`,
    };
  }

  private gone(m: Made) {
    return isDelisted(m.index) || this.behaviour.gone.has(m.id);
  }

  private priceOf(m: Made, baseFen: number) {
    return Math.round((baseFen * (this.behaviour.priceFactorPct.get(m.id) ?? 100)) / 100);
  }

  /** Stock moves by the hour (others buy, the seller restocks), the same for everyone at one time. */
  private stockOf(skuIndex: number, baseStock: number, now = Date.now()) {
    if (baseStock === 0) return 0;
    const hour = Math.floor(now / 3_600_000);
    return Math.max(0, baseStock - ((hour * 31 + skuIndex * 7) % 25));
  }

  private card(m: Made): SourceCard {
    return {
      channel: m.channel,
      id: m.id,
      title: m.title,
      priceFen: Math.min(...m.skus.map((s) => this.priceOf(m, s.baseFen))),
      picture: m.picture,
      shopId: m.shopId,
      sold: m.sold,
    };
  }

  async categories(channel: Channel): Promise<SourceCategory[]> {
    await this.round();
    const translated = channel === 'taobao';
    return CATEGORY_WORDS.map((c) => ({
      id: c.id,
      name: { zh: c.name[0], en: c.name[1], kh: translated ? c.name[2] : null },
    }));
  }

  async search(input: SearchInput) {
    await this.round();
    const keyword = input.keyword?.trim().toLowerCase();
    let list = this.all(input.channel).filter((m) => !this.gone(m));
    if (input.categoryId) list = list.filter((m) => m.categoryId === input.categoryId);
    if (input.shopId) list = list.filter((m) => m.shopId === input.shopId);
    if (keyword) {
      const categories = CATEGORY_WORDS.filter((c) => c.name.some((w) => w.toLowerCase().includes(keyword))).map(
        (c) => c.id,
      );
      list = list.filter(
        (m) =>
          categories.includes(m.categoryId) ||
          [m.title.zh, m.title.en, m.title.kh].some((t) => t?.toLowerCase().includes(keyword)),
      );
    }
    let cards = list.map((m) => this.card(m));
    if (input.sort === 'sales') cards = cards.sort((x, y) => y.sold - x.sold);
    if (input.sort === 'priceAsc') cards = cards.sort((x, y) => x.priceFen - y.priceFen);
    if (input.sort === 'priceDesc') cards = cards.sort((x, y) => y.priceFen - x.priceFen);
    const from = (input.page - 1) * input.size;
    return { list: cards.slice(from, from + input.size), total: cards.length };
  }

  async hot(channel: Channel, size: number) {
    await this.round();
    return this.all(channel)
      .filter((m) => !this.gone(m))
      .sort((x, y) => y.sold - x.sold)
      .slice(0, size)
      .map((m) => this.card(m));
  }

  async recommend(channel: Channel, page: number, size: number) {
    await this.round();
    // The source's "guess you like": a fixed shuffle of the catalogue.
    const list = this.all(channel)
      .filter((m) => !this.gone(m))
      .map((m) => ({ m, k: (m.index * 2654435761) % 1000003 }))
      .sort((x, y) => x.k - y.k)
      .map(({ m }) => this.card(m));
    const from = (page - 1) * size;
    return { list: list.slice(from, from + size), total: list.length };
  }

  async product(channel: Channel, id: string): Promise<SourceProduct | null> {
    await this.round();
    const index = indexOf(channel, id);
    if (index === null) return null;
    const m = this.all(channel)[index];
    if (this.gone(m)) return null;
    const now = Date.now();
    const skus = m.skus.map((s, k) => ({
      id: s.id,
      attrs: s.attrs,
      priceFen: this.priceOf(m, s.baseFen),
      stock: this.stockOf(k, s.baseStock, now),
    }));
    const { index: _i, colourIndexes: _c, ...rest } = m;
    return { ...rest, skus, priceFen: Math.min(...skus.map((s) => s.priceFen)) };
  }

  async similar(channel: Channel, id: string, size: number) {
    await this.round();
    const index = indexOf(channel, id);
    if (index === null) return [];
    const m = this.all(channel)[index];
    return this.all(channel)
      .filter((o) => o.id !== id && !this.gone(o) && o.categoryId === m.categoryId)
      .sort(
        (x, y) =>
          Math.abs(this.card(x).priceFen - this.card(m).priceFen) -
          Math.abs(this.card(y).priceFen - this.card(m).priceFen),
      )
      .slice(0, size)
      .map((o) => this.card(o));
  }

  async shop(channel: Channel, shopId: string) {
    await this.round();
    const n = Number(shopId) - (channel === 'taobao' ? 3000 : 5000);
    return Number.isInteger(n) && n >= 0 && n < SHOPS_PER_CHANNEL ? this.shopOf(channel, n) : null;
  }

  /** Products whose first picture's colour is nearest the colour of the photo's centre (where the thing is). */
  async searchByPicture(channel: Channel, picture: Buffer, size: number) {
    await this.round();
    const { width = 1, height = 1 } = await sharp(picture).metadata();
    const centre = await sharp(picture)
      .extract({
        left: Math.floor(width * 0.35),
        top: Math.floor(height * 0.35),
        width: Math.max(1, Math.floor(width * 0.3)),
        height: Math.max(1, Math.floor(height * 0.3)),
      })
      .png()
      .toBuffer();
    const [r0, g0, b0] = (await sharp(centre).stats()).channels.map((c) => c.mean);
    const dominant = { r: r0, g: g0, b: b0 };
    const distance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
      return (r - dominant.r) ** 2 + (g - dominant.g) ** 2 + (b - dominant.b) ** 2;
    };
    return this.all(channel)
      .filter((m) => !this.gone(m))
      .map((m) => ({ m, d: distance(COLOUR_HEX[m.colourIndexes[0]]) }))
      .sort((x, y) => x.d - y.d || y.m.sold - x.m.sold)
      .slice(0, size)
      .map(({ m }) => this.card(m));
  }

  async purchase(request: PurchaseRequest): Promise<PurchaseOutcome> {
    await this.round();
    const [known] = await this.db.select().from(overseasSimPurchases).where(eqRef(request.reference));
    if (known) return outcomeOf(known);
    let reason: 'GONE' | 'NO_STOCK' | 'SELLER_REFUSED' | null = null;
    let paidFen = 0;
    for (const item of request.items) {
      const product = await this.product(request.channel, item.productId);
      const sku = product?.skus.find((s) => s.id === item.skuId);
      if (!product || !sku) reason = 'GONE';
      else if (sku.stock < item.count) reason = reason ?? 'NO_STOCK';
      else if (sellerRefuses(indexOf(request.channel, item.productId) ?? 0)) reason = reason ?? 'SELLER_REFUSED';
      else paidFen += sku.priceFen * item.count;
      if (reason === 'GONE') break;
    }
    await this.db
      .insert(overseasSimPurchases)
      .values({
        reference: request.reference,
        channel: request.channel,
        shopId: request.shopId,
        items: request.items,
        status: reason ? 'REFUSED' : 'BOUGHT',
        reason,
        sourceOrderNo: reason
          ? null
          : `${request.channel === 'taobao' ? 'TB' : 'AL'}${Date.now()}${randomBytes(3).toString('hex')}`,
        paidFen: reason ? 0 : paidFen,
      })
      .onConflictDoNothing();
    const [row] = await this.db.select().from(overseasSimPurchases).where(eqRef(request.reference));
    return outcomeOf(row);
  }

  async report(day: string): Promise<SourceReportLine[]> {
    const { from, to } = phnomPenhDayBounds(day);
    const rows = await this.db
      .select()
      .from(overseasSimPurchases)
      .where(and(gte(overseasSimPurchases.createdAt, from), lt(overseasSimPurchases.createdAt, to)));
    return rows.map((r) => ({
      reference: r.reference,
      status: r.status as SourceReportLine['status'],
      sourceOrderNo: r.sourceOrderNo,
      amountFen: r.paidFen,
    }));
  }

  /** A picture of the product (webp), drawn in its colours. */
  async picture(channel: Channel, id: string, n: number, width = 480): Promise<Buffer | null> {
    const index = indexOf(channel, id);
    if (index === null) return null;
    const m = this.all(channel)[index];
    if (n < 0 || n >= m.pictures.length) return null;
    const key = `${channel}:${id}:${n}:${width}`;
    const hit = this.drawn.get(key);
    if (hit) return hit;
    const colour = COLOUR_HEX[m.colourIndexes[n]];
    const shape = m.index % 3;
    const body =
      shape === 0
        ? `<rect x="150" y="140" width="300" height="330" rx="40" fill="${colour}"/>`
        : shape === 1
          ? `<circle cx="300" cy="300" r="170" fill="${colour}"/>`
          : `<path d="M300 110 L480 470 L120 470 Z" fill="${colour}"/>`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="${colour}"/><rect x="30" y="30" width="540" height="540" rx="30" fill="#ffffff" fill-opacity="0.82"/>${body}<circle cx="${200 + (m.index % 5) * 50}" cy="250" r="36" fill="#ffffff" fill-opacity="0.6"/></svg>`;
    const bytes = await sharp(Buffer.from(svg)).resize(width).webp({ quality: 75, effort: 0 }).toBuffer();
    this.drawn.set(key, bytes);
    return bytes;
  }
}

const eqRef = (reference: string) => eq(overseasSimPurchases.reference, reference);
function outcomeOf(row: typeof overseasSimPurchases.$inferSelect): PurchaseOutcome {
  return row.status === 'BOUGHT'
    ? { status: 'BOUGHT', sourceOrderNo: row.sourceOrderNo as string, paidFen: row.paidFen }
    : { status: 'REFUSED', reason: row.reason as 'GONE' | 'NO_STOCK' | 'SELLER_REFUSED' };
}
