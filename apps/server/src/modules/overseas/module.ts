import { and, eq } from 'drizzle-orm';
import { defineModule } from '../../platform/module.ts';
import { unknownReference } from '../../platform/partner-http/webhooks.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { sql } from '../../platform/sql.ts';
import { overseasPayable } from './payable.ts';
import { overseasRoutes } from './routes.ts';
import { OverseasService } from './service.ts';
import { overseasOrderLines, overseasOrders } from './tables.ts';

declare module '../../platform/module.ts' {
  interface Services {
    overseas: OverseasService;
  }
}

/** The overseas channel (spec §1 haitao: taobao and alibaba), paid online at the cashier (kind 'overseas'). */
export const overseasModule = defineModule({
  name: 'overseas',
  migrations: migrationsOf('modules/overseas'),
  needs: ['payments', 'notices', 'addresses', 'overseasSource', 'notifications'],
  provides: ['overseas'],
  build: (ctx, needed) => {
    const overseas = new OverseasService(ctx, needed);
    needed.payments.registerPayable(overseasPayable(overseas.orders));
    // A source that tracks its parcels (parcel.moved): the order whose seller's order it is moves on.
    // A move for a purchase the shop never made (its reference and the seller's order number are
    // not one of the shop's bought lines) is refused for good (422).
    needed.overseasSource.parcelsTo(async (reference, sourceOrderNo, status, note) => {
      const [line] = await ctx.db
        .select({ orderId: overseasOrderLines.orderId })
        .from(overseasOrderLines)
        .innerJoin(overseasOrders, eq(overseasOrders.id, overseasOrderLines.orderId))
        .where(
          and(
            eq(overseasOrderLines.sourceOrderNo, sourceOrderNo),
            eq(sql`${overseasOrders.orderNo} || '-' || ${overseasOrderLines.shopId}`, reference),
          ),
        )
        .limit(1);
      if (!line) throw unknownReference();
      const moved = await overseas.orders.staffMove(line.orderId, status, 'source', note);
      return `order ${moved.state}`;
    });
    return { overseas };
  },
  routes: overseasRoutes,
  jobs: (_ctx, services) => [
    { name: 'overseas.buy', handler: async (payload) => services.overseas.orders.buy(String(payload.orderId)) },
    {
      name: 'overseas.expire-unpaid',
      everyMs: 60_000,
      handler: async () => {
        await services.overseas.orders.expireUnpaid();
      },
    },
  ],
  init: (services) => services.overseas.init(),
});
