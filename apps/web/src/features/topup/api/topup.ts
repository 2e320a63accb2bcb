import {
  createTopupOrderNew,
  queryTopupOrder,
  queryTopupOrders,
  queryTopupPage,
  type TopupState,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstAnswerData } from '../../../shared/api/index.ts';
import { useSession } from '../../../shared/session/store.ts';

/** The operators, amounts and recent numbers (a visitor sees the first two). */
export function useTopupPage() {
  const { token } = useSession();
  return useQuery({
    queryKey: ['topup', 'page', Boolean(token)],
    queryFn: () => api.call(queryTopupPage),
    // The page's answer, for whoever the page was made (the server drew the screen from it).
    initialData: () => firstAnswerData(queryTopupPage),
  });
}

/** States that change by themselves (the provider answers): the record is asked again meanwhile. */
const MOVING: readonly TopupState[] = ['PAID', 'SENT'];

export function useTopupRecord(id: string | null) {
  return useQuery({
    queryKey: ['topup', 'record', id],
    queryFn: () => api.call(queryTopupOrder, { id: id as string }),
    enabled: !!id,
    // Paid a moment ago elsewhere (the cashier): read it on every visit.
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && MOVING.includes(query.state.data.state) ? 2_000 : false),
  });
}

export function useTopupRecords(signedIn: boolean) {
  return useQuery({
    queryKey: ['topup', 'records'],
    queryFn: () => api.call(queryTopupOrders, { page: 1, size: 50 }),
    enabled: signedIn,
  });
}

export function useCreateTopup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { phone: string; amountCents: number }) => api.call(createTopupOrderNew, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['topup'] }),
  });
}
