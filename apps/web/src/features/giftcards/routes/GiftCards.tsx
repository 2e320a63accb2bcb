import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCents } from '../../../shared/format.ts';
import { useSession } from '../../../shared/session/store.ts';
import { promptLogin } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useMyGiftCards } from '../api/giftcards.ts';
import { GiftCardFace } from '../components/GiftCardFace.tsx';
import '../giftcards.css';

/**
 * /giftCard: the gift balance, the way to activate a card, the way to send one to someone (and the
 * cards sent), and the cards the shopper activated.
 */
export function Component() {
  const { t } = useTranslation('giftcards');
  const navigate = useNavigate();
  const { token, thirdId } = useSession();
  const { data, isPending } = useMyGiftCards(Boolean(token));
  useEffect(() => {
    if (!token) void promptLogin(thirdId);
  }, [token, thirdId]);

  return (
    <>
      <PageHeader
        title={t('title')}
        right={
          <button type="button" className="link-button" onClick={() => navigate('/giftCard/userGuide')}>
            {t('guide')}
          </button>
        }
      />
      <div className="giftcards">
        <section className="giftcards__balance card">
          <div>
            <span>{t('giftBalance')}</span>
            <strong data-testid="giftcards-balance">{data ? formatCents(data.giftBalanceCents) : '—'}</strong>
            {data && data.activatedCents > 0 && (
              <p>{t('activatedTotal', { amount: formatCents(data.activatedCents) })}</p>
            )}
          </div>
        </section>
        <p className="giftcards__note">{t('giftNote')}</p>
        <Button
          color="primary"
          block
          size="large"
          onClick={() => (token ? navigate('/giftCard/activateCard') : void promptLogin(thirdId))}
          data-testid="giftcards-activate"
        >
          {t('activate')}
        </Button>
        <section className="giftcards__give card">
          <h2 className="giftcards__section-title">{t('give.title')}</h2>
          <p className="giftcards__note">{t('give.text')}</p>
          <div className="giftcards__sent-actions">
            <Button
              color="primary"
              fill="outline"
              onClick={() => (token ? navigate('/giftCard/send') : void promptLogin(thirdId))}
              data-testid="giftcards-send"
            >
              {t('give.send')}
            </Button>
            {token && (
              <Button fill="none" onClick={() => navigate('/giftCard/sent')} data-testid="giftcards-sent">
                {t('give.sent')}
              </Button>
            )}
          </div>
        </section>
        {token && isPending && <Skeleton.Paragraph lineCount={5} animated />}
        {data && data.list.length === 0 && (
          <ErrorBlock status="empty" title={t('noCards')} description={t('noCardsText')} />
        )}
        {data && data.list.length > 0 && (
          <>
            <h2 className="giftcards__section-title">{t('myCards')}</h2>
            <div className="giftcards__list">
              {data.list.map((card) => (
                <GiftCardFace
                  key={card.id}
                  card={card}
                  onClick={() => navigate(`/giftCard/viewCard?id=${encodeURIComponent(card.id)}`)}
                />
              ))}
            </div>
          </>
        )}
      </div>
    </>
  );
}
