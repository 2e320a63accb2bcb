// The demo catalogue's everyday goods: fashion, beauty and health, food and drinks, home and
// living, mother and baby, sports and outdoors, and automotive (three levels of categories).
import {
  black,
  blue,
  CAP,
  COLOR,
  green,
  L,
  leaf,
  PACK,
  packs,
  pink,
  red,
  SIZE,
  shoeSizes,
  sizes,
  type Top,
  volumes,
  WEIGHT,
  weights,
  white,
} from './demo-words.ts';

export const EVERYDAY_TOPS: Top[] = [
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
