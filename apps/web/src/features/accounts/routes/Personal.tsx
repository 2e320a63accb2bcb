import { queryAccount, queryUsableCouponCount } from '@shop/contracts';
import List from 'antd-mobile/es/components/list';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCents } from '../../../shared/format.ts';
import { useSession } from '../../../shared/session/store.ts';
import { call, useUserInfo } from '../api/accounts.ts';
import { UserAvatar } from '../components/UserAvatar.tsx';

/** /personal: the personal centre: who is signed in, their level, and the ways on from here. */
export function Component() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const { token, userMobile, country } = useSession();
  const { data: user } = useUserInfo();
  const levelName = t(`level.${Math.min(user?.userLevel ?? 0, 3)}`);
  // Tiles from the wallet and coupon calls (their owners' contracts); nothing is shown without an answer.
  const wallet = useQuery({
    queryKey: ['wallet-account', token],
    queryFn: () => call(queryAccount, {}, { silent: true, quiet: true }),
    enabled: Boolean(token),
  });
  const coupons = useQuery({
    queryKey: ['coupon-usable-count', token],
    queryFn: () => call(queryUsableCouponCount, {}, { silent: true, quiet: true }),
    enabled: Boolean(token),
  });
  return (
    <main className="acc-personal">
      <header className="acc-personal__head">
        {token ? (
          <button
            type="button"
            className="acc-personal__who"
            onClick={() => navigate('/settingsAvatar')}
            data-testid="personal-user"
          >
            <UserAvatar imageUrl={user?.imageUrl ?? ''} name={user?.name || user?.userMobile || ''} />
            <span className="acc-personal__names">
              <strong data-testid="personal-name">
                {user?.name ||
                  (user?.userMobile ? `${user.country} ${user.userMobile}` : userMobile ? `${country} ${userMobile}` : '\u00a0')}
              </strong>
              <span className="acc-level" data-testid="personal-level">
                {levelName}
              </span>
            </span>
          </button>
        ) : (
          <button type="button" className="acc-personal__who" onClick={() => navigate('/login')} data-testid="personal-login">
            <UserAvatar imageUrl="" name="" />
            <span className="acc-personal__names">
              <strong>{t('loginOrRegister')}</strong>
              <span>{t('loginBenefit')}</span>
            </span>
          </button>
        )}
        <button
          type="button"
          className="acc-personal__settings"
          onClick={() => navigate('/settings')}
          aria-label={t('settings')}
          data-testid="to-settings"
        >
          ⚙
        </button>
      </header>
      {token && (wallet.data || coupons.data) && (
        <section className="acc-tiles card">
          {wallet.data && (
            <button type="button" className="acc-tile" onClick={() => navigate('/myWallet')} data-testid="tile-wallet">
              <strong>{formatCents(wallet.data.cashCents)}</strong>
              <span>{t('walletBalance')}</span>
            </button>
          )}
          {coupons.data && (
            <button type="button" className="acc-tile" onClick={() => navigate('/coupon')} data-testid="tile-coupons">
              <strong>{coupons.data.count}</strong>
              <span>{t('coupons')}</span>
            </button>
          )}
        </section>
      )}
      <List className="card" header={t('shortcuts')}>
        <List.Item onClick={() => navigate('/friendCode')} extra={token ? levelName : ''} data-testid="to-friend-code">
          {t('friendCode')}
        </List.Item>
        <List.Item onClick={() => navigate('/settingsPayPassword')}>{t('payPassword')}</List.Item>
        <List.Item onClick={() => navigate('/settingsBinding')}>{t('binding')}</List.Item>
        <List.Item onClick={() => navigate('/settingsFeedback')}>{t('feedback')}</List.Item>
        <List.Item onClick={() => navigate('/ContactUs')}>{t('contactUs')}</List.Item>
        <List.Item onClick={() => navigate('/setLanguage')}>{t('language')}</List.Item>
      </List>
    </main>
  );
}
