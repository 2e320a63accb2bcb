import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCents } from '../../../shared/format.ts';
import { formatDateTime } from '../../../shared/i18n/dates.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { useGiftSpending } from '../api/giftcards.ts';

/** What the gift balance paid for, newest first: each order by its number, leading to it. */
export function GiftSpending() {
  const { t } = useTranslation('giftcards');
  const navigate = useNavigate();
  const { data } = useGiftSpending();
  const language = currentLanguage();
  return (
    <>
      <h2 className="giftcards__section-title">{t('spentTitle')}</h2>
      <section className="giftcards__spend card" data-testid="giftcard-spending">
        {data && data.list.length === 0 && <p className="giftcards__empty">{t('noSpending')}</p>}
        {data?.list.map((line) => (
          <button
            type="button"
            key={line.id}
            className="giftcards__spend-line"
            disabled={!line.orderId}
            onClick={() => line.orderId && navigate(`/orderDetail?orderId=${encodeURIComponent(line.orderId)}`)}
            data-testid="giftcard-spend-line"
          >
            <span>
              {line.orderNo ? t('order', { no: line.orderNo }) : t('payment')}
              <small>{formatDateTime(line.createdAt, language)}</small>
            </span>
            <b>{formatCents(-line.amountCents)}</b>
          </button>
        ))}
      </section>
    </>
  );
}
