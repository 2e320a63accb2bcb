import {
  type CouponState,
  claimCoupon,
  exchangeCouponCode,
  queryCouponCampaign,
  queryInvalidCoupons,
  queryUsableCoupons,
  queryUsedCoupons,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { useSession } from '../../../shared/session/store.ts';

const CALLS = { valid: queryUsableCoupons, invalid: queryInvalidCoupons, used: queryUsedCoupons } as const;

export function useCoupons(state: CouponState) {
  return useQuery({
    queryKey: ['coupons', state],
    queryFn: () => api.call(CALLS[state], { page: 1, size: 50 }),
  });
}

export function useExchangeCode() {
  const client = useQueryClient();
  return useMutation({
    // The promo code's page says the refusal under the field (spec §7: COUPONCODE0005 passes the
    // client silently): the client does not toast it as well, or it would be said twice.
    mutationFn: (code: string) => api.call(exchangeCouponCode, { code }, { quiet: true }),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: ['coupons'] });
      client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}

export function useCampaign(campaign: string) {
  const { token } = useSession();
  return useQuery({
    queryKey: ['coupon-campaign', campaign, Boolean(token)],
    queryFn: () => api.call(queryCouponCampaign, { campaign }),
  });
}

export function useClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (batchId: number) => api.call(claimCoupon, { batchId }),
    onSettled: () => {
      client.invalidateQueries({ queryKey: ['coupon-campaign'] });
      client.invalidateQueries({ queryKey: ['coupons'] });
    },
  });
}
