import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { formatCents } from '../../../shared/format.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useCards, useCreateCardTopup } from '../api/bongloy.ts';
import { CardFace } from '../components/CardFace.tsx';
import { TopupSteps } from '../components/TopupSteps.tsx';
import '../bongloy.css';
import { SignedIn } from '../../../shared/session/SignedIn.tsx';

/** /bongloy/topUpStep3?card=&amount=: confirm, then pay at the cashier. */
function Screen() {
  const { t } = useTranslation('bongloy');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const cards = useCards();
  const create = useCreateCardTopup();
  const cardId = params.get('card');
  const amount = Number(params.get('amount'));
  if (!cardId || !Number.isInteger(amount) || amount <= 0) return <Navigate to="/bongloy/topUpStep1" replace />;
  const card = cards.data?.find((c) => c.id === cardId);
  const pay = async () => {
    try {
      const order = await create.mutateAsync({ cardId, amountCents: amount });
      navigate(`/cashier?orderId=${order.id}&kind=bongloytopup`);
    } catch {}
  };
  return (
    <>
      <PageHeader title={t('topup.title')} />
      <TopupSteps current={3} />
      <main className="blg-form card">
        {card && <CardFace card={card} />}
        <dl className="blg-fees">
          <dt className="blg-total">{t('topup.amount')}</dt>
          <dd className="blg-total" data-testid="topup-amount">
            {formatCents(amount)}
          </dd>
        </dl>
        <p className="blg-note">{t('topup.payNote')}</p>
        <Button block color="primary" size="large" loading={create.isPending} onClick={pay} data-testid="topup-pay">
          {t('step5.pay')}
        </Button>
      </main>
    </>
  );
}

export function Component() {
  return (
    <SignedIn>
      <Screen />
    </SignedIn>
  );
}
