// The demo catalogue's electronics: phones and tablets, computers and office, TV and audio, and
// home appliances (three levels: top, middle and leaf categories with their brands and prices).
import {
  black,
  blue,
  CAP,
  COLOR,
  colours,
  L,
  leaf,
  PACK,
  packs,
  red,
  SIZE,
  STORAGE,
  storage,
  type Top,
  volumes,
  white,
} from './demo-words.ts';

export const ELECTRONICS_TOPS: Top[] = [
  {
    name: L('Phones & Tablets', '手机平板', 'ទូរស័ព្ទ និងថេប្លេត'),
    mids: [
      {
        name: L('Mobile Phones', '手机', 'ទូរស័ព្ទដៃ'),
        leaves: [
          leaf(
            L('Smartphones', '智能手机', 'ស្មាតហ្វូន'),
            L('Smartphone', '智能手机', 'ស្មាតហ្វូន'),
            'phone',
            ['Samsung', 'Apple', 'Oppo', 'Vivo', 'Xiaomi', 'Realme'],
            [9900, 119900],
            { name: STORAGE, values: storage },
          ),
          leaf(
            L('Feature Phones', '功能手机', 'ទូរស័ព្ទធម្មតា'),
            L('Feature Phone', '功能手机', 'ទូរស័ព្ទធម្មតា'),
            'phone',
            ['Nokia', 'Itel', 'Tecno'],
            [1500, 4500],
            { name: COLOR, values: [black, blue, red] },
          ),
        ],
      },
      {
        name: L('Tablets & Accessories', '平板与配件', 'ថេប្លេត និងគ្រឿងបន្លាស់'),
        leaves: [
          leaf(
            L('Tablets', '平板电脑', 'ថេប្លេត'),
            L('Tablet', '平板电脑', 'ថេប្លេត'),
            'tablet',
            ['Apple', 'Samsung', 'Lenovo', 'Huawei'],
            [12900, 89900],
            { name: STORAGE, values: storage },
          ),
          leaf(
            L('Power Banks', '充电宝', 'ធុងថ្មបម្រុង'),
            L('Power Bank', '充电宝', 'ធុងថ្មបម្រុង'),
            'box',
            ['Anker', 'Baseus', 'Xiaomi', 'Remax'],
            [900, 4900],
            { name: COLOR, values: [black, white] },
          ),
        ],
      },
    ],
  },
  {
    name: L('Computers & Office', '电脑办公', 'កុំព្យូទ័រ និងការិយាល័យ'),
    mids: [
      {
        name: L('Computers', '电脑', 'កុំព្យូទ័រ'),
        leaves: [
          leaf(
            L('Laptops', '笔记本电脑', 'កុំព្យូទ័រយួរដៃ'),
            L('Laptop', '笔记本电脑', 'កុំព្យូទ័រយួរដៃ'),
            'laptop',
            ['Asus', 'Acer', 'Lenovo', 'HP', 'Dell'],
            [29900, 149900],
            { name: STORAGE, values: ['256GB', '512GB', '1TB'].map((s) => L(s, s, s)) },
          ),
          leaf(
            L('Monitors', '显示器', 'អេក្រង់កុំព្យូទ័រ'),
            L('Monitor', '显示器', 'អេក្រង់កុំព្យូទ័រ'),
            'tv',
            ['LG', 'Samsung', 'AOC', 'Dell'],
            [8900, 39900],
            { name: SIZE, values: ['24"', '27"', '32"'].map((s) => L(s, s, s)) },
          ),
        ],
      },
      {
        name: L('Office Supplies', '办公用品', 'សម្ភារៈការិយាល័យ'),
        leaves: [
          leaf(
            L('Notebooks & Paper', '笔记本与纸张', 'សៀវភៅ និងក្រដាស'),
            L('Notebook', '笔记本', 'សៀវភៅកត់ត្រា'),
            'book',
            ['Deli', 'Campus', 'Double A'],
            [150, 1200],
            { name: PACK, values: packs },
          ),
          leaf(
            L('Desk Lamps', '台灯', 'ចង្កៀងតុ'),
            L('Desk Lamp', '台灯', 'ចង្កៀងតុ'),
            'lamp',
            ['Philips', 'Xiaomi', 'Panasonic'],
            [1200, 5900],
            { name: COLOR, values: [white, black] },
          ),
        ],
      },
    ],
  },
  {
    name: L('TV & Audio', '电视影音', 'ទូរទស្សន៍ និងសំឡេង'),
    mids: [
      {
        name: L('Televisions', '电视', 'ទូរទស្សន៍'),
        leaves: [
          leaf(
            L('Smart TVs', '智能电视', 'ទូរទស្សន៍ឆ្លាតវៃ'),
            L('Smart TV', '智能电视', 'ទូរទស្សន៍ឆ្លាតវៃ'),
            'tv',
            ['Samsung', 'LG', 'TCL', 'Sony', 'Hisense'],
            [19900, 129900],
            { name: SIZE, values: ['43"', '55"', '65"'].map((s) => L(s, s, s)) },
          ),
          leaf(
            L('TV Boxes', '电视盒子', 'ប្រអប់ទូរទស្សន៍'),
            L('TV Box', '电视盒子', 'ប្រអប់ទូរទស្សន៍'),
            'box',
            ['Xiaomi', 'Tanix', 'Google'],
            [2900, 7900],
            { name: COLOR, values: [black] },
          ),
        ],
      },
      {
        name: L('Audio', '音频', 'សំឡេង'),
        leaves: [
          leaf(
            L('Headphones', '耳机', 'កាសស្តាប់'),
            L('Headphones', '耳机', 'កាសស្តាប់'),
            'headphones',
            ['Sony', 'JBL', 'Bose', 'Edifier', 'Soundcore'],
            [1500, 34900],
            { name: COLOR, values: colours },
          ),
          leaf(
            L('Speakers', '音箱', 'ឧបករណ៍បំពងសំឡេង'),
            L('Bluetooth Speaker', '蓝牙音箱', 'ឧបករណ៍បំពងសំឡេងប៊្លូធូស'),
            'can',
            ['JBL', 'Sony', 'Marshall', 'Xiaomi'],
            [1900, 29900],
            { name: COLOR, values: [black, blue, red] },
          ),
        ],
      },
    ],
  },
  {
    name: L('Home Appliances', '家用电器', 'គ្រឿងអគ្គិសនីប្រើក្នុងផ្ទះ'),
    mids: [
      {
        name: L('Kitchen Appliances', '厨房电器', 'គ្រឿងអគ្គិសនីផ្ទះបាយ'),
        leaves: [
          leaf(
            L('Rice Cookers', '电饭煲', 'ឆ្នាំងដាំបាយ'),
            L('Rice Cooker', '电饭煲', 'ឆ្នាំងដាំបាយអគ្គិសនី'),
            'pot',
            ['Panasonic', 'Sharp', 'Toshiba', 'Midea'],
            [1900, 12900],
            { name: CAP, values: volumes.map((_v, i) => L(`${i + 1} L`, `${i + 1} 升`, `${i + 1} លីត្រ`)) },
          ),
          leaf(
            L('Blenders', '搅拌机', 'ម៉ាស៊ីនក្រឡុក'),
            L('Blender', '搅拌机', 'ម៉ាស៊ីនក្រឡុក'),
            'jar',
            ['Philips', 'Panasonic', 'Sharp'],
            [1900, 8900],
            { name: COLOR, values: [white, black] },
          ),
        ],
      },
      {
        name: L('Cooling', '降温电器', 'ឧបករណ៍ត្រជាក់'),
        leaves: [
          leaf(
            L('Electric Fans', '电风扇', 'កង្ហារអគ្គិសនី'),
            L('Electric Fan', '电风扇', 'កង្ហារអគ្គិសនី'),
            'fan',
            ['Panasonic', 'KDK', 'Midea', 'Xiaomi'],
            [1500, 9900],
            { name: SIZE, values: ['12"', '16"', '18"'].map((s) => L(s, s, s)) },
          ),
          leaf(
            L('Air Coolers', '冷风机', 'ម៉ាស៊ីនត្រជាក់ខ្យល់'),
            L('Air Cooler', '冷风机', 'ម៉ាស៊ីនត្រជាក់ខ្យល់'),
            'box',
            ['Midea', 'Sharp', 'Kenwood'],
            [5900, 24900],
            { name: CAP, values: ['20 L', '40 L'].map((s) => L(s, s, s)) },
          ),
        ],
      },
    ],
  },
];
