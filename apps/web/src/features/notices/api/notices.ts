import { listNotices, queryNewNoticeCount } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { useSession } from '../../../shared/session/store.ts';

/** `lastNotice` (spec §3) holds the id of the newest notice the shopper has seen. */
const marker = (lastNotice: string) => (/^\d+$/.test(lastNotice) ? Number(lastNotice) : 0);

export function useNotices(lastNotice: string) {
  return useQuery({
    queryKey: ['notices', 'list'],
    queryFn: () => api.call(listNotices, { page: 1, size: 50, lastNotice: marker(lastNotice) }),
  });
}

export function useNewNoticeCount() {
  const { token, lastNotice } = useSession();
  return useQuery({
    queryKey: ['notices', 'new', lastNotice],
    queryFn: () => api.call(queryNewNoticeCount, { lastNotice: marker(lastNotice) }, { silent: true }),
    enabled: Boolean(token),
  });
}
