import { queryCurrencyRate } from '@shop/contracts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';

export function currencyRoutes({ app, services, resolveSession }: AppContext) {
  // Every screen may ask: answered from the service's memory, which a change forgets.
  registerCall(app, queryCurrencyRate, resolveSession, async () => services.currency.current());
}
