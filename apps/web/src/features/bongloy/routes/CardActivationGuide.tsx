import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useActivate, useCards } from '../api/bongloy.ts';
import { CardFace } from '../components/CardFace.tsx';
import '../bongloy.css';
import { SignedIn } from '../../../shared/session/SignedIn.tsx';

/** /bongloy/cardActivationGuide: how to activate a received card, and the activation itself. */
function Screen() {
  const { t } = useTranslation('bongloy');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const cards = useCards();
  const activate = useActivate();
  const [last4, setLast4] = useState('');
  const waiting = (cards.data ?? []).filter((c) => c.state === 'ISSUED');
  const card = waiting.find((c) => c.id === params.get('card')) ?? waiting[0];
  const submit = async () => {
    if (!card) return;
    if (!/^\d{4}$/.test(last4)) return showToast(t('activation.fourDigits'));
    try {
      await activate.mutateAsync({ cardId: card.id, last4 });
      showToast(t('activation.done'));
      navigate('/bongloy', { replace: true });
    } catch {}
  };
  return (
    <>
      <PageHeader title={t('activation.title')} />
      <main className="blg-form card">
        <ol className="blg-guide-steps">
          <li>{t('activation.step1')}</li>
          <li>{t('activation.step2')}</li>
          <li>{t('activation.step3')}</li>
        </ol>
        {cards.isPending && <Skeleton.Paragraph lineCount={3} animated />}
        {card ? (
          <>
            <CardFace card={card} />
            <label className="blg-field">
              <span>{t('activation.last4')}</span>
              <input
                value={last4}
                onChange={(e) => setLast4(e.target.value.replace(/\D/g, '').slice(0, 4))}
                inputMode="numeric"
                name="last4"
                maxLength={4}
              />
            </label>
            <Button
              block
              color="primary"
              size="large"
              loading={activate.isPending}
              onClick={submit}
              data-testid="activate-submit"
            >
              {t('activation.submit')}
            </Button>
          </>
        ) : (
          cards.data && <p className="blg-note">{t('activation.none')}</p>
        )}
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
