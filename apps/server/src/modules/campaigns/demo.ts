import type { CampaignRoute } from '@shop/contracts';

type L = { 'en-US': string; chs: string; kh: string };
const l = (en: string, chs: string, kh: string): L => ({ 'en-US': en, chs, kh });

/** When a demo campaign runs, in days from the day the demo shop is made. */
export type Window = { fromDays: number; toDays: number };

export type DemoCampaign = {
  route: CampaignRoute;
  title: L;
  caption: L;
  window: Window;
  products: 'tag' | 'activity';
  coupon: { title: L; minSpendCents: number; discountCents: number; total: number };
  rules: L;
};

const rules = (en: string[], chs: string[], kh: string[]) =>
  l(en.map((r) => `- ${r}`).join('\n'), chs.map((r) => `- ${r}`).join('\n'), kh.map((r) => `- ${r}`).join('\n'));

const STANDARD_RULES = rules(
  [
    'One coupon per shopper; log in to claim.',
    'Coupons are valid for 30 days after claiming and cannot be exchanged for cash.',
    'Prices and stock change while the campaign runs; refunded orders return the coupon only if it is still valid.',
  ],
  [
    '每位用户限领一张，需登录后领取。',
    '优惠券领取后 30 天内有效，不可兑换现金。',
    '活动期间价格和库存可能变化；退款订单仅在优惠券仍有效时退回。',
  ],
  [
    'គូប៉ុងមួយក្នុងម្នាក់ សូមចូលគណនីដើម្បីទទួល។',
    'គូប៉ុងមានសុពលភាព ៣០ ថ្ងៃបន្ទាប់ពីទទួល ហើយមិនអាចប្តូរជាសាច់ប្រាក់បានទេ។',
    'តម្លៃ និងស្តុកអាចផ្លាស់ប្តូរក្នុងអំឡុងកម្មវិធី ការបញ្ជាទិញដែលសងប្រាក់វិញនឹងបង្វិលគូប៉ុងតែពេលវានៅមានសុពលភាព។',
  ],
);

