import { describe, expect, it } from 'vitest';
import { CARD_SIZES, LARGEST_PICTURE } from './largest-picture.ts';

const list = (imageUrl: string | null) => ({ code: '0', data: { list: [{ imageUrl }] } });

describe("a screen's largest picture, asked for with the page", () => {
  it("is the personal centre's first advert, or the first card of a list at the card's size", () => {
    expect(
      LARGEST_PICTURE['/personal']({ '/v1/other/mypageadvert/new': { code: '0', data: [{ imageUrl: '/v1/a/1' }] } }),
    ).toEqual({ url: '/v1/a/1', sizes: '100vw' });
    expect(LARGEST_PICTURE['/personal']({ '/v1/other/mypageadvert/new': { code: '0', data: [] } })).toBeUndefined();
    expect(
      LARGEST_PICTURE['/category']({
        '/v1/newcategory/queryproductitem?categoryId=7&page=1&size=20&sort=default': list('/v1/catalogue/image/4'),
      }),
    ).toEqual({ url: '/v1/catalogue/image/4', sizes: CARD_SIZES });
  });

  it('reads the search answer, not the hot keywords beside it, whatever their order', () => {
    const answers = {
      '/v1/product/searchkeywords': { code: '0', data: { hot: [], suggestions: [] } },
      '/v1/product/search?keyword=phone&page=1&size=20&sort=default': list('/v1/catalogue/image/3'),
    };
    expect(LARGEST_PICTURE['/ProductSearchList'](answers)?.url).toBe('/v1/catalogue/image/3');
  });

  it('is none for a list with nothing in it or a card without a picture', () => {
    expect(
      LARGEST_PICTURE['/category']({ '/v1/newcategory/queryproductitem?categoryId=7': list(null) }),
    ).toBeUndefined();
    expect(
      LARGEST_PICTURE['/category']({
        '/v1/newcategory/queryproductitem?categoryId=7': { code: '0', data: { list: [] } },
      }),
    ).toBeUndefined();
  });

  it("asks for the overseas home's first best seller and a campaign's hero (issue 44), none when there is none", () => {
    const hot = {
      code: '0',
      data: [{ picture: '/v1/haitao/picture/taobao/1/0' }, { picture: '/v1/haitao/picture/taobao/2/0' }],
    };
    expect(LARGEST_PICTURE['/Smilebuy']({ '/v1/haitao/product/hotlist?channel=taobao': hot })).toEqual({
      url: '/v1/haitao/picture/taobao/1/0',
      sizes: '38vw',
    });
    expect(
      LARGEST_PICTURE['/Smilebuy']({ '/v1/haitao/product/hotlist?channel=taobao': { code: '0', data: [] } }),
    ).toBeUndefined();
    const campaign = (blocks: unknown[]) => ({ '/v1/campaign/page?route=christmas': { code: '0', data: { blocks } } });
    expect(
      LARGEST_PICTURE['/christmas'](
        campaign([{ type: 'countdown' }, { type: 'hero', imageUrl: '/v1/file/9', caption: '' }]),
      ),
    ).toEqual({ url: '/v1/file/9', sizes: '100vw' });
    expect(LARGEST_PICTURE['/newbg'](campaign([{ type: 'hero', imageUrl: null, caption: '' }]))).toBeUndefined();
    expect(
      LARGEST_PICTURE['/christmas']({ '/v1/campaign/page?route=christmas': { code: 'CMP00001', data: null } }),
    ).toBeUndefined();
  });
});
