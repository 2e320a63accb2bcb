import {
  adminValuationCalendar,
  adminValuationCreateModel,
  adminValuationModels,
  adminValuationOutcome,
  adminValuationRenameBrand,
  adminValuationSetRule,
  adminValuationSetSlotSettings,
  adminValuationSlotSettings,
  type ConsoleValuationModel,
  type ValuationQuestionKey,
} from '@shop/contracts';
import { AppError } from '../../../platform/errors.ts';
import type { AppContext, Services } from '../../../platform/module.ts';
import { actorOf, registerStaffCall } from '../http.ts';
import { contactsOf, searchedShopper } from './shoppers.ts';

type ModelRow = Awaited<ReturnType<Services['valuation']['modelsForStaff']>>[number];

const view = (m: ModelRow): ConsoleValuationModel => ({
  id: m.id,
  brandId: m.brandId,
  brandName: m.brandName,
  name: m.name,
  baseCents: m.baseCents,
  floorCents: m.floorCents,
  enabled: m.enabled,
  ruleVersion: m.ruleVersion,
  questions: m.questions.map((q) => ({ key: q.key as ValuationQuestionKey, options: q.options })),
});

/** Valuation: the models' price rules, the appointment calendar and a visit's outcome. */
export function valuationConsoleRoutes({ app, services }: AppContext) {
  registerStaffCall(app, services, adminValuationModels, ['catalogue', 'fulfilment'], async () =>
    (await services.valuation.modelsForStaff()).map(view),
  );

  registerStaffCall(app, services, adminValuationSetRule, ['catalogue'], async (request) => {
    const { id, ...rule } = request.body;
    const before = (await services.valuation.modelsForStaff()).find((m) => m.id === id);
    const changed = await services.valuation.setRule(id, rule);
    const after = { ...changed, brandName: before?.brandName ?? changed.brandId };
    await services.staff.audit(actorOf(request), {
      action: 'valuation.rule',
      targetType: 'valuation_model',
      targetId: id,
      before: before
        ? { baseCents: before.baseCents, floorCents: before.floorCents, ruleVersion: before.ruleVersion }
        : null,
      after: { baseCents: after.baseCents, floorCents: after.floorCents, ruleVersion: after.ruleVersion },
    });
    return view(after);
  });

  registerStaffCall(app, services, adminValuationCreateModel, ['catalogue'], async (request) => {
    const created = await services.valuation.createModel(request.body);
    await services.staff.audit(actorOf(request), {
      action: 'valuation.model',
      targetType: 'valuation_model',
      targetId: created.id,
      after: { name: created.name, baseCents: created.baseCents, floorCents: created.floorCents },
    });
    return view(created);
  });

  registerStaffCall(app, services, adminValuationCalendar, ['fulfilment', 'finance'], async (request) => {
    const from = new Date(Date.parse(`${request.query.from}T00:00:00Z`) - 7 * 3600_000);
    if (Number.isNaN(from.getTime())) throw new AppError('SYS00001');
    const { state, phone, reference } = request.query;
    const searched = await searchedShopper(services, phone);
    // The calendar is a window of at most 14 days (500 visits): searching it needs no other read.
    const part = reference?.trim().toLowerCase();
    const rows = (await services.valuation.calendar(from, request.query.days ?? 7, request.language)).filter(
      (r) =>
        (!state || r.state === state) &&
        (!searched || r.userId === searched.userId) &&
        (!part || r.id.toLowerCase().includes(part) || r.estimate.id.toLowerCase().includes(part)),
    );
    const shopper = await contactsOf(
      services,
      rows.map((r) => r.userId),
    );
    return rows.map((r) => ({ ...r, shopper: shopper(r.userId) }));
  });

  registerStaffCall(app, services, adminValuationOutcome, ['fulfilment', 'finance'], async (request) => {
    const { id, outcome, finalCents, note } = request.body;
    const actor = actorOf(request);
    const after = await services.valuation.settle(
      id,
      outcome === 'paid' ? { outcome, finalCents: finalCents ?? 0, note } : { outcome, note },
      actor.staffId,
      request.language,
    );
    await services.staff.audit(actor, {
      action: `valuation.${outcome}`,
      targetType: 'valuation_appointment',
      targetId: id,
      after: { state: after.state, finalCents: after.finalCents },
    });
    const [row] = (await services.valuation.calendar(new Date(after.startsAt), 1, request.language)).filter(
      (r) => r.id === id,
    );
    return { ...row, shopper: (await contactsOf(services, [row.userId]))(row.userId) };
  });

  registerStaffCall(app, services, adminValuationRenameBrand, ['catalogue'], async (request) => {
    const { id, name, before } = await services.valuation.renameBrand(request.body.id, request.body.name);
    await services.staff.audit(actorOf(request), {
      action: 'valuation.brand',
      targetType: 'valuation_brand',
      targetId: id,
      before: { name: before },
      after: { name },
    });
    return { id, name };
  });

  registerStaffCall(app, services, adminValuationSlotSettings, ['fulfilment', 'finance', 'catalogue'], async () =>
    services.valuation.hours(),
  );

  registerStaffCall(app, services, adminValuationSetSlotSettings, ['fulfilment'], async (request) => {
    const before = await services.valuation.hours();
    const after = await services.valuation.setHours(request.body);
    await services.staff.audit(actorOf(request), {
      action: 'valuation.hours',
      targetType: 'setting',
      targetId: 'valuation',
      before,
      after,
    });
    return after;
  });
}
