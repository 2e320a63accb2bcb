import {
  applyLoan,
  collectLoan,
  createLoanRepayment,
  loanJump,
  queryLoanAgreement,
  queryLoanOffer,
  queryLoans,
  requestLoanExtension,
  requestLoanPayout,
  sendSms,
  signLoan,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { api, firstAnswerData } from '../../../shared/api/index.ts';

export type ApplyInput = z.infer<(typeof applyLoan)['body']>;

export function useLoanOffer(enabled: boolean) {
  return useQuery({
    queryKey: ['loans', 'offer'],
    queryFn: () => api.call(queryLoanOffer),
    initialData: () => firstAnswerData(queryLoanOffer),
    enabled,
    staleTime: 0,
  });
}

/** The credit wallet, loans and payouts; asked again while a decision or an extension is awaited. */
export function useLoans(enabled: boolean) {
  return useQuery({
    queryKey: ['loans', 'home'],
    queryFn: () => api.call(queryLoans),
    initialData: () => firstAnswerData(queryLoans),
    enabled,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.loans.some((l) => l.state === 'REVIEW' || l.extension?.state === 'PENDING') ? 5_000 : false,
  });
}

export function useAgreement(id: string | null) {
  return useQuery({
    queryKey: ['loans', 'agreement', id],
    queryFn: () => api.call(queryLoanAgreement, { id: id as string }),
    enabled: !!id,
  });
}

function useLoanMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['loans'] }) });
}

export const useApply = () => useLoanMutation((input: ApplyInput) => api.call(applyLoan, input));
/** The agreement's code to the shopper's own phone; quiet: the slide puzzle (USR00016) is the screen's to show. */
export const useSendLoanCode = () =>
  useMutation({
    mutationFn: (imageToken?: string) =>
      api.call(sendSms, { countryCode: '+855', phone: '', type: 'loan', imageToken }, { quiet: true }),
  });
export const useSign = () => useLoanMutation((input: { id: string; code: string }) => api.call(signLoan, input));
/** Collects the approved amount the shopper was shown and accepts (the server refuses another, LOAN0023). */
export const useCollect = () =>
  useLoanMutation((input: { id: string; acceptCents?: number }) => api.call(collectLoan, input));
export const useRepay = () =>
  useLoanMutation((input: { id: string; amountCents: number }) => api.call(createLoanRepayment, input));
export const useExtend = () => useLoanMutation((id: string) => api.call(requestLoanExtension, { id }));
export const usePayout = () =>
  useLoanMutation((input: { amountCents: number; bankName: string; accountName: string; accountNumber: string }) =>
    api.call(requestLoanPayout, input),
  );
export const useJump = () => useMutation({ mutationFn: () => api.call(loanJump) });
