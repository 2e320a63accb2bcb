import { grantNewShopperCoupon, queryNewShopperOffer } from '@shop/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, api } from '../../../shared/api/index.ts';
import { formatDate } from '../../../shared/i18n/dates.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../shared/session/store.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import '../coupons.css';
import { CouponTicket } from './CouponTicket.tsx';

const HERE = '/newShopperCoupon';

/**
 * /newShopperCoupon: the coupon the visitors' bonus advert promises ("New here? Get $5 off"). The
 * advert leads to login, and the login here: the coupon lands in the new shopper's coupons (once;
 * the server answers the same coupon again after) and this page shows it.
 */
export function Component() {
  const { t } = useTranslation('coupons');
  const navigate = useNavigate();
  const client = useQueryClient();
  const { token } = useSession();
  const offer = useQuery({
    queryKey: ['new-shopper-offer', Boolean(token), currentLanguage()],
    queryFn: () => api.call(queryNewShopperOffer, {}, { silent: true }),
  });
  const [refusal, setRefusal] = useState('');
  const [granted, setGranted] = useState(false);
  const asked = useRef(false);
  const mine = offer.data?.coupon ?? null;

  // Signed in without the coupon yet: it is given now (the login the advert led to brought us here).
  useEffect(() => {
    if (!token || !offer.data || offer.data.coupon || asked.current) return;
    asked.current = true;
    api
      .call(grantNewShopperCoupon, {}, { quiet: true })
      .then((answer) => {
        setGranted(answer.granted);
        client.setQueryData(['new-shopper-offer', true, currentLanguage()], { ...offer.data, coupon: answer.coupon });
        void client.invalidateQueries({
          predicate: (q) => ['coupons', 'coupon-usable-count', 'wallet'].includes(String(q.queryKey[0])),
        });
      })
      .catch((error) => setRefusal(error instanceof ApiError ? error.message : t('newShopper.failed')));
  }, [token, offer.data, client, t]);

  const o = offer.data?.offer;
  return (
    <>
      <PageHeader title={t('newShopper.title')} heading={false} />
      <header className="campaign">
        <h1 data-testid="new-shopper-heading">{t('newShopper.heading')}</h1>
        <p className="campaign__text">{t('newShopper.tagline')}</p>
      </header>
      {offer.isPending && <Skeleton.Paragraph lineCount={3} animated />}
      {o && (
        <div className="tickets">
          <CouponTicket
            testId="new-shopper-coupon"
            discountCents={o.discountCents}
            minSpendCents={o.minSpendCents}
            title={o.title}
            line={
              mine
                ? t('validUntil', {
                    from: formatDate(mine.validFrom, currentLanguage()),
                    to: formatDate(mine.expiresAt, currentLanguage()),
                  })
                : t('validDays', { days: o.validDays })
            }
            dimmed={Boolean(refusal)}
          />
        </div>
      )}
      <div className="campaign__mine" data-testid="new-shopper-state">
        {mine ? (
          <p className="campaign__text" data-testid={granted ? 'new-shopper-granted' : 'new-shopper-had'}>
            {granted ? t('newShopper.granted') : t('newShopper.had')}
          </p>
        ) : refusal ? (
          <p className="campaign__text" role="alert" data-testid="new-shopper-refused">
            {refusal}
          </p>
        ) : null}
        {!token && o && (
          <Button
            color="primary"
            block
            onClick={() => navigate(`/login?redirect=${encodeURIComponent(HERE)}`)}
            data-testid="new-shopper-login"
          >
            {t('newShopper.login')}
          </Button>
        )}
        {token && (
          <div className="buy-actions">
            <Button color="primary" block onClick={() => navigate('/coupon')} data-testid="new-shopper-mine">
              {t('myCoupons')}
            </Button>
            <Button block onClick={() => navigate('/')}>
              {t('newShopper.shop')}
            </Button>
          </div>
        )}
      </div>
    </>
  );
}
