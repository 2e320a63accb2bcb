import type { MyGiftCard } from '@shop/contracts';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../shared/format.ts';
import { formatDateTime } from '../../../shared/i18n/dates.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';

/** A card's value, number (last four digits), activation time and the date it had to be activated by. */
export function CardFacts({ card }: { card: MyGiftCard }) {
  const { t } = useTranslation('giftcards');
  const language = currentLanguage();
  return (
    <section className="giftcards__facts card" data-testid="giftcard-facts">
      <div className="giftcards__fact">
        <span>{t('value')}</span>
        <b>{formatCents(card.faceValueCents)}</b>
      </div>
      <div className="giftcards__fact">
        <span>{t('cardNumber')}</span>
        <b>•••• {card.last4}</b>
      </div>
      <div className="giftcards__fact">
        <span>{t('activatedAt')}</span>
        <b data-testid="giftcard-activated-at">{formatDateTime(card.activatedAt, language)}</b>
      </div>
      <div className="giftcards__fact">
        <span>{t('expiresAt')}</span>
        <b>{formatDateTime(card.expiresAt, language)}</b>
      </div>
    </section>
  );
}
