import { adminCurrencyRateHistory, adminCurrencyRateSet, adminCurrencyTakings } from '@shop/contracts';
import { lastPhnomPenhDays } from '../../../platform/days.ts';
import type { AppContext } from '../../../platform/module.ts';
import { actorOf, registerStaffCall } from '../http.ts';

/** The rate is money: finance sets it (owners may too). */
const ROLES = ['finance'] as const;

/** The day's riel rate: setting it (audited in the rate's own history and the staff audit) and its history. */
export function currencyConsoleRoutes({ app, services }: AppContext) {
  registerStaffCall(app, services, adminCurrencyRateSet, ROLES, async (request) => {
    const actor = actorOf(request);
    const change = await services.currency.set({
      khrPerUsd: request.body.khrPerUsd,
      source: 'staff',
      setBy: actor.login,
      note: request.body.note,
    });
    await services.staff.audit(actor, {
      action: 'currency.rate-set',
      targetType: 'currency-rate',
      targetId: String(change.id),
      before: change.previousKhrPerUsd === null ? undefined : { khrPerUsd: change.previousKhrPerUsd },
      after: { khrPerUsd: change.khrPerUsd, source: change.source },
    });
    return change;
  });

  registerStaffCall(app, services, adminCurrencyRateHistory, ROLES, async (request) => {
    const { page, size } = request.query;
    const [history, current] = await Promise.all([
      services.currency.history(page, size),
      services.currency.lockedRate(),
    ]);
    return { ...history, page, size, current, stale: services.currency.isStale(current) };
  });

  registerStaffCall(app, services, adminCurrencyTakings, ROLES, async (request) => ({
    lines: await services.payments.takings(lastPhnomPenhDays(request.query.days).since),
  }));
}
