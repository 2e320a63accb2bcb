import { adminPageViews } from '@shop/contracts';
import type { AppContext } from '../../../platform/module.ts';
import { registerStaffCall } from '../http.ts';

/** Page views per route and day and the funnel: anyone of the staff may read them. */
export function analyticsConsoleRoutes({ app, services }: AppContext) {
  registerStaffCall(app, services, adminPageViews, 'any', async (request) =>
    services.analytics.report(request.query.days, 10, request.query.route),
  );
}
