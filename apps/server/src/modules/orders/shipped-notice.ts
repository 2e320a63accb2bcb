import type { Localized } from '@shop/contracts';

/** The notice a shopper gets when staff hand their parcel to a carrier (spec §3 notices, kind order_shipped). */
export function shippedNotice(order: { id: string; orderNo: string; logisticsCompany: string; waybillNo: string }): {
  kind: 'order_shipped';
  title: Localized;
  body: Localized;
  link: string;
} {
  const { orderNo, logisticsCompany: company, waybillNo: waybill } = order;
  return {
    kind: 'order_shipped',
    title: { 'en-US': 'Your order has shipped', chs: '您的订单已发货', kh: 'ការបញ្ជាទិញរបស់អ្នកត្រូវបានដឹកជញ្ជូន' },
    body: {
      'en-US': `Order ${orderNo} is on its way with ${company}, waybill ${waybill}.`,
      chs: `订单 ${orderNo} 已交由 ${company} 配送，运单号 ${waybill}。`,
      kh: `ការបញ្ជាទិញ ${orderNo} កំពុងដឹកជញ្ជូនដោយ ${company} លេខដឹកជញ្ជូន ${waybill}។`,
    },
    link: `/orderDetail?orderId=${order.id}`,
  };
}
