import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import '../giftcards.css';

const STEPS = ['guide1', 'guide2', 'guide3', 'guide4', 'guide5', 'guide6'] as const;

/** /giftCard/userGuide: how to activate and spend a gift card. */
export function Component() {
  const { t } = useTranslation('giftcards');
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('guide')} />
      <div className="giftcards">
        <section className="card" data-testid="giftcard-guide">
          <h2 className="giftcards__guide-title">{t('guideTitle')}</h2>
          <ol className="giftcards__guide">
            {STEPS.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ol>
        </section>
        <Button color="primary" block onClick={() => navigate('/giftCard/activateCard')}>
          {t('activate')}
        </Button>
      </div>
    </>
  );
}
