import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatCents } from '../../../shared/format.ts';
import { formatDateTime } from '../../../shared/i18n/dates.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../shared/session/store.ts';
import { BottomBar } from '../../../shared/ui/BottomBar.tsx';
import { promptLogin } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useEstimate } from '../api/valuation.ts';
import { VisitActions } from '../components/VisitActions.tsx';
import '../valuation.css';

/**
 * /estimated?id (spec §2): the valuation's price as the server computed it, and the way to book a
 * visit; once one is booked, that visit (time, place) to move or cancel instead (one per estimate).
 */
export function Component() {
  const { t } = useTranslation('valuation');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { token, thirdId } = useSession();
  const { data, isPending } = useEstimate(id);
  const visit = data?.appointment ?? null;
  const book = () => {
    if (!token) return void promptLogin(thirdId);
    navigate(`/valuation/book?estimateId=${id}`);
  };
  return (
    <>
      <PageHeader title={t('estimateTitle')} />
      {isPending && <Skeleton.Paragraph lineCount={6} animated />}
      {data && (
        <div className="eva-estimate">
          <section className="eva-estimate__head card">
            <img src={data.picture} alt="" width={120} height={120} />
            <h2>{data.modelName}</h2>
            <p className="eva-estimate__price" data-testid="eva-price">
              {formatCents(data.priceCents)}
            </p>
            <p className="eva-estimate__note">{t('estimateNote')}</p>
          </section>
          {visit && (
            <section className="eva-visit card" data-testid="eva-visit">
              <h2>
                {t('yourVisit')}
                <span className={`eva-state eva-state--${visit.state}`} data-testid="eva-visit-state">
                  {t(`state.${visit.state}`)}
                </span>
              </h2>
              <p className="eva-appointment__when" data-testid="eva-visit-when">
                {formatDateTime(visit.startsAt, currentLanguage())}
              </p>
              <p className="eva-appointment__where" data-testid="eva-visit-where">
                {visit.placeName}
                <br />
                <small>{visit.placeLine}</small>
              </p>
              {visit.finalCents !== null && (
                <p className="eva-appointment__price">{t('paidAmount', { amount: formatCents(visit.finalCents) })}</p>
              )}
              {visit.state === 'BOOKED' && <VisitActions visitId={visit.id} testIdPrefix="eva-visit" />}
            </section>
          )}
          <section className="eva-answers card">
            <h2>{t('yourAnswers')}</h2>
            <dl>
              {data.answers.map((a) => (
                <div key={a.key}>
                  <dt>{a.title}</dt>
                  <dd>{a.label}</dd>
                </div>
              ))}
            </dl>
          </section>
          <button type="button" className="link-button eva-again" onClick={() => navigate('/chooseModel')}>
            {t('again')}
          </button>
        </div>
      )}
      <BottomBar className="buy-bar">
        <span className="buy-bar__total">{data ? formatCents(data.priceCents) : ''}</span>
        {visit ? (
          <Button color="primary" fill="outline" onClick={() => navigate('/valuation/appointments')}>
            {t('appointments')}
          </Button>
        ) : (
          <Button color="primary" disabled={!data} onClick={book} data-testid="eva-book">
            {token ? t('book') : t('loginToBook')}
          </Button>
        )}
      </BottomBar>
    </>
  );
}
