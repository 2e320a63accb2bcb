import { adminDashboardSeries, DASHBOARD_DAYS } from '@shop/contracts';
import type { AppContext } from '../../../platform/module.ts';
import { registerStaffCall } from '../http.ts';
import { roleAllows } from '../service.ts';

/** Who sees which chart: the roles of the pages the figures come from (page views: everyone, like Analytics). */
const ORDER_ROLES = ['fulfilment', 'finance'] as const;
const SHOPPER_ROLES = ['support', 'finance'] as const;

/** The dashboard's charts: each module counts its own rows per Phnom Penh day; this puts them side by side. */
export function dashboardConsoleRoutes({ app, services }: AppContext) {
  registerStaffCall(app, services, adminDashboardSeries, 'any', async (_request, _reply, me) => {
    const now = new Date();
    const [orders, shoppers, views] = await Promise.all([
      roleAllows(me.roles, ORDER_ROLES) ? services.orders.consoleDays(DASHBOARD_DAYS, now) : null,
      roleAllows(me.roles, SHOPPER_ROLES) ? services.accounts.newPerDay(DASHBOARD_DAYS, now) : null,
      services.analytics.viewsPerDay(DASHBOARD_DAYS),
    ]);
    return {
      days: views.days,
      orders: orders?.orders ?? null,
      salesCents: orders?.salesCents ?? null,
      newShoppers: shoppers?.shoppers ?? null,
      pageViews: views.views,
    };
  });
}
