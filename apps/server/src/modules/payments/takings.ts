import type { TakingsLine } from '@shop/contracts';
import { phnomPenhDaySql } from '../../platform/days.ts';
import { type Db, queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { payments } from './tables.ts';

/**
 * The takings per Phnom Penh day and currency (issue 47): settled payments by the day they settled.
 * The books stay in USD cents (`amountCents` for both); a KHR line also sums the riel its codes
 * carried and what rounding to the 100-riel note added or took off, for finance.
 */
export async function takingsPerCurrency(db: Db, since: Date): Promise<TakingsLine[]> {
  const day = phnomPenhDaySql(payments.settledAt);
  const rows = await queryRows<{
    day: string;
    currency: string;
    payments: number;
    cents: string;
    riel: string | null;
    rounding: string | null;
  }>(
    db,
    sql`SELECT ${day} AS day, ${payments.currency} AS currency, count(*)::int AS payments,
        sum(${payments.amountCents}) AS cents, sum(${payments.amountRiel}) AS riel,
        sum(${payments.rielRoundingCentiriel}) AS rounding
      FROM ${payments}
      WHERE ${payments.status} = 'SUCCEEDED' AND ${payments.settledAt} >= ${since}
      GROUP BY 1, 2 ORDER BY 1 DESC, 2 DESC`,
  );
  return rows.map((r) => ({
    day: r.day,
    currency: r.currency === 'KHR' ? 'KHR' : 'USD',
    payments: r.payments,
    amountCents: Number(r.cents),
    amountRiel: r.currency === 'KHR' ? Number(r.riel ?? 0) : null,
    roundingCentiriel: r.currency === 'KHR' ? Number(r.rounding ?? 0) : null,
  }));
}
