import type { MyGiftCard } from '@shop/contracts';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../shared/format.ts';

/** A card as it looks: its value, its batch's name and the last four digits of its number. */
export function GiftCardFace({ card, onClick }: { card: MyGiftCard; onClick?: () => void }) {
  const { t } = useTranslation('giftcards');
  const body = (
    <>
      <span className="giftcard-face__brand">{t('brand')}</span>
      <strong className="giftcard-face__value" data-testid="giftcard-value">
        {formatCents(card.faceValueCents)}
      </strong>
      <span className="giftcard-face__name">{card.batchName}</span>
      <span className="giftcard-face__number">•••• •••• •••• {card.last4}</span>
    </>
  );
  return onClick ? (
    <button type="button" className="giftcard-face" onClick={onClick} data-testid="giftcard-item">
      {body}
    </button>
  ) : (
    <div className="giftcard-face">{body}</div>
  );
}
