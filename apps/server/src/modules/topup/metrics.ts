import { queryRows } from '../../platform/db.ts';
import type { ModuleGauge } from '../../platform/metrics.ts';
import type { PlatformContext } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import { topupOrders } from './tables.ts';

/** `/metrics`: top-up orders by state and pay channel (docs/operations.md: top-ups stuck SENT). */
export function topupMetrics(ctx: PlatformContext): ModuleGauge[] {
  return [
    {
      name: 'shop_topups',
      help: 'Top-up orders by state (WP, PAID, SENT, SUCCESS, FAILED, CANCEL) and pay channel, all time',
      labelNames: ['state', 'channel'],
      async read() {
        const rows = await queryRows<{ state: string; channel: string | null; n: string }>(
          ctx.db,
          sql`SELECT state, pay_channel AS channel, count(*) AS n FROM ${topupOrders} GROUP BY 1, 2`,
        );
        return rows.map((row) => ({
          labels: { state: row.state, channel: row.channel ?? 'none' },
          value: Number(row.n),
        }));
      },
    },
  ];
}
