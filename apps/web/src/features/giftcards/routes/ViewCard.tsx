import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useGiftCard } from '../api/giftcards.ts';
import { CardFacts } from '../components/CardFacts.tsx';
import { GiftCardFace } from '../components/GiftCardFace.tsx';
import { GiftSpending } from '../components/GiftSpending.tsx';
import '../giftcards.css';

/** /giftCard/viewCard?id=: the card as it looks, its facts and what the gift balance paid for. */
export function Component() {
  const { t } = useTranslation('giftcards');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { data: card } = useGiftCard(id);
  return (
    <>
      <PageHeader title={t('cardTitle')} />
      <div className="giftcards">
        {!card && <Skeleton.Paragraph lineCount={6} animated />}
        {card && (
          <>
            <GiftCardFace card={card} />
            <CardFacts card={card} />
            <Button block onClick={() => navigate(`/giftCard/cardDetails?id=${encodeURIComponent(card.id)}`)}>
              {t('details')}
            </Button>
            <GiftSpending />
          </>
        )}
      </div>
    </>
  );
}
