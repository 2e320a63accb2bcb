import type { LocalizedText } from './tables.ts';

/** The demo shop's words: a believable Cambodian marketplace in three languages. */
const L = (en: string, chs: string, kh: string): LocalizedText => ({ 'en-US': en, chs, kh });

export type Shape =
  | 'phone'
  | 'tablet'
  | 'laptop'
  | 'tv'
  | 'headphones'
  | 'watch'
  | 'shirt'
  | 'dress'
  | 'shoe'
  | 'bag'
  | 'bottle'
  | 'jar'
  | 'sack'
  | 'pot'
  | 'fan'
  | 'box'
  | 'ball'
  | 'toy'
  | 'book'
  | 'lamp'
  | 'helmet'
  | 'can';

export type Leaf = {
  name: LocalizedText;
  noun: LocalizedText;
  shape: Shape;
  brands: string[];
  /** Price range in USD cents. */
  price: [number, number];
  /** The specification dimension of its SKUs and its values. */
  spec: { name: LocalizedText; values: LocalizedText[] };
};

export type Top = { name: LocalizedText; mids: { name: LocalizedText; leaves: Leaf[] }[] };

const COLOR = L('Colour', '颜色', 'ពណ៌');
const SIZE = L('Size', '尺码', 'ទំហំ');
const CAP = L('Capacity', '容量', 'ចំណុះ');
const WEIGHT = L('Weight', '重量', 'ទម្ងន់');
const STORAGE = L('Storage', '存储', 'ទំហំផ្ទុក');
const PACK = L('Pack', '包装', 'កញ្ចប់');

const black = L('Black', '黑色', 'ខ្មៅ');
const white = L('White', '白色', 'ស');
const blue = L('Blue', '蓝色', 'ខៀវ');
const red = L('Red', '红色', 'ក្រហម');
const green = L('Green', '绿色', 'បៃតង');
const pink = L('Pink', '粉色', 'ផ្កាឈូក');
const colours = [black, white, blue, red];
const sizes = [L('S', 'S', 'S'), L('M', 'M', 'M'), L('L', 'L', 'L'), L('XL', 'XL', 'XL')];
const shoeSizes = ['39', '40', '41', '42', '43'].map((s) => L(s, s, s));
const storage = ['64GB', '128GB', '256GB'].map((s) => L(s, s, s));
const volumes = ['500 ml', '1 L', '1.5 L'].map((s) => L(s, s, s));
const weights = [L('1 kg', '1 公斤', '1 គីឡូ'), L('5 kg', '5 公斤', '5 គីឡូ'), L('25 kg', '25 公斤', '25 គីឡូ')];
const packs = [L('Single', '单件', 'មួយ'), L('Pack of 3', '三件装', 'កញ្ចប់ 3'), L('Pack of 6', '六件装', 'កញ្ចប់ 6')];

const leaf = (
  name: LocalizedText,
  noun: LocalizedText,
  shape: Shape,
  brands: string[],
  price: [number, number],
  spec: Leaf['spec'],
): Leaf => ({ name, noun, shape, brands, price, spec });

