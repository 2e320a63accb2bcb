import { adminReconciliation, adminReconciliationRun } from '@shop/contracts';
import type { AppContext } from '../../../platform/module.ts';
import { yesterday } from '../../reconciliation/public.ts';
import { actorOf, registerStaffCall } from '../http.ts';

/** Money that may be owed either way: finance reads the day's mismatches and compares a day again. */
const ROLES = ['finance'] as const;

export function reconciliationConsoleRoutes({ app, services }: AppContext) {
  registerStaffCall(app, services, adminReconciliation, ROLES, async (request) =>
    services.reconciliation.report(request.query.day ?? yesterday()),
  );

  registerStaffCall(app, services, adminReconciliationRun, ROLES, async (request) => {
    const day = await services.reconciliation.run(request.body.day);
    await services.staff.audit(actorOf(request), {
      action: 'reconciliation.run',
      targetType: 'reconciliation',
      targetId: day.day,
      before: null,
      after: { mismatches: day.list.length, parties: day.parties },
    });
    return day;
  });
}
