import type { BongloyCard } from '@shop/contracts';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../shared/format.ts';

/** One prepaid card drawn as a card: number (hidden until activated), expiry, state and balance. */
export function CardFace({ card, onClick, selected }: { card: BongloyCard; onClick?: () => void; selected?: boolean }) {
  const { t } = useTranslation('bongloy');
  const body = (
    <>
      <span className="blg-cardface__brand">Bongloy</span>
      <span className="blg-cardface__no" data-testid="card-number">
        {card.maskedNumber}
      </span>
      <span className="blg-cardface__row">
        <span>
          {t('card.expiry')} {card.expiry}
        </span>
        <span className={`blg-cardface__state blg-cardface__state--${card.state}`} data-testid="card-state">
          {t(`card.state.${card.state}`)}
        </span>
      </span>
      <span className="blg-cardface__balance" data-testid="card-balance">
        {t('card.balance')} {card.balanceCents === null ? '—' : formatCents(card.balanceCents)}
      </span>
    </>
  );
  return onClick ? (
    <button
      type="button"
      className={`blg-cardface${selected ? ' blg-cardface--on' : ''}`}
      onClick={onClick}
      aria-pressed={selected}
    >
      {body}
    </button>
  ) : (
    <div className="blg-cardface">{body}</div>
  );
}