export const CATEGORY_TREE: Top[] = [
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
  {
    name: L("Women's Fashion", '女装', 'សម្លៀកបំពាក់នារី'),
    mids: [
      {
        name: L('Clothing', '服装', 'សម្លៀកបំពាក់'),
        leaves: [
          leaf(
            L('Dresses', '连衣裙', 'រ៉ូប'),
            L('Dress', '连衣裙', 'រ៉ូប'),
            'dress',
            ['Zando', 'Ten11', 'Pony', 'Mango'],
            [900, 4900],
            { name: SIZE, values: sizes },
          ),
          leaf(
            L('Blouses', '女式衬衫', 'អាវនារី'),
            L('Blouse', '女式衬衫', 'អាវនារី'),
            'shirt',
            ['Zando', 'Ten11', 'Uniqlo'],
            [700, 2900],
            { name: SIZE, values: sizes },
          ),
        ],
      },
      {
        name: L('Bags & Shoes', '包与鞋', 'កាបូប និងស្បែកជើង'),
        leaves: [
          leaf(
            L('Handbags', '手提包', 'កាបូបដៃ'),
            L('Handbag', '手提包', 'កាបូបដៃ'),
            'bag',
            ['Charles & Keith', 'Pedro', 'Zando'],
            [1900, 8900],
            { name: COLOR, values: [black, pink, white] },
          ),
          leaf(
            L('Sandals', '凉鞋', 'ស្បែកជើងសង្រែក'),
            L('Sandals', '凉鞋', 'ស្បែកជើងសង្រែក'),
            'shoe',
            ['Bata', 'Charles & Keith', 'Crocs'],
            [900, 4900],
            { name: SIZE, values: shoeSizes },
          ),
        ],
      },
    ],
  },
  {
    name: L("Men's Fashion", '男装', 'សម្លៀកបំពាក់បុរស'),
    mids: [
      {
        name: L('Clothing', '服装', 'សម្លៀកបំពាក់'),
        leaves: [
          leaf(
            L('T-Shirts', 'T恤', 'អាវយឺត'),
            L('T-Shirt', 'T恤', 'អាវយឺត'),
            'shirt',
            ['Uniqlo', 'Zando', 'Routine', 'Giordano'],
            [500, 2500],
            { name: SIZE, values: sizes },
          ),
          leaf(
            L('Shirts', '衬衫', 'អាវសឺមី'),
            L('Shirt', '衬衫', 'អាវសឺមី'),
            'shirt',
            ['Giordano', 'Uniqlo', 'Ten11'],
            [900, 3900],
            { name: SIZE, values: sizes },
          ),
        ],
      },
      {
        name: L('Shoes & Watches', '鞋与手表', 'ស្បែកជើង និងនាឡិកា'),
        leaves: [
          leaf(
            L('Sneakers', '运动鞋', 'ស្បែកជើងប៉ាតា'),
            L('Sneakers', '运动鞋', 'ស្បែកជើងប៉ាតា'),
            'shoe',
            ['Nike', 'Adidas', 'Puma', 'Converse', 'Vans'],
            [2900, 14900],
            { name: SIZE, values: shoeSizes },
          ),
          leaf(
            L('Watches', '手表', 'នាឡិកា'),
            L('Watch', '手表', 'នាឡិកាដៃ'),
            'watch',
            ['Casio', 'Seiko', 'Citizen', 'Xiaomi'],
            [1900, 29900],
            { name: COLOR, values: [black, white, blue] },
          ),
        ],
      },
    ],
  },
  {
    name: L('Beauty & Health', '美妆健康', 'សម្រស់ និងសុខភាព'),
    mids: [
      {
        name: L('Skin Care', '护肤', 'ថែរក្សាស្បែក'),
        leaves: [
          leaf(
            L('Sunscreen', '防晒霜', 'ឡេការពារកម្តៅថ្ងៃ'),
            L('Sunscreen', '防晒霜', 'ឡេការពារកម្តៅថ្ងៃ'),
            'bottle',
            ['Nivea', 'Biore', 'La Roche-Posay', 'Anessa'],
            [500, 3500],
            { name: CAP, values: ['50 ml', '100 ml'].map((s) => L(s, s, s)) },
          ),
          leaf(
            L('Face Wash', '洗面奶', 'ទឹកលាងមុខ'),
            L('Face Wash', '洗面奶', 'ទឹកលាងមុខ'),
            'bottle',
            ['Cetaphil', 'Senka', 'Hada Labo', 'Garnier'],
            [300, 1900],
            { name: CAP, values: ['100 ml', '200 ml'].map((s) => L(s, s, s)) },
          ),
        ],
      },
      {
        name: L('Personal Care', '个人护理', 'ថែទាំខ្លួន'),
        leaves: [
          leaf(
            L('Shampoo', '洗发水', 'សាប៊ូកក់សក់'),
            L('Shampoo', '洗发水', 'សាប៊ូកក់សក់'),
            'bottle',
            ['Sunsilk', 'Pantene', 'Head & Shoulders', 'Dove'],
            [250, 1500],
            { name: CAP, values: ['340 ml', '650 ml'].map((s) => L(s, s, s)) },
          ),
          leaf(
            L('Toothpaste', '牙膏', 'ថ្នាំដុសធ្មេញ'),
            L('Toothpaste', '牙膏', 'ថ្នាំដុសធ្មេញ'),
            'box',
            ['Colgate', 'Close Up', 'Sensodyne', 'Darlie'],
            [100, 900],
            { name: PACK, values: packs },
          ),
        ],
      },
    ],
  },
  {
    name: L('Food & Drinks', '食品饮料', 'អាហារ និងភេសជ្ជៈ'),
    mids: [
      {
        name: L('Pantry', '粮油调味', 'គ្រឿងទេស និងអង្ករ'),
        leaves: [
          leaf(
            L('Rice', '大米', 'អង្ករ'),
            L('Jasmine Rice', '茉莉香米', 'អង្ករផ្កាម្លិះ'),
            'sack',
            ['Angkor Malys', 'Phka Rumduol', 'Golden Rice', 'Battambang'],
            [150, 3500],
            { name: WEIGHT, values: weights },
          ),
          leaf(
            L('Sauces', '酱料', 'ទឹកជ្រលក់'),
            L('Fish Sauce', '鱼露', 'ទឹកត្រី'),
            'bottle',
            ['Lee Kum Kee', 'Kampot Pepper', 'Ngon Ngon', 'Mekong'],
            [100, 900],
            { name: CAP, values: volumes },
          ),
        ],
      },
      {
        name: L('Drinks', '饮料', 'ភេសជ្ជៈ'),
        leaves: [
          leaf(
            L('Coffee', '咖啡', 'កាហ្វេ'),
            L('Ground Coffee', '咖啡粉', 'កាហ្វេម្សៅ'),
            'sack',
            ['Brown', 'Mondulkiri', 'Nescafe', 'Trung Nguyen'],
            [300, 2500],
            {
              name: WEIGHT,
              values: [L('250 g', '250 克', '250 ក្រាម'), L('500 g', '500 克', '500 ក្រាម'), L('1 kg', '1 公斤', '1 គីឡូ')],
            },
          ),
          leaf(
            L('Soft Drinks', '软饮料', 'ភេសជ្ជៈ'),
            L('Soft Drink', '汽水', 'ភេសជ្ជៈកំប៉ុង'),
            'can',
            ['Coca-Cola', 'Pepsi', 'Sting', 'Bacchus'],
            [60, 1500],
            { name: PACK, values: packs },
          ),
        ],
      },
    ],
  },
  {
    name: L('Home & Living', '家居生活', 'ផ្ទះ និងការរស់នៅ'),
    mids: [
      {
        name: L('Kitchenware', '厨具', 'ប្រដាប់ផ្ទះបាយ'),
        leaves: [
          leaf(
            L('Cookware', '锅具', 'ឆ្នាំង និងខ្ទះ'),
            L('Cooking Pot', '汤锅', 'ឆ្នាំងស្ល'),
            'pot',
            ['Lock&Lock', 'Tefal', 'Supor'],
            [900, 5900],
            { name: SIZE, values: ['20 cm', '24 cm', '28 cm'].map((s) => L(s, s, s)) },
          ),
          leaf(
            L('Water Bottles', '水杯', 'ដបទឹក'),
            L('Water Bottle', '保温水杯', 'ដបទឹករក្សាកម្តៅ'),
            'bottle',
            ['Lock&Lock', 'Thermos', 'Zojirushi'],
            [500, 3900],
            { name: COLOR, values: [blue, pink, black, green] },
          ),
        ],
      },
      {
        name: L('Bedding & Decor', '床品家饰', 'គ្រែ និងការតុបតែង'),
        leaves: [
          leaf(
            L('Pillows', '枕头', 'ខ្នើយ'),
            L('Pillow', '枕头', 'ខ្នើយ'),
            'box',
            ['Dunlopillo', 'Ikea', 'Sleepwell'],
            [500, 2900],
            { name: SIZE, values: packs.slice(0, 2) },
          ),
          leaf(
            L('Lamps', '灯具', 'ចង្កៀង'),
            L('Table Lamp', '床头灯', 'ចង្កៀងក្បាលគ្រែ'),
            'lamp',
            ['Philips', 'Ikea', 'Yeelight'],
            [900, 4900],
            { name: COLOR, values: [white, black] },
          ),
        ],
      },
    ],
  },
  {
    name: L('Mother & Baby', '母婴用品', 'ម្តាយ និងទារក'),
    mids: [
      {
        name: L('Baby Care', '婴儿护理', 'ថែទាំទារក'),
        leaves: [
          leaf(
            L('Diapers', '纸尿裤', 'កន្ទបទារក'),
            L('Diapers', '纸尿裤', 'កន្ទបទារក'),
            'box',
            ['Pampers', 'Huggies', 'MamyPoko', 'Merries'],
            [900, 3900],
            { name: SIZE, values: sizes },
          ),
          leaf(
            L('Baby Milk', '婴儿奶粉', 'ទឹកដោះគោទារក'),
            L('Formula Milk', '配方奶粉', 'ទឹកដោះគោម្សៅ'),
            'can',
            ['Dumex', 'Enfagrow', 'S-26', 'Friso'],
            [1500, 4900],
            { name: WEIGHT, values: [L('400 g', '400 克', '400 ក្រាម'), L('900 g', '900 克', '900 ក្រាម')] },
          ),
        ],
      },
      {
        name: L('Toys', '玩具', 'ប្រដាប់ក្មេងលេង'),
        leaves: [
          leaf(
            L('Building Blocks', '积木', 'ប្លុកសំណង់'),
            L('Building Blocks', '积木套装', 'ឈុតប្លុកសំណង់'),
            'toy',
            ['Lego', 'Mega Bloks', 'Qman'],
            [900, 9900],
            { name: SIZE, values: [L('Small', '小号', 'តូច'), L('Large', '大号', 'ធំ')] },
          ),
          leaf(
            L('Soft Toys', '毛绒玩具', 'តុក្កតា'),
            L('Teddy Bear', '泰迪熊', 'តុក្កតាខ្លាឃ្មុំ'),
            'toy',
            ['Disney', 'Miniso', 'Jellycat'],
            [500, 3900],
            { name: COLOR, values: [pink, white, blue] },
          ),
        ],
      },
    ],
  },
  {
    name: L('Sports & Outdoors', '运动户外', 'កីឡា និងក្រៅផ្ទះ'),
    mids: [
      {
        name: L('Sports', '运动', 'កីឡា'),
        leaves: [
          leaf(
            L('Football', '足球', 'បាល់ទាត់'),
            L('Football', '足球', 'បាល់ទាត់'),
            'ball',
            ['Adidas', 'Nike', 'Molten', 'Mikasa'],
            [900, 5900],
            { name: SIZE, values: ['4', '5'].map((s) => L(`Size ${s}`, `${s} 号`, `លេខ ${s}`)) },
          ),
          leaf(
            L('Badminton', '羽毛球', 'វាយសី'),
            L('Shuttlecocks', '羽毛球', 'សី'),
            'ball',
            ['Yonex', 'Li-Ning', 'Victor'],
            [500, 3900],
            { name: PACK, values: packs },
          ),
        ],
      },
      {
        name: L('Cycling & Travel', '骑行旅行', 'កង់ និងការធ្វើដំណើរ'),
        leaves: [
          leaf(
            L('Helmets', '头盔', 'មួកសុវត្ថិភាព'),
            L('Helmet', '头盔', 'មួកសុវត្ថិភាព'),
            'helmet',
            ['Index', 'Giro', 'Shoei', 'KYT'],
            [1200, 8900],
            { name: SIZE, values: sizes.slice(1) },
          ),
          leaf(
            L('Backpacks', '背包', 'កាបូបស្ពាយ'),
            L('Backpack', '双肩背包', 'កាបូបស្ពាយ'),
            'bag',
            ['Samsonite', 'The North Face', 'Xiaomi'],
            [1500, 8900],
            { name: COLOR, values: [black, blue, green] },
          ),
        ],
      },
    ],
  },
  {
    name: L('Automotive', '汽车摩托', 'រថយន្ត និងម៉ូតូ'),
    mids: [
      {
        name: L('Motorbike', '摩托车', 'ម៉ូតូ'),
        leaves: [
          leaf(
            L('Motorbike Helmets', '摩托头盔', 'មួកម៉ូតូ'),
            L('Motorbike Helmet', '摩托车头盔', 'មួកសុវត្ថិភាពម៉ូតូ'),
            'helmet',
            ['Honda', 'Index', 'Yamaha'],
            [1500, 6900],
            { name: COLOR, values: [black, white, red] },
          ),
          leaf(
            L('Engine Oil', '机油', 'ប្រេងម៉ាស៊ីន'),
            L('Engine Oil', '机油', 'ប្រេងម៉ាស៊ីន'),
            'bottle',
            ['Castrol', 'Shell', 'Total', 'Caltex'],
            [500, 2900],
            { name: CAP, values: [L('0.8 L', '0.8 升', '0.8 លីត្រ'), L('1 L', '1 升', '1 លីត្រ')] },
          ),
        ],
      },
      {
        name: L('Car Accessories', '汽车用品', 'គ្រឿងបន្លាស់រថយន្ត'),
        leaves: [
          leaf(
            L('Phone Holders', '车载支架', 'ជើងទម្រទូរស័ព្ទ'),
            L('Car Phone Holder', '车载手机支架', 'ជើងទម្រទូរស័ព្ទក្នុងឡាន'),
            'box',
            ['Baseus', 'Ugreen', 'Remax'],
            [500, 2500],
            { name: COLOR, values: [black, white] },
          ),
          leaf(
            L('Car Care', '汽车护理', 'ថែទាំរថយន្ត'),
            L('Car Shampoo', '洗车液', 'សាប៊ូលាងឡាន'),
            'bottle',
            ['3M', 'Turtle Wax', 'Sonax'],
            [500, 2900],
            { name: CAP, values: volumes },
          ),
        ],
      },
    ],
  },
];

