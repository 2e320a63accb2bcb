import List from 'antd-mobile/es/components/list';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSystemConfig } from '../../../shared/system/config.ts';
import { ActionItem } from '../../../shared/ui/ActionItem.tsx';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';

/** /settingsAboutUs: who runs the shop, its version and its terms. */
export function Component() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const config = useSystemConfig();
  return (
    <>
      <PageHeader title={t('aboutUs')} />
      <main className="acc-page acc-center">
        <img src="/h5/favicon.svg" alt="" width={72} height={72} />
        <h2 data-testid="about-name">{config?.appName ?? '\u00a0'}</h2>
        <p className="acc-hint">{t('aboutText')}</p>
        <p className="acc-hint">{t('version', { version: '1.0' })}</p>
        <List className="card acc-wide">
          <ActionItem onClick={() => navigate('/terms')}>{t('userAgreement')}</ActionItem>
          <ActionItem onClick={() => navigate('/privacy')}>{t('privacyPolicy')}</ActionItem>
          <ActionItem onClick={() => navigate('/ContactUs')}>{t('contactUs')}</ActionItem>
        </List>
      </main>
    </>
  );
}
