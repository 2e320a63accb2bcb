import { formatCents, type Language, pictureSrc, pictureSrcSet } from '@shop/contracts';

/**
 * What a screen looks like at its first paint, drawn by the server from its first answers before
 * the app's code has arrived (issue 24, docs/decisions/0016-first-paint-from-the-page.md): the
 * same elements and classes as the screen's own first render (the web app's Home, Product,
 * ListScreen and ProductCard), so that the app's render, which replaces it, looks the same.
 * The layout-stability journey checks that nothing moves.
 */

export type Answers = Record<string, { code: string; data: unknown }>;
/** The translations the web build hands the server (page-assets.json `texts`: common, catalogue). */
export type Texts = Record<string, unknown>;

type Card = {
  productItemId: number;
  name: string;
  imageUrl: string | null;
  priceCents: number;
  marketPriceCents: number | null;
  salesCount: number;
  flags: { unpublished?: boolean; expired?: boolean; outOfStock?: boolean };
};
type CategoryNode = { id: number; name: string; children: CategoryNode[] };

export type PaintContext = {
  answers: Answers;
  query: URLSearchParams;
  language: Language;
  /** A translation of the web app's `namespace:key`, with its {{values}} and plural. */
  t: (key: string, values?: Record<string, string | number>) => string;
};

/** A product card's picture in a list, two a row (the web app's ProductCard). */
export const CARD_SIZES = '(max-width: 600px) 50vw, 240px';
/** The cards drawn: the rows a phone shows before it scrolls. */
const CARDS_DRAWN = 6;
const SORTS = ['default', 'sales', 'priceAsc', 'priceDesc', 'newest'];

export const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The answer of the call at `path`, whatever its query (`/v1/product/search` is not `…/searchkeywords`). */
export const answerOf = (answers: Answers, path: string) =>
  Object.entries(answers).find(([key]) => key === path || key.startsWith(`${path}?`))?.[1];
const listOf = (answers: Answers, path: string) => {
  const answer = answerOf(answers, path);
  return answer?.code === '0' ? ((answer.data as { list?: Card[] } | null)?.list ?? []) : undefined;
};

/** The picture that is a screen's largest paint, from its first answers, and the size it is shown at. */
export const LARGEST_PICTURE: Record<string, (answers: Answers) => { url: string; sizes: string } | undefined> = {
  '/': (answers) => firstBanner(answers, '/v1/carousel/query'),
  '/product': (answers) => {
    const detail = answerOf(answers, '/v1/product/queryproductitemsinproduct')?.data as {
      images?: { url: string }[];
    } | null;
    const url = detail?.images?.[0]?.url;
    return url ? { url, sizes: '100vw' } : undefined;
  },
  // The personal centre's first advert (its banner row is drawn by the app, signed in or not).
  '/personal': (answers) => firstBanner(answers, '/v1/other/mypageadvert/new'),
  '/category': (answers) => firstCard(listOf(answers, '/v1/newcategory/queryproductitem')),
  '/ProductSearchList': (answers) => firstCard(listOf(answers, '/v1/product/search')),
};
LARGEST_PICTURE['/home'] = LARGEST_PICTURE['/'];

/** The first picture of a banner row (carousel, adverts), shown the phone's width. */
function firstBanner(answers: Answers, path: string) {
  const url = (answers[path]?.data as { imageUrl: string | null }[] | undefined)?.[0]?.imageUrl;
  return url ? { url, sizes: '100vw' } : undefined;
}

function firstCard(list: Card[] | undefined) {
  const url = list?.[0]?.imageUrl;
  return url ? { url, sizes: CARD_SIZES } : undefined;
}

/** The web app's Picture: the first row asked for at once, the rest when the phone scrolls to them. */
const picture = (url: string, sizes: string, alt: string, className = 'picture', eager = true) =>
  `<img class="${className}" alt="${attribute(alt)}" src="${attribute(pictureSrc(url))}" srcset="${attribute(pictureSrcSet(url))}" sizes="${sizes}" ${eager ? 'fetchpriority="high"' : 'loading="lazy"'}>`;

/** The web app's ItemFlags (spec §3: expired, out of stock, unpublished). */
function flags(of: Card['flags'], t: PaintContext['t']) {
  const keys = [
    ...(of.unpublished ? ['unpublished'] : []),
    ...(of.expired ? ['expired'] : []),
    ...(of.outOfStock && !of.unpublished && !of.expired ? ['outOfStock'] : []),
  ];
  if (keys.length === 0) return '';
  const each = keys.map(
    (key) => `<span class="item-flag item-flag--${key}">${text(t(`common:itemFlag.${key}`))}</span>`,
  );
  return `<span class="item-flags product-card__flags">${each.join('')}</span>`;
}

