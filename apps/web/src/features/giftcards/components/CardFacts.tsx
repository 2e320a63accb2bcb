import type { MyGiftCard } from '@shop/contracts';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../shared/format.ts';
import { formatDateTime } from '../../../shared/i18n/dates.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';

/**
 * An activated card's value, number (last four digits), when it was activated and how long it is
 * valid: its value is in the gift balance, which does not expire (docs/giftcards.md). The date it
 * had to be activated by no longer applies, so it is not shown.
 */
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
        <span>{t('validUntil')}</span>
        <b data-testid="giftcard-valid-until">{t('noExpiry')}</b>
      </div>
      <p className="giftcards__fact-note">{t('noExpiryNote')}</p>
    </section>
  );
}
