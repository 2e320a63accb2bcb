import {
  type InvitationState,
  queryAwardAndProcess,
  queryAwardList,
  queryFailedList,
  queryProcessList,
} from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';

export function useInviteSummary() {
  return useQuery({ queryKey: ['invite', 'summary'], queryFn: () => api.call(queryAwardAndProcess) });
}

const LISTS = { success: queryAwardList, progress: queryProcessList, failed: queryFailedList } as const;

export function useInvitations(state: InvitationState) {
  return useQuery({ queryKey: ['invite', state], queryFn: () => api.call(LISTS[state], { page: 1, size: 50 }) });
}
