import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCents } from '../../../shared/format.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { QuantityStepper } from '../../../shared/ui/QuantityStepper.tsx';
import { useBongloyPage, useStep4 } from '../api/bongloy.ts';
import { GuardStep, Steps, stepPath } from './Steps.tsx';

/** Step 4, the card order: how many cards (up to the per-person limit), fees, pickup or express. */
export function Step4({ delivery }: { delivery: 'pickup' | 'express' }) {
  const { t } = useTranslation('bongloy');
  const navigate = useNavigate();
  const { data, isPending } = useBongloyPage();
  const save = useStep4();
  const countId = useId();
  const draft = data?.draft;
  const [count, setCount] = useState(1);
  const [shipping, setShipping] = useState({ name: '', mobile: '', zipCode: '', address: '' });
  useEffect(() => {
    if (draft?.cardCount) setCount(draft.cardCount);
    if (draft?.shipping) setShipping(draft.shipping);
    else if (draft?.personal)
      setShipping((s) => ({
        ...s,
        name: s.name || `${draft.personal?.firstName} ${draft.personal?.lastName}`,
        mobile: s.mobile || (draft.personal?.phone ?? ''),
      }));
  }, [draft]);

  if (isPending || !data) return <Skeleton.Paragraph lineCount={8} animated />;
  if (!draft || draft.step < 4 || (draft.state !== 'DRAFT' && draft.state !== 'WP'))
    return <GuardStep draft={draft} step={4} />;

  const held = draft.state === 'WP' ? draft.cardCount : 0;
  const left = Math.max(0, data.limit - data.used + held);
  const fee = data.cardFeeCents * count;
  const ship = delivery === 'express' ? data.shippingFeeCents : 0;
  const submit = async () => {
    try {
      await save.mutateAsync({
        id: draft.id,
        cardCount: count,
        delivery,
        ...(delivery === 'express' ? { shipping } : {}),
      });
      navigate(stepPath(5));
    } catch {}
  };
  const set = (key: keyof typeof shipping) => (e: { target: { value: string } }) =>
    setShipping((s) => ({ ...s, [key]: e.target.value }));

  return (
    <>
      <PageHeader title={t('apply')} />
      <Steps current={4} />
      <main className="blg-form card">
        <div className="blg-row">
          <span id={countId}>{t('step4.count')}</span>
          <QuantityStepper
            min={1}
            max={Math.max(1, left)}
            value={count}
            onChange={setCount}
            labelledBy={countId}
            testId="card-count"
          />
        </div>
        <p className="blg-note">{t('step4.limit', { limit: data.limit, left })}</p>
        <div className="blg-choices" role="tablist">
          {(['pickup', 'express'] as const).map((d) => (
            <button
              type="button"
              key={d}
              role="tab"
              aria-selected={delivery === d}
              className={delivery === d ? 'on' : ''}
              onClick={() => navigate(d === 'pickup' ? '/bongloy/step4_1' : '/bongloy/step4_2', { replace: true })}
            >
              {t(`step4.${d}`)}
            </button>
          ))}
        </div>
        {delivery === 'pickup' ? (
          <p className="blg-note">{t('step4.pickupNote')}</p>
        ) : (
          (['name', 'mobile', 'zipCode', 'address'] as const).map((k) => (
            <label className="blg-field" key={k}>
              <span>{t(`step4.${k}`)}</span>
              <input
                value={shipping[k]}
                onChange={set(k)}
                name={k}
                inputMode={k === 'mobile' || k === 'zipCode' ? 'numeric' : undefined}
              />
            </label>
          ))
        )}
        <dl className="blg-fees">
          <dt>{t('step4.cardFee', { count })}</dt>
          <dd>{formatCents(fee)}</dd>
          <dt>{t('step4.shippingFee')}</dt>
          <dd>{formatCents(ship)}</dd>
          <dt className="blg-total">{t('step4.total')}</dt>
          <dd className="blg-total" data-testid="total">
            {formatCents(fee + ship)}
          </dd>
        </dl>
      </main>
      <div className="blg-actions">
        <Button
          block
          color="primary"
          size="large"
          loading={save.isPending}
          disabled={left < 1}
          onClick={submit}
          data-testid="step4-next"
        >
          {left < 1 ? t('step4.none') : t('next')}
        </Button>
      </div>
    </>
  );
}
