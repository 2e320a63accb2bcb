import type { ErrorEntry } from './types.ts';

/** Catalogue, search, reviews and favourites. */
export const catalogueErrors = {
  CAT00001: {
    'en-US': 'Sorry, this item is no longer available',
    chs: '抱歉，该商品已下架',
    kh: 'សូមអភ័យទោស ទំនិញនេះលែងមានទៀតហើយ',
  },
  CAT00002: {
    'en-US': 'This category does not exist',
    chs: '该分类不存在',
    kh: 'ប្រភេទនេះមិនមានទេ',
  },
  CAT00003: {
    'en-US': 'This tag does not exist',
    chs: '该标签不存在',
    kh: 'ស្លាកនេះមិនមានទេ',
  },
  CAT00004: {
    'en-US': 'This promotion does not exist or has ended',
    chs: '该活动不存在或已结束',
    kh: 'ការផ្សព្វផ្សាយនេះមិនមាន ឬបានបញ្ចប់ហើយ',
  },
  CAT00005: {
    'en-US': 'Please enter a search keyword',
    chs: '请输入搜索关键词',
    kh: 'សូមបញ្ចូលពាក្យគន្លឹះស្វែងរក',
  },
  CAT00006: {
    'en-US': 'Upload failed or empty image',
    chs: '上传失败或图片为空',
    kh: 'ការផ្ទុកឡើងបរាជ័យ ឬរូបភាពទទេ',
  },
  CAT00007: {
    'en-US': 'This shop does not exist',
    chs: '该店铺不存在',
    kh: 'ហាងនេះមិនមានទេ',
  },
  CAT00008: {
    'en-US': 'This item is in stock, you can buy it now',
    chs: '该商品有货，可以直接购买',
    kh: 'ទំនិញនេះមានក្នុងស្តុក អ្នកអាចទិញបានឥឡូវនេះ',
  },
  CAT00009: {
    'en-US': 'Item out of stock',
    chs: '商品缺货',
    kh: 'ទំនិញអស់ពីស្តុក',
  },
  CAT00010: {
    http: 404,
    'en-US': 'This picture could not be found',
    chs: '找不到该图片',
    kh: 'រកមិនឃើញរូបភាពនេះទេ',
  },
  REV00001: {
    'en-US': 'Please write your review',
    chs: '请填写评价内容',
    kh: 'សូមសរសេរការវាយតម្លៃរបស់អ្នក',
  },
  REV00002: {
    'en-US': 'You have already reviewed this item',
    chs: '您已评价过该商品',
    kh: 'អ្នកបានវាយតម្លៃទំនិញនេះរួចហើយ',
  },
  FAV00001: {
    'en-US': 'Your favourites are full, remove some first',
    chs: '收藏夹已满，请先删除一些',
    kh: 'បញ្ជីចំណូលចិត្តពេញហើយ សូមលុបខ្លះជាមុនសិន',
  },
} satisfies Record<string, ErrorEntry>;
