import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useCards, useCardTopups } from '../api/bongloy.ts';
import { CardFace } from '../components/CardFace.tsx';
import { TopupRow } from '../components/TopupRow.tsx';
import '../bongloy.css';
import { SignedIn } from '../../../shared/session/SignedIn.tsx';

/** /bongloyTopUp: card top-up: the active cards with their balance, top up, and the history. */
function Screen() {
  const { t } = useTranslation('bongloy');
  const navigate = useNavigate();
  const cards = useCards();
  const history = useCardTopups();
  const active = (cards.data ?? []).filter((c) => c.state === 'ACTIVE');
  return (
    <>
      <PageHeader
        title={t('topup.title')}
        right={
          <button type="button" className="link-button" onClick={() => navigate('/bongloy/topUpSteps')}>
            {t('topup.how')}
          </button>
        }
      />
      <main className="blg-home">
        {cards.isPending && <Skeleton.Paragraph lineCount={4} animated />}
        {active.map((card) => (
          <CardFace key={card.id} card={card} />
        ))}
        {cards.data && !active.length && <p className="blg-note card blg-pad">{t('topup.noActive')}</p>}
        <Button
          block
          color="primary"
          disabled={!active.length}
          onClick={() => navigate('/bongloy/topUpStep1')}
          data-testid="topup-start"
        >
          {t('topup.start')}
        </Button>
        <section className="card blg-list">
          <h2>{t('topup.history')}</h2>
          {(history.data?.list ?? []).map((row) => (
            <TopupRow key={row.id} topup={row} onClick={() => navigate(`/bongloy/topUpOrderDetail?id=${row.id}`)} />
          ))}
          {history.data && !history.data.list.length && <p className="blg-note">{t('topup.noHistory')}</p>}
        </section>
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
