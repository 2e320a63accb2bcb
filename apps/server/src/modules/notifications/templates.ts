import { formatCents, formatDateIn, formatPhone, LANGUAGES, type Language } from '@shop/contracts';
import type { EventKind, EventPayloads, NotificationEvent } from './events.ts';
import { refundAfter, refundMethodName, refundNext } from './refund-words.ts';

type Text = Record<Language, string>;
type Template<K extends EventKind> = {
  title: Text;
  /** `{name}` is filled from `vars`. */
  body: Text;
  /** The variables of the body, written for one language (money, dates, phones as the screens write them). */
  vars: (data: EventPayloads[K], language: Language) => Record<string, string>;
  /** A path of the shop to open. */
  link: (data: EventPayloads[K]) => string;
};

const money = (d: { amountCents: number }) => formatCents(d.amountCents);
const order = (d: { orderId: string | number; orderNo: string }) => `/orderDetail?orderId=${d.orderId}`;
const overseasOrder = (d: { orderId: string | number }) => `/Smilebuy/orderDetail?orderId=${d.orderId}`;
const loanLink = (d: { loanId: string | number }) => `/kmf?loan=${d.loanId}`;
const visitLink = () => '/valuation/appointments';
const day = (iso: string, language: Language) => formatDateIn(`${iso.slice(0, 10)}T05:00:00Z`, language, false);

