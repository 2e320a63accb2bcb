import type { CardTopup } from '@shop/contracts';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../shared/format.ts';

/** One card top-up in a list or on its own page. */
export function TopupRow({ topup, onClick }: { topup: CardTopup; onClick?: () => void }) {
  const { t } = useTranslation('bongloy');
  return (
    <button type="button" className="blg-list__row" onClick={onClick} data-testid="card-topup-row">
      <span>
        {formatCents(topup.amountCents)} · {topup.maskedNumber.slice(-4)}
        <small>{new Date(topup.createdAt).toLocaleString([], { timeZone: 'Asia/Phnom_Penh' })}</small>
      </span>
      <span className={`blg-state blg-topup--${topup.state}`}>{t(`topup.state.${topup.state}`)}</span>
    </button>
  );
}
