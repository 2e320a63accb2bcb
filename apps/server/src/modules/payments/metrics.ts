import { queryRows } from '../../platform/db.ts';
import type { ModuleGauge } from '../../platform/metrics.ts';
import type { PlatformContext } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import { payments } from './tables.ts';

/**
 * Times a gateway refused the shop's own key when asked (PayWay's HTTP 403 to a bad hash), by
 * channel: counted by the payments service, one count per process (as the outside calls are).
 */
export const gatewayKeyRefusals = new Map<string, number>();

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
    {
      name: 'shop_gateway_key_refused_total',
      help: 'Times a payment gateway refused the shop’s own key (PayWay: HTTP 403, a bad hash): fix PAYWAY_API_KEY',
      labelNames: ['channel'],
      async read() {
        return [...gatewayKeyRefusals].map(([channel, n]) => ({ labels: { channel }, value: n }));
      },
    },
  ];
}
