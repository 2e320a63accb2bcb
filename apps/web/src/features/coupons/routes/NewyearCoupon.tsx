import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../shared/session/store.ts';
import { promptLogin, showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useCampaign, useClaim } from '../api/coupons.ts';
import '../coupons.css';
import { CouponTicket } from './CouponTicket.tsx';

/**
 * /newyearCoupon: the New Year coupons; visitors see them and are asked to log in to claim. The
 * title, text and picture are what staff wrote in the console, else the shop's own words.
 */
export function Component() {
  const { t } = useTranslation('coupons');
  const navigate = useNavigate();
  const session = useSession();
  const { data, isPending } = useCampaign('newyear');
  const claim = useClaim();
  const page = data?.page;

  const take = async (batchId: number) => {
    if (!session.token) {
      await promptLogin(session.thirdId);
      return;
    }
    try {
      await claim.mutateAsync(batchId);
      showToast(t('claimed'));
    } catch {
      // Shown by the client.
    }
  };

  return (
    <>
      <PageHeader title={page?.title || t('newyear.title')} heading={false} />
      <header className="campaign">
        {page?.imageUrl && (
          <img className="campaign__picture" src={`${page.imageUrl}?w=750`} alt="" data-testid="campaign-picture" />
        )}
        <h1 data-testid="campaign-title">{page?.title || t('newyear.heading')}</h1>
        <p className="campaign__text" data-testid="campaign-text">
          {page?.body || t('newyear.tagline')}
        </p>
      </header>
      {isPending && <Skeleton.Paragraph lineCount={4} animated />}
      {data && !data.running && <ErrorBlock status="empty" title={t('newyear.over')} description="" />}
      <div className="tickets">
        {data?.offers.map((offer) => (
          <CouponTicket
            key={offer.batchId}
            testId="offer"
            discountCents={offer.discountCents}
            minSpendCents={offer.minSpendCents}
            title={offer.title}
            line={t('validDays', { days: offer.validDays })}
            dimmed={offer.claimed || offer.soldOut}
            action={
              <Button
                size="mini"
                color="primary"
                shape="rounded"
                disabled={offer.claimed || offer.soldOut}
                onClick={() => take(offer.batchId)}
                data-testid="offer-claim"
              >
                {offer.claimed ? t('taken') : offer.soldOut ? t('soldOut') : t('claim')}
              </Button>
            }
          />
        ))}
      </div>
      {session.token && (
        <div className="campaign__mine">
          <Button fill="outline" color="primary" onClick={() => navigate('/coupon')}>
            {t('myCoupons')}
          </Button>
        </div>
      )}
    </>
  );
}
