import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { orderPaidEvent } from '../notifications/public.ts';
import { orderPayable } from './payable.ts';
import { portsOf } from './ports.ts';
import { orderRoutes } from './routes.ts';
import { OrderService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    orders: OrderService;
  }
}

/** Buying: the cart, checkout (preorder and placement), orders and their moves, pickup stores. */
export const ordersModule = defineModule({
  name: 'orders',
  migrations: migrationsOf('modules/orders'),
  needs: [
    'system',
    'addresses',
    'catalogue',
    'coupons',
    'payments',
    'invitations',
    'notices',
    'reviews',
    'carrier',
    'notifications',
    'currency',
  ],
  provides: ['orders'],
  build: (ctx, needed) => {
    const orders = new OrderService(ctx, needed.addresses, portsOf(needed));
    orders.useSystem(() => needed.system.getConfig());
    // The carrier's tracking events land in the order's timeline.
    needed.carrier.recordTrackingWith((orderId, event) => orders.addTrackingEvent(orderId, event));
    // Orders are paid at the cashier as its payable kind 'order'.
    needed.payments.registerPayable(orderPayable(orders));
    // The shopper hears of a paid order where they read (issue 46), in the payment's transaction.
    orders.whenPaid({
      wants: () => true,
      onPaid: (o, tx) => needed.notifications.emit(orderPaidEvent(o), tx).then(() => {}),
    });
    return { orders };
  },
  routes: orderRoutes,
  jobs: (_ctx, services) => [
    {
      name: 'orders.overdue-sweep',
      everyMs: 60_000,
      handler: async () => {
        await services.orders.sweepOverdue();
      },
    },
    {
      name: 'orders.purge-preorders',
      everyMs: 60 * 60 * 1000,
      handler: async () => {
        await services.orders.purgePreorders();
      },
    },
    // Deadline jobs queued per order by earlier versions: the sweep does their work now.
    { name: 'orders.deadline', handler: async (payload) => services.orders.onDeadline(String(payload.orderId)) },
  ],
  init: (services) => services.orders.ensureStores(),
});
