import { type Preorder, preorderCouponList } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import List from 'antd-mobile/es/components/list';
import Popup from 'antd-mobile/es/components/popup';
import Radio from 'antd-mobile/es/components/radio';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, firstAnswerData } from '../../../shared/api/index.ts';
import { formatDate } from '../../../shared/i18n/dates.ts';
import { money } from './ui.tsx';

/**
 * The coupon row of /orderConfirm: how many coupons this order can use, and a sheet to choose one
 * (or none). One coupon per order; the server quotes it again on every change and at payment.
 */
export function CouponPicker(props: { pre: Preorder; onChoose: (couponId: string) => Promise<void> }) {
  const { t, i18n } = useTranslation('buying');
  const [open, setOpen] = useState(false);
  const { data: usable = [] } = useQuery({
    queryKey: ['preorder-coupons', props.pre.id, props.pre.itemTotalCents],
    queryFn: () => api.call(preorderCouponList, { preorderId: props.pre.id }),
    initialData: () => firstAnswerData(preorderCouponList, { preorderId: props.pre.id }),
  });
  const choose = async (couponId: string) => {
    try {
      await props.onChoose(couponId);
      setOpen(false);
    } catch {
      // The client said why (a toast); the sheet stays for another choice.
    }
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
        {/* The whole row chooses and closes the sheet; its circle only shows the choice. */}
        <Radio.Group value={props.pre.couponId ?? ''}>
          <List header={t('coupon.choose')}>
            {usable.map((c) => (
              <List.Item
                key={c.id}
                arrowIcon={false}
                onClick={() => void choose(String(c.id))}
                description={t('coupon.validUntil', { date: formatDate(c.expiresAt, i18n.language) })}
                extra={<Radio value={String(c.id)} data-testid={`coupon-option-${c.id}`} />}
                data-testid="coupon-option"
              >
                {c.title}
              </List.Item>
            ))}
            <List.Item
              arrowIcon={false}
              onClick={() => void choose('')}
              extra={<Radio value="" data-testid="coupon-option-none" />}
              data-testid="coupon-option-none-row"
            >
              {t('coupon.noCoupon')}
            </List.Item>
          </List>
        </Radio.Group>
      </Popup>
    </List>
  );
}
