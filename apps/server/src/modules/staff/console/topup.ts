import {
  adminTopupBalance,
  adminTopupLog,
  adminTopupRefund,
  adminTopupRetry,
  adminTopups,
  type ConsoleTopup,
  type TopupState,
} from '@shop/contracts';
import type { AppContext, Services } from '../../../platform/module.ts';
import { actorOf, registerStaffCall } from '../http.ts';
import { contactsOf, searchedShopper } from './shoppers.ts';

type TopupRow = NonNullable<Awaited<ReturnType<Services['topup']['get']>>>;

const ROLES = ['fulfilment', 'finance'] as const;

const view = (r: TopupRow, shopper: ConsoleTopup['shopper'] = null): ConsoleTopup => ({
  id: r.id,
  orderNo: r.orderNo,
  userId: r.userId,
  shopper,
  phone: `+855${r.msisdn}`,
  operatorCode: r.operatorCode,
  amountCents: r.amountCents,
  state: r.state as TopupState,
  payChannel: r.payChannel,
  providerRef: r.providerRef,
  failure: r.failure,
  queries: r.queries,
  createdAt: r.createdAt.toISOString(),
  paidAt: r.paidAt?.toISOString() ?? null,
  doneAt: r.doneAt?.toISOString() ?? null,
});

/** Top-up orders: the list with filters, each one's provider log, asking again, and the refund of an unknown outcome. */
export function topupConsoleRoutes({ app, services }: AppContext) {
  registerStaffCall(app, services, adminTopups, ROLES, async (request) => {
    const { state, phone, reference, page, size } = request.query;
    // A phone finds the top-ups of that number and those the shopper of that phone paid for.
    const searched = await searchedShopper(services, phone);
    const { rows, total, counts } = await services.topup.staffSearch({
      state,
      userId: searched?.userId ?? undefined,
      msisdn: searched?.national,
      reference,
      page,
      size,
    });
    const shopper = await contactsOf(
      services,
      rows.map((r) => r.userId),
    );
    return { list: rows.map((r) => view(r, shopper(r.userId))), total, page, size, counts };
  });

  registerStaffCall(app, services, adminTopupLog, ROLES, async (request) =>
    (await services.topup.providerLog(request.query.id)).map((l) => ({
      id: l.id,
      action: l.action,
      request: l.request,
      response: l.response,
      at: l.at.toISOString(),
    })),
  );

  registerStaffCall(app, services, adminTopupBalance, ROLES, async () => services.topup.providerBalance());

  registerStaffCall(app, services, adminTopupRetry, ROLES, async (request) => {
    const after = await services.topup.staffRetry(request.body.id);
    await services.staff.audit(actorOf(request), {
      action: 'topup.retry',
      targetType: 'topup',
      targetId: after.id,
      after: { state: after.state },
    });
    return view(after);
  });

  registerStaffCall(app, services, adminTopupRefund, ['finance'], async (request) => {
    const before = await services.topup.get(request.body.id);
    const after = await services.topup.refundUnknown(request.body.id);
    await services.staff.audit(actorOf(request), {
      action: 'topup.refund',
      targetType: 'topup',
      targetId: after.id,
      before: { state: before?.state ?? null },
      after: { state: after.state, reason: request.body.reason.trim() },
    });
    return view(after);
  });
}
