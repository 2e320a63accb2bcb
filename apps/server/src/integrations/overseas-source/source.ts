// The overseas product source (spec §1: the haitao channels taobao and alibaba). The shop speaks to
// it through this interface only; `local.ts` stands in for the real ones (DESIGN §7), a real
// adapter implements the same methods and is chosen by `OVERSEAS_SOURCE` (module.ts).

export const CHANNELS = ['taobao', 'alibaba'] as const;
export type Channel = (typeof CHANNELS)[number];

/** A text as the source gives it: the Chinese original, and translations where the source has them. */
export type SourceText = { zh: string; en: string | null; kh: string | null };

export type SourceCategory = { id: string; name: SourceText };
export type SourceShop = { id: string; name: string; location: string; rating: number };

export type SourceSku = {
  id: string;
  /** Attribute values, e.g. [{ name: 颜色, value: 红色 }]. */
  attrs: { name: SourceText; value: SourceText }[];
  /** The source's price in CNY fen (1/100 yuan). */
  priceFen: number;
  stock: number;
};

/** A product as lists show it. */
export type SourceCard = {
  channel: Channel;
  id: string;
  title: SourceText;
  /** The lowest SKU price in fen. */
  priceFen: number;
  picture: string;
  shopId: string;
  sold: number;
};

export type SourceProduct = SourceCard & {
  pictures: string[];
  categoryId: string;
  shop: SourceShop;
  skus: SourceSku[];
  /** Per unit, for the freight rules. */
  weightG: number;
  volumeCm3: number;
  /** The product's page on the source (what a shopper pastes). */
  url: string;
};

export type SearchInput = {
  channel: Channel;
  keyword?: string;
  categoryId?: string;
  shopId?: string;
  sort?: 'default' | 'sales' | 'priceAsc' | 'priceDesc';
  page: number;
  size: number;
};
export type SourcePage = { list: SourceCard[]; total: number };

export type PurchaseRequest = {
  /** The shop's reference for this purchase: the same one twice is one purchase. */
  reference: string;
  channel: Channel;
  shopId: string;
  items: { productId: string; skuId: string; count: number }[];
};
export type PurchaseOutcome =
  | { status: 'BOUGHT'; sourceOrderNo: string; paidFen: number }
  | { status: 'REFUSED'; reason: 'GONE' | 'NO_STOCK' | 'SELLER_REFUSED' };

/** The source could not be reached or answered an error: ask again later. */
export class SourceUnavailableError extends Error {}

/**
 * Where a source that tracks its parcels (webhooks) tells a move: the seller's order number and
 * where the parcel is now; answers what the shop did.
 */
export type ParcelSink = (
  /** The shop's reference of the purchase (`<order no>-<seller>`), as it bought it. */
  reference: string,
  sourceOrderNo: string,
  status: 'WAREHOUSE' | 'FREIGHT' | 'ARRIVED' | 'DELIVERED',
  note: string | null,
) => Promise<string>;

export interface OverseasSource {
  readonly name: string;
  /** A source that tells parcel moves (webhooks) tells them here. */
  parcelsTo?(sink: ParcelSink): void;
  categories(channel: Channel): Promise<SourceCategory[]>;
  search(input: SearchInput): Promise<SourcePage>;
  hot(channel: Channel, size: number): Promise<SourceCard[]>;
  recommend(channel: Channel, page: number, size: number): Promise<SourcePage>;
  /** The product, or null when it no longer exists (delisted, removed). */
  product(channel: Channel, id: string): Promise<SourceProduct | null>;
  similar(channel: Channel, id: string, size: number): Promise<SourceCard[]>;
  shop(channel: Channel, shopId: string): Promise<SourceShop | null>;
  /** Products that look like the picture (bytes of an image the shopper gave). */
  searchByPicture(channel: Channel, picture: Buffer, size: number): Promise<SourceCard[]>;
  /** Buys the items from one shop; idempotent by `reference`. Throws when unreachable. */
  purchase(request: PurchaseRequest): Promise<PurchaseOutcome>;
  /** Every purchase the source recorded on a Phnom Penh day (the daily reconciliation). */
  report?(day: string): Promise<SourceReportLine[]>;
}

/** A purchase as the source's day report lists it (docs/partners/overseas-source.yaml, ReportLine). */
export type SourceReportLine = {
  reference: string;
  status: 'BOUGHT' | 'REFUSED';
  sourceOrderNo: string | null;
  amountFen: number;
};

/** A product link (or share text containing one) → the channel and the product id, or null (the contracts' one helper, the shop's search box uses it too). */
export { parseProductLink } from '@shop/contracts';

/** No source configured (production without one): nothing can be shown or bought, and the shop says so. */
export class NoOverseasSource implements OverseasSource {
  readonly name = 'none';
  private fail(): never {
    throw new SourceUnavailableError('no overseas source is configured (OVERSEAS_SOURCE)');
  }
  categories = async () => this.fail();
  search = async () => this.fail();
  hot = async () => this.fail();
  recommend = async () => this.fail();
  product = async () => this.fail();
  similar = async () => this.fail();
  shop = async () => this.fail();
  searchByPicture = async () => this.fail();
  purchase = async () => this.fail();
}
