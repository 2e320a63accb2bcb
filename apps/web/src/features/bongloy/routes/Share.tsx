import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { ContentDocument } from '../../../shared/content/ContentDocument.tsx';
import { shareLink } from '../../../shared/share.ts';
import { showToast } from '../../../shared/ui/feedback.ts';
import '../bongloy.css';

/**
 * /bongloyShare: why to tell a friend (`bongloy.share`, written in the console) and a share button
 * (shared/share.ts: the wallet app's own sheet inside it, Web Share in a phone browser, else the link
 * is copied). The link opens /download/bongloy, where the friend gets the app and applies.
 */
export function Component() {
  const { t } = useTranslation('bongloy');
  const share = async () => {
    const url = `${window.location.origin}/h5/download/bongloy`;
    try {
      const outcome = await shareLink({ title: t('share.title'), text: t('share.text'), url });
      if (outcome === 'copied') showToast(t('share.copied'));
    } catch {
      showToast(t('share.failed'));
    }
  };
  return (
    <>
      <ContentDocument docKey="bongloy.share" page />
      <div className="blg-actions">
        <Button block color="primary" size="large" onClick={() => void share()} data-testid="bongloy-share">
          {t('share.button')}
        </Button>
      </div>
    </>
  );
}
