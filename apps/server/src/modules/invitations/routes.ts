import {
  queryAwardAndProcess,
  queryAwardList,
  queryAwardsList,
  queryFailedList,
  queryProcessList,
  shareBind,
} from '@shop/contracts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../index.ts';

const userOf = (request: { session: { subjectId: string } | null }) =>
  (request.session as { subjectId: string }).subjectId;

export function invitationRoutes({ app, services, resolveSession }: AppContext) {
  registerCall(app, queryAwardAndProcess, resolveSession, async (request) =>
    services.invitations.summary(userOf(request)),
  );
  registerCall(app, queryAwardsList, resolveSession, async (request) =>
    services.invitations.list(userOf(request), null, request.query),
  );
  registerCall(app, queryAwardList, resolveSession, async (request) =>
    services.invitations.list(userOf(request), 'success', request.query),
  );
  registerCall(app, queryProcessList, resolveSession, async (request) =>
    services.invitations.list(userOf(request), 'progress', request.query),
  );
  registerCall(app, queryFailedList, resolveSession, async (request) =>
    services.invitations.list(userOf(request), 'failed', request.query),
  );
  registerCall(app, shareBind, resolveSession, async (request) => {
    const row = await services.invitations.bind(userOf(request), request.body.inviteCode);
    return { bound: true, expiresAt: row.expiresAt.toISOString() };
  });
}