/** The web app's ProductCard. */
function card(product: Card, t: PaintContext['t'], eager: boolean) {
  const dim = product.flags.unpublished || product.flags.expired || product.flags.outOfStock;
  const was =
    product.marketPriceCents !== null && product.marketPriceCents > product.priceCents
      ? `<del>${formatCents(product.marketPriceCents)}</del>`
      : '';
  return `<a class="product-card ${dim ? 'product-card--dim' : ''}" href="/h5/product?productItemId=${product.productItemId}"><div class="product-card__picture">${
    product.imageUrl
      ? picture(product.imageUrl, CARD_SIZES, product.name, 'picture ', eager)
      : '<div class="picture picture--empty " aria-hidden="true"></div>'
  }${flags(product.flags, t)}</div><div class="product-card__name">${text(product.name)}</div><div class="product-card__price"><strong>${formatCents(product.priceCents)}</strong>${was}</div><div class="product-card__sold">${text(t('common:sold', { count: product.salesCount }))}</div></a>`;
}

/** The web app's ListScreen: title bar, what is above the list, sort tabs, the first cards. */
function listScreen(list: Card[] | undefined, title: string, above: string, { query, t }: PaintContext) {
  // Another sort than the first answer's, or no answer: the app draws it.
  if (!list || list.length === 0 || (query.get('sort') ?? 'default') !== 'default') return '';
  const tabs = SORTS.map(
    (sort) =>
      `<button type="button" role="tab" aria-selected="${sort === 'default'}" class="${sort === 'default' ? 'active' : ''}">${text(t(`catalogue:sort.${sort}`))}</button>`,
  ).join('');
  const cards = list
    .slice(0, CARDS_DRAWN)
    .map((product, index) => card(product, t, index < 2))
    .join('');
  // The web app's PageHeader (antd-mobile's NavBar); its back arrow comes with the app.
  const header = `<div class="adm-nav-bar page-header"><div class="adm-nav-bar-left"></div><div class="adm-nav-bar-title"><span>${text(title || '\u00a0')}</span></div><div class="adm-nav-bar-right"></div></div>`;
  return `<div class="page-area">${header}${above}<div class="sort-tabs" role="tablist">${tabs}</div><div class="product-grid">${cards}</div></div>`;
}

function findNode(nodes: CategoryNode[], id: number): CategoryNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inner = findNode(node.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * The screens the server draws first by hand, by route. The screens the app itself draws on the
 * server (page-shell.ts APP_PAINT: the product page and the signed-in screens) are not here.
 */
export const FIRST_PAINT: Record<string, (picture: string | undefined, context: PaintContext) => string> = {
  '/category': (_, context) => {
    const tree = context.answers['/v1/threelevelcategory/query']?.data as CategoryNode[] | undefined;
    const node = tree ? findNode(tree, Number(context.query.get('categoryId'))) : undefined;
    const chips =
      node && node.children.length > 0
        ? `<nav class="chips">${node.children
            .map(
              (child) =>
                `<a href="/h5/category?categoryId=${child.id}&amp;name=${attribute(encodeURIComponent(child.name))}&amp;upperid=${node.id}">${text(child.name)}</a>`,
            )
            .join('')}</nav>`
        : '';
    return listScreen(
      listOf(context.answers, '/v1/newcategory/queryproductitem'),
      context.query.get('name') ?? '',
      chips,
      context,
    );
  },
  '/ProductSearchList': (_, context) => {
    const keyword = context.query.get('keyword')?.trim();
    if (!keyword || context.query.get('by') || context.query.get('similarTo')) return '';
    const { t } = context;
    // The web app's SearchBox, with the keyword in it.
    const box = `<form class="search-box"><input type="search" enterkeyhint="search" value="${attribute(keyword)}" placeholder="${attribute(t('catalogue:searchPlaceholder'))}" aria-label="${attribute(t('catalogue:searchPlaceholder'))}" maxlength="100"><button type="button" class="search-box__camera" aria-label="${attribute(t('catalogue:searchByPhoto'))}"><svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.8"><path d="M4 8h3l2-3h6l2 3h3v11H4z"></path><circle cx="12" cy="13" r="3.5"></circle></svg></button><button type="submit" class="search-box__go">${text(t('catalogue:search'))}</button></form>`;
    return listScreen(listOf(context.answers, '/v1/product/search'), keyword, box, context);
  },
};

/** `t` over the web app's translations: `namespace:key.path`, {{values}}, the language's plural. */
export function translator(texts: Texts, language: Language): PaintContext['t'] {
  const plural = new Intl.PluralRules(language === 'chs' ? 'zh' : language === 'kh' ? 'km' : 'en');
  const lookup = (lang: string, namespace: string, key: string): string | undefined => {
    let node: unknown = texts[`${namespace}/${lang}`];
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return typeof node === 'string' ? node : undefined;
  };
  return (full, values = {}) => {
    const [namespace, key] = full.split(':');
    const keys =
      typeof values.count === 'number' ? [`${key}_${plural.select(values.count)}`, `${key}_other`, key] : [key];
    for (const lang of [language, 'en-US']) {
      for (const candidate of keys) {
        const found = lookup(lang, namespace, candidate);
        if (found !== undefined)
          return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
      }
    }
    return key;
  };
}
