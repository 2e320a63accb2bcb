import { amountRange, type InstallmentCount, LOAN_RULES } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatCents } from '../../../shared/format.ts';
import { formatDateTime } from '../../../shared/i18n/dates.ts';
import { usePaymentOutcome } from '../../../shared/payments/outcome.ts';
import { PaymentNotice } from '../../../shared/payments/PaymentNotice.tsx';
import { useSession } from '../../../shared/session/store.ts';
import { BottomBar } from '../../../shared/ui/BottomBar.tsx';
import { promptLogin } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useLoanOffer, useLoans } from '../api/loans.ts';
import { FeeTable } from '../components/FeeTable.tsx';
import { LoanCard } from '../components/LoanCard.tsx';
import { LoanDocuments } from '../components/LoanDocuments.tsx';
import { PayoutForm } from '../components/PayoutForm.tsx';
import '../loans.css';

/**
 * /kmf (spec §2, §4, §9): the offer with every fee, applying, the credit wallet (collect, cash out,
 * spend at the cashier), my loans with their schedules, repaying and extending.
 */
export function Component() {
  const { t, i18n } = useTranslation('loans');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { token, thirdId } = useSession();
  const offer = useLoanOffer(Boolean(token));
  const home = useLoans(Boolean(token));
  // Back from paying a repayment (`?repayment=`): confirmed here, and the loans read again once it is.
  const repayment = usePaymentOutcome('loan', params.get('repayment'));
  const range = offer.data ? { min: offer.data.minCents, max: offer.data.maxCents } : amountRange(0);
  const [dollars, setDollars] = useState('300');
  const [installments, setInstallments] = useState<InstallmentCount>(3);
  const cents = Math.round(Number(dollars) * 100);
  const amountOk = Number.isInteger(cents) && cents >= range.min && cents <= range.max;
  const canApply = !token || (offer.data && !offer.data.refusal && amountOk);

  const apply = () => {
    if (!token) return void promptLogin(thirdId);
    navigate(`/kmf/authorization?amount=${cents}&installments=${installments}`);
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        right={
          <button type="button" className="link-button" onClick={() => navigate('/kmf/learnMore')}>
            {t('learnMore')}
          </button>
        }
      />
      <div className="loans">
        {repayment.outcome === 'paid' ? (
          <section className="card loans-card" data-testid="repaid-result">
            <strong>{t('repaidResult')}</strong>
          </section>
        ) : (
          <PaymentNotice outcome={repayment.outcome} />
        )}
        {home.data && (
          <section className="card loans-card">
            <div className="loans-row">
              <span>{t('credit')}</span>
              <span className="loans-credit" data-testid="loan-credit">
                {formatCents(home.data.creditCents)}
              </span>
            </div>
            <p className="loans-note">{t('creditHint')}</p>
          </section>
        )}
        {home.data?.loans.length ? (
          <>
            <h2 className="loans-section">{t('myLoans')}</h2>
            {home.data.loans.map((loan) => (
              <LoanCard
                key={loan.id}
                loan={loan}
                confirming={repayment.outcome === 'confirming'}
                confirmingRepayment={params.get('repayment')}
              />
            ))}
          </>
        ) : null}
        {home.data && home.data.creditCents > 0 && <PayoutForm creditCents={home.data.creditCents} />}
        {home.data && home.data.payouts.length > 0 && (
          <section className="card loans-card" data-testid="loan-payouts">
            <h3>{t('payouts')}</h3>
            {home.data.payouts.map((p) => (
              <div className="loans-row" key={p.id}>
                <span>
                  {p.bankName} {p.accountNumber}
                </span>
                <span>
                  {formatCents(p.amountCents)} ·{' '}
                  {t(`payoutState.${p.state}`, { time: formatDateTime(p.runAt, i18n.language) })}
                </span>
              </div>
            ))}
          </section>
        )}
        {token && offer.isPending && <Skeleton.Paragraph lineCount={5} animated />}
        {offer.data?.refusal ? (
          <section className="card loans-card" data-testid="loan-cannot-apply">
            <strong>{t('cannotApply')}</strong>
            <p className="loans-note">{offer.data.refusal}</p>
          </section>
        ) : (
          <section className="card loans-card" data-testid="loan-offer">
            <h2>
              {t('offer', {
                min: formatCents(range.min).replace('$', ''),
                max: formatCents(range.max).replace('$', ''),
              })}
            </h2>
            <p className="loans-note">{t('partner')}</p>
            <label className="loans-field">
              <span>{t('amount')}</span>
              <input
                inputMode="decimal"
                value={dollars}
                onChange={(e) => setDollars(e.target.value.replace(/[^\d.]/g, ''))}
                data-testid="loan-amount"
              />
            </label>
            <span className="loans-note">{t('installments')}</span>
            <div className="loans-choices">
              {LOAN_RULES.installmentChoices.map((n) => (
                <button
                  type="button"
                  key={n}
                  aria-pressed={installments === n}
                  className={`loans-choice${installments === n ? ' loans-choice--on' : ''}`}
                  onClick={() => setInstallments(n)}
                  data-testid={`loan-installments-${n}`}
                >
                  {t('installment', { count: n })}
                </button>
              ))}
            </div>
            {amountOk && <FeeTable amountCents={cents} installments={installments} />}
          </section>
        )}
        <LoanDocuments only={['aboutUs', 'faq']} />
        <Button block fill="outline" onClick={() => navigate('/mycreditJump')} data-testid="loan-partner">
          {t('partnerApp')}
        </Button>
      </div>
      {!offer.data?.refusal && (
        <BottomBar className="buy-bar">
          <span className="buy-bar__total">{amountOk ? formatCents(cents) : ''}</span>
          <Button color="primary" disabled={!canApply} onClick={apply} data-testid="loan-apply">
            {token ? t('apply') : t('loginToApply')}
          </Button>
        </BottomBar>
      )}
    </>
  );
}
