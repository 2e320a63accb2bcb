import {
  applyWithdrawal,
  queryAccount,
  queryAccountLine,
  queryWithdrawal,
  type UserAccount,
  type WithdrawalDestinationInput,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstAnswerData } from '../../../shared/api/index.ts';

export function useWalletAccount() {
  return useQuery({
    queryKey: ['wallet', 'account'],
    queryFn: () => api.call(queryAccount),
    initialData: () => firstAnswerData(queryAccount),
  });
}

export function useBills(account: UserAccount | 'all', page: number) {
  return useQuery({
    queryKey: ['wallet', 'bills', account, page],
    queryFn: () => api.call(queryAccountLine, { page, size: 20, ...(account === 'all' ? {} : { account }) }),
  });
}

export function useWithdrawals() {
  return useQuery({
    queryKey: ['wallet', 'withdrawals'],
    queryFn: () => api.call(queryWithdrawal, { page: 1, size: 50 }),
  });
}

export function useApplyWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      amountCents: number;
      payPassword: string;
      requestId: string;
      destination: WithdrawalDestinationInput;
    }) => api.call(applyWithdrawal, input, { quiet: true }), // the form says a refusal on its field
    onSettled: () => client.invalidateQueries({ queryKey: ['wallet'] }),
  });
}
