import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCents } from '../../../shared/format.ts';
import { formatDateTime } from '../../../shared/i18n/dates.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../shared/session/store.ts';
import { promptLogin } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useAppointments } from '../api/valuation.ts';
import { VisitActions } from '../components/VisitActions.tsx';
import '../valuation.css';

/** /valuation/appointments: the shopper's inspection visits, with the estimate seen, to move or cancel. */
export function Component() {
  const { t } = useTranslation('valuation');
  const _navigate = useNavigate();
  const { token, thirdId } = useSession();
  const { data, isPending } = useAppointments(Boolean(token));
  useEffect(() => {
    if (!token) void promptLogin(thirdId);
  }, [token, thirdId]);
  return (
    <>
      <PageHeader title={t('appointments')} />
      {token && isPending && <Skeleton.Paragraph lineCount={5} animated />}
      {data && data.length === 0 && <ErrorBlock status="empty" title={t('noAppointments')} description="" />}
      <div className="eva-appointments">
        {data?.map((a) => (
          <article key={a.id} className="card eva-appointment" data-testid="eva-appointment">
            <header>
              <img src={a.estimate.picture} alt="" width={48} height={48} />
              <div>
                <strong>{a.estimate.modelName}</strong>
                <span className={`eva-state eva-state--${a.state}`} data-testid="eva-state">
                  {t(`state.${a.state}`)}
                </span>
              </div>
            </header>
            <p className="eva-appointment__when">{formatDateTime(a.startsAt, currentLanguage())}</p>
            <p className="eva-appointment__where">
              {a.placeName}
              <br />
              <small>{a.placeLine}</small>
            </p>
            <p className="eva-appointment__price">
              {t('estimateWas', { amount: formatCents(a.estimate.priceCents) })}
              {a.finalCents !== null && (
                <strong data-testid="eva-paid"> · {t('paidAmount', { amount: formatCents(a.finalCents) })}</strong>
              )}
            </p>
            {a.state === 'BOOKED' && <VisitActions visitId={a.id} testIdPrefix="eva" />}
          </article>
        ))}
      </div>
    </>
  );
}