/** One real campaign per campaign route: most running, Black Friday about to start, Independence Day over. */
export const DEMO_CAMPAIGNS: DemoCampaign[] = [
  {
    route: 'activityFive',
    title: l('5.5 Super Sale', '5.5 超级大促', 'ការលក់ធំ 5.5'),
    caption: l(
      'Five days of deals on phones and home appliances',
      '手机和家电连续五天特惠',
      'ការផ្តល់ជូនប្រាំថ្ងៃលើទូរស័ព្ទ និងគ្រឿងប្រើប្រាស់ក្នុងផ្ទះ',
    ),
    window: { fromDays: -1, toDays: 4 },
    products: 'tag',
    coupon: {
      title: l('5.5: spend $50, save $5', '5.5：满 $50 减 $5', '5.5៖ ចំណាយ $50 សន្សំ $5'),
      minSpendCents: 5000,
      discountCents: 500,
      total: 500,
    },
    rules: STANDARD_RULES,
  },
  {
    route: 'blackFridav',
    title: l('Black Friday', '黑色星期五', 'ថ្ងៃសុក្រខ្មៅ'),
    caption: l(
      'The biggest discounts of the year, from Friday',
      '全年最大折扣，周五开抢',
      'ការបញ្ចុះតម្លៃធំបំផុតប្រចាំឆ្នាំ ចាប់ពីថ្ងៃសុក្រ',
    ),
    window: { fromDays: 2, toDays: 5 },
    products: 'activity',
    coupon: {
      title: l('Black Friday: spend $80, save $15', '黑五：满 $80 减 $15', 'ថ្ងៃសុក្រខ្មៅ៖ ចំណាយ $80 សន្សំ $15'),
      minSpendCents: 8000,
      discountCents: 1500,
      total: 300,
    },
    rules: STANDARD_RULES,
  },
  {
    route: 'Cambodiaactivity',
    title: l('Independence Day deals', '独立日特惠', 'ការផ្តល់ជូនទិវាឯករាជ្យ'),
    caption: l(
      'Celebrating 9 November with local products',
      '以本地好物庆祝 11 月 9 日',
      'អបអរ ៩ វិច្ឆិកា ជាមួយផលិតផលក្នុងស្រុក',
    ),
    window: { fromDays: -20, toDays: -12 },
    products: 'tag',
    coupon: {
      title: l('Independence Day: spend $20, save $3', '独立日：满 $20 减 $3', 'ទិវាឯករាជ្យ៖ ចំណាយ $20 សន្សំ $3'),
      minSpendCents: 2000,
      discountCents: 300,
      total: 200,
    },
    rules: STANDARD_RULES,
  },
  {
    route: 'christmas',
    title: l('Christmas gift market', '圣诞礼物市集', 'ផ្សារអំណោយបុណ្យណូអែល'),
    caption: l(
      'Gifts for everyone, delivered before 24 December',
      '为每个人挑礼物，12 月 24 日前送达',
      'អំណោយសម្រាប់គ្រប់គ្នា ដឹកជូនមុនថ្ងៃទី ២៤ ធ្នូ',
    ),
    window: { fromDays: -1, toDays: 30 },
    products: 'activity',
    coupon: {
      title: l('Christmas: spend $40, save $6', '圣诞：满 $40 减 $6', 'បុណ្យណូអែល៖ ចំណាយ $40 សន្សំ $6'),
      minSpendCents: 4000,
      discountCents: 600,
      total: 400,
    },
    rules: STANDARD_RULES,
  },
  {
    route: 'decathlon',
    title: l('Sports week with Decathlon', '迪卡侬运动周', 'សប្តាហ៍កីឡាជាមួយ Decathlon'),
    caption: l('Football, cycling and running gear', '足球、骑行和跑步装备', 'សម្ភារៈបាល់ទាត់ ជិះកង់ និងរត់'),
    window: { fromDays: -2, toDays: 12 },
    products: 'tag',
    coupon: {
      title: l('Sports: spend $30, save $4', '运动：满 $30 减 $4', 'កីឡា៖ ចំណាយ $30 សន្សំ $4'),
      minSpendCents: 3000,
      discountCents: 400,
      total: 300,
    },
    rules: STANDARD_RULES,
  },
  {
    route: 'newbg',
    title: l('New arrivals', '新品上市', 'ទំនិញមកដល់ថ្មី'),
    caption: l('Fresh in this week', '本周新到', 'ទើបមកដល់សប្តាហ៍នេះ'),
    window: { fromDays: -3, toDays: 25 },
    products: 'tag',
    coupon: {
      title: l('New arrivals: spend $15, save $2', '新品：满 $15 减 $2', 'ទំនិញថ្មី៖ ចំណាយ $15 សន្សំ $2'),
      minSpendCents: 1500,
      discountCents: 200,
      total: 1000,
    },
    rules: STANDARD_RULES,
  },
  {
    route: 'Shortactivity',
    title: l('48-hour flash sale', '48 小时限时抢购', 'ការលក់រហ័ស ៤៨ ម៉ោង'),
    caption: l('Until stocks run out', '售完即止', 'រហូតដល់អស់ស្តុក'),
    window: { fromDays: 0, toDays: 2 },
    products: 'activity',
    coupon: {
      title: l('Flash: spend $10, save $2', '限时：满 $10 减 $2', 'រហ័ស៖ ចំណាយ $10 សន្សំ $2'),
      minSpendCents: 1000,
      discountCents: 200,
      total: 150,
    },
    rules: STANDARD_RULES,
  },
  {
    route: 'twelveActivity',
    title: l('12.12 Mega Sale', '12.12 年终狂欢', 'ការលក់ធំ 12.12'),
    caption: l('Twelve days of twelve deals', '十二天，每天十二款特惠', 'ដប់ពីរថ្ងៃ ដប់ពីរការផ្តល់ជូន'),
    window: { fromDays: -1, toDays: 18 },
    products: 'activity',
    coupon: {
      title: l('12.12: spend $60, save $12', '12.12：满 $60 减 $12', '12.12៖ ចំណាយ $60 សន្សំ $12'),
      minSpendCents: 6000,
      discountCents: 1200,
      total: 500,
    },
    rules: STANDARD_RULES,
  },
  {
    route: 'valentineActivity',
    title: l('Valentine’s Day', '情人节', 'ទិវានៃក្តីស្រលាញ់'),
    caption: l('Flowers, perfume and sweet gifts', '鲜花、香水和甜蜜礼物', 'ផ្កា ទឹកអប់ និងអំណោយផ្អែមល្ហែម'),
    window: { fromDays: -1, toDays: 40 },
    products: 'tag',
    coupon: {
      title: l('Valentine: spend $25, save $4', '情人节：满 $25 减 $4', 'ទិវាក្តីស្រលាញ់៖ ចំណាយ $25 សន្សំ $4'),
      minSpendCents: 2500,
      discountCents: 400,
      total: 300,
    },
    rules: STANDARD_RULES,
  },
  {
    route: 'yearEndActivity',
    title: l('Year-end sale', '年终大促', 'ការលក់ចុងឆ្នាំ'),
    caption: l('Up to 50% off to close the year', '年终低至五折', 'បញ្ចុះរហូតដល់ 50% ដើម្បីបិទឆ្នាំ'),
    window: { fromDays: -1, toDays: 36 },
    products: 'activity',
    coupon: {
      title: l('Year-end: spend $100, save $20', '年终：满 $100 减 $20', 'ចុងឆ្នាំ៖ ចំណាយ $100 សន្សំ $20'),
      minSpendCents: 10000,
      discountCents: 2000,
      total: 200,
    },
    rules: STANDARD_RULES,
  },
];

