import { type CampaignRoute, claimCampaignCoupon, drawCampaignPrize, queryCampaignPage } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstAnswerData } from '../../../shared/api/index.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../shared/session/store.ts';

/** The campaign a route shows now (or staff's preview of one). */
export function useCampaignPage(route: CampaignRoute, preview: string | null) {
  const { token } = useSession();
  return useQuery({
    queryKey: ['campaign', route, preview, Boolean(token), currentLanguage()],
    queryFn: () =>
      api.call(queryCampaignPage, { route, ...(preview ? { preview } : {}) }, { quiet: true, silent: true }),
    // The page's answer (the server drew the campaign from it); staff's preview is asked for.
    initialData: () => (preview ? undefined : firstAnswerData(queryCampaignPage, { route })),
    retry: false,
  });
}

export function useClaimCampaignCoupon(campaignId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (batchId: number) => api.call(claimCampaignCoupon, { campaignId, batchId }),
    onSettled: () => client.invalidateQueries({ queryKey: ['campaign'] }),
  });
}

/** One draw of the campaign's lucky draw; the page (draws left, prizes left, wins) is read again after. */
export function useDrawPrize(campaignId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(drawCampaignPrize, { campaignId }),
    onSettled: () => client.invalidateQueries({ queryKey: ['campaign'] }),
  });
}
