import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCents } from '../../../shared/format.ts';
import { shareLink } from '../../../shared/share.ts';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useInviteSummary } from '../api/invite.ts';
import '../invite.css';

/** /invite: the shopper's invite code and link, a poster to share, the rules and the totals. */
export function Component() {
  const { t } = useTranslation('invite');
  const navigate = useNavigate();
  const { data, isPending } = useInviteSummary();
  const link = data ? `${window.location.origin}/h5${data.path}` : '';

  const share = async () => {
    const text = t('shareText', { code: data?.code, link });
    try {
      if ((await shareLink({ title: t('posterTitle'), text, url: link })) === 'copied') showToast(t('copied'));
    } catch {
      showToast(t('shareFailed'));
    }
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        heading={!data}
        right={
          <button type="button" className="link-button" onClick={() => navigate('/invite/rules')}>
            {t('rules')}
          </button>
        }
      />
      {isPending && <Skeleton.Paragraph lineCount={6} animated />}
      {data && (
        <>
          <section className="poster" data-testid="invite-poster">
            <p className="poster__eyebrow">{t('posterTitle')}</p>
            <h1>{t('headline', { amount: formatCents(data.rewardPerFriendCents) })}</h1>
            <p>{t('subline', { cap: formatCents(data.rewardCapCents) })}</p>
            <div className="poster__code">
              <span>{t('yourCode')}</span>
              <b data-testid="invite-code">{data.code}</b>
            </div>
            <p className="poster__link" data-testid="invite-link">
              {link}
            </p>
          </section>
          <div className="invite__actions">
            <Button color="primary" block onClick={share} data-testid="invite-share">
              {t('share')}
            </Button>
          </div>
          <section className="invite__stats card">
            <div>
              <b data-testid="invite-earned">{formatCents(data.earnedCents)}</b>
              <span>{t('earned')}</span>
            </div>
            <div>
              <b data-testid="invite-success">{data.successCount}</b>
              <span>{t('state.success')}</span>
            </div>
            <div>
              <b data-testid="invite-progress">{data.progressCount}</b>
              <span>{t('state.progress')}</span>
            </div>
            <div>
              <b>{data.failedCount}</b>
              <span>{t('state.failed')}</span>
            </div>
          </section>
          <ol className="invite__steps card">
            <li>{t('step1')}</li>
            <li>{t('step2', { days: data.validDays })}</li>
            <li>{t('step3', { amount: formatCents(data.rewardPerFriendCents) })}</li>
          </ol>
          <div className="invite__actions">
            <Button block onClick={() => navigate('/invite/history')} data-testid="invite-history">
              {t('history')}
            </Button>
          </div>
        </>
      )}
    </>
  );
}
