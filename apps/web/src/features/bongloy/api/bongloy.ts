import {
  activateBongloyCard,
  type BongloyApplication,
  type CallInput,
  createCardTopup,
  queryBongloyApplication,
  queryBongloyCards,
  queryBongloyPage,
  queryCardTopup,
  queryCardTopups,
  saveBongloyStep1,
  saveBongloyStep2,
  saveBongloyStep3,
  saveBongloyStep4,
  sendSms,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstAnswerData } from '../../../shared/api/index.ts';
import { useSession } from '../../../shared/session/store.ts';

/** The limit, fees, the draft to resume and past applications. */
export function useBongloyPage() {
  const { token } = useSession();
  return useQuery({
    queryKey: ['bongloy', 'page'],
    queryFn: () => api.call(queryBongloyPage, {}),
    initialData: () => firstAnswerData(queryBongloyPage),
    enabled: Boolean(token),
    staleTime: 0,
  });
}

export function useApplication(id: string | null) {
  return useQuery({
    queryKey: ['bongloy', 'application', id],
    queryFn: () => api.call(queryBongloyApplication, { id: id as string }),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

type StepCall = typeof saveBongloyStep1 | typeof saveBongloyStep2 | typeof saveBongloyStep3 | typeof saveBongloyStep4;

/** `quiet`: the step's page says a refusal itself (step 1, on the field it is about). */
function useStep<T extends StepCall>(call: T, quiet = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<T>) =>
      api.call(call, input as Record<string, unknown>, { quiet }) as Promise<BongloyApplication>,
    onSuccess: (application) => {
      client.setQueryData(['bongloy', 'application', application.id], application);
      return client.invalidateQueries({ queryKey: ['bongloy', 'page'] });
    },
  });
}

export const useStep1 = () => useStep(saveBongloyStep1, true);
export const useStep2 = () => useStep(saveBongloyStep2);
export const useStep3 = () => useStep(saveBongloyStep3);
export const useStep4 = () => useStep(saveBongloyStep4);

/**
 * Asks an SMS code for the applicant's phone (purpose 'card'); answers the code outside production.
 * Quiet: a slide puzzle asked for (USR00016) is the screen's to show; it sends again with its token.
 */
export function sendCardCode(countryCode: string, phone: string, imageToken?: string) {
  return api.call(sendSms, { countryCode, phone, type: 'card', imageToken }, { quiet: true });
}

// ------------------------------------------------------------------ cards and top-ups

export function useCards() {
  const { token } = useSession();
  return useQuery({
    queryKey: ['bongloy', 'cards'],
    queryFn: () => api.call(queryBongloyCards, {}),
    initialData: () => firstAnswerData(queryBongloyCards),
    enabled: Boolean(token),
    staleTime: 0,
  });
}

export function useActivate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { cardId: string; last4: string }) => api.call(activateBongloyCard, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['bongloy', 'cards'] }),
  });
}

export function useCreateCardTopup() {
  return useMutation({
    mutationFn: (input: { cardId: string; amountCents: number }) => api.call(createCardTopup, input),
  });
}

/** A top-up still on its way (paid, the issuer not answered yet) is asked again meanwhile. */
export function useCardTopup(id: string | null) {
  return useQuery({
    queryKey: ['bongloy', 'topup', id],
    queryFn: () => api.call(queryCardTopup, { id: id as string }),
    enabled: Boolean(id),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.state === 'PAID' ? 1_500 : false),
  });
}

export function useCardTopups() {
  const { token } = useSession();
  return useQuery({
    queryKey: ['bongloy', 'topups'],
    queryFn: () => api.call(queryCardTopups, { page: 1, size: 50 }),
    enabled: Boolean(token),
    staleTime: 0,
  });
}
