import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { bridge } from '../../../shared/bridge/bridge.ts';
import { showToast } from '../../../shared/ui/feedback.ts';

/** Shares the campaign: through the wallet app (bridge `shop.share`), else Web Share, else the link is copied. */
export function ShareButton({ title }: { title: string }) {
  const { t } = useTranslation('campaigns');
  const share = async () => {
    const url = window.location.href.replace(/([?&])preview=[^&]*&?/, '$1').replace(/[?&]$/, '');
    try {
      const host = bridge();
      if (host.inHost()) await host.request('shop.share', { title, url }, 60_000);
      else if (navigator.share) await navigator.share({ title, url });
      else {
        await navigator.clipboard.writeText(url);
        showToast(t('copied'));
      }
    } catch (error) {
      if ((error as Error).name !== 'AbortError') showToast(t('shareFailed'));
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
