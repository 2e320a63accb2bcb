import { logout } from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatPhone } from '../../../shared/format.ts';
import { session, useSession } from '../../../shared/session/store.ts';
import { ActionItem } from '../../../shared/ui/ActionItem.tsx';
import { confirmDialog } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { call, useUserInfo } from '../api/accounts.ts';

/** /settings: the account's settings and the way out. */
export function Component() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const client = useQueryClient();
  const { token } = useSession();
  const { data: user } = useUserInfo();
  const go = (to: string) => () => navigate(to);

  const signOut = async () => {
    const yes = await confirmDialog({
      title: t('logout'),
      content: t('logoutConfirm'),
      confirmText: t('logout'),
      cancelText: t('common:cancel'),
    });
    if (!yes) return;
    await call(logout, {}, { quiet: true }).catch(() => {});
    session.clear();
    client.clear();
    navigate('/personal', { replace: true });
  };

  return (
    <>
      <PageHeader title={t('settings')} />
      <main className="acc-page">
        {token && (
          <List className="card" header={t('account')}>
            <ActionItem onClick={go('/portrait')} extra={user?.name} data-testid="to-portrait">
              {t('profile')}
            </ActionItem>
            <ActionItem onClick={go('/settingsAvatar')} data-testid="to-avatar">
              {t('avatar')}
            </ActionItem>
            <ActionItem onClick={go('/settingsPassword')} data-testid="to-password">
              {t('changePassword')}
            </ActionItem>
            <ActionItem onClick={go('/settingsEmail')} extra={user?.userEmail} data-testid="to-email">
              {t('email')}
            </ActionItem>
            <ActionItem
              onClick={go('/settingsPhone')}
              extra={user?.userMobile ? formatPhone(user.userMobile, user.country) : ''}
              data-testid="to-phone"
            >
              {t('changePhone')}
            </ActionItem>
            <ActionItem
              onClick={go('/settingsPayPassword')}
              extra={user ? (user.hasPayPassword ? t('isSet') : t('notSet')) : ''}
              data-testid="to-pay-password"
            >
              {t('payPassword')}
            </ActionItem>
            <ActionItem onClick={go('/settingsNotifications')} data-testid="to-notifications">
              {t('notifications')}
            </ActionItem>
            <ActionItem onClick={go('/settingsBinding')} data-testid="to-binding">
              {t('binding')}
            </ActionItem>
            <ActionItem onClick={go('/friendCode')} data-testid="to-friend-code">
              {t('friendCode')}
            </ActionItem>
          </List>
        )}
        <List className="card" header={t('general')}>
          <ActionItem onClick={go('/setLanguage')} data-testid="to-language">
            {t('language')}
          </ActionItem>
          <ActionItem onClick={go('/settingsPrices')} data-testid="to-prices">
            {t('prices')}
          </ActionItem>
          <ActionItem onClick={go('/settingsFeedback')} data-testid="to-feedback">
            {t('feedback')}
          </ActionItem>
          <ActionItem onClick={go('/ContactUs')}>{t('contactUs')}</ActionItem>
          <ActionItem onClick={go('/settingsAboutUs')} data-testid="to-about">
            {t('aboutUs')}
          </ActionItem>
        </List>
        {token ? (
          <Button block className="acc-submit acc-logout" onClick={signOut} data-testid="logout">
            {t('logout')}
          </Button>
        ) : (
          <Button block color="primary" className="acc-submit" onClick={go('/login')}>
            {t('login')}
          </Button>
        )}
      </main>
    </>
  );
}
