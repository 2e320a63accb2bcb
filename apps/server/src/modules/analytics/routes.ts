import { getAnalyticsConfig, recordPageViews } from '@shop/contracts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';

export function analyticsRoutes({ app, config, services, resolveSession }: AppContext) {
  const { plausible } = config;
  registerCall(app, getAnalyticsConfig, resolveSession, async () => ({
    thirdParty: plausible ? { provider: 'plausible' as const, ...plausible } : null,
  }));
  registerCall(app, recordPageViews, resolveSession, async (req) => ({
    accepted: await services.analytics.record(req.body.events, req.session?.subjectId ?? null, req.language),
  }));
}