export const HEADINGS = {
  products: l('Deals for you', '为你精选', 'ការផ្តល់ជូនសម្រាប់អ្នក'),
  coupons: l('Claim your coupon', '领取优惠券', 'ទទួលគូប៉ុងរបស់អ្នក'),
  rules: l('Rules', '活动规则', 'លក្ខខណ្ឌ'),
};

/**
 * The demo's lucky draw and spend-and-get rule: on the campaigns whose names call for one (a year-end
 * draw, the 12.12 "spend and get"). Other campaigns have neither, as staff would leave them.
 */
export const DEMO_DRAW = {
  route: 'yearEndActivity' as CampaignRoute,
  heading: l('Year-end lucky draw: 3 tries each', '年终幸运抽奖：每人 3 次', 'ការចាប់រង្វាន់ចុងឆ្នាំ៖ ម្នាក់ ៣ ដង'),
  drawsPerShopper: 3,
  missWeight: 60,
  prizes: [
    {
      title: l(
        'Lucky draw: $10 off orders over $30',
        '幸运抽奖：满 $30 减 $10',
        'ចាប់រង្វាន់៖ បញ្ចុះ $10 លើការបញ្ជាទិញលើស $30',
      ),
      minSpendCents: 3000,
      discountCents: 1000,
      stock: 30,
      weight: 5,
    },
    {
      title: l('Lucky draw: $3 off orders over $15', '幸运抽奖：满 $15 减 $3', 'ចាប់រង្វាន់៖ បញ្ចុះ $3 លើការបញ្ជាទិញលើស $15'),
      minSpendCents: 1500,
      discountCents: 300,
      stock: 300,
      weight: 35,
    },
  ],
};

export const DEMO_SPEND_AND_GET = {
  route: 'twelveActivity' as CampaignRoute,
  heading: l(
    'Spend $50, get $5 for your next order',
    '消费满 $50，送下单立减 $5 券',
    'ចំណាយ $50 ទទួល $5 សម្រាប់ការបញ្ជាទិញបន្ទាប់',
  ),
  thresholdCents: 5000,
  coupon: {
    title: l('12.12 thank-you: $5 off over $25', '12.12 感谢券：满 $25 减 $5', '12.12 អរគុណ៖ បញ្ចុះ $5 លើស $25'),
    minSpendCents: 2500,
    discountCents: 500,
    total: 1000,
  },
};
