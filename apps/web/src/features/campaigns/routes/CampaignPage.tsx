import '../../../shared/content/content.css';
import '../../../shared/catalogue/catalogue.css';
import type { CampaignRoute } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { useTranslation } from 'react-i18next';
import { useMatches, useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/i18n/dates.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useCampaignPage } from '../api/campaigns.ts';
import { Block } from '../components/Blocks.tsx';
import '../campaigns.css';

/**
 * A campaign route (/christmas, /twelveActivity, …; the route's `handle.campaign` names it): the
 * campaign staff bound to it. Before its start it says when; after its end it says so and offers
 * the home page. `?preview=<token>` is staff's look before publishing.
 */
export function Component() {
  const { t, i18n } = useTranslation('campaigns');
  const navigate = useNavigate();
  const route = useMatches()
    .map((m) => (m.handle as { campaign?: CampaignRoute } | undefined)?.campaign)
    .filter(Boolean)
    .pop() as CampaignRoute;
  const [params] = useSearchParams();
  const { data: page, error, isPending } = useCampaignPage(route, params.get('preview'));
  const home = (
    <div className="cmp-actions">
      <Button block color="primary" onClick={() => navigate('/')} data-testid="campaign-home">
        {t('home')}
      </Button>
    </div>
  );
  if (isPending)
    return (
      <>
        <PageHeader title="" />
        <div className="cmp-loading" aria-busy="true">
          <DotLoading />
        </div>
      </>
    );
  if (error || !page)
    return (
      <>
        <PageHeader title={t('title')} />
        <div className="card" data-testid="campaign-none">
          <ErrorBlock status="empty" title={error?.message || t('none')} description="" />
        </div>
        {home}
      </>
    );
  return (
    <div className="cmp" data-testid="campaign" data-state={page.state}>
      <PageHeader title={page.title} />
      {page.preview && (
        <div className="cmp-preview" data-testid="campaign-preview">
          {t('preview')}
        </div>
      )}
      {page.state === 'upcoming' && (
        <div className="cmp-when card" data-testid="campaign-upcoming">
          {t('startsAt', { at: formatDateTime(page.startsAt, i18n.language) })}
        </div>
      )}
      {page.blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a campaign's blocks are a fixed list in staff's order
        <Block key={i} block={block} page={page} />
      ))}
      {page.state === 'ended' && (
        <>
          <div className="card" data-testid="campaign-ended">
            <ErrorBlock
              status="empty"
              title={t('ended')}
              description={t('endedAt', { at: formatDateTime(page.endsAt, i18n.language) })}
            />
          </div>
          {home}
        </>
      )}
    </div>
  );
}
