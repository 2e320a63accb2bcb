import {
  queryAwardAndProcess,
  queryAwardList,
  queryAwardsList,
  queryFailedList,
  queryProcessList,
  shareBind,
} from '@shop/contracts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';

/** How long after registration a shopper still counts as new for sharebind. */
const NEW_SHOPPER_MS = 7 * 24 * 60 * 60 * 1000;

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
    const userId = userOf(request);
    // Only a shopper who registered within the last days can be invited (sharebind follows registration).
    const user = await services.accounts.getUser(userId);
    const isNew = user !== null && Date.now() - user.createdAt.getTime() < NEW_SHOPPER_MS;
    const row = await services.invitations.bind(userId, request.body.inviteCode, { isNew });
    return { bound: true, expiresAt: row.expiresAt.toISOString() };
  });
}
