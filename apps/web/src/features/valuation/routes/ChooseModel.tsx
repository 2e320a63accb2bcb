import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCents } from '../../../shared/format.ts';
import { useSession } from '../../../shared/session/store.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useValuationBrands } from '../api/valuation.ts';
import '../valuation.css';

/** /chooseModel (spec §2): the valuation's model picker, brands on the left, their models with pictures. */
export function Component() {
  const { t } = useTranslation('valuation');
  const navigate = useNavigate();
  const { token } = useSession();
  const { data, isPending } = useValuationBrands();
  const [brandId, setBrandId] = useState<string | null>(null);
  const brand = data?.find((b) => b.id === brandId) ?? data?.[0];
  return (
    <>
      <PageHeader
        title={t('title')}
        right={
          token ? (
            <button type="button" className="link-button" onClick={() => navigate('/valuation/appointments')}>
              {t('appointments')}
            </button>
          ) : undefined
        }
      />
      <p className="eva-intro">{t('steps')}</p>
      {isPending && <Skeleton.Paragraph lineCount={6} animated />}
      {data && data.length === 0 && <ErrorBlock status="empty" title={t('noModels')} description="" />}
      {brand && (
        <div className="eva-picker">
          <nav className="eva-brands" aria-label={t('pickModel')}>
            {data?.map((b) => (
              <button
                type="button"
                key={b.id}
                aria-pressed={b.id === brand.id}
                className={`eva-brand${b.id === brand.id ? ' eva-brand--on' : ''}`}
                onClick={() => setBrandId(b.id)}
                data-testid={`eva-brand-${b.id}`}
              >
                {b.name}
              </button>
            ))}
          </nav>
          <div className="eva-models">
            {brand.models.map((m) => (
              <button
                type="button"
                key={m.id}
                className="eva-model"
                onClick={() => navigate(`/valuation/questions?modelId=${encodeURIComponent(m.id)}`)}
                data-testid={`eva-model-${m.id}`}
              >
                <img src={m.picture} alt="" width={96} height={96} />
                <span className="eva-model__name">{m.name}</span>
                <span className="eva-model__price">{t('upTo', { amount: formatCents(m.upToCents) })}</span>
              </button>
            ))}
          </div>
        </div>
      )}
    </>
  );
}
