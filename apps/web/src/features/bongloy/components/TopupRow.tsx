import type { CardTopup } from '@shop/contracts';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../shared/format.ts';
import { formatDateTime } from '../../../shared/i18n/dates.ts';

/** One card top-up in a list or on its own page. */
export function TopupRow({ topup, onClick }: { topup: CardTopup; onClick?: () => void }) {
  const { t, i18n } = useTranslation('bongloy');
  return (
    <button type="button" className="blg-list__row" onClick={onClick} data-testid="card-topup-row">
      <span>
        {formatCents(topup.amountCents)} · {topup.maskedNumber.slice(-4)}
        <small>{formatDateTime(topup.createdAt, i18n.language)}</small>
      </span>
      <span className={`blg-state blg-topup--${topup.state}`}>{t(`topup.state.${topup.state}`)}</span>
    </button>
  );
}
