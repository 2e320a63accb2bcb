import { type Preorder, preorderCouponList } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import List from 'antd-mobile/es/components/list';
import Popup from 'antd-mobile/es/components/popup';
import Radio from 'antd-mobile/es/components/radio';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/index.ts';
import { money } from './ui.tsx';

/**
 * The coupon row of /orderConfirm: how many coupons this order can use, and a sheet to choose one
 * (or none). One coupon per order; the server quotes it again on every change and at payment.
 */
export function CouponPicker(props: { pre: Preorder; onChoose: (couponId: string) => Promise<void> }) {
  const { t } = useTranslation('buying');
  const [open, setOpen] = useState(false);
  const { data: usable = [] } = useQuery({
    queryKey: ['preorder-coupons', props.pre.id, props.pre.itemTotalCents],
    queryFn: () => api.call(preorderCouponList, { preorderId: props.pre.id }),
  });
  const choose = async (couponId: string) => {
    await props.onChoose(couponId);
    setOpen(false);
  };
  return (
    <List className="card">
      <List.Item
        arrowIcon
        onClick={() => setOpen(true)}
        extra={
          props.pre.couponId
            ? `-${money(props.pre.discountCents)}`
            : usable.length > 0
              ? t('coupon.available', { count: usable.length })
              : t('coupon.none')
        }
        data-testid="confirm-coupon"
      >
        {t('coupon.title')}
      </List.Item>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyStyle={{ maxHeight: '70vh', overflowY: 'auto' }}>
        <Radio.Group value={props.pre.couponId ?? ''} onChange={(v) => void choose(String(v))}>
          <List header={t('coupon.choose')}>
            {usable.map((c) => (
              <List.Item
                key={c.id}
                description={t('coupon.rule', { min: money(c.minSpendCents), discount: money(c.discountCents) })}
                extra={<Radio value={String(c.id)} data-testid={`coupon-option-${c.id}`} />}
                data-testid="coupon-option"
              >
                {c.title}
              </List.Item>
            ))}
            <List.Item extra={<Radio value="" data-testid="coupon-option-none" />}>{t('coupon.noCoupon')}</List.Item>
          </List>
        </Radio.Group>
      </Popup>
    </List>
  );
}
