import type { BillLine, UserAccount } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import List from 'antd-mobile/es/components/list';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Tabs from 'antd-mobile/es/components/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCents } from '../../../shared/format.ts';
import { formatDateTime } from '../../../shared/i18n/dates.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { MyRefunds } from '../../../shared/payments/PaymentsAndRefunds.tsx';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useBills } from '../api/wallet.ts';
import '../wallet.css';
import { ActionItem } from '../../../shared/ui/ActionItem.tsx';

const TABS: (UserAccount | 'all')[] = ['all', 'cash', 'gift', 'frozen', 'points'];

/** Where a bill line leads: its order or the withdrawal list. */
function linkOf(line: BillLine): string | null {
  if (line.refType === 'order') return `/orderDetail?orderId=${encodeURIComponent(line.refId)}`;
  if (line.refType === 'withdrawal') return '/emoneyWith';
  if (line.refType === 'reward') return '/invite';
  if (line.refType === 'giftcard') return `/giftCard/cardDetails?id=${encodeURIComponent(line.refId)}`;
  return null;
}

/** /myWallet/bills: the bills, one line per movement, newest first. */
export function Component() {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const [account, setAccount] = useState<UserAccount | 'all'>('all');
  const [page, setPage] = useState(1);
  const { data, isPending } = useBills(account, page);
  const language = currentLanguage();
  const pages = data ? Math.max(1, Math.ceil(data.total / data.size)) : 1;

  return (
    <>
      <PageHeader title={t('bills')} />
      <MyRefunds />
      <Tabs
        activeKey={account}
        onChange={(key) => {
          setAccount(key as UserAccount | 'all');
          setPage(1);
        }}
        className="wallet__tabs"
      >
        {TABS.map((tab) => (
          <Tabs.Tab key={tab} title={t(`account.${tab}`)} />
        ))}
      </Tabs>
      {isPending && <Skeleton.Paragraph lineCount={6} animated />}
      {data && data.list.length === 0 && <ErrorBlock status="empty" title={t('noBills')} description="" />}
      {data && data.list.length > 0 && (
        <List className="card" data-testid="bill-list">
          {data.list.map((line) => {
            const link = linkOf(line);
            return (
              <ActionItem
                key={line.id}
                data-testid="bill-line"
                onClick={link ? () => navigate(link) : undefined}
                arrowIcon={Boolean(link)}
                description={
                  <>
                    <span>{formatDateTime(line.createdAt, language)}</span>
                    {line.note && <span className="bill__note"> · {line.note}</span>}
                  </>
                }
                extra={
                  <div className="bill__amount">
                    <b className={line.amountCents > 0 ? 'bill__in' : 'bill__out'}>
                      {line.account === 'points'
                        ? `${line.amountCents > 0 ? '+' : ''}${line.amountCents}`
                        : `${line.amountCents > 0 ? '+' : ''}${formatCents(line.amountCents)}`}
                    </b>
                    <small>
                      {t('balanceAfter', {
                        amount:
                          line.account === 'points' ? line.balanceAfterCents : formatCents(line.balanceAfterCents),
                      })}
                    </small>
                  </div>
                }
              >
                {t(`kind.${line.kind}`)}
                {/* " · Cash" stays one piece: a no-break space before the dot, and no break inside (wallet.css). */}
                <span className="bill__account">{`\u00a0· ${t(`account.${line.account}`)}`}</span>
              </ActionItem>
            );
          })}
        </List>
      )}
      {data && pages > 1 && (
        <div className="wallet__pager">
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('previous')}
          </Button>
          <span>
            {page} / {pages}
          </span>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('next')}
          </Button>
        </div>
      )}
    </>
  );
}
