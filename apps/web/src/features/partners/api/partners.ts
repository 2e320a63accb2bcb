import { applyPartner, type CallInput, queryPartnerApplication } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { useSession } from '../../../shared/session/store.ts';

/** The signed-in shopper's partner application (null: none yet); nothing for a visitor. */
export function usePartnerApplication() {
  const { token } = useSession();
  return useQuery({
    queryKey: ['partner-application', token],
    queryFn: () => api.call(queryPartnerApplication, {}),
    enabled: Boolean(token),
  });
}

export function useApplyPartner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof applyPartner>) => api.call(applyPartner, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['partner-application'] }),
  });
}
