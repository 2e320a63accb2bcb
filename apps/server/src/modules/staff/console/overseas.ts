import {
  adminOverseasMarkBought,
  adminOverseasMove,
  adminOverseasOrders,
  adminOverseasRefund,
  adminOverseasSaveSettings,
  adminOverseasSettings,
  type ConsoleOverseasOrder,
  type Language,
} from '@shop/contracts';
import type { AppContext, Services } from '../../../platform/module.ts';
import { actorOf, registerStaffCall } from '../http.ts';
import { contactsOf, shopperListPage } from './shoppers.ts';

type OrderRow = NonNullable<Awaited<ReturnType<Services['overseas']['orders']['get']>>>;
type SettingsRow = Awaited<ReturnType<Services['overseas']['shopping']['settings']>>;

const ROLES = ['fulfilment', 'finance'] as const;

const settingsView = (s: SettingsRow) => ({
  rateMilli: s.rateMilli,
  feeBp: s.feeBp,
  perKgCents: s.perKgCents,
  minimumCents: s.minimumCents,
  volumetricDivisor: s.volumetricDivisor,
  updatedAt: s.updatedAt?.toISOString() ?? null,
});

/** Overseas orders: the list, buying by hand, the moves to delivery, refunds; the rate, fee and freight rules. */
export function overseasConsoleRoutes({ app, services }: AppContext) {
  const orders = services.overseas.orders;
  const view = async (
    row: OrderRow,
    language: Language,
    shopper?: ConsoleOverseasOrder['shopper'],
  ): Promise<ConsoleOverseasOrder> => ({
    ...(await orders.view(row, language)),
    userId: row.userId,
    shopper: shopper !== undefined ? shopper : (await contactsOf(services, [row.userId]))(row.userId),
    failureCode: row.failureCode,
  });

  registerStaffCall(app, services, adminOverseasOrders, ROLES, async (request) => {
    return shopperListPage(
      services,
      request.query,
      (filter) => orders.staffSearch(filter),
      (r, shopper) => view(r, request.language, shopper),
    );
  });

  registerStaffCall(app, services, adminOverseasMarkBought, ROLES, async (request) => {
    const actor = actorOf(request);
    const row = await orders.markBought(request.body.id, request.body.sourceOrders, `staff:${actor.staffId}`);
    await services.staff.audit(actor, {
      action: 'overseas.bought',
      targetType: 'overseas',
      targetId: row.id,
      after: { state: row.state, sourceOrders: request.body.sourceOrders },
    });
    return view(row, request.language);
  });

  registerStaffCall(app, services, adminOverseasMove, ROLES, async (request) => {
    const actor = actorOf(request);
    const row = await orders.staffMove(
      request.body.id,
      request.body.to,
      `staff:${actor.staffId}`,
      request.body.note?.trim() || null,
    );
    await services.staff.audit(actor, {
      action: 'overseas.move',
      targetType: 'overseas',
      targetId: row.id,
      after: { state: row.state },
    });
    return view(row, request.language);
  });

  registerStaffCall(app, services, adminOverseasRefund, ['finance'], async (request) => {
    const actor = actorOf(request);
    const reason = request.body.reason.trim();
    const before = await orders.get(request.body.id);
    const row = await orders.refund(request.body.id, `staff:${actor.staffId}`, 'HAI00017', { reason }, reason);
    await services.staff.audit(actor, {
      action: 'overseas.refund',
      targetType: 'overseas',
      targetId: row.id,
      before: { state: before?.state ?? null },
      after: { state: row.state, reason },
    });
    return view(row, request.language);
  });

  registerStaffCall(app, services, adminOverseasSettings, ROLES, async () =>
    settingsView(await services.overseas.shopping.settings()),
  );
  registerStaffCall(app, services, adminOverseasSaveSettings, ['finance'], async (request) => {
    const actor = actorOf(request);
    const before = await services.overseas.shopping.settings();
    const after = await services.overseas.shopping.saveSettings(request.body);
    await services.staff.audit(actor, {
      action: 'overseas.settings',
      targetType: 'overseas',
      targetId: 'settings',
      before: settingsView(before),
      after: settingsView(after),
    });
    return settingsView(after);
  });
}
