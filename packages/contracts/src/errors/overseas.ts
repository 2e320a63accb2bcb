import type { ErrorEntry } from './types.ts';

/** The overseas channel (haitao): its source, cart, quotes and orders. */
export const overseasErrors = {
  HAI00001: {
    'en-US': 'The overseas channel is not available right now',
    chs: '海淘频道暂不可用',
    kh: 'ផ្នែកទិញពីបរទេសមិនអាចប្រើបានទេនៅពេលនេះ',
  },
  HAI00002: {
    'en-US': 'The overseas shop is slow to answer, please try again in a moment',
    chs: '海外货源响应较慢，请稍后再试',
    kh: 'ហាងបរទេសឆ្លើយតបយឺត សូមព្យាយាមម្ដងទៀតបន្តិចទៀត',
  },
  HAI00003: {
    'en-US': 'Sorry, this item is no longer available',
    chs: '抱歉，该商品已下架',
    kh: 'សូមទោស ទំនិញនេះលែងមានទៀតហើយ',
  },
  HAI00004: {
    'en-US': 'Not enough stock',
    chs: '库存不足',
    kh: 'ស្តុកមិនគ្រប់គ្រាន់',
  },
  HAI00005: {
    'en-US': 'This is not a taobao or 1688 product link',
    chs: '这不是淘宝或1688的商品链接',
    kh: 'នេះមិនមែនជាតំណផលិតផល taobao ឬ 1688 ទេ',
  },
  HAI00006: {
    'en-US': 'Please choose items in the cart first',
    chs: '请先在购物车中选择商品',
    kh: 'សូមជ្រើសរើសទំនិញក្នុងកន្ត្រកជាមុនសិន',
  },
  HAI00007: {
    'en-US': 'The cart line does not exist',
    chs: '购物车商品不存在',
    kh: 'ទំនិញក្នុងកន្ត្រកនេះមិនមានទេ',
  },
  HAI00008: {
    'en-US': 'This quote has expired, please confirm the order again',
    chs: '报价已过期，请重新确认订单',
    kh: 'តម្លៃនេះផុតកំណត់ហើយ សូមបញ្ជាក់ការបញ្ជាទិញម្ដងទៀត',
  },
  HAI00009: {
    'en-US': 'Please choose a delivery address',
    chs: '请选择收货地址',
    kh: 'សូមជ្រើសរើសអាសយដ្ឋានដឹកជញ្ជូន',
  },
  HAI00010: {
    'en-US': 'The overseas order does not exist',
    chs: '海淘订单不存在',
    kh: 'ការបញ្ជាទិញពីបរទេសនេះមិនមានទេ',
  },
  HAI00011: {
    'en-US': 'This overseas order can no longer be paid',
    chs: '该海淘订单已无法支付',
    kh: 'ការបញ្ជាទិញពីបរទេសនេះមិនអាចទូទាត់បានទៀតទេ',
  },
  HAI00012: {
    'en-US': 'The order cannot move from {from} to {to}',
    chs: '订单无法从 {from} 变为 {to}',
    kh: 'ការបញ្ជាទិញមិនអាចប្ដូរពី {from} ទៅ {to} បានទេ',
  },
  HAI00013: {
    'en-US': 'The overseas shop did not sell us the goods; your money has been returned',
    chs: '海外卖家未能出售该商品，款项已退回',
    kh: 'ហាងបរទេសមិនបានលក់ទំនិញឱ្យយើងទេ ប្រាក់របស់អ្នកត្រូវបានបង្វិលសងវិញ',
  },
  HAI00014: {
    'en-US': 'The picture could not be read, please choose another one',
    chs: '无法读取图片，请换一张',
    kh: 'មិនអាចអានរូបភាពបានទេ សូមជ្រើសរើសរូបផ្សេង',
  },
  HAI00015: {
    'en-US': 'The overseas shop does not exist',
    chs: '该海外店铺不存在',
    kh: 'ហាងបរទេសនេះមិនមានទេ',
  },
  HAI00016: {
    'en-US': 'Every shop of the order needs its source order number',
    chs: '订单中的每个店铺都需要填写货源订单号',
    kh: 'ហាងនីមួយៗនៃការបញ្ជាទិញត្រូវការលេខបញ្ជាទិញពីប្រភព',
  },
  HAI00017: {
    'en-US': 'Staff refunded the order: {reason}',
    chs: '客服已退款：{reason}',
    kh: 'បុគ្គលិកបានបង្វិលសងការបញ្ជាទិញ៖ {reason}',
  },
} satisfies Record<string, ErrorEntry>;
