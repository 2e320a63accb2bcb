import type { Services } from '../../platform/module.ts';
import { productPicture } from './pictures.ts';
import type { LocalizedText } from './tables.ts';

const L = (en: string, chs: string, kh: string): LocalizedText => ({ 'en-US': en, chs, kh });

/**
 * A small catalogue for tests: 3 levels of categories, a shop, a tag, a promotion and products
 * whose pictures differ in shape (phones look like phones, balls like balls).
 */
export async function smallCatalogue(services: Services) {
  const c = services.catalogue;
  const top = await c.addCategory({ parentId: null, name: L('Phones & Tablets', '手机平板', 'ទូរស័ព្ទ និងថេប្លេត') });
  const mid = await c.addCategory({ parentId: top, name: L('Mobile Phones', '手机', 'ទូរស័ព្ទដៃ') });
  const leaf = await c.addCategory({ parentId: mid, name: L('Smartphones', '智能手机', 'ស្មាតហ្វូន') });
  const sportsTop = await c.addCategory({ parentId: null, name: L('Sports', '运动', 'កីឡា') });
  const sportsMid = await c.addCategory({ parentId: sportsTop, name: L('Ball games', '球类', 'កីឡាបាល់') });
  const sportsLeaf = await c.addCategory({ parentId: sportsMid, name: L('Football', '足球', 'បាល់ទាត់') });
  const shop = await c.addMerchant(L('Phnom Penh Digital', '金边数码', 'ភ្នំពេញឌីជីថល'));
  const tag = await c.addTag(L('Hot Deals', '热卖', 'ពេញនិយម'), '#e4393c');
  const picture = async (shape: 'phone' | 'ball', color: string, angle = 0) =>
    c.saveImage(await productPicture({ shape, color, accent: '#eef', background: '#f5f5f5', label: '', angle }));
  const storage = L('Storage', '存储', 'ទំហំផ្ទុក');
  const gb = (n: string) => L(n, n, n);
  const phone = await c.addProduct({
    categoryId: leaf,
    merchantId: shop,
    name: L('Samsung Galaxy A15 Smartphone', '三星 Galaxy A15 智能手机', 'ស្មាតហ្វូន Samsung Galaxy A15'),
    description: L('A phone', '一部手机', 'ទូរស័ព្ទមួយ'),
    brand: 'Samsung',
    salesCount: 50,
    imageIds: [await picture('phone', '#2f6fdf'), await picture('phone', '#2f6fdf', -10)],
    attributes: [{ name: L('Brand', '品牌', 'ម៉ាក'), value: L('Samsung', 'Samsung', 'Samsung') }],
    items: [
      { spec: [{ name: storage, value: gb('64GB') }], priceCents: 14990, stock: 5, maxPurchase: 2 },
      { spec: [{ name: storage, value: gb('128GB') }], priceCents: 17990, stock: 0 },
      { spec: [{ name: storage, value: gb('256GB') }], priceCents: 21990, stock: 9, published: false },
      {
        spec: [{ name: storage, value: gb('512GB') }],
        priceCents: 25990,
        stock: 9,
        expiresAt: new Date(Date.now() - 1000),
      },
    ],
    tagIds: [tag],
  });
  const phone2 = await c.addProduct({
    categoryId: leaf,
    name: L('Apple iPhone 15 Pro', '苹果 iPhone 15 Pro 手机', 'ទូរស័ព្ទ Apple iPhone 15 Pro'),
    description: L('Another phone', '另一部手机', 'ទូរស័ព្ទមួយទៀត'),
    brand: 'Apple',
    salesCount: 80,
    imageIds: [await picture('phone', '#2b2b2b')],
    items: [{ spec: [{ name: storage, value: gb('128GB') }], priceCents: 99900, stock: 3 }],
  });
  const ball = await c.addProduct({
    categoryId: sportsLeaf,
    merchantId: shop,
    name: L('Adidas Football Size 5', '阿迪达斯 5 号足球', 'បាល់ទាត់ Adidas លេខ 5'),
    description: L('A ball', '一个球', 'បាល់មួយ'),
    brand: 'Adidas',
    imageIds: [await picture('ball', '#d9363e')],
    items: [{ spec: [], priceCents: 1990, stock: 40 }],
  });
  const hidden = await c.addProduct({
    categoryId: leaf,
    name: L('Nokia 105 Feature Phone', '诺基亚 105 功能手机', 'ទូរស័ព្ទ Nokia 105'),
    description: L('Old phone', '老手机', 'ទូរស័ព្ទចាស់'),
    brand: 'Nokia',
    published: false,
    imageIds: [await picture('phone', '#888888')],
    items: [{ spec: [], priceCents: 1990, stock: 4 }],
  });
  const now = Date.now();
  const activity = await c.addActivity({
    name: L('Water Festival Sale', '送水节大促', 'ពិធីបុណ្យអុំទូក'),
    subtitle: L('Up to 40% off', '低至六折', 'បញ្ចុះតម្លៃរហូតដល់ 40%'),
    startsAt: new Date(now - 3600_000),
    endsAt: new Date(now + 3600_000),
    productIds: [ball.productId, phone.productId],
  });
  const ended = await c.addActivity({
    name: L('Old sale', '旧活动', 'ការលក់ចាស់'),
    subtitle: L('Over', '已结束', 'ចប់'),
    startsAt: new Date(now - 7200_000),
    endsAt: new Date(now - 3600_000),
    productIds: [ball.productId],
  });
  return { top, mid, leaf, sportsTop, sportsLeaf, shop, tag, phone, phone2, ball, hidden, activity, ended };
}