/** Words that make product names differ, in three languages. */
export const ADJECTIVES: LocalizedText[] = [
  L('Classic', '经典款', 'បុរាណ'),
  L('Pro', '专业版', 'ប្រូ'),
  L('Lite', '轻巧款', 'ស្រាល'),
  L('Premium', '高级款', 'ពិសេស'),
  L('Eco', '环保款', 'អេកូ'),
  L('Max', '加大款', 'ម៉ាក់'),
  L('Plus', '升级款', 'ផ្លាស់'),
  L('Mini', '迷你款', 'តូច'),
];

export const MERCHANTS: LocalizedText[] = [
  L('Angkor Mall Official', 'Angkor Mall 官方店', 'ហាងផ្លូវការ Angkor Mall'),
  L('Phnom Penh Digital', '金边数码', 'ភ្នំពេញឌីជីថល'),
  L('Siem Reap Home Store', '暹粒家居', 'ហាងគ្រឿងផ្ទះសៀមរាប'),
  L('Mekong Fresh Market', '湄公鲜市', 'ផ្សារស្រស់មេគង្គ'),
  L('Battambang Fashion', '马德望时装', 'ម៉ូដបាត់ដំបង'),
];

export const TAGS: { name: LocalizedText; color: string }[] = [
  { name: L('Hot Deals', '热卖', 'ពេញនិយម'), color: '#e4393c' },
  { name: L('New Arrivals', '新品', 'ទំនិញថ្មី'), color: '#1677ff' },
  { name: L('Made in Cambodia', '柬埔寨制造', 'ផលិតនៅកម្ពុជា'), color: '#00b578' },
  { name: L('Free Delivery', '免运费', 'ដឹកជញ្ជូនឥតគិតថ្លៃ'), color: '#ff8f1f' },
  { name: L('Under $10', '10美元以下', 'ក្រោម $10'), color: '#7b2ff7' },
  { name: L('Best Rated', '好评如潮', 'វាយតម្លៃល្អបំផុត'), color: '#c41d7f' },
];

