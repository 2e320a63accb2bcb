import { queryNewNoticeCount } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/index.ts';
import { useSession } from '../session/store.ts';

/** `lastNotice` (spec §3) holds the id of the newest notice the shopper has seen. */
export const noticeMarker = (lastNotice: string) => (/^\d+$/.test(lastNotice) ? Number(lastNotice) : 0);

/** Notices newer than the session's `lastNotice` marker: the badge of every way to the notices screen. */
export function useNewNoticeCount() {
  const { token, lastNotice } = useSession();
  return useQuery({
    queryKey: ['notices', 'new', lastNotice],
    queryFn: () => api.call(queryNewNoticeCount, { lastNotice: noticeMarker(lastNotice) }, { silent: true }),
    enabled: Boolean(token),
  });
}
