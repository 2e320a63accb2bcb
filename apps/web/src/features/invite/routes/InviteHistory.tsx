import { INVITATION_STATES, type InvitationState } from '@shop/contracts';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import List from 'antd-mobile/es/components/list';
import Tabs from 'antd-mobile/es/components/tabs';
import Tag from 'antd-mobile/es/components/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../shared/format.ts';
import { formatDate } from '../../../shared/i18n/dates.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useInvitations } from '../api/invite.ts';
import '../invite.css';

const COLORS: Record<InvitationState, string> = { success: 'success', progress: 'warning', failed: 'default' };

function Invitations({ state }: { state: InvitationState }) {
  const { t } = useTranslation('invite');
  const { data } = useInvitations(state);
  if (data && data.list.length === 0) return <ErrorBlock status="empty" title={t(`empty.${state}`)} description="" />;
  return (
    <List className="card">
      {data?.list.map((i) => (
        <List.Item
          key={i.id}
          data-testid="invitation"
          description={
            state === 'progress'
              ? t('until', { date: formatDate(i.expiresAt, currentLanguage()) })
              : i.settledAt
                ? formatDate(i.settledAt, currentLanguage())
                : formatDate(i.invitedAt, currentLanguage())
          }
          extra={
            <>
              {state === 'success' && <b className="invite__reward">+{formatCents(i.rewardCents)}</b>}{' '}
              <Tag color={COLORS[state]}>{t(`state.${state}`)}</Tag>
            </>
          }
        >
          {i.friend}
        </List.Item>
      ))}
    </List>
  );
}

/** /invite/history: invited friends by state: done, in progress, failed. */
export function Component() {
  const { t } = useTranslation('invite');
  const [tab, setTab] = useState<InvitationState>('success');
  return (
    <>
      <PageHeader title={t('history')} />
      <Tabs activeKey={tab} onChange={(key) => setTab(key as InvitationState)} className="invite__tabs">
        {INVITATION_STATES.map((s) => (
          <Tabs.Tab key={s} title={t(`state.${s}`)} />
        ))}
      </Tabs>
      <Invitations state={tab} key={tab} />
    </>
  );
}
