import { FEE_KINDS, type LoanView } from '@shop/contracts';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../shared/format.ts';
import { formatDay } from '../../../shared/i18n/dates.ts';

/**
 * What the lender approved, before collecting it: the approved amount's fees and schedule if
 * collected today, and, when it is not the amount asked, what the signed agreement named instead.
 */
export function ApprovedOffer({ approved }: { approved: NonNullable<LoanView['approved']> }) {
  const { t, i18n } = useTranslation('loans');
  const lower = approved.amountCents !== approved.askedCents;
  return (
    <div className="loans-fees loans-approved" data-testid="loan-approved">
      <h3>{t('approvedOffer.title', { amount: formatCents(approved.amountCents) })}</h3>
      {lower && (
        <p className="loans-warn" data-testid="loan-approved-differs">
          {t('approvedOffer.differs', {
            asked: formatCents(approved.askedCents),
            signedTotal: formatCents(approved.signedTotalCents),
            amount: formatCents(approved.amountCents),
          })}
        </p>
      )}
      <p className="loans-note">{t('approvedOffer.ifToday')}</p>
      {FEE_KINDS.filter((kind) => kind !== 'late' && kind !== 'other').map((kind) => (
        <div className="loans-row" key={kind}>
          <span>{t(`fee.${kind}`)}</span>
          <span data-testid={`approved-fee-${kind}`}>{formatCents(approved.totals[kind])}</span>
        </div>
      ))}
      <div className="loans-row loans-row--total">
        <span>{t('total')}</span>
        <span data-testid="approved-total">{formatCents(approved.totalCents)}</span>
      </div>
      <h3>{t('schedule')}</h3>
      {approved.schedule.map((row) => (
        <div className="loans-row" key={row.number}>
          <span>{t('due', { date: formatDay(row.dueDate, i18n.language) })}</span>
          <span data-testid={`approved-installment-${row.number}`}>{formatCents(row.amountCents)}</span>
        </div>
      ))}
    </div>
  );
}
