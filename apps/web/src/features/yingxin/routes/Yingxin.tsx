import { CAR_LOAN_RULES, type CarLoanView, LOAN_RULES } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCents } from '../../../shared/format.ts';
import { formatDateTime } from '../../../shared/i18n/dates.ts';
import { useSession } from '../../../shared/session/store.ts';
import { BottomBar } from '../../../shared/ui/BottomBar.tsx';
import { promptLogin } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useCarLoan } from '../api/yingxin.ts';
import { resumePath } from '../components/Steps.tsx';
import '../yingxin.css';

/** The shopper's application as it stands: what was asked, on which car, and what happens next. */
function ApplicationCard({ application }: { application: CarLoanView }) {
  const { t, i18n } = useTranslation('yingxin');
  const { borrower, car, state } = application;
  return (
    <section className="card yx-card" data-testid="yx-application" data-state={state}>
      <div className="yx-row">
        <strong>{t('home.mine')}</strong>
        <span className={`yx-state yx-state--${state}`} data-testid="yx-state">
          {t(`state.${state}`, { step: application.step })}
        </span>
      </div>
      <div className="yx-row yx-muted">
        <span>{t('home.reference')}</span>
        <span>{application.reference}</span>
      </div>
      {borrower && (
        <div className="yx-row">
          <span>{t('home.asked')}</span>
          <span>
            {formatCents(borrower.amountCents)} · {t('months', { count: borrower.termMonths })}
          </span>
        </div>
      )}
      {car && (
        <div className="yx-row">
          <span>{t('home.car')}</span>
          <span>
            {car.brand} {car.model} {car.year} · {car.plateNumber}
          </span>
        </div>
      )}
      {state === 'REVIEW' && (
        <p className="yx-note">{t('home.reviewBy', { time: formatDateTime(application.reviewBy, i18n.language) })}</p>
      )}
      {state === 'REVIEW' && application.contactService && <p className="yx-warn">{t('contactService')}</p>}
      {state === 'APPROVED' && (
        <p className="yx-ok" data-testid="yx-approved">
          {t('home.approved', { amount: formatCents(application.approvedCents ?? 0) })}
        </p>
      )}
      {state === 'REFUSED' && (
        <p className="yx-warn" data-testid="yx-refusal">
          {application.refusal ? t('home.refusedBecause', { reason: application.refusal }) : t('state.REFUSED')}
        </p>
      )}
    </section>
  );
}

/** /yingxin (`query`): the car loan, what it asks, and the shopper's application and its state. */
export function Component() {
  const { t } = useTranslation('yingxin');
  const navigate = useNavigate();
  const { token, thirdId } = useSession();
  const { data, isPending } = useCarLoan();
  const application = data?.application ?? null;
  const draft = application?.state === 'DRAFT' ? application : null;
  const reviewing = application?.state === 'REVIEW';
  const oldest = new Date().getFullYear() - CAR_LOAN_RULES.maxCarAgeYears;

  const act = () => {
    if (!token) return void promptLogin(thirdId);
    navigate(draft ? resumePath(draft.step) : '/yingxin/borrower');
  };

  return (
    <>
      <PageHeader title={t('title')} />
      <div className="yx-page">
        <section className="card yx-card" data-testid="yx-intro">
          <h2>
            {t('home.offer', {
              min: formatCents(CAR_LOAN_RULES.amountCents.min),
              max: formatCents(CAR_LOAN_RULES.amountCents.max),
            })}
          </h2>
          <p className="yx-note">{t('home.partner')}</p>
          <ul className="yx-rules">
            <li>{t('home.ruleCar', { year: oldest })}</li>
            <li>{t('home.ruleValue', { share: CAR_LOAN_RULES.maxLoanToValueBp / 100 })}</li>
            <li>
              {t('home.ruleTerm', {
                min: CAR_LOAN_RULES.termMonths[0],
                max: CAR_LOAN_RULES.termMonths[CAR_LOAN_RULES.termMonths.length - 1],
              })}
            </li>
            <li>
              {t('home.ruleBorrower', {
                min: LOAN_RULES.minAge,
                max: LOAN_RULES.maxAge,
                income: formatCents(LOAN_RULES.minMonthlyIncomeCents),
              })}
            </li>
            <li>{t('home.ruleDecision')}</li>
          </ul>
          <h3>{t('home.need')}</h3>
          <p className="yx-note">{t('home.needText')}</p>
        </section>
        {token && isPending && <Skeleton.Paragraph lineCount={4} animated />}
        {data?.refusal && (
          <section className="card yx-card" data-testid="yx-cannot">
            <strong>{t('home.cannot')}</strong>
            <p className="yx-note">{data.refusal}</p>
          </section>
        )}
        {application && <ApplicationCard application={application} />}
      </div>
      {!reviewing && !data?.refusal && (
        <BottomBar className="buy-bar">
          <span className="yx-bar-note">{draft ? t('home.draftSaved') : ''}</span>
          <Button color="primary" onClick={act} data-testid="yx-apply">
            {!token
              ? t('home.login')
              : draft
                ? t('home.continue', { step: Math.min(draft.step, 3) })
                : application
                  ? t('home.applyAgain')
                  : t('home.apply')}
          </Button>
        </BottomBar>
      )}
    </>
  );
}
