import { describe, expect, it } from 'vitest';
import { CARD_SIZES, FIRST_PAINT, LARGEST_PICTURE, type PaintContext, translator } from './page-paint.ts';

const texts = {
  'common/en-US': { sold_one: '{{count}} sold', sold_other: '{{count}} sold' },
  'common/kh': { sold_other: 'លក់បាន {{count}}' },
  'catalogue/en-US': { sort: { default: 'Best match', sales: 'Best selling' }, search: 'Search' },
  'catalogue/kh': { sort: { default: 'សមស្របបំផុត' } },
};

const product = (id: number, name: string) => ({
  productItemId: id,
  name,
  imageUrl: `/v1/catalogue/image/${id}`,
  priceCents: 101990,
  marketPriceCents: 127490,
  salesCount: 2226,
  flags: {},
});

function context(list: unknown[], query: string, language: 'en-US' | 'kh' = 'en-US'): PaintContext {
  return {
    answers: {
      '/v1/threelevelcategory/query': { code: '0', data: [{ id: 7, name: 'Phones', children: [] }] },
      '/v1/newcategory/queryproductitem?categoryId=7&page=1&size=20&sort=default': { code: '0', data: { list } },
    },
    query: new URLSearchParams(query),
    language,
    t: translator(texts, language),
  };
}

describe("the server's first paint of a list screen (issue 24)", () => {
  it('speaks the language of the web app: plural, values, and en-US where a text is missing', () => {
    const kh = translator(texts, 'kh');
    expect(kh('common:sold', { count: 1 })).toBe('លក់បាន 1');
    expect(kh('catalogue:sort.default')).toBe('សមស្របបំផុត');
    expect(kh('catalogue:sort.sales')).toBe('Best selling');
    expect(translator(texts, 'en-US')('common:sold', { count: 2 })).toBe('2 sold');
  });

  it("draws the category's first cards as the app's ProductCard, names escaped", () => {
    const list = Array.from({ length: 9 }, (_, i) =>
      product(i + 1, i === 0 ? '<img src=x onerror=alert(1)>' : `P${i}`),
    );
    const html = FIRST_PAINT['/category'](undefined, context(list, 'categoryId=7'));
    expect(html.match(/class="product-card /g)).toHaveLength(6);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<strong>$1,019.90</strong><del>$1,274.90</del>');
    expect(html).toContain('<div class="product-card__sold">2226 sold</div>');
    expect(html).toContain('<button type="button" role="tab" aria-selected="true" class="active">Best match</button>');
  });

  it('leaves to the app a sort other than the first answer, and a list with nothing in it', () => {
    expect(FIRST_PAINT['/category'](undefined, context([product(1, 'P')], 'categoryId=7&sort=sales'))).toBe('');
    expect(FIRST_PAINT['/category'](undefined, context([], 'categoryId=7'))).toBe('');
  });
});

describe("the server's first paint of a search result", () => {
  it('reads the search answer, not the hot keywords beside it, whatever their order', () => {
    const answers = {
      '/v1/product/searchkeywords': { code: '0', data: { hot: [], suggestions: [] } },
      '/v1/product/search?keyword=phone&page=1&size=20&sort=default': { code: '0', data: { list: [product(3, 'P3')] } },
    };
    const html = FIRST_PAINT['/ProductSearchList'](undefined, {
      answers,
      query: new URLSearchParams('keyword=phone'),
      language: 'en-US',
      t: translator(texts, 'en-US'),
    });
    expect(html).toContain('value="phone"');
    expect(html.match(/class="product-card /g)).toHaveLength(1);
  });
});

describe("a screen's largest picture, asked for with the page", () => {
  it("is the personal centre's first advert, or the first card of a list at the card's size", () => {
    expect(
      LARGEST_PICTURE['/personal']({ '/v1/other/mypageadvert/new': { code: '0', data: [{ imageUrl: '/v1/a/1' }] } }),
    ).toEqual({ url: '/v1/a/1', sizes: '100vw' });
    expect(LARGEST_PICTURE['/personal']({ '/v1/other/mypageadvert/new': { code: '0', data: [] } })).toBeUndefined();
    expect(LARGEST_PICTURE['/category'](context([product(4, 'P')], 'categoryId=7').answers)).toEqual({
      url: '/v1/catalogue/image/4',
      sizes: CARD_SIZES,
    });
  });
});
