import { listNotices } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { noticeMarker } from '../../../shared/notices/newNotices.ts';

export function useNotices(lastNotice: string) {
  return useQuery({
    queryKey: ['notices', 'list'],
    queryFn: () => api.call(listNotices, { page: 1, size: 50, lastNotice: noticeMarker(lastNotice) }),
  });
}
