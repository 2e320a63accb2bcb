import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { KHQR_WATCH_JOB } from './khqr-bakong.ts';
import { paymentMetrics } from './metrics.ts';
import { paymentRoutes } from './routes.ts';
import { PaymentService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    payments: PaymentService;
  }
}

/** The cashier: payment channels, gateways and their callbacks, refunds. */
export const paymentsModule = defineModule({
  name: 'payments',
  migrations: migrationsOf('modules/payments'),
  // The wallet is the first pay method; what can be paid is registered by its owners (orders: 'order').
  // KHQR payments are confirmed with Bakong (the bakong integration's client).
  needs: ['wallet', 'accounts', 'bakong'],
  provides: ['payments'],
  build: (ctx, needed) => ({ payments: new PaymentService(ctx, needed) }),
  routes: paymentRoutes,
  metrics: paymentMetrics,
  jobs: (_ctx, services) => [
    {
      name: 'payments.sandbox-callback',
      handler: async (payload) => services.payments.sendSandboxCallback(payload as never),
    },
    {
      name: 'payments.refund-late',
      handler: async (payload) => services.payments.refundLate(String(payload.paymentId)),
    },
    {
      name: 'payments.refund',
      // Jobs queued before other kinds could be paid carry no kind: orders.
      handler: async (payload) =>
        services.payments.refundOrderPayment(String(payload.orderId), String(payload.kind ?? 'order')),
    },
    {
      // One step of a KHQR payment's watch: ask Bakong, settle or queue the next step (khqr-bakong.ts).
      name: KHQR_WATCH_JOB,
      handler: async (payload) => services.payments.khqr.watch(String(payload.paymentId), Number(payload.step ?? 0)),
    },
    {
      // PayWay payments whose pushback was lost or could not be confirmed: asked again (check-transaction-2).
      name: 'payments.gateway-lookup',
      everyMs: 60_000,
      handler: async () => {
        await services.payments.lookupPending();
      },
    },
    {
      name: 'payments.expire-pending',
      everyMs: 60_000,
      handler: async () => {
        await services.payments.expirePending();
      },
    },
  ],
});
