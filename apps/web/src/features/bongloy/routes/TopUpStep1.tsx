import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useCards } from '../api/bongloy.ts';
import { CardFace } from '../components/CardFace.tsx';
import { TopupSteps } from '../components/TopupSteps.tsx';
import '../bongloy.css';
import { SignedIn } from '../../../shared/session/SignedIn.tsx';

/** /bongloy/topUpStep1: choose the card to top up (active cards only). */
function Screen() {
  const { t } = useTranslation('bongloy');
  const navigate = useNavigate();
  const cards = useCards();
  const active = (cards.data ?? []).filter((c) => c.state === 'ACTIVE');
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = picked ?? active[0]?.id ?? null;
  return (
    <>
      <PageHeader title={t('topup.title')} />
      <TopupSteps current={1} />
      <main className="blg-home">
        {cards.isPending && <Skeleton.Paragraph lineCount={4} animated />}
        {active.map((card) => (
          <CardFace key={card.id} card={card} selected={card.id === chosen} onClick={() => setPicked(card.id)} />
        ))}
        {cards.data && !active.length && <p className="blg-note card blg-pad">{t('topup.noActive')}</p>}
        <Button
          block
          color="primary"
          size="large"
          disabled={!chosen}
          onClick={() => navigate(`/bongloy/topUpStep2?card=${chosen}`)}
          data-testid="topup-step1-next"
        >
          {t('next')}
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
