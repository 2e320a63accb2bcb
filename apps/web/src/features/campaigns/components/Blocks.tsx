import type { CampaignBlockView, CampaignPage } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductCard } from '../../../shared/catalogue/ProductCard.tsx';
import { formatCents } from '../../../shared/format.ts';
import { useSession } from '../../../shared/session/store.ts';
import { promptLogin, showToast } from '../../../shared/ui/feedback.ts';
import { Picture } from '../../../shared/ui/Picture.tsx';
import { useClaimCampaignCoupon } from '../api/campaigns.ts';
import { Countdown } from './Countdown.tsx';
import { LuckyDraw, SpendAndGet } from './LuckyDraw.tsx';
import { ShareButton } from './ShareButton.tsx';

type Offers = Extract<CampaignBlockView, { type: 'coupons' }>;

function Coupons({ block, page }: { block: Offers; page: CampaignPage }) {
  const { t } = useTranslation('campaigns');
  const session = useSession();
  const claim = useClaimCampaignCoupon(page.campaignId);
  const take = async (batchId: number) => {
    if (!session.token) return void (await promptLogin(session.thirdId));
    try {
      await claim.mutateAsync(batchId);
      showToast(t('claimed'));
    } catch {
      // The client shows the catalogue message.
    }
  };
  return (
    <section className="cmp-block card" data-testid="campaign-coupons">
      <h2>{block.heading}</h2>
      {block.offers.map((offer) => (
        <div className="cmp-coupon" key={offer.batchId} data-testid="campaign-offer">
          <div className="cmp-coupon__value">
            <b>{formatCents(offer.discountCents)}</b>
            <span>{t('minSpend', { min: formatCents(offer.minSpendCents) })}</span>
          </div>
          <div className="cmp-coupon__body">
            <strong>{offer.title}</strong>
            <span>{t('validDays', { days: offer.validDays })}</span>
          </div>
          <Button
            size="mini"
            color="primary"
            shape="rounded"
            disabled={offer.claimed || offer.soldOut || page.preview}
            loading={claim.isPending && claim.variables === offer.batchId}
            onClick={() => void take(offer.batchId)}
            data-testid="campaign-claim"
          >
            {offer.claimed ? t('taken') : offer.soldOut ? t('soldOut') : t('claim')}
          </Button>
        </div>
      ))}
    </section>
  );
}

/** One block of a campaign page. */
export function Block({ block, page }: { block: CampaignBlockView; page: CampaignPage }) {
  const { t } = useTranslation('campaigns');
  switch (block.type) {
    case 'hero':
      return (
        <header className="cmp-hero" data-testid="campaign-hero">
          {block.imageUrl && <Picture url={block.imageUrl} alt="" sizes="100vw" eager />}
          <div className="cmp-hero__text">
            <h1>{page.title}</h1>
            <p>{block.caption}</p>
          </div>
        </header>
      );
    case 'countdown':
      return page.state === 'ended' ? null : (
        <Countdown
          to={page.state === 'upcoming' ? page.startsAt : page.endsAt}
          label={t(page.state === 'upcoming' ? 'startsIn' : 'endsIn')}
        />
      );
    case 'coupons':
      return <Coupons block={block} page={page} />;
    case 'products':
      return (
        <section className="cmp-block" data-testid="campaign-products">
          <div className="cmp-block__head">
            <h2>{block.heading}</h2>
            <Link to={block.more}>{t('more')} ›</Link>
          </div>
          <div className="product-grid">
            {block.list.map((p) => (
              <ProductCard key={p.productId} product={p} />
            ))}
          </div>
        </section>
      );
    case 'rules':
      return (
        <section className="cmp-block card" data-testid="campaign-rules">
          <h2>{block.heading}</h2>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitised by the server */}
          <div className="content-doc__body" dangerouslySetInnerHTML={{ __html: block.html }} />
        </section>
      );
    case 'share':
      return <ShareButton title={page.title} />;
    case 'luckyDraw':
      return <LuckyDraw block={block} page={page} />;
    case 'spendAndGet':
      return <SpendAndGet block={block} />;
  }
}
