import type { ErrorEntry } from './types.ts';

/** Cart, preorder and order errors (spec §5, §8). */
export const orderErrors = {
  ORD0001: { 'en-US': 'The order does not exist', chs: '订单不存在', kh: 'ការបញ្ជាទិញនេះមិនមានទេ' },
  ORD0002: {
    'en-US': 'The order cannot be {action} in its current state',
    chs: '订单当前状态不能执行此操作（{action}）',
    kh: 'មិនអាចធ្វើសកម្មភាព ({action}) លើការបញ្ជាទិញនេះក្នុងស្ថានភាពបច្ចុប្បន្នបានទេ',
  },
  ORD0003: { 'en-US': 'Item out of stock', chs: '商品已售罄', kh: 'ទំនិញអស់ពីស្តុក' },
  ORD0004: {
    'en-US': 'Sorry, this item is no longer available',
    chs: '抱歉，该商品已下架',
    kh: 'សូមអភ័យទោស ទំនិញនេះលែងមានលក់ហើយ',
  },
  ORD0005: { 'en-US': 'Not enough stock', chs: '库存不足', kh: 'ស្តុកមិនគ្រប់គ្រាន់' },
  ORD0006: {
    'en-US': 'You can buy at most {max} of this item',
    chs: '该商品最多可购买 {max} 件',
    kh: 'អ្នកអាចទិញទំនិញនេះបានច្រើនបំផុត {max}',
  },
  ORD0007: {
    'en-US': 'Cart items failed, please choose items again',
    chs: '购物车商品已失效，请重新选择',
    kh: 'ទំនិញក្នុងរទេះមិនត្រឹមត្រូវ សូមជ្រើសរើសម្តងទៀត',
  },
  ORD0008: { 'en-US': 'Please choose a delivery address', chs: '请选择收货地址', kh: 'សូមជ្រើសរើសអាសយដ្ឋានដឹកជញ្ជូន' },
  ORD0009: { 'en-US': 'Please choose a delivery method', chs: '请选择配送方式', kh: 'សូមជ្រើសរើសវិធីដឹកជញ្ជូន' },
  ORD0010: {
    'en-US': 'Payment method not supported for this delivery method',
    chs: '该配送方式不支持此支付方式',
    kh: 'វិធីទូទាត់នេះមិនគាំទ្រសម្រាប់វិធីដឹកជញ្ជូននេះទេ',
  },
  ORD0011: {
    'en-US': 'The order form has expired, please order again',
    chs: '订单已过期，请重新下单',
    kh: 'ទម្រង់បញ្ជាទិញផុតកំណត់ សូមបញ្ជាទិញម្តងទៀត',
  },
  ORD0012: { 'en-US': 'The pickup store is not available', chs: '自提门店不可用', kh: 'ហាងទទួលយកមិនអាចប្រើបានទេ' },
  ORD0013: {
    'en-US': 'The order has already been reviewed',
    chs: '该订单已评价',
    kh: 'ការបញ្ជាទិញនេះត្រូវបានវាយតម្លៃរួចហើយ',
  },
  ORD0014: {
    'en-US': 'Only finished orders can be reviewed',
    chs: '只有已完成的订单可以评价',
    kh: 'មានតែការបញ្ជាទិញដែលបានបញ្ចប់ទេដែលអាចវាយតម្លៃបាន',
  },
  ORD0015: { 'en-US': 'Quantity must be at least 1', chs: '数量至少为 1', kh: 'បរិមាណត្រូវតែយ៉ាងហោចណាស់ 1' },
  ORD0016: { 'en-US': 'This service is not available yet', chs: '该服务暂不可用', kh: 'សេវានេះមិនទាន់អាចប្រើបានទេ' },
  ORD0017: {
    'en-US': 'The carrier event signature is invalid',
    chs: '物流事件签名无效',
    kh: 'ហត្ថលេខាព្រឹត្តិការណ៍ដឹកជញ្ជូនមិនត្រឹមត្រូវ',
  },
  ORD0018: { 'en-US': 'Unknown waybill number', chs: '运单号不存在', kh: 'លេខវិក្កយបត្រដឹកជញ្ជូនមិនស្គាល់' },
  ORD0019: {
    'en-US': 'This waybill number is already used by another order',
    chs: '该运单号已被其他订单使用',
    kh: 'លេខវិក្កយបត្រដឹកជញ្ជូននេះត្រូវបានប្រើដោយការបញ្ជាទិញផ្សេងរួចហើយ',
  },
  ORD0020: {
    'en-US': 'The time to pay this order is over; it will be cancelled',
    chs: '该订单已超过支付时间，将被取消',
    kh: 'ពេលវេលាបង់ប្រាក់សម្រាប់ការបញ្ជាទិញនេះបានហួសហើយ ការបញ្ជាទិញនឹងត្រូវលុបចោល',
  },
  ORD0080: {
    'en-US':
      'Your payment for this order is being confirmed, so it cannot be cancelled now. Try again once it is settled (within 15 minutes).',
    chs: '该订单的付款正在确认中，暂时不能取消。请在付款有结果后再试（15 分钟内）。',
    kh: 'ការបង់ប្រាក់សម្រាប់ការបញ្ជាទិញនេះកំពុងត្រូវបានបញ្ជាក់ ដូច្នេះមិនអាចលុបចោលឥឡូវនេះបានទេ។ សូមព្យាយាមម្តងទៀតនៅពេលការបង់ប្រាក់មានលទ្ធផល (ក្នុងរយៈពេល ១៥ នាទី)។',
  },
} satisfies Record<string, ErrorEntry>;
