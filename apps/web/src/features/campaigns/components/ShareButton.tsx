import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { shareLink } from '../../../shared/share.ts';
import { showToast } from '../../../shared/ui/feedback.ts';

/** Shares the campaign (shared/share.ts: the wallet app's bridge, else Web Share, else the link is copied). */
export function ShareButton({ title }: { title: string }) {
  const { t } = useTranslation('campaigns');
  const share = async () => {
    const url = window.location.href.replace(/([?&])preview=[^&]*&?/, '$1').replace(/[?&]$/, '');
    try {
      if ((await shareLink({ title, url })) === 'copied') showToast(t('copied'));
    } catch {
      showToast(t('shareFailed'));
    }
  };
  return (
    <div className="cmp-share">
      <Button block color="primary" fill="outline" onClick={() => void share()} data-testid="campaign-share">
        {t('share')}
      </Button>
    </div>
  );
}
