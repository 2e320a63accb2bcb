import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatCents } from '../../../shared/format.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useGiftBalance, useGiftCard } from '../api/giftcards.ts';
import '../giftcards.css';

/** /giftCard/successCard?id=: after activation, the amount added and the gift balance now. */
export function Component() {
  const { t } = useTranslation('giftcards');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { data: card } = useGiftCard(id);
  const { data: account } = useGiftBalance();

  return (
    <>
      <PageHeader title={t('successTitle')} />
      <div className="giftcards">
        {!card && <Skeleton.Paragraph lineCount={4} animated />}
        {card && (
          <section className="giftcards__success card" data-testid="giftcard-success">
            <div className="giftcards__success-icon" aria-hidden>
              ✓
            </div>
            <h2>{t('added')}</h2>
            <strong data-testid="giftcard-added">{formatCents(card.faceValueCents)}</strong>
            {account && (
              <p data-testid="giftcard-balance-now">{t('balanceNow', { amount: formatCents(account.giftCents) })}</p>
            )}
            <div className="giftcards__actions">
              <Button color="primary" block onClick={() => navigate('/')} data-testid="giftcard-shop">
                {t('goShopping')}
              </Button>
              <Button block onClick={() => navigate(`/giftCard/viewCard?id=${encodeURIComponent(card.id)}`)}>
                {t('viewCard')}
              </Button>
              <Button block fill="none" onClick={() => navigate('/giftCard')}>
                {t('myGiftCards')}
              </Button>
            </div>
          </section>
        )}
      </div>
    </>
  );
}
