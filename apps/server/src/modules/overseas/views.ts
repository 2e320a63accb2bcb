// The source's answers as the shop shows them: texts in the shopper's language where the source
// gives one (the Chinese original beside), prices in USD cents at the rate and fee of the quote.
import type { HaitaoCard, HaitaoLine, HaitaoProduct, Language } from '@shop/contracts';
import { OVERSEAS_DAYS } from '@shop/contracts';
import type { SourceCard, SourceProduct, SourceSku, SourceText } from '../../integrations/overseas-source/source.ts';
import { type PriceChangeCause, type Rate, usdCents } from './pricing.ts';

export function textIn(text: SourceText, language: Language): { text: string; translated: boolean } {
  const chosen =
    language === 'chs' ? text.zh : language === 'kh' ? (text.kh ?? text.en ?? text.zh) : (text.en ?? text.zh);
  return { text: chosen, translated: chosen !== text.zh };
}

export function cardView(card: SourceCard, rate: Rate, language: Language): HaitaoCard {
  const title = textIn(card.title, language);
  return {
    channel: card.channel,
    productId: card.id,
    title: title.text,
    titleZh: card.title.zh,
    translated: title.translated,
    priceCents: usdCents(card.priceFen, rate),
    picture: card.picture,
    shopId: card.shopId,
    sold: card.sold,
  };
}

export function attrsText(attrs: SourceSku['attrs'], language: Language) {
  return {
    attrs: attrs.map((a) => `${textIn(a.name, language).text}: ${textIn(a.value, language).text}`).join('; '),
    attrsZh: attrs.map((a) => `${a.name.zh}: ${a.value.zh}`).join('; '),
  };
}

export function productView(product: SourceProduct, rate: Rate, language: Language): HaitaoProduct {
  return {
    ...cardView(product, rate, language),
    pictures: product.pictures,
    categoryId: product.categoryId,
    shop: {
      channel: product.channel,
      shopId: product.shop.id,
      name: product.shop.name,
      location: product.shop.location,
      rating: product.shop.rating,
    },
    skus: product.skus.map((s) => ({
      skuId: s.id,
      attrs: s.attrs.map((a) => ({
        name: textIn(a.name, language).text,
        nameZh: a.name.zh,
        value: textIn(a.value, language).text,
        valueZh: a.value.zh,
      })),
      priceCents: usdCents(s.priceFen, rate),
      priceFen: s.priceFen,
      stock: s.stock,
    })),
    weightG: product.weightG,
    volumeCm3: product.volumeCm3,
    url: product.url,
    quote: { rateMilli: rate.rateMilli, feeBp: rate.feeBp },
    estimateDays: { ...OVERSEAS_DAYS },
  };
}

/** A quoted line as kept (every language's texts, so it reads in the language of whoever looks later). */
export type KeptLine = {
  channel: SourceProduct['channel'];
  productId: string;
  skuId: string;
  shopId: string;
  shopName: string;
  title: SourceText;
  attrs: SourceSku['attrs'];
  picture: string;
  count: number;
  unitCents: number;
  unitFen: number;
  previousCents: number | null;
  /** Why the price changed since the cart (absent on lines kept before the cause was). */
  previousCause?: PriceChangeCause | null;
  weightG: number;
  volumeCm3: number;
  cartItemId: number | null;
};

export function lineView(line: KeptLine, language: Language): HaitaoLine {
  const title = textIn(line.title, language);
  return {
    channel: line.channel,
    productId: line.productId,
    skuId: line.skuId,
    shopId: line.shopId,
    shopName: line.shopName,
    title: title.text,
    titleZh: line.title.zh,
    translated: title.translated,
    ...attrsText(line.attrs, language),
    picture: line.picture,
    count: line.count,
    unitCents: line.unitCents,
    previousCents: line.previousCents,
    changeCause: line.previousCents === null ? null : (line.previousCause ?? 'price'),
  };
}
