import { listNotices, queryNewNoticeCount } from '@shop/contracts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';

const userOf = (request: { session: { subjectId: string } | null }) =>
  (request.session as { subjectId: string }).subjectId;

export function noticeRoutes({ app, services, resolveSession }: AppContext) {
  registerCall(app, listNotices, resolveSession, async (request) =>
    services.notices.list(userOf(request), request.query, request.language),
  );
  registerCall(app, queryNewNoticeCount, resolveSession, async (request) => ({
    count: await services.notices.newCount(userOf(request), request.query.lastNotice),
  }));
}
