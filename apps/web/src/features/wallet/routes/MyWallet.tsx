import Badge from 'antd-mobile/es/components/badge';
import List from 'antd-mobile/es/components/list';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCents, formatWhole } from '../../../shared/format.ts';
import { useNewNoticeCount } from '../../../shared/notices/newNotices.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useWalletAccount } from '../api/wallet.ts';
import '../wallet.css';
import { ActionItem } from '../../../shared/ui/ActionItem.tsx';

/** /myWallet: every balance, with the way to bills, withdrawals and coupons. */
export function Component() {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const { data, isPending } = useWalletAccount();
  const newNotices = useNewNoticeCount().data?.count ?? 0;

  return (
    <>
      <PageHeader
        title={t('title')}
        right={
          <button type="button" className="link-button" onClick={() => navigate('/myWallet/bills')}>
            {t('bills')}
          </button>
        }
      />
      <main className="wallet">
        <div className="wallet__hero">
          <span className="wallet__label">{t('cash')}</span>
          <strong className="wallet__cash" data-testid="wallet-cash">
            {data ? formatCents(data.cashCents) : '—'}
          </strong>
          <div className="wallet__row">
            <span>
              {t('frozen')} <b data-testid="wallet-frozen">{data ? formatCents(data.frozenCents) : '—'}</b>
            </span>
            <span>
              {t('gift')} <b data-testid="wallet-gift">{data ? formatCents(data.giftCents) : '—'}</b>
            </span>
          </div>
          <button
            type="button"
            className="wallet__withdraw"
            data-testid="wallet-withdraw"
            onClick={() => navigate('/emoneyWith')}
          >
            {t('withdraw')}
          </button>
        </div>
        {isPending && <Skeleton.Paragraph lineCount={5} animated />}
        {data && (
          <>
            <div className="wallet__grid card">
              <div>
                <b data-testid="wallet-points">{formatWhole(data.points)}</b>
                <span>{t('points')}</span>
              </div>
              <div>
                <b>{formatCents(data.ecashCents)}</b>
                <span>{t('ecash')}</span>
              </div>
              <div>
                <b>{formatCents(data.bonusCents)}</b>
                <span>{t('bonus')}</span>
              </div>
              <div>
                <b>{formatCents(data.loanCreditCents)}</b>
                <span>{t('loanCredit')}</span>
              </div>
            </div>
            <List className="card">
              <ActionItem
                onClick={() => navigate('/coupon')}
                extra={<span data-testid="wallet-coupons">{data.couponCount}</span>}
              >
                {t('coupons')}
              </ActionItem>
              <ActionItem onClick={() => navigate('/giftCard')} data-testid="wallet-giftcards">
                {t('giftCards')}
              </ActionItem>
              <ActionItem onClick={() => navigate('/myWallet/bills')} data-testid="wallet-bills">
                {t('bills')}
              </ActionItem>
              <ActionItem onClick={() => navigate('/emoneyWith')}>{t('withdrawals')}</ActionItem>
              <ActionItem onClick={() => navigate('/invite')}>{t('invite')}</ActionItem>
              <ActionItem
                onClick={() => navigate('/notices')}
                extra={newNotices > 0 ? <Badge content={newNotices} data-testid="wallet-new-notices" /> : null}
              >
                {t('notices')}
              </ActionItem>
            </List>
            <p className="wallet__note">{t('giftNote')}</p>
          </>
        )}
      </main>
    </>
  );
}
