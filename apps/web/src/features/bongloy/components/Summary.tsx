import type { BongloyApplication } from '@shop/contracts';
import { useTranslation } from 'react-i18next';
import { formatCents, formatPhone } from '../../../shared/format.ts';

/** An application at a glance: number, state, applicant, order and fees. */
export function Summary({ application: a }: { application: BongloyApplication }) {
  const { t } = useTranslation('bongloy');
  return (
    <dl className="blg-fees" data-testid="summary">
      <dt>{t('detail.no')}</dt>
      <dd>{a.applicationNo}</dd>
      <dt>{t('detail.state')}</dt>
      <dd className={`blg-state blg-state--${a.state}`} data-testid="state">
        {t(`state.${a.state}`)}
      </dd>
      {a.personal && (
        <>
          <dt>{t('detail.applicant')}</dt>
          <dd>
            {a.personal.firstName} {a.personal.lastName}
          </dd>
        </>
      )}
      <dt>{t('step4.count')}</dt>
      <dd>{a.cardCount}</dd>
      <dt>{t('detail.delivery')}</dt>
      <dd>{a.delivery ? t(`step4.${a.delivery}`) : '-'}</dd>
      {a.shipping && (
        <>
          <dt>{t('step4.address')}</dt>
          <dd>
            {a.shipping.name}, {formatPhone(a.shipping.mobile, '+855')}, {a.shipping.address} {a.shipping.zipCode}
          </dd>
        </>
      )}
      <dt>{t('step4.cardFee', { count: a.cardCount })}</dt>
      <dd>{formatCents(a.cardFeeCents)}</dd>
      <dt>{t('step4.shippingFee')}</dt>
      <dd>{formatCents(a.shippingFeeCents)}</dd>
      <dt className="blg-total">{t('step4.total')}</dt>
      <dd className="blg-total">{formatCents(a.totalCents)}</dd>
      {a.refusal && (
        <>
          <dt>{t('detail.refusal')}</dt>
          <dd className="blg-state--REFUSED">{a.refusal}</dd>
        </>
      )}
    </dl>
  );
}
