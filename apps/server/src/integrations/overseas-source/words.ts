// The local source's vocabulary: the words its titles and attributes are made of, in Chinese (as
// the sources write them) with the English and Khmer a translating source gives beside them.

type Word = [zh: string, en: string, kh: string];

export const CATEGORY_WORDS: { id: string; name: Word; nouns: Word[]; kind: 'wear' | 'thing' }[] = [
  {
    id: '16',
    name: ['女装', "Women's clothing", 'សម្លៀកបំពាក់នារី'],
    kind: 'wear',
    nouns: [
      ['连衣裙', 'dress', 'រ៉ូប'],
      ['半身裙', 'skirt', 'សំពត់'],
      ['T恤', 'T-shirt', 'អាវយឺត'],
      ['衬衫', 'blouse', 'អាវស'],
    ],
  },
  {
    id: '30',
    name: ['男装', "Men's clothing", 'សម្លៀកបំពាក់បុរស'],
    kind: 'wear',
    nouns: [
      ['夹克', 'jacket', 'អាវក្រៅ'],
      ['休闲裤', 'trousers', 'ខោវែង'],
      ['Polo衫', 'polo shirt', 'អាវប៉ូឡូ'],
      ['卫衣', 'hoodie', 'អាវមានមួក'],
    ],
  },
  {
    id: '50006843',
    name: ['鞋靴', 'Shoes', 'ស្បែកជើង'],
    kind: 'wear',
    nouns: [
      ['运动鞋', 'sneakers', 'ស្បែកជើងកីឡា'],
      ['凉鞋', 'sandals', 'ស្បែកជើងសង្រែក'],
      ['帆布鞋', 'canvas shoes', 'ស្បែកជើងក្រណាត់'],
    ],
  },
  {
    id: '50006842',
    name: ['箱包', 'Bags', 'កាបូប'],
    kind: 'thing',
    nouns: [
      ['双肩包', 'backpack', 'កាបូបស្ពាយ'],
      ['手提包', 'handbag', 'កាបូបដៃ'],
      ['行李箱', 'suitcase', 'វ៉ាលី'],
    ],
  },
  {
    id: '21',
    name: ['家居', 'Home', 'គ្រឿងប្រើប្រាស់ក្នុងផ្ទះ'],
    kind: 'thing',
    nouns: [
      ['收纳盒', 'storage box', 'ប្រអប់ដាក់របស់'],
      ['保温杯', 'thermos cup', 'កែវរក្សាកម្ដៅ'],
      ['抱枕', 'cushion', 'ខ្នើយ'],
    ],
  },
  {
    id: '50008090',
    name: ['数码', 'Electronics', 'គ្រឿងអេឡិចត្រូនិច'],
    kind: 'thing',
    nouns: [
      ['蓝牙耳机', 'Bluetooth earphones', 'កាសប៊្លូធូស'],
      ['充电宝', 'power bank', 'ថ្មបម្រុង'],
      ['手机壳', 'phone case', 'ស្រោមទូរស័ព្ទ'],
    ],
  },
  {
    id: '25',
    name: ['玩具', 'Toys', 'ប្រដាប់ក្មេងលេង'],
    kind: 'thing',
    nouns: [
      ['积木', 'building blocks', 'ប្លុកសំណង់'],
      ['毛绒玩具', 'plush toy', 'តុក្កតារោម'],
      ['遥控车', 'remote control car', 'ឡានបញ្ជាពីចម្ងាយ'],
    ],
  },
  {
    id: '1801',
    name: ['美妆', 'Beauty', 'គ្រឿងសំអាង'],
    kind: 'thing',
    nouns: [
      ['口红', 'lipstick', 'ក្រែមលាបមាត់'],
      ['面膜', 'face mask', 'ម៉ាសមុខ'],
      ['防晒霜', 'sunscreen', 'ឡេការពារកម្ដៅថ្ងៃ'],
    ],
  },
];

export const ADJECTIVES: Word[] = [
  ['新款', 'new', 'ថ្មី'],
  ['夏季', 'summer', 'រដូវក្ដៅ'],
  ['韩版', 'Korean-style', 'បែបកូរ៉េ'],
  ['宽松', 'loose', 'ធូរ'],
  ['纯棉', 'cotton', 'កប្បាស'],
  ['百搭', 'versatile', 'ងាយផ្គូផ្គង'],
  ['简约', 'minimalist', 'សាមញ្ញ'],
  ['网红', 'trending', 'ពេញនិយម'],
  ['大容量', 'large', 'ធំ'],
  ['便携', 'portable', 'យួរងាយ'],
];

export const COLOURS: Word[] = [
  ['黑色', 'black', 'ខ្មៅ'],
  ['白色', 'white', 'ស'],
  ['红色', 'red', 'ក្រហម'],
  ['蓝色', 'blue', 'ខៀវ'],
  ['粉色', 'pink', 'ផ្កាឈូក'],
  ['绿色', 'green', 'បៃតង'],
];
/** The colours' hues (for the pictures and the picture search). */
export const COLOUR_HEX = ['#222222', '#eeeeee', '#d83a34', '#2f6fd6', '#f08fb0', '#3a9a55'];

export const SIZES = ['S', 'M', 'L', 'XL'];
export const EDITIONS: Word[] = [
  ['标准版', 'standard', 'ស្តង់ដារ'],
  ['升级版', 'upgraded', 'កំណែថ្មី'],
];
export const ATTR_COLOUR: Word = ['颜色', 'Colour', 'ពណ៌'];
export const ATTR_SIZE: Word = ['尺码', 'Size', 'ទំហំ'];
export const ATTR_EDITION: Word = ['规格', 'Edition', 'ប្រភេទ'];

export const SHOP_WORDS = ['优品', '潮流', '精选', '工厂店', '旗舰店', '生活馆', '百货', '原创'];
export const CITIES = ['杭州', '广州', '义乌', '深圳', '上海', '泉州', '苏州', '东莞'];
