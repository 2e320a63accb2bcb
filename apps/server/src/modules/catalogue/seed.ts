import type { PlatformContext, Services } from '../../platform/module.ts';
import { ACTIVITIES, ADJECTIVES, CATEGORY_TREE, MERCHANTS, type Shape, TAGS } from './demo-data.ts';
import { bannerPicture, productPicture } from './pictures.ts';
import type { NewProduct } from './service.ts';
import type { LocalizedText } from './tables.ts';

/** A small deterministic random source, so every demo shop is the same shop. */
export function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => Math.floor(min + next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
  };
}

const PALETTE = [
  '#2b2b2b',
  '#2f6fdf',
  '#d9363e',
  '#2e9d5b',
  '#f0a020',
  '#8e44ad',
  '#16a3b8',
  '#e86a92',
  '#7a5230',
  '#9aa0a6',
];
const BACKDROPS = ['#fde9e7', '#e7f0fd', '#e9f7ef', '#fff4e0', '#f3e9fb', '#e6f6f8'];

const L = (en: string, chs: string, kh: string): LocalizedText => ({ 'en-US': en, chs, kh });

/** Rounds a price to a shop-like figure: x.90 or x.50 dollars. */
function shopPrice(cents: number): number {
  const dollars = Math.max(1, Math.round(cents / 100));
  return dollars * 100 - (cents % 2 === 0 ? 10 : 50);
}

async function inBatches<T, R>(list: T[], size: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < list.length; i += size) {
    out.push(...(await Promise.all(list.slice(i, i + size).map((item, j) => work(item, i + j)))));
  }
  return out;
}

/**
 * The demo shop: 12 top categories, 48 leaf categories, about 340 products with their items,
 * pictures drawn locally, merchants, tags, promotions and banners of every jump type.
 */
