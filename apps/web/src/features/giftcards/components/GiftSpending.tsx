import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCents } from '../../../shared/format.ts';
import { formatDateTime } from '../../../shared/i18n/dates.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { useGiftSpending } from '../api/giftcards.ts';

/** What the gift balance paid for (the wallet's bill of the gift account): each order, newest first. */
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
            disabled={line.refType !== 'order'}
            onClick={() => navigate(`/orderDetail?orderId=${encodeURIComponent(line.refId)}`)}
            data-testid="giftcard-spend-line"
          >
            <span>
              {t('order', { id: line.refId.slice(0, 8) })}
              <small>{formatDateTime(line.createdAt, language)}</small>
            </span>
            <b>{formatCents(line.amountCents)}</b>
          </button>
        ))}
      </section>
    </>
  );
}