export const ACTIVITIES: { name: LocalizedText; subtitle: LocalizedText; color: string; days: number }[] = [
  {
    name: L('Water Festival Sale', '送水节大促', 'ពិធីបុណ្យអុំទូក'),
    subtitle: L('Up to 40% off', '低至六折', 'បញ្ចុះតម្លៃរហូតដល់ 40%'),
    color: '#1677ff',
    days: 10,
  },
  {
    name: L('11.11 Mega Sale', '双十一狂欢', 'ការលក់ធំ 11.11'),
    subtitle: L('Deals every hour', '每小时特惠', 'ការផ្តល់ជូនរៀងរាល់ម៉ោង'),
    color: '#e4393c',
    days: 14,
  },
  {
    name: L('Back to School', '开学季', 'ត្រឡប់ទៅសាលារៀនវិញ'),
    subtitle: L('Laptops, bags and books', '电脑、书包和文具', 'កុំព្យូទ័រ កាបូប និងសៀវភៅ'),
    color: '#00b578',
    days: 30,
  },
  {
    name: L('Khmer New Year Gifts', '柬埔寨新年礼物', 'កាដូចូលឆ្នាំខ្មែរ'),
    subtitle: L('Gifts for the family', '送给家人的礼物', 'កាដូសម្រាប់គ្រួសារ'),
    color: '#ff8f1f',
    days: 60,
  },
];

