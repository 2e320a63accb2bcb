import { recordPageViews } from '@shop/contracts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';

export function analyticsRoutes({ app, services, resolveSession }: AppContext) {
  registerCall(app, recordPageViews, resolveSession, async (req) => ({
    accepted: await services.analytics.record(req.body.events, req.session?.subjectId ?? null, req.language),
  }));
}
