import { queryRows } from '../../platform/db.ts';
import type { ModuleGauge } from '../../platform/metrics.ts';
import type { PlatformContext } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import { payments } from './tables.ts';

/** `/metrics`: payments by what is paid, channel and status (docs/operations.md: stuck PENDING, failures). */
export function paymentMetrics(ctx: PlatformContext): ModuleGauge[] {
  return [
    {
      name: 'shop_payments',
      help: 'Payments by payable kind, channel and status (PENDING, SUCCEEDED, FAILED, EXPIRED), all time',
      labelNames: ['kind', 'channel', 'status'],
      async read() {
        const rows = await queryRows<{ kind: string; channel: string; status: string; n: string }>(
          ctx.db,
          sql`SELECT payable_kind AS kind, channel, status, count(*) AS n FROM ${payments} GROUP BY 1, 2, 3`,
        );
        return rows.map((row) => ({
          labels: { kind: row.kind, channel: row.channel, status: row.status },
          value: Number(row.n),
        }));
      },
    },
  ];
}
