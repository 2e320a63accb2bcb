import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useFreightRules } from '../api/overseas.ts';
import '../overseas.css';
import { usePriceFormat } from '../../../shared/price/Price.tsx';

/** /Smilebuy/ZTLogisticsFreight: the land freight rules (weight and volume) set in the console, and the times. */
export function Component() {
  const { t } = useTranslation('overseas');
  const price = usePriceFormat();
  const { data } = useFreightRules();
  if (!data) return <Skeleton.Paragraph lineCount={6} animated />;
  return (
    <>
      <PageHeader title={t('freight.title')} />
      <div className="haitao">
        <section className="card" data-testid="haitao-freight">
          <dl className="haitao-dl">
            <dt>{t('freight.perKg')}</dt>
            <dd>{price(data.perKgCents)}</dd>
            <dt>{t('freight.minimum')}</dt>
            <dd>{price(data.minimumCents)}</dd>
            <dt>{t('freight.volumetric')}</dt>
            <dd>{t('freight.volumetricRule', { divisor: data.volumetricDivisor })}</dd>
            <dt>{t('freight.land')}</dt>
            <dd>{t('days', data.landDays)}</dd>
            <dt>{t('freight.total')}</dt>
            <dd>{t('days', data.estimateDays)}</dd>
          </dl>
        </section>
        <section className="card">
          <p className="haitao-muted">{t('freight.explain', { divisor: data.volumetricDivisor })}</p>
          <p className="haitao-muted">{t('onlineOnly')}</p>
        </section>
      </div>
    </>
  );
}
