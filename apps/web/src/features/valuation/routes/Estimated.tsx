import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatCents } from '../../../shared/format.ts';
import { useSession } from '../../../shared/session/store.ts';
import { BottomBar } from '../../../shared/ui/BottomBar.tsx';
import { promptLogin } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useEstimate } from '../api/valuation.ts';
import '../valuation.css';

/** /estimated?id (spec §2): the valuation's price as the server computed it, and the way to book a visit. */
export function Component() {
  const { t } = useTranslation('valuation');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { token, thirdId } = useSession();
  const { data, isPending } = useEstimate(id);
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
        <Button color="primary" disabled={!data} onClick={book} data-testid="eva-book">
          {token ? t('book') : t('loginToBook')}
        </Button>
      </BottomBar>
    </>
  );
}
