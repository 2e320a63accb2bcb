import { Tabs } from 'antd';
import { useT } from '../i18n.tsx';
import { CampaignPages } from './campaigns/CampaignPages.tsx';
import { ClaimPages } from './campaigns/ClaimPages.tsx';

/** Campaigns (finance): the campaign pages built from blocks, and the coupon claim page /newyearCoupon. */
export function Component() {
  const t = useT();
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'pages', label: t('campaigns.tabPages'), children: <CampaignPages /> },
        { key: 'claim', label: t('campaigns.tabClaim'), children: <ClaimPages /> },
      ]}
    />
  );
}
