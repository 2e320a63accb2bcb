import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../shared/session/store.ts';
import { promptLogin } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useBongloyPage, useCards } from '../api/bongloy.ts';
import { CardFace } from '../components/CardFace.tsx';
import { stepPath } from '../components/Steps.tsx';
import '../bongloy.css';

/** The card's information pages (console-managed documents), by route and name in `more.*`. */
const MORE = [
  ['/bongloy/openAccountSteps', 'openAccountSteps'],
  ['/bongloy/usageGuid', 'usageGuid'],
  ['/bongloy/operatingManual', 'operatingManual'],
  ['/bongloy/strategy', 'strategy'],
  ['/bongloy/customer', 'customer'],
  ['/bongloy/agreement', 'agreement'],
  ['/walletCardProtocol', 'walletCardProtocol'],
  ['/masterProtocol', 'masterProtocol'],
  ['/master/faq', 'masterFaq'],
  ['/master/termsAndConditions', 'masterTerms'],
  ['/bongloyDownload', 'download'],
  ['/bongloyShare', 'share'],
] as const;

/** /bongloy: the shopper's prepaid cards with their balance, the application in progress, past applications. */
export function Component() {
  const { t } = useTranslation('bongloy');
  const navigate = useNavigate();
  const { token, thirdId } = useSession();
  const page = useBongloyPage();
  const cards = useCards();
  useEffect(() => {
    if (!token) void promptLogin(thirdId);
  }, [token, thirdId]);
  const data = page.data;
  const active = (cards.data ?? []).some((c) => c.state === 'ACTIVE');
  return (
    <>
      <PageHeader title={t('home.title')} />
      {(page.isPending || cards.isPending) && token && <Skeleton.Paragraph lineCount={6} animated />}
      <main className="blg-home">
        {(cards.data ?? []).map((card) => (
          <div key={card.id} className="blg-home__card" data-testid="my-card">
            <CardFace card={card} />
            {card.state === 'ISSUED' && (
              <Button
                block
                color="primary"
                fill="outline"
                onClick={() => navigate(`/bongloy/cardActivationGuide?card=${card.id}`)}
                data-testid="activate-card"
              >
                {t('home.activate')}
              </Button>
            )}
          </div>
        ))}
        {active && (
          <Button block color="primary" onClick={() => navigate('/bongloyTopUp')} data-testid="to-topup">
            {t('home.topUp')}
          </Button>
        )}
        {data?.draft && (
          <div className="blg-resume card" data-testid="home-draft">
            <span>{data.draft.state === 'WP' ? t('home.toPay') : t('resume', { step: data.draft.step })}</span>
            <Button
              size="small"
              color="primary"
              fill="outline"
              onClick={() => navigate(data.draft ? stepPath(data.draft.step) : '/bongloy/step1')}
            >
              {t('continue')}
            </Button>
          </div>
        )}
        {data && !data.draft && data.used < data.limit && (
          <Button
            block
            color="primary"
            fill={cards.data?.length ? 'outline' : 'solid'}
            onClick={() => navigate('/bongloy/step1')}
            data-testid="apply"
          >
            {t('home.apply')}
          </Button>
        )}
        <div className="blg-links">
          <button
            type="button"
            className="link-button"
            onClick={() => navigate('/prepaidIntroduce')}
            data-testid="to-intro"
          >
            {t('home.intro')}
          </button>
          <button type="button" className="link-button" onClick={() => navigate('/prepaidCardQa')} data-testid="to-faq">
            {t('home.faq')}
          </button>
        </div>
        <section className="card blg-list" data-testid="more">
          <h2>{t('more.title')}</h2>
          {MORE.map(([path, name]) => (
            <button type="button" key={path} className="blg-list__row" onClick={() => navigate(path)}>
              <span>{t(`more.${name}`)}</span>
              <span aria-hidden>›</span>
            </button>
          ))}
        </section>
        {(data?.applications ?? []).length > 0 && (
          <section className="card blg-list">
            <h2>{t('home.applications')}</h2>
            {data?.applications.map((a) => (
              <button
                type="button"
                key={a.id}
                className="blg-list__row"
                onClick={() => navigate(`/bongloy/orderDetail?id=${a.id}`)}
              >
                <span>{a.applicationNo}</span>
                <span className={`blg-state blg-state--${a.state}`}>{t(`state.${a.state}`)}</span>
              </button>
            ))}
          </section>
        )}
      </main>
    </>
  );
}
