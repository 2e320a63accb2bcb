import {
  applyWithdrawal,
  queryAccount,
  queryAccountLine,
  queryNewNoticeCount,
  queryWithdrawal,
  type UserAccount,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { useSession } from '../../../shared/session/store.ts';

export function useWalletAccount() {
  return useQuery({ queryKey: ['wallet', 'account'], queryFn: () => api.call(queryAccount) });
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
    mutationFn: (input: { amountCents: number; payPassword: string; requestId: string }) =>
      api.call(applyWithdrawal, input),
    onSettled: () => client.invalidateQueries({ queryKey: ['wallet'] }),
  });
}

/** Notices newer than the `lastNotice` marker of the session, for the badge on the notices row. */
export function useNewNoticeCount() {
  const { token, lastNotice } = useSession();
  return useQuery({
    queryKey: ['notices', 'new', lastNotice],
    queryFn: () =>
      api.call(
        queryNewNoticeCount,
        { lastNotice: /^\d+$/.test(lastNotice) ? Number(lastNotice) : 0 },
        { silent: true },
      ),
    enabled: Boolean(token),
  });
}
