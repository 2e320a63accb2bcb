import '../../../shared/catalogue/catalogue.css';
import { queryAccount, queryUnreadOrderCount, queryUsableCouponCount } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import Badge from 'antd-mobile/es/components/badge';
import List from 'antd-mobile/es/components/list';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { firstAnswerData } from '../../../shared/api/index.ts';
import { useMyPageAdverts } from '../../../shared/catalogue/adverts.ts';
import { Banners } from '../../../shared/catalogue/Banners.tsx';
import { formatCents, formatPhone } from '../../../shared/format.ts';
import { useNewNoticeCount } from '../../../shared/notices/newNotices.ts';
import { useSession } from '../../../shared/session/store.ts';
import { ActionItem } from '../../../shared/ui/ActionItem.tsx';
import { TabBar } from '../../../shared/ui/TabBar.tsx';
import { call, useUserInfo } from '../api/accounts.ts';
import { UserAvatar } from '../components/UserAvatar.tsx';

/** /personal: the personal centre: who is signed in, their level, and the ways on from here. */
export function Component() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const { token, userMobile, country } = useSession();
  const { data: user } = useUserInfo();
  const levelName = t(`level.${Math.min(user?.userLevel ?? 0, 3)}`);
  // Tiles from the wallet and coupon calls (their owners' contracts). Their boxes are drawn at once
  // and filled when the answers come (nothing moves, issue 24); a tile whose call failed goes.
  const wallet = useQuery({
    queryKey: ['wallet-account', token],
    queryFn: () => call(queryAccount, {}, { silent: true, quiet: true }),
    initialData: () => firstAnswerData(queryAccount),
    enabled: Boolean(token),
  });
  const unread = useQuery({
    queryKey: ['order-unread', token],
    queryFn: () => call(queryUnreadOrderCount, {}, { silent: true, quiet: true }),
    initialData: () => firstAnswerData(queryUnreadOrderCount),
    enabled: Boolean(token),
  });
  const adverts = useMyPageAdverts();
  const coupons = useQuery({
    queryKey: ['coupon-usable-count', token],
    queryFn: () => call(queryUsableCouponCount, {}, { silent: true, quiet: true }),
    initialData: () => firstAnswerData(queryUsableCouponCount),
    enabled: Boolean(token),
  });
  const newNotices = useNewNoticeCount().data?.count ?? 0;
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
                  (user?.userMobile
                    ? formatPhone(user.userMobile, user.country)
                    : userMobile
                      ? formatPhone(userMobile, country)
                      : '\u00a0')}
              </strong>
              <span className="acc-level" data-testid="personal-level">
                {levelName}
              </span>
            </span>
          </button>
        ) : (
          <button
            type="button"
            className="acc-personal__who"
            onClick={() => navigate('/login')}
            data-testid="personal-login"
          >
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
      {token && !unread.isError && (
        <section className="card acc-orders" data-testid="orders-row">
          <button
            type="button"
            className="acc-orders__all"
            onClick={() => navigate('/orderList')}
            title={t('orderNewHint')}
          >
            <strong>{t('myOrders')}</strong>
            <span>{t('allOrders')} ›</span>
          </button>
          <div className="acc-tiles">
            {(['waitpay', 'waitproduct', 'finish', 'cancel'] as const).map((tab) => (
              <button
                key={tab}
                type="button"
                className="acc-tile"
                onClick={() => navigate(`/orderList?tab=${tab}`)}
                data-testid={`orders-${tab}`}
              >
                <span className="acc-tile__label">{t(`orderTab.${tab}`)}</span>
                {/* Unread counts (orders changed since that tab was last seen), not totals: shown as "2 new". */}
                {(unread.data?.[tab] ?? 0) > 0 ? (
                  <b className="acc-tile__new" data-testid={`orders-${tab}-new`}>
                    {t('orderNew', { count: unread.data?.[tab] })}
                  </b>
                ) : (
                  <span className="acc-tile__none" aria-hidden>
                    {'\u00a0'}
                  </span>
                )}
              </button>
            ))}
          </div>
        </section>
      )}
      {token && !(wallet.isError && coupons.isError) && (
        <section className="acc-tiles card">
          {!wallet.isError && (
            <button type="button" className="acc-tile" onClick={() => navigate('/myWallet')} data-testid="tile-wallet">
              {/* What the shopper can spend: cash and the gift balance (shopping only), said apart. */}
              <strong data-testid={wallet.data ? 'tile-wallet-amount' : undefined}>
                {wallet.data ? formatCents(wallet.data.cashCents + wallet.data.giftCents) : '\u00a0'}
              </strong>
              <span>{t('walletBalance')}</span>
              {/* The gift line's place is kept when there is none: the tile's height never changes. */}
              {wallet.data && wallet.data.giftCents > 0 ? (
                <span data-testid="tile-wallet-gift">
                  {t('walletGift', { amount: formatCents(wallet.data.giftCents) })}
                </span>
              ) : (
                <span aria-hidden>{'\u00a0'}</span>
              )}
            </button>
          )}
          {!coupons.isError && (
            <button type="button" className="acc-tile" onClick={() => navigate('/coupon')} data-testid="tile-coupons">
              <strong>{coupons.data?.count ?? '\u00a0'}</strong>
              <span>{t('coupons')}</span>
            </button>
          )}
        </section>
      )}
      {adverts.isPending && <div className="banners banners--placeholder" aria-hidden />}
      {adverts.data && <Banners items={adverts.data} testId="mypage-adverts" />}
      <List className="card" header={t('shortcuts')}>
        <ActionItem onClick={() => navigate('/favourite')} data-testid="to-favourites">
          {t('favourites')}
        </ActionItem>
        <ActionItem onClick={() => navigate('/myWallet')} data-testid="to-wallet">
          {t('wallet')}
        </ActionItem>
        <ActionItem onClick={() => navigate('/coupon')} data-testid="to-coupons">
          {t('coupons')}
        </ActionItem>
        <ActionItem onClick={() => navigate('/invite')} data-testid="to-invite">
          {t('invite')}
        </ActionItem>
        <ActionItem onClick={() => navigate('/chooseModel')} data-testid="to-valuation">
          {t('valuation')}
        </ActionItem>
        <ActionItem
          onClick={() => navigate('/notices')}
          extra={newNotices > 0 ? <Badge content={newNotices} data-testid="personal-new-notices" /> : null}
          data-testid="to-notices"
        >
          {t('notices')}
        </ActionItem>
        <ActionItem onClick={() => navigate('/friendCode')} extra={token ? levelName : ''} data-testid="to-friend-code">
          {t('friendCode')}
        </ActionItem>
        <ActionItem onClick={() => navigate('/settingsPayPassword')}>{t('payPassword')}</ActionItem>
        <ActionItem onClick={() => navigate('/settingsBinding')}>{t('binding')}</ActionItem>
        <ActionItem onClick={() => navigate('/settingsFeedback')}>{t('feedback')}</ActionItem>
        <ActionItem onClick={() => navigate('/ContactUs')}>{t('contactUs')}</ActionItem>
        <ActionItem onClick={() => navigate('/setLanguage')}>{t('language')}</ActionItem>
      </List>
      <TabBar />
    </main>
  );
}