/** The templates of every event kind, in the three languages (a unit test checks the variables). */
export const TEMPLATES: { [K in EventKind]: Template<K> } = {
  'order.paid': {
    title: { 'en-US': 'Order paid', chs: '订单已支付', kh: 'ការបញ្ជាទិញបានបង់ប្រាក់' },
    body: {
      'en-US': 'We received {amount} for order {orderNo}. We are preparing it.',
      chs: '已收到订单 {orderNo} 的付款 {amount}，我们正在备货。',
      kh: 'យើងបានទទួល {amount} សម្រាប់ការបញ្ជាទិញ {orderNo}។ យើងកំពុងរៀបចំវា។',
    },
    vars: (d) => ({ amount: money(d), orderNo: d.orderNo }),
    link: order,
  },
  'order.shipped': {
    title: { 'en-US': 'Order shipped', chs: '订单已发货', kh: 'ការបញ្ជាទិញត្រូវបានដឹកជញ្ជូន' },
    body: {
      'en-US': 'Order {orderNo} is on its way with {carrier} (tracking {trackingNo}).',
      chs: '订单 {orderNo} 已由 {carrier} 发出（运单号 {trackingNo}）。',
      kh: 'ការបញ្ជាទិញ {orderNo} កំពុងដឹកជញ្ជូនដោយ {carrier} (លេខតាមដាន {trackingNo})។',
    },
    vars: (d) => ({ orderNo: d.orderNo, carrier: d.carrier, trackingNo: d.trackingNo }),
    link: order,
  },
  'order.out_for_delivery': {
    title: { 'en-US': 'Out for delivery', chs: '派送中', kh: 'កំពុងដឹកមកដល់អ្នក' },
    body: {
      'en-US': 'Order {orderNo} is out for delivery today. Keep your phone at hand.',
      chs: '订单 {orderNo} 今天派送，请保持电话畅通。',
      kh: 'ការបញ្ជាទិញ {orderNo} នឹងដឹកមកដល់ថ្ងៃនេះ។ សូមទុកទូរស័ព្ទនៅជិតខ្លួន។',
    },
    vars: (d) => ({ orderNo: d.orderNo }),
    link: order,
  },
  'order.delivered': {
    title: { 'en-US': 'Order delivered', chs: '订单已送达', kh: 'ការបញ្ជាទិញបានដល់ហើយ' },
    body: {
      'en-US': 'Order {orderNo} was delivered. Enjoy it, and tell others what you think.',
      chs: '订单 {orderNo} 已送达，欢迎评价。',
      kh: 'ការបញ្ជាទិញ {orderNo} បានដល់ហើយ។ សូមរីករាយ ហើយចែករំលែកមតិរបស់អ្នក។',
    },
    vars: (d) => ({ orderNo: d.orderNo }),
    link: order,
  },
  // The refund's method is a code; each language names it (refund-words.ts). The titles are the
  // notices' of the refund path before it told this service.
  'refund.made': {
    title: { 'en-US': 'Refund on its way', chs: '退款处理中', kh: 'ការបង្វិលប្រាក់កំពុងដំណើរការ' },
    body: {
      'en-US': '{amount} is going back to {method}{account}. {next}',
      chs: '{amount} 正在退回{method}{account}。{next}',
      kh: '{amount} កំពុងត្រូវបង្វិលទៅ{method}{account}។ {next}',
    },
    vars: (d, language) => ({
      amount: money(d),
      method: refundMethodName(d.method, language),
      account: d.bankAccount ? ` ${d.bankAccount}` : '',
      next: refundNext(d.method, language),
    }),
    link: (d) => d.link,
  },
  'refund.arrived': {
    title: { 'en-US': 'Refund sent', chs: '退款已到账', kh: 'ការបង្វិលប្រាក់បានផ្ញើរួច' },
    body: {
      'en-US': '{amount} was refunded to {method}{account}.{after}',
      chs: '{amount} 已退回{method}{account}。{after}',
      kh: '{amount} ត្រូវបានបង្វិលទៅ{method}{account}។{after}',
    },
    vars: (d, language) => ({
      amount: money(d),
      method: refundMethodName(d.method, language),
      account: d.bankAccount ? ` ${d.bankAccount}` : '',
      after: refundAfter(d.method, d.transferRef, language),
    }),
    link: (d) => d.link,
  },
  'topup.done': {
    title: { 'en-US': 'Top-up done', chs: '充值成功', kh: 'បញ្ចូលលុយបានជោគជ័យ' },
    body: {
      'en-US': '{amount} was topped up to {phone}.',
      chs: '已为 {phone} 充值 {amount}。',
      kh: 'បានបញ្ចូល {amount} ទៅលេខ {phone}។',
    },
    vars: (d) => ({ amount: money(d), phone: formatPhone(d.phone) }),
    link: (d) => `/topup?record=${d.recordId}`,
  },
  'topup.failed_refunded': {
    title: { 'en-US': 'Top-up failed, refunded', chs: '充值失败，已退款', kh: 'បញ្ចូលលុយបរាជ័យ បានសងវិញ' },
    body: {
      'en-US': 'The top-up of {amount} to {phone} failed. Your money is refunded.',
      chs: '为 {phone} 充值 {amount} 失败，款项已退回。',
      kh: 'ការបញ្ចូល {amount} ទៅលេខ {phone} បរាជ័យ។ ប្រាក់របស់អ្នកត្រូវបានសងវិញ។',
    },
    vars: (d) => ({ amount: money(d), phone: formatPhone(d.phone) }),
    link: (d) => `/topup?record=${d.recordId}`,
  },
  'card.application_approved': {
    title: { 'en-US': 'Card application approved', chs: '卡申请已通过', kh: 'ពាក្យស្នើសុំកាតត្រូវបានអនុម័ត' },
    body: {
      'en-US': 'Your prepaid card application {applicationId} is approved. We are issuing your card.',
      chs: '您的预付卡申请 {applicationId} 已通过，正在为您发卡。',
      kh: 'ពាក្យស្នើសុំកាតបង់ប្រាក់មុន {applicationId} ត្រូវបានអនុម័ត។ យើងកំពុងចេញកាតជូនអ្នក។',
    },
    vars: (d) => ({ applicationId: String(d.applicationId) }),
    link: () => '/bongloy',
  },
  'card.application_refused': {
    title: { 'en-US': 'Card application refused', chs: '卡申请未通过', kh: 'ពាក្យស្នើសុំកាតត្រូវបានបដិសេធ' },
    body: {
      'en-US': 'Your prepaid card application {applicationId} was refused: {reason}',
      chs: '您的预付卡申请 {applicationId} 未通过：{reason}',
      kh: 'ពាក្យស្នើសុំកាត {applicationId} ត្រូវបានបដិសេធ៖ {reason}',
    },
    vars: (d) => ({ applicationId: String(d.applicationId), reason: d.reason }),
    link: () => '/bongloy',
  },
  'card.issued': {
    title: { 'en-US': 'Card issued', chs: '卡已发行', kh: 'កាតត្រូវបានចេញ' },
    body: {
      'en-US': 'Your prepaid card {card} is issued and ready to top up.',
      chs: '您的预付卡 {card} 已发行，可以充值了。',
      kh: 'កាតបង់ប្រាក់មុន {card} របស់អ្នកត្រូវបានចេញ ហើយអាចបញ្ចូលលុយបាន។',
    },
    vars: (d) => ({ card: d.maskedNumber }),
    link: () => '/bongloy',
  },
  'card.topup_done': {
    title: { 'en-US': 'Card topped up', chs: '卡充值成功', kh: 'បញ្ចូលលុយកាតបានជោគជ័យ' },
    body: {
      'en-US': '{amount} was added to card {card}.',
      chs: '已向卡 {card} 充值 {amount}。',
      kh: 'បានបញ្ចូល {amount} ទៅកាត {card}។',
    },
    vars: (d) => ({ amount: money(d), card: d.maskedNumber }),
    link: () => '/bongloy',
  },
  'loan.approved': {
    title: { 'en-US': 'Loan approved', chs: '贷款已批准', kh: 'ប្រាក់កម្ចីត្រូវបានអនុម័ត' },
    body: {
      'en-US': 'Your loan {reference} of {amount} is approved.',
      chs: '您的贷款 {reference}（{amount}）已批准。',
      kh: 'ប្រាក់កម្ចី {reference} ចំនួន {amount} របស់អ្នកត្រូវបានអនុម័ត។',
    },
    vars: (d) => ({ amount: money(d), reference: d.reference }),
    link: loanLink,
  },
  'loan.disbursed': {
    title: { 'en-US': 'Loan paid out', chs: '贷款已放款', kh: 'ប្រាក់កម្ចីត្រូវបានផ្តល់' },
    body: {
      'en-US': '{amount} of loan {reference} is in your credit wallet.',
      chs: '贷款 {reference} 的 {amount} 已到您的信用钱包。',
      kh: 'ប្រាក់ {amount} នៃកម្ចី {reference} បានចូលកាបូបឥណទានរបស់អ្នក។',
    },
    vars: (d) => ({ amount: money(d), reference: d.reference }),
    link: loanLink,
  },
  'loan.repayment_due': {
    title: { 'en-US': 'Repayment due', chs: '还款提醒', kh: 'ដល់ពេលសងប្រាក់' },
    body: {
      'en-US': '{amount} of loan {reference} is due on {dueDate}.',
      chs: '贷款 {reference} 的 {amount} 应于 {dueDate} 还款。',
      kh: 'ប្រាក់ {amount} នៃកម្ចី {reference} ត្រូវសងនៅ {dueDate}។',
    },
    vars: (d, l) => ({ amount: money(d), reference: d.reference, dueDate: day(d.dueDate, l) }),
    link: loanLink,
  },
  'loan.overdue': {
    title: { 'en-US': 'Repayment overdue', chs: '还款已逾期', kh: 'ការសងប្រាក់ហួសកំណត់' },
    body: {
      'en-US': '{amount} of loan {reference} was due on {dueDate} ({days} days ago). Please repay now.',
      chs: '贷款 {reference} 的 {amount} 已于 {dueDate} 到期（逾期 {days} 天），请尽快还款。',
      kh: 'ប្រាក់ {amount} នៃកម្ចី {reference} ត្រូវសងនៅ {dueDate} (ហួស {days} ថ្ងៃ)។ សូមសងឥឡូវនេះ។',
    },
    vars: (d, l) => ({ amount: money(d), reference: d.reference, dueDate: day(d.dueDate, l), days: String(d.days) }),
    link: loanLink,
  },
  'loan.repaid': {
    title: { 'en-US': 'Loan repaid', chs: '贷款已还清', kh: 'ប្រាក់កម្ចីត្រូវបានសងរួច' },
    body: {
      'en-US': 'Loan {reference} is fully repaid. Thank you.',
      chs: '贷款 {reference} 已全部还清，谢谢。',
      kh: 'ប្រាក់កម្ចី {reference} ត្រូវបានសងរួចរាល់។ សូមអរគុណ។',
    },
    vars: (d) => ({ reference: d.reference }),
    link: loanLink,
  },
  'valuation.booked': {
    title: { 'en-US': 'Visit booked', chs: '上门已预约', kh: 'បានកក់ការមកពិនិត្យ' },
    body: {
      'en-US': 'Our valuer will visit you on {at}.',
      chs: '评估师将于 {at} 上门。',
      kh: 'អ្នកវាយតម្លៃនឹងមកជួបអ្នកនៅ {at}។',
    },
    vars: (d, l) => ({ at: formatDateIn(d.at, l) }),
    link: visitLink,
  },
  'valuation.moved': {
    title: { 'en-US': 'Visit moved', chs: '上门时间已变更', kh: 'ការមកពិនិត្យបានប្តូរពេល' },
    body: {
      'en-US': 'Your valuation visit is now on {at}.',
      chs: '上门评估改为 {at}。',
      kh: 'ការមកវាយតម្លៃរបស់អ្នកឥឡូវនៅ {at}។',
    },
    vars: (d, l) => ({ at: formatDateIn(d.at, l) }),
    link: visitLink,
  },
  'valuation.tomorrow': {
    title: { 'en-US': 'Visit tomorrow', chs: '明天上门', kh: 'ការមកពិនិត្យនៅថ្ងៃស្អែក' },
    body: {
      'en-US': 'Reminder: our valuer visits you tomorrow, {at}. Have your phone charged and unlocked.',
      chs: '提醒：评估师明天 {at} 上门，请准备好已充电并解锁的手机。',
      kh: 'រំលឹក៖ អ្នកវាយតម្លៃមកជួបអ្នកថ្ងៃស្អែក {at}។ សូមសាកថ្មទូរស័ព្ទ ហើយដោះសោវា។',
    },
    vars: (d, l) => ({ at: formatDateIn(d.at, l) }),
    link: visitLink,
  },
  'overseas.bought': {
    title: { 'en-US': 'Overseas order bought', chs: '海淘订单已采购', kh: 'ការបញ្ជាទិញពីបរទេសបានទិញ' },
    body: {
      'en-US': 'We bought the goods of overseas order {orderNo} from the seller.',
      chs: '海淘订单 {orderNo} 的商品已向卖家采购。',
      kh: 'យើងបានទិញទំនិញនៃការបញ្ជាទិញពីបរទេស {orderNo} ពីអ្នកលក់។',
    },
    vars: (d) => ({ orderNo: d.orderNo }),
    link: overseasOrder,
  },
  'overseas.at_warehouse': {
    title: { 'en-US': 'At our warehouse', chs: '已到仓库', kh: 'បានដល់ឃ្លាំង' },
    body: {
      'en-US': 'Overseas order {orderNo} arrived at our warehouse.',
      chs: '海淘订单 {orderNo} 已到达仓库。',
      kh: 'ការបញ្ជាទិញពីបរទេស {orderNo} បានដល់ឃ្លាំងរបស់យើង។',
    },
    vars: (d) => ({ orderNo: d.orderNo }),
    link: overseasOrder,
  },
  'overseas.shipped': {
    title: { 'en-US': 'Overseas order shipped', chs: '海淘订单已发货', kh: 'ការបញ្ជាទិញពីបរទេសបានដឹកជញ្ជូន' },
    body: {
      'en-US': 'Overseas order {orderNo} is on its way to you.',
      chs: '海淘订单 {orderNo} 已发往您处。',
      kh: 'ការបញ្ជាទិញពីបរទេស {orderNo} កំពុងដឹកមករកអ្នក។',
    },
    vars: (d) => ({ orderNo: d.orderNo }),
    link: overseasOrder,
  },
  'giftcard.received': {
    title: { 'en-US': 'You received a gift card', chs: '您收到一张礼品卡', kh: 'អ្នកបានទទួលកាតអំណោយ' },
    body: {
      'en-US': '{from} sent you a {amount} gift card. Claim it: {claimLink}',
      chs: '{from} 送您一张 {amount} 礼品卡，领取：{claimLink}',
      kh: '{from} បានផ្ញើកាតអំណោយ {amount} ជូនអ្នក។ ទទួលយក៖ {claimLink}',
    },
    vars: (d) => ({ amount: money(d), from: d.from, claimLink: d.claimLink }),
    link: (d) => d.claimLink,
  },
  'security.new_sign_in': {
    title: { 'en-US': 'New sign-in', chs: '新设备登录', kh: 'ការចូលពីឧបករណ៍ថ្មី' },
    body: {
      'en-US': 'Your account was signed in on {device} at {at}. Not you? Change your password now.',
      chs: '您的账户于 {at} 在 {device} 上登录。如非本人操作，请立即修改密码。',
      kh: 'គណនីរបស់អ្នកបានចូលនៅលើ {device} នៅ {at}។ មិនមែនអ្នក? សូមប្តូរពាក្យសម្ងាត់ឥឡូវនេះ។',
    },
    vars: (d, l) => ({ device: d.device, at: formatDateIn(d.at, l) }),
    link: () => '/settings',
  },
  'security.pay_password_changed': {
    title: { 'en-US': 'Pay password changed', chs: '支付密码已修改', kh: 'ពាក្យសម្ងាត់ទូទាត់ត្រូវបានប្តូរ' },
    body: {
      'en-US': 'Your pay password was changed at {at}. Not you? Call us now.',
      chs: '您的支付密码已于 {at} 修改。如非本人操作，请立即联系我们。',
      kh: 'ពាក្យសម្ងាត់ទូទាត់របស់អ្នកត្រូវបានប្តូរនៅ {at}។ មិនមែនអ្នក? សូមទាក់ទងយើងភ្លាម។',
    },
    vars: (d, l) => ({ at: formatDateIn(d.at, l) }),
    link: () => '/settings',
  },
  promotion: {
    title: { 'en-US': '{title}', chs: '{title}', kh: '{title}' },
    body: { 'en-US': '{body}', chs: '{body}', kh: '{body}' },
    vars: (d, l) => ({ title: d.title[l], body: d.body[l] }),
    link: (d) => d.link,
  },
};

const fill = (template: string, vars: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);

export type Rendered = { title: string; body: string; link: string };

/** An event's title, body and link in one language. */
export function render(event: Pick<NotificationEvent, 'kind' | 'data'>, language: Language): Rendered {
  const template = TEMPLATES[event.kind] as Template<EventKind>;
  const vars = template.vars(event.data as never, language);
  return {
    title: fill(template.title[language], vars),
    body: fill(template.body[language], vars),
    link: template.link(event.data as never),
  };
}

/** The three languages at once (the in-app notice keeps all three; the console previews them). */
export function renderAll(event: Pick<NotificationEvent, 'kind' | 'data'>): Record<Language, Rendered> {
  return Object.fromEntries(LANGUAGES.map((l) => [l, render(event, l)])) as Record<Language, Rendered>;
}

/** The `{name}`s a template text uses. */
export const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
