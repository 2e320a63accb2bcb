import { shareBind } from '@shop/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';

/** sharebind: the client calls it after registration; it never toasts (spec §7). */
export function useShareBind() {
  return useMutation({ mutationFn: (inviteCode: string) => api.call(shareBind, { inviteCode }, { quiet: true }) });
}
