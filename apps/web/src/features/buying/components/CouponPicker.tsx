import { type Preorder, preorderCouponList } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import List from 'antd-mobile/es/components/list';
import Popup from 'antd-mobile/es/components/popup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, firstAnswerData } from '../../../shared/api/index.ts';
import { formatDate } from '../../../shared/i18n/dates.ts';
import { usePriceFormat } from '../../../shared/price/Price.tsx';
import { ActionItem } from '../../../shared/ui/ActionItem.tsx';
import { HeldFocus } from '../../../shared/ui/HeldFocus.tsx';

/**
 * The coupon row of /orderConfirm: how many coupons this order can use, and a sheet to choose one
 * (or none). One coupon per order; the server quotes it again on every change and at payment.
 */
export function CouponPicker(props: { pre: Preorder; onChoose: (couponId: string) => Promise<void> }) {
  const { t, i18n } = useTranslation('buying');
  const price = usePriceFormat();
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
  const chosen = props.pre.couponId ?? '';
  const option = (id: string, title: string, description: string | undefined, testId: string) => (
    <ActionItem
      key={id || 'none'}
      arrowIcon={false}
      onClick={() => void choose(id)}
      description={description}
      extra={<span className={`coupon-mark${chosen === id ? ' coupon-mark--on' : ''}`} aria-hidden="true" />}
      aria-pressed={chosen === id}
      data-testid={testId}
    >
      {title}
    </ActionItem>
  );
  return (
    <List className="card">
      <ActionItem
        arrowIcon
        onClick={() => setOpen(true)}
        extra={
          props.pre.couponId
            ? price(-props.pre.discountCents)
            : usable.length > 0
              ? t('coupon.available', { count: usable.length })
              : t('coupon.none')
        }
        aria-haspopup="dialog"
        data-testid="confirm-coupon"
      >
        {t('coupon.title')}
      </ActionItem>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyStyle={{ maxHeight: '70vh', overflowY: 'auto' }}>
        {/* A modal sheet as the spec sheet is (HeldFocus): the focus in it, Escape closes it and
            the focus goes back to the coupon row. Each row is a button that chooses and closes;
            the chosen one is pressed, its mark only shows it. */}
        <HeldFocus open={open} label={t('coupon.choose')} onClose={() => setOpen(false)}>
          <List header={t('coupon.choose')}>
            {usable.map((c) =>
              option(
                String(c.id),
                c.title,
                t('coupon.validUntil', { date: formatDate(c.expiresAt, i18n.language) }),
                'coupon-option',
              ),
            )}
            {option('', t('coupon.noCoupon'), undefined, 'coupon-option-none-row')}
          </List>
        </HeldFocus>
      </Popup>
    </List>
  );
}
