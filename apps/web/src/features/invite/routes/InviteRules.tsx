import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../shared/format.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useInviteSummary } from '../api/invite.ts';
import '../invite.css';

/** /invite/rules: the rules of spec §9, with the amounts the shop uses. */
export function Component() {
  const { t } = useTranslation('invite');
  const { data } = useInviteSummary();
  const per = formatCents(data?.rewardPerFriendCents ?? 0);
  const cap = formatCents(data?.rewardCapCents ?? 0);
  const days = data?.validDays ?? 30;
  return (
    <>
      <PageHeader title={t('rules')} />
      <ol className="invite__rules card" data-testid="invite-rules">
        <li>{t('rule1', { amount: per })}</li>
        <li>{t('rule2', { cap })}</li>
        <li>{t('rule3', { days })}</li>
        <li>{t('rule4', { days })}</li>
        <li>{t('rule5')}</li>
        <li>{t('rule6')}</li>
      </ol>
    </>
  );
}
