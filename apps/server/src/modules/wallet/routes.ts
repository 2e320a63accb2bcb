import { applyWithdrawal, queryAccount, queryAccountLine, queryWithdrawal } from '@shop/contracts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';
import { withdrawalView } from './service.ts';

function userOf(request: { session: { subjectId: string } | null }): string {
  // auth 'user' guarantees a session (platform/http.ts authGuard).
  return (request.session as { subjectId: string }).subjectId;
}

export function walletRoutes({ app, services, resolveSession }: AppContext) {
  registerCall(app, queryAccount, resolveSession, async (request) => {
    const userId = userOf(request);
    const [balances, { config }, couponCount] = await Promise.all([
      services.wallet.balances(userId),
      services.system.getConfig(),
      services.coupons.usableCount(userId),
    ]);
    return {
      ...balances,
      withdrawableCents: balances.cashCents,
      withdrawalMinCents: config.withdrawalMinCents,
      couponCount,
    };
  });

  registerCall(app, queryAccountLine, resolveSession, async (request) =>
    services.wallet.bills(userOf(request), request.query),
  );

  registerCall(app, queryWithdrawal, resolveSession, async (request) => {
    const page = await services.withdrawals.list(userOf(request), request.query);
    return { ...page, list: page.list.map(withdrawalView) };
  });

  registerCall(app, applyWithdrawal, resolveSession, async (request) => {
    const row = await services.withdrawals.apply({
      userId: userOf(request),
      ...request.body,
    });
    return withdrawalView(row);
  });
}
