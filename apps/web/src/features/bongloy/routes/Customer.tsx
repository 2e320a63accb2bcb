import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ContentDocument } from '../../../shared/content/ContentDocument.tsx';
import '../bongloy.css';

/**
 * /bongloy/customer: the card's customer service (`bongloy.customer`, written in the console), and the
 * way to the desk itself (/ContactUs: its channels and whether it is open now, from the settings).
 */
export function Component() {
  const { t } = useTranslation('bongloy');
  const navigate = useNavigate();
  return (
    <>
      <ContentDocument docKey="bongloy.customer" page />
      <div className="blg-actions">
        <Button block color="primary" onClick={() => navigate('/ContactUs')} data-testid="to-contact">
          {t('customer.contact')}
        </Button>
      </div>
    </>
  );
}
