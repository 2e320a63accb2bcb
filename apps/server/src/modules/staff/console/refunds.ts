import { adminRefundRetry, adminRefunds, adminRefundTransfer } from '@shop/contracts';
import type { AppContext } from '../../../platform/module.ts';
import { actorOf, registerStaffCall } from '../http.ts';

/** Money going back: finance sends the KHQR transfers, records their references, and sends refused refunds again. */
const ROLES = ['finance'] as const;

export function refundConsoleRoutes({ app, services }: AppContext) {
  const payments = services.payments;
  registerStaffCall(app, services, adminRefunds, ROLES, async () => payments.openRefunds());

  registerStaffCall(app, services, adminRefundTransfer, ROLES, async (request) => {
    const actor = actorOf(request);
    const before = await payments.refunds.get(request.body.id);
    const after = await payments.refunds.recordTransfer(request.body.id, request.body.reference, actor.staffId);
    await services.staff.audit(actor, {
      action: 'refund.transfer',
      targetType: 'refund',
      targetId: after.id,
      before: before ? { state: before.state } : null,
      after: { state: after.state, reference: after.partyRef },
    });
    return payments.adminRefundLine(after);
  });

  registerStaffCall(app, services, adminRefundRetry, ROLES, async (request) => {
    const actor = actorOf(request);
    const after = await payments.refunds.retry(request.body.id);
    await services.staff.audit(actor, {
      action: 'refund.retry',
      targetType: 'refund',
      targetId: after.id,
      before: { state: 'FAILED' },
      after: { state: after.state },
    });
    return payments.adminRefundLine(after);
  });
}
