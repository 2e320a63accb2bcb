import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';

/** How to take one of the application's pictures (`/passportInfo`, `/visaHold`, `/passportHold`). */
export function PhotoGuide({ kind }: { kind: 'passportInfo' | 'visa' | 'holding' }) {
  const { t } = useTranslation('bongloy');
  const navigate = useNavigate();
  const tips = t(`guide.${kind}.tips`, { returnObjects: true }) as string[];
  return (
    <>
      <PageHeader title={t(`guide.${kind}.title`)} />
      <main className="blg-form card" data-testid="photo-guide">
        <div className={`blg-guide-frame blg-guide-frame--${kind}`} aria-hidden="true">
          <span>{t(`step2.${kind}`)}</span>
        </div>
        <ol className="blg-guide-steps">
          {tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ol>
        <p className="blg-note">{t('guide.common')}</p>
        <Button block color="primary" onClick={() => navigate(-1)}>
          {t('guide.back')}
        </Button>
      </main>
    </>
  );
}
