import type { LoanView } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCents } from '../../../shared/format.ts';
import { formatDateTime, formatDay } from '../../../shared/i18n/dates.ts';
import { confirmDialog } from '../../../shared/ui/feedback.ts';
import { useAgreement, useCollect, useExtend, useRepay } from '../api/loans.ts';
import { ApprovedOffer } from './ApprovedOffer.tsx';

const usd = (cents: number) => formatCents(cents).replace('$', '');

/**
 * One loan: its state, what the lender said, the schedule, repaying, extending, the agreement. While
 * a repayment is `confirming` (back from the bank, its answer not yet here) nothing offers to repay
 * again, as the order pages do.
 */
export function LoanCard({
  loan,
  confirming = false,
  confirmingRepayment = null,
}: {
  loan: LoanView;
  confirming?: boolean;
  /** The repayment being confirmed: its line says so, not "To pay" (as the confirming notice). */
  confirmingRepayment?: string | null;
}) {
  const { t, i18n } = useTranslation('loans');
  const common = useTranslation('common').t;
  const navigate = useNavigate();
  const collect = useCollect();
  const repay = useRepay();
  const extend = useExtend();
  const [amount, setAmount] = useState('');
  const [showAgreement, setShowAgreement] = useState(false);
  const agreement = useAgreement(showAgreement ? loan.id : null);
  const cents = Math.round(Number(amount) * 100);
  const canRepay = Number.isFinite(cents) && cents > 0 && cents <= loan.payoffCents;

  const startRepay = async () => {
    const made = await repay.mutateAsync({ id: loan.id, amountCents: cents });
    navigate(`/cashier?orderId=${made.repaymentId}&kind=loan`);
  };
  const askExtension = async () => {
    const ok = await confirmDialog({
      title: t('extend'),
      content: t('extendConfirm', { amount: usd(loan.extensionFeeCents) }),
      confirmText: common('confirm'),
      cancelText: common('cancel'),
    });
    if (ok) await extend.mutateAsync(loan.id);
  };

  return (
    <section className="card loans-card" data-testid={`loan-${loan.state}`}>
      <div className="loans-row">
        <strong>{loan.reference}</strong>
        <span className={`loans-state loans-state--${loan.state}`} data-testid="loan-state">
          {t(`state.${loan.state}`)}
        </span>
      </div>
      <div className="loans-row">
        <span>{t('amount')}</span>
        <span>{formatCents(loan.approvedCents ?? loan.amountCents)}</span>
      </div>
      {loan.state === 'REVIEW' && loan.reviewBy && (
        <p className="loans-note">{t('reviewBy', { time: formatDateTime(loan.reviewBy, i18n.language) })}</p>
      )}
      {loan.contactService && <p className="loans-warn">{t('contactService')}</p>}
      {loan.refusal && <p className="loans-warn">{loan.refusal}</p>}
      {loan.state === 'SIGNING' && (
        <Button
          block
          color="primary"
          onClick={() => navigate(`/kmf/authorization?loan=${loan.id}`)}
          data-testid="loan-sign-again"
        >
          {t('sign.title')}
        </Button>
      )}
      {loan.state === 'APPROVED' && loan.approved && (
        <>
          <ApprovedOffer approved={loan.approved} />
          <Button
            block
            color="primary"
            loading={collect.isPending}
            onClick={() => collect.mutate({ id: loan.id, acceptCents: loan.approved?.amountCents })}
            data-testid="loan-collect"
          >
            {t('acceptCollect', { amount: formatCents(loan.approved.amountCents) })}
          </Button>
        </>
      )}
      {loan.schedule.length > 0 && (
        <div className="loans-schedule" data-testid="loan-schedule">
          {loan.schedule.map((row) => (
            <div className="loans-row" key={row.number}>
              <span>{t('due', { date: formatDay(row.dueDate, i18n.language) })}</span>
              <span>{formatCents(row.outstandingCents)}</span>
            </div>
          ))}
          <div className="loans-row">
            <span>{t('scheduleLeft')}</span>
            <span data-testid="loan-schedule-left">{formatCents(loan.outstandingCents)}</span>
          </div>
          {loan.state === 'ACTIVE' && (
            <>
              <div className="loans-row loans-row--total">
                <span>{t('dueNow')}</span>
                <span data-testid="loan-due-now">{formatCents(loan.dueNowCents)}</span>
              </div>
              {loan.nextDue && (
                <p className="loans-note" data-testid="loan-next-due">
                  {t('nextDue', {
                    amount: formatCents(loan.nextDue.amountCents),
                    date: formatDay(loan.nextDue.dueDate, i18n.language),
                  })}
                </p>
              )}
              <div className="loans-row loans-row--total">
                <span>{t('payoffToday')}</span>
                <span data-testid="loan-payoff">{formatCents(loan.payoffCents)}</span>
              </div>
              <p className="loans-note">{t('payoffHint')}</p>
            </>
          )}
          {loan.daysLate > 0 && <p className="loans-warn">{t('daysLate', { count: loan.daysLate })}</p>}
          {loan.blacklisted && <p className="loans-warn">{t('blacklisted')}</p>}
          {loan.waivedCents > 0 && <p className="loans-note">{t('waived', { amount: usd(loan.waivedCents) })}</p>}
        </div>
      )}
      {loan.state === 'ACTIVE' && (
        <div className="loans-repay">
          {!confirming && (
            <>
              <label htmlFor={`repay-${loan.id}`}>{t('repayAmount')}</label>
              <div className="loans-inline">
                <input
                  id={`repay-${loan.id}`}
                  inputMode="decimal"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value.replace(/[^\d.]/g, ''))}
                  data-testid="repay-amount"
                />
                <Button size="small" onClick={() => setAmount((loan.payoffCents / 100).toFixed(2))}>
                  {t('repayAll')}
                </Button>
              </div>
              <Button
                block
                color="primary"
                disabled={!canRepay}
                loading={repay.isPending}
                onClick={startRepay}
                data-testid="repay-submit"
              >
                {t('repay')}
              </Button>
            </>
          )}
          {loan.extension && (
            <p className="loans-note" data-testid="loan-extension">
              {t(`extension.${loan.extension.state}`)}
            </p>
          )}
          {loan.extensionRefusal ? (
            <p className="loans-note" data-testid="extend-refusal">
              {loan.extensionRefusal}
            </p>
          ) : (
            <Button block fill="outline" loading={extend.isPending} onClick={askExtension} data-testid="loan-extend">
              {t('extend')} · {t('extendFee', { amount: usd(loan.extensionFeeCents) })}
            </Button>
          )}
        </div>
      )}
      {loan.repayments.length > 0 && (
        <div className="loans-schedule">
          <h3>{t('repayments')}</h3>
          {loan.repayments.map((r) => (
            <div className="loans-row" key={r.id} data-testid="loan-repayment">
              <span>{formatDateTime(r.paidAt ?? r.createdAt, i18n.language)}</span>
              <span>
                {formatCents(r.amountCents)} ·{' '}
                {confirming && r.state === 'WP' && r.id === confirmingRepayment
                  ? common('payment.confirmingState')
                  : t(`repaymentState.${r.state}`)}
              </span>
            </div>
          ))}
        </div>
      )}
      {loan.signedAt && (
        <button
          type="button"
          className="link-button"
          onClick={() => setShowAgreement((v) => !v)}
          data-testid="loan-agreement"
        >
          {t('agreement')} · {t('signedAt', { time: formatDateTime(loan.signedAt, i18n.language) })}
        </button>
      )}
      {showAgreement && agreement.data && <pre className="loans-agreement">{agreement.data.text}</pre>}
    </section>
  );
}
