import { COUPON_STATES, type CouponState } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Input from 'antd-mobile/es/components/input';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Tabs from 'antd-mobile/es/components/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/index.ts';
import { formatDate } from '../../../shared/i18n/dates.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { FormField, useFieldErrors } from '../../../shared/ui/FormField.tsx';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useCoupons, useExchangeCode } from '../api/coupons.ts';
import '../coupons.css';
import { CouponTicket } from './CouponTicket.tsx';

function CouponList({ state }: { state: CouponState }) {
  const { t } = useTranslation('coupons');
  const { data, isPending } = useCoupons(state);
  if (isPending) return <Skeleton.Paragraph lineCount={4} animated />;
  if (!data || data.list.length === 0) return <ErrorBlock status="empty" title={t(`empty.${state}`)} description="" />;
  return (
    <div className="tickets">
      {data.list.map((c) => (
        <CouponTicket
          key={c.id}
          discountCents={c.discountCents}
          minSpendCents={c.minSpendCents}
          title={c.title}
          dimmed={state !== 'valid'}
          stamp={state === 'valid' ? undefined : t(`state.${state}`)}
          line={
            state === 'used' && c.usedAt
              ? t('usedOn', { date: formatDate(c.usedAt, currentLanguage()) })
              : t('validUntil', {
                  from: formatDate(c.validFrom, currentLanguage()),
                  to: formatDate(c.expiresAt, currentLanguage()),
                })
          }
        />
      ))}
    </div>
  );
}

/** /coupon: valid, invalid (expired) and used coupons, and the promo code entry. */
export function Component() {
  const { t } = useTranslation('coupons');
  const [tab, setTab] = useState<CouponState>('valid');
  const [code, setCode] = useState('');
  const fields = useFieldErrors<'code'>();
  const exchange = useExchangeCode();

  const submit = async () => {
    if (!fields.check({ code: !code.trim() && t('enterCode') })) return;
    try {
      const coupon = await exchange.mutateAsync(code.trim());
      setCode('');
      setTab('valid');
      showToast(t('codeAccepted', { title: coupon.title }));
    } catch (error) {
      // COUPONCODE0005 passes the client silently (spec §7): it is said here, under the field.
      if (error instanceof ApiError && error.code !== 'DOUBLE_TAP') fields.refuse('code', error.message);
    }
  };

  return (
    <>
      <PageHeader title={t('title')} />
      <FormField field={fields.field('code')} label={t('codeLabel')} className="promo card" errorTestId="promo-error">
        <div className="promo__row">
          <Input
            id={fields.field('code').id}
            data-testid="promo-code"
            placeholder={t('codePlaceholder')}
            value={code}
            onChange={setCode}
            maxLength={40}
          />
          <Button color="primary" size="small" loading={exchange.isPending} onClick={submit} data-testid="promo-submit">
            {t('exchange')}
          </Button>
        </div>
      </FormField>
      <Tabs activeKey={tab} onChange={(key) => setTab(key as CouponState)} className="coupon-tabs">
        {COUPON_STATES.map((state) => (
          <Tabs.Tab key={state} title={t(`tab.${state}`)} data-testid={`coupon-tab-${state}`} />
        ))}
      </Tabs>
      <CouponList state={tab} key={tab} />
      <p className="coupon-note">{t('note')}</p>
    </>
  );
}
