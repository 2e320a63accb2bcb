import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { KHQR_WATCH_JOB } from './khqr-bakong.ts';
import { paymentMetrics } from './metrics.ts';
import { REFUND_SEND_JOB } from './refunds.ts';
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
  // KHQR payments are confirmed with Bakong (the bakong integration's client). Refunds tell the
  // shopper through the notification service (refund.made, refund.arrived).
  needs: ['wallet', 'accounts', 'bakong', 'notifications', 'currency'],
  provides: ['payments'],
  build: (ctx, needed) => ({ payments: new PaymentService(ctx, needed) }),
  routes: paymentRoutes,
  metrics: paymentMetrics,
  jobs: (_ctx, services) => [
    {
      name: 'payments.sandbox-callback',
      handler: async (payload) => services.payments.sandboxBank.sendCallback(payload as never),
    },
    {
      // One refund sent to its party, or looked up there after a try without answer (refunds.ts).
      name: REFUND_SEND_JOB,
      handler: async (payload) => {
        await services.payments.refunds.send(String(payload.refundId));
      },
    },
    {
      // Queued before the refund path (refunds.ts): the same work through it.
      name: 'payments.refund-late',
      handler: async (payload) => {
        await services.payments.refunds.forLatePayment(String(payload.paymentId));
      },
    },
    {
      // Queued before the refund path: a paid payable's gateway payment, given back through it.
      name: 'payments.refund',
      handler: async (payload) => {
        await services.payments.refundPayable(
          String(payload.kind ?? 'order'),
          String(payload.orderId),
          Number(payload.amountCents),
        );
      },
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
        await services.payments.lookups.lookupPending();
      },
    },
    {
      name: 'payments.expire-pending',
      everyMs: 60_000,
      handler: async () => {
        await services.payments.lookups.expirePending();
      },
    },
  ],
});
