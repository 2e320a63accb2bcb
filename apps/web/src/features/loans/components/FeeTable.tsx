import { dayOf, FEE_KINDS, type InstallmentCount, isoDateOfDay, LOAN_RULES, offerOf } from '@shop/contracts';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../shared/format.ts';
import { formatDay } from '../../../shared/i18n/dates.ts';

const percent = (bp: number) => `${bp / 100}%`;

/**
 * Every fee of an offer before signing (spec §3, §9): computed by the rules the server applies, from
 * today's Phnom Penh day (`dayOf`, the day the agreement and the schedule count from), not UTC's.
 */
export function FeeTable({ amountCents, installments }: { amountCents: number; installments: InstallmentCount }) {
  const { t, i18n } = useTranslation('loans');
  const offer = offerOf(amountCents, installments, dayOf(new Date()));
  return (
    <div className="loans-fees" data-testid="loan-fees">
      <h3>{t('fees')}</h3>
      {FEE_KINDS.filter((kind) => kind !== 'late' && kind !== 'other').map((kind) => (
        <div className="loans-row" key={kind}>
          <span>{t(`fee.${kind}`)}</span>
          <span data-testid={`fee-${kind}`}>{formatCents(offer.totals[kind])}</span>
        </div>
      ))}
      <div className="loans-row loans-row--total">
        <span>{t('total')}</span>
        <span data-testid="fee-total">{formatCents(offer.totalCents)}</span>
      </div>
      <h3>{t('schedule')}</h3>
      {offer.schedule.map((row) => (
        <div className="loans-row" key={row.number}>
          <span>{t('due', { date: formatDay(isoDateOfDay(row.dueDay), i18n.language) })}</span>
          <span>{formatCents(Object.values(row.charged).reduce((a, b) => a + b, 0))}</span>
        </div>
      ))}
      <p className="loans-note">{t('lateRule', { rate: percent(LOAN_RULES.lateFeeBpPerDay) })}</p>
      <p className="loans-note">{t('extensionRule')}</p>
      <p className="loans-note">{t('earlyRule')}</p>
    </div>
  );
}
