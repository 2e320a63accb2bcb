import {
  createTopupOrder,
  createTopupOrderNew,
  queryTopupOrder,
  queryTopupOrders,
  queryTopupPage,
} from '@shop/contracts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';

export function topupRoutes({ app, services, resolveSession }: AppContext) {
  const topups = services.topup;
  const user = (req: { session: { subjectId: string } | null }) => req.session?.subjectId as string;

  registerCall(app, queryTopupPage, resolveSession, async (req) => topups.page(req.session?.subjectId ?? null));
  for (const call of [createTopupOrder, createTopupOrderNew])
    registerCall(app, call, resolveSession, async (req) => topups.create(user(req), req.body, req.language));
  registerCall(app, queryTopupOrders, resolveSession, async (req) =>
    topups.list(user(req), req.query.page, req.query.size, req.language),
  );
  registerCall(app, queryTopupOrder, resolveSession, async (req) =>
    topups.view(await topups.own(user(req), req.query.id), req.language),
  );
}
