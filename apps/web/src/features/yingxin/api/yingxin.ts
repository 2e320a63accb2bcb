import {
  type CallInput,
  type CarLoanView,
  queryCarLoan,
  saveCarLoanFirstPage,
  saveCarLoanSecondPage,
  saveCarLoanThirdPage,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../shared/api/index.ts';
import { useSession } from '../../../shared/session/store.ts';

/** The shopper's car loan application (the draft to resume, or its state), asked again while it is reviewed. */
export function useCarLoan() {
  const { token } = useSession();
  return useQuery({
    queryKey: ['yingxin'],
    queryFn: () => api.call(queryCarLoan),
    enabled: Boolean(token),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.application?.state === 'REVIEW' ? 10_000 : false),
  });
}

type PageCall = typeof saveCarLoanFirstPage | typeof saveCarLoanSecondPage | typeof saveCarLoanThirdPage;

/** Saves a page; the server's answer is the application as it now stands. */
function usePage<T extends PageCall>(call: T) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<T>) => api.call(call, input as Record<string, unknown>) as Promise<CarLoanView>,
    onSuccess: (application) =>
      client.setQueryData(['yingxin'], (before: { application: CarLoanView | null } | undefined) =>
        before ? { ...before, application } : before,
      ),
  });
}

export const useFirstPage = () => usePage(saveCarLoanFirstPage);
export const useSecondPage = () => usePage(saveCarLoanSecondPage);
export const useThirdPage = () => usePage(saveCarLoanThirdPage);

/** The field a refusal is about (the server names it), to show its message beside that field. */
export function refusedField(error: unknown): { field: string; message: string } | null {
  if (!(error instanceof ApiError)) return null;
  const field = (error.data as { field?: unknown } | null)?.field;
  return typeof field === 'string' ? { field, message: error.message } : null;
}
