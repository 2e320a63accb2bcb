import { defineCall } from '../../call.ts';
import { int, z } from '../../schema.ts';

/** A Phnom Penh day, YYYY-MM-DD, that exists. */
const day = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/),
  z.refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
  ),
);

export const RECONCILED_PARTIES = [
  'topup',
  'card-issuer',
  'lender',
  'overseas-source',
  'bakong',
  'payment-gateway',
  'refunds',
] as const;
/**
 * What differs. The refunds' lines (issue 43): `refund-not-made` the shop counts a refund the gateway
 * has not made (it still says approved); `refund-pending` a refund not done a day after it was
 * asked (refused, or the gateway cannot be asked); `refund-task-open` a KHQR refund to a bank
 * account that staff have not sent two days after it was chosen.
 */
export const MISMATCH_KINDS = [
  'missing-at-party',
  'missing-at-shop',
  'state',
  'amount',
  'refund-not-made',
  'refund-pending',
  'refund-task-open',
] as const;
/** Who fixes a mismatch: finance (money back or claimed), fulfilment (settle by hand), the partner (its record). */
export const MISMATCH_FIXERS = ['finance', 'fulfilment', 'partner'] as const;

export const reconciliationMismatch = z.object({
  id: int(),
  party: z.enum(RECONCILED_PARTIES),
  reference: z.string(),
  kind: z.enum(MISMATCH_KINDS),
  /** The state as each side recorded it (null: no record). */
  shopSays: z.nullable(z.string()),
  partySays: z.nullable(z.string()),
  shopCents: z.nullable(int()),
  partyCents: z.nullable(int()),
  fixer: z.enum(MISMATCH_FIXERS),
});
export type ReconciliationMismatch = z.infer<typeof reconciliationMismatch>;

export const reconciliationDay = z.object({
  day: z.string(),
  /** When the day was compared (null: not yet). */
  ranAt: z.nullable(z.string()),
  /** Each party compared: how many of the shop's records, how many mismatches, or why it could not be. */
  parties: z.array(
    z.object({ party: z.enum(RECONCILED_PARTIES), compared: int(), mismatches: int(), error: z.nullable(z.string()) }),
  ),
  list: z.array(reconciliationMismatch),
});
export type ReconciliationDay = z.infer<typeof reconciliationDay>;

export const adminReconciliation = defineCall({
  method: 'GET',
  path: '/admin-api/v1/reconciliation',
  auth: 'user',
  summary:
    'A day’s reconciliation with the outside parties (default: yesterday in Phnom Penh): every mismatch and who fixes it',
  tag: 'admin: reconciliation',
  query: z.object({ day: z.optional(day) }),
  data: reconciliationDay,
});

export const adminReconciliationRun = defineCall({
  method: 'POST',
  path: '/admin-api/v1/reconciliation/run',
  auth: 'user',
  summary: 'Compares a day again now (the daily job does yesterday at 07:00 Phnom Penh)',
  tag: 'admin: reconciliation',
  body: z.object({ day }),
  data: reconciliationDay,
});
