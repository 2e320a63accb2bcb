import { OVERSEAS_DAYS } from '@shop/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import '../overseas.css';

const QUESTIONS = ['time', 'pay', 'price', 'refund', 'freight'] as const;

/** /Smilebuy/customer: overseas customer service: the answers shoppers ask for most, the hours, a way to write. */
export function Component() {
  const { t } = useTranslation('overseas');
  return (
    <>
      <PageHeader title={t('help')} />
      <div className="haitao">
        {QUESTIONS.map((q) => (
          <section key={q} className="card" data-testid="haitao-faq">
            <h2>{t(`faq.${q}.q`)}</h2>
            <p className="haitao-muted">{t(`faq.${q}.a`, OVERSEAS_DAYS)}</p>
          </section>
        ))}
        <section className="card">
          <p>{t('hours')}</p>
          <div className="haitao-links">
            <Link to="/Smilebuy/ContactUs">{t('contact')}</Link>
            <Link to="/Smilebuy/orderList">{t('nav.orders')}</Link>
          </div>
        </section>
      </div>
    </>
  );
}