export async function seedCatalogue(ctx: PlatformContext, services: Services): Promise<void> {
  const catalogue = services.catalogue;
  if ((await catalogue.countProducts()) > 0) return;
  const rnd = random(20261122);
  const save = (picture: Buffer) => catalogue.saveImage(picture, undefined, { trusted: true });

  const merchantIds: number[] = [];
  for (const name of MERCHANTS) merchantIds.push(await catalogue.addMerchant(name));
  const tagIds: number[] = [];
  for (const [i, t] of TAGS.entries()) tagIds.push(await catalogue.addTag(t.name, t.color, i));

  type Planned = {
    leafId: number;
    leaf: (typeof CATEGORY_TREE)[number]['mids'][number]['leaves'][number];
    index: number;
    side: number;
  };
  const planned: Planned[] = [];
  const topIds: number[] = [];
  const leafIds: { id: number; shape: Shape; name: LocalizedText; parent: number }[] = [];
  // Category pictures, drawn in parallel (sharp works on its own threads).
  const tops = CATEGORY_TREE.map((top, ti) => ({ top, ti }));
  const topIcons = await inBatches(tops, 6, ({ top, ti }) =>
    productPicture({
      shape: top.mids[0].leaves[0].shape,
      color: PALETTE[ti % PALETTE.length],
      accent: '#ffffff',
      background: BACKDROPS[ti % BACKDROPS.length],
      label: '',
      size: 160,
    }).then(save),
  );
  const leaves = CATEGORY_TREE.flatMap((top, ti) =>
    top.mids.flatMap((mid, mi) => mid.leaves.map((leaf, li) => ({ leaf, ti, mi, li }))),
  );
  const leafIcons = await inBatches(leaves, 6, async ({ leaf, ti, mi, li }) => ({
    icon: await save(
      await productPicture({
        shape: leaf.shape,
        color: PALETTE[(ti + li + mi) % PALETTE.length],
        accent: '#ffffffcc',
        background: '#f5f5f5',
        label: '',
        size: 160,
      }),
    ),
    // A second gallery picture per leaf category: the product from another angle.
    side: await save(
      await productPicture({
        shape: leaf.shape,
        color: '#9aa0a6',
        accent: '#dfe6ee',
        background: '#ffffff',
        label: '',
        angle: -12,
      }),
    ),
  }));
  let leafIndex = 0;
  for (const [ti, top] of CATEGORY_TREE.entries()) {
    const topId = await catalogue.addCategory({ parentId: null, name: top.name, imageId: topIcons[ti], sort: ti });
    topIds.push(topId);
    for (const [mi, mid] of top.mids.entries()) {
      const midId = await catalogue.addCategory({ parentId: topId, name: mid.name, sort: mi });
      for (const [li, leaf] of mid.leaves.entries()) {
        const { icon, side } = leafIcons[leafIndex++];
        const leafId = await catalogue.addCategory({ parentId: midId, name: leaf.name, imageId: icon, sort: li });
        leafIds.push({ id: leafId, shape: leaf.shape, name: leaf.name, parent: topId });
        for (let k = 0; k < 7; k++) planned.push({ leafId, leaf, index: k, side });
      }
    }
  }

  // Pictures first (in parallel batches: sharp works on its own threads), then the rows.
  const pictures = await inBatches(planned, 6, async (p, i) => {
    const brand = p.leaf.brands[p.index % p.leaf.brands.length];
    const colour = PALETTE[(i * 7 + p.index) % PALETTE.length];
    const backdrop = BACKDROPS[(i + p.index) % BACKDROPS.length];
    const main = await save(
      await productPicture({
        shape: p.leaf.shape,
        color: colour,
        accent: '#f5f7fa',
        background: backdrop,
        label: brand,
      }),
    );
    return { brand, main, colour };
  });

  const inputs: NewProduct[] = [];
  for (const [i, p] of planned.entries()) {
    const { brand, main } = pictures[i];
    const side = p.side;
    const adjective = ADJECTIVES[(i + p.index) % ADJECTIVES.length];
    const model = `${String.fromCharCode(65 + (i % 26))}${10 + ((i * 7) % 90)}`;
    const name = L(
      `${brand} ${p.leaf.noun['en-US']} ${adjective['en-US']} ${model}`,
      `${brand} ${p.leaf.noun.chs} ${adjective.chs} ${model}`,
      `${p.leaf.noun.kh} ${brand} ${adjective.kh} ${model}`,
    );
    const description = L(
      `${name['en-US']}: genuine ${brand} product with official warranty in Cambodia. Delivered from our Phnom Penh warehouse in 1 to 2 days, cash on delivery available.`,
      `${name.chs}：${brand} 正品，享受柬埔寨官方保修。从金边仓库发货，1 至 2 天送达，支持货到付款。`,
      `${name.kh}៖ ផលិតផល ${brand} ពិតប្រាកដ មានការធានាផ្លូវការនៅកម្ពុជា។ ដឹកជញ្ជូនពីឃ្លាំងភ្នំពេញក្នុងរយៈពេល 1 ទៅ 2 ថ្ងៃ អាចបង់ប្រាក់ពេលទទួលទំនិញ។`,
    );
    const [lo, hi] = p.leaf.price;
    const base = shopPrice(rnd.int(lo, hi));
    const values = p.leaf.spec.values.slice(0, Math.max(1, Math.min(p.leaf.spec.values.length, rnd.int(2, 4))));
    const soldOut = i % 17 === 5;
    const items = values.map((value, vi) => {
      const priceCents = base + vi * Math.max(100, Math.round((base * 0.12) / 100) * 100);
      return {
        spec: [{ name: p.leaf.spec.name, value }],
        priceCents,
        marketPriceCents: i % 3 === 0 ? Math.round((priceCents * 1.25) / 100) * 100 - 10 : null,
        stock: soldOut ? 0 : vi === values.length - 1 && i % 5 === 0 ? 0 : rnd.int(3, 200),
        maxPurchase: base > 50_000 ? 2 : base > 10_000 ? 5 : 20,
        published: !(i % 23 === 7 && vi === values.length - 1 && values.length > 1),
        expiresAt: i % 29 === 11 && vi === 0 && values.length > 1 ? new Date(Date.now() - 24 * 3600 * 1000) : null,
      };
    });
    const productTags = tagIds.filter(
      (_, ti) =>
        (i + ti * 3) % 7 === 0 ||
        (ti === 4 && base < 1000) ||
        (ti === 2 && /Angkor|Kampot|Mondulkiri|Battambang|Phka|Brown|Ngon|Mekong/.test(brand)),
    );
    inputs.push({
      categoryId: p.leafId,
      merchantId: merchantIds[i % merchantIds.length],
      name,
      description,
      manual:
        i % 2 === 0
          ? L(
              `1. Unpack the ${p.leaf.noun['en-US'].toLowerCase()} and check every part.\n2. Read the safety notes before first use.\n3. Keep the receipt: the ${brand} warranty in Cambodia needs it.`,
              `1. 拆开${p.leaf.noun.chs}包装并检查所有配件。\n2. 首次使用前请阅读安全说明。\n3. 请保留收据：${brand} 柬埔寨保修需要凭证。`,
              `1. បើកកញ្ចប់${p.leaf.noun.kh} ហើយពិនិត្យគ្រប់ផ្នែក។\n2. អានការណែនាំសុវត្ថិភាពមុនប្រើលើកដំបូង។\n3. រក្សាវិក្កយបត្រ៖ ការធានា ${brand} នៅកម្ពុជាត្រូវការវា។`,
            )
          : null,
      brand,
      salesCount: rnd.int(0, 2500),
      sort: rnd.int(0, 100),
      imageIds: [main, side],
      attributes: [
        { name: L('Brand', '品牌', 'ម៉ាក'), value: L(brand, brand, brand) },
        { name: L('Model', '型号', 'ម៉ូដែល'), value: L(model, model, model) },
        {
          name: L('Warranty', '保修', 'ការធានា'),
          value: L(`${1 + (i % 2)} year(s)`, `${1 + (i % 2)} 年`, `${1 + (i % 2)} ឆ្នាំ`),
        },
        { name: L('Ships from', '发货地', 'ដឹកចេញពី'), value: L('Phnom Penh', '金边', 'ភ្នំពេញ') },
      ],
      items,
      tagIds: productTags,
    });
  }
  const created = await catalogue.addProducts(inputs);
  const productIds = created.map((c) => c.productId);
  const itemIds = created.flatMap((c) => c.itemIds);

  const now = Date.now();
  const day = 24 * 3600 * 1000;
  const activityIds: number[] = [];
  for (const [ai, a] of ACTIVITIES.entries()) {
    const image = await save(await bannerPicture(a.color, leafIds[ai * 5].shape));
    const members = productIds.filter((_, pi) => pi % (ai + 3) === 0).slice(0, 40);
    activityIds.push(
      await catalogue.addActivity({
        name: a.name,
        subtitle: a.subtitle,
        imageId: image,
        startsAt: new Date(now - day),
        endsAt: new Date(now + a.days * day),
        sort: ai,
        productIds: members,
      }),
    );
  }

  // Banners: one of each jump kind on the home carousel and the other positions (spec §2 table).
  const firstLeaf = leafIds[0];
  const banner = async (
    position: string,
    sort: number,
    title: LocalizedText,
    color: string,
    shape: Shape,
    jump: Record<string, unknown>,
  ) => {
    const imageId = await save(await bannerPicture(color, shape));
    await catalogue.addBanner({ position, sort, name: title, imageId, jumpType: 'product', ...jump } as never);
  };
  await banner('home', 0, L('Smartphones from $99', '智能手机 99 美元起', 'ស្មាតហ្វូនចាប់ពី $99'), '#1677ff', 'phone', {
    jumpType: 'product',
    productItemId: itemIds[0],
    jumpValue: String(itemIds[0]),
  });
  await banner('home', 1, ACTIVITIES[0].name, ACTIVITIES[0].color, 'can', {
    jumpType: 'default',
    jumpValue: String(tagIds[0]),
  });
  await banner('home', 2, CATEGORY_TREE[3].name, '#00b578', 'fan', {
    jumpType: 'topCategory',
    jumpValue: String(topIds[3]),
  });
  await banner('home', 3, firstLeaf.name, '#7b2ff7', firstLeaf.shape, {
    jumpType: 'category',
    jumpValue: String(firstLeaf.id),
    upperid: firstLeaf.parent,
  });
  await banner('home', 4, L('Top up your phone', '手机充值', 'បញ្ចូលលុយទូរស័ព្ទ'), '#ff8f1f', 'phone', {
    jumpType: 'topup',
    jumpValue: '5',
  });
  await banner('home', 5, L('Overseas shopping: Taobao', '海淘：淘宝', 'ទិញពីបរទេស៖ Taobao'), '#e4393c', 'box', {
    jumpType: 'taobao',
    channel: 'taobao',
  });
  await banner('home', 6, L('Wallet: pay with one tap', '钱包：一键支付', 'កាបូប៖ បង់ប្រាក់ដោយចុចម្តង'), '#16a3b8', 'bag', {
    jumpType: 'wallet',
  });
  await banner('home', 7, L('Delivery guide', '配送指南', 'ការណែនាំអំពីការដឹកជញ្ជូន'), '#2e9d5b', 'box', {
    jumpType: 'h5',
    url: 'https://help.angkormall.com.kh/delivery',
    urlKh: 'https://help.angkormall.com.kh/kh/delivery',
    urlChs: 'https://help.angkormall.com.kh/zh/delivery',
  });
  await banner(
    'wingh5',
    0,
    L('Wing users: 11.11 deals', 'Wing 用户：双十一特惠', 'អ្នកប្រើ Wing៖ ការផ្តល់ជូន 11.11'),
    '#0a8f4f',
    'phone',
    { jumpType: 'default', jumpValue: String(tagIds[1]) },
  );
  await banner('wingh5', 1, L('Alibaba wholesale', '阿里巴巴批发', 'លក់ដុំ Alibaba'), '#ff6a00', 'box', {
    jumpType: 'alibaba',
    channel: 'alibaba',
  });
  await banner('mypage', 0, L('Apply for a prepaid card', '申请预付卡', 'ដាក់ពាក្យស្នើសុំកាតបង់ប្រាក់មុន'), '#2f6fdf', 'book', {
    jumpType: 'bongloy',
  });
  await banner('mypage', 1, L('Your coupons', '我的优惠券', 'គូប៉ុងរបស់អ្នក'), '#d9363e', 'box', { jumpType: 'coupon' });
  // The visitors' advert leads to login, and from there to the new-shopper coupon it promises.
  await banner('bonus_unlogin', 0, L('New here? Get $5 off', '新用户立减 5 美元', 'អ្នកថ្មី? បញ្ចុះ $5'), '#e4393c', 'bag', {
    jumpType: 'login',
    jumpValue: '/newShopperCoupon',
  });
  await banner(
    'bonus_login',
    0,
    L('Invite friends, earn up to $100', '邀请好友，最高赚 100 美元', 'អញ្ជើញមិត្តភក្តិ ទទួលបានរហូតដល់ $100'),
    '#7b2ff7',
    'toy',
    {
      jumpType: 'urlwithlogin',
      url: '/h5/invite',
    },
  );

  // The wallet app's launch advert (/startup), skipped after a countdown.
  await banner(
    'startup',
    0,
    L('Year-end sale: up to 50% off', '年终大促：低至五折', 'លក់ចុងឆ្នាំ៖ បញ្ចុះរហូតដល់ 50%'),
    '#c41d7f',
    'bag',
    {
      jumpType: 'default',
      jumpValue: String(tagIds[0]),
    },
  );

  // Hot keywords come from searches: the demo shop starts with the searches of its first visitors.
  const firstSearches = [
    'smartphone',
    'rice cooker',
    'jasmine rice',
    'samsung',
    'sneakers',
    'smartphone',
    'coffee',
    'samsung',
    'smartphone',
    '手机',
    'កាសស្តាប់',
    'headphones',
    'fan',
  ];
  for (const keyword of firstSearches) await catalogue.search(keyword, 'default', 1, 1, 'en-US');
  void activityIds;
  void ctx;
}