export const REVIEW_TEXTS: LocalizedText[] = [
  L('Good quality, fast delivery to Phnom Penh.', '质量很好，送到金边很快。', 'គុណភាពល្អ ដឹកជញ្ជូនលឿនមកភ្នំពេញ។'),
  L('Exactly as described, I will buy again.', '和描述一样，会再买。', 'ដូចការពិពណ៌នា ខ្ញុំនឹងទិញម្តងទៀត។'),
  L('Well packed, the courier was friendly.', '包装很好，快递员很友好。', 'វេចខ្ចប់ល្អ អ្នកដឹកជញ្ជូនរួសរាយ។'),
  L('Price is fair for the quality.', '性价比不错。', 'តម្លៃសមរម្យនឹងគុណភាព។'),
  L('Arrived in two days in Siem Reap.', '两天就到暹粒了。', 'មកដល់សៀមរាបក្នុងរយៈពេលពីរថ្ងៃ។'),
  L('OK, but the colour is a little different.', '还可以，但颜色有点不一样。', 'ល្អ ប៉ុន្តែពណ៌ខុសបន្តិច។'),
];

export const COLOR_SWATCH: Record<string, string> = {
  Black: '#2b2b2b',
  White: '#f2f2f2',
  Blue: '#2f6fdf',
  Red: '#d9363e',
  Green: '#2e9d5b',
  Pink: '#f07fa8',
};
