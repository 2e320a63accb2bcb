import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useGiftCard } from '../api/giftcards.ts';
import { CardFacts } from '../components/CardFacts.tsx';
import { GiftSpending } from '../components/GiftSpending.tsx';
import '../giftcards.css';

/** /giftCard/cardDetails?id=: a card's value and activation time, and the bill of gift spending. */
export function Component() {
  const { t } = useTranslation('giftcards');
  const [params] = useSearchParams();
  const { data: card } = useGiftCard(params.get('id') ?? '');
  return (
    <>
      <PageHeader title={t('details')} />
      <div className="giftcards">
        {!card && <Skeleton.Paragraph lineCount={6} animated />}
        {card && (
          <>
            <CardFacts card={card} />
            <GiftSpending />
          </>
        )}
      </div>
    </>
  );
}
