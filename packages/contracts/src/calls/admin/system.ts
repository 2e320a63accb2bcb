import { defineCall } from '../../call.ts';
import { z } from '../../schema.ts';
import { systemConfig } from '../system.ts';

/** The shop's business constants (spec §9), read and changed by the owner. */
export const adminSettings = defineCall({
  method: 'GET',
  path: '/admin-api/v1/system/settings',
  auth: 'user',
  summary: 'The business constants of the shop (owner)',
  tag: 'admin: system',
  data: systemConfig,
});

export const adminSetSetting = defineCall({
  method: 'POST',
  path: '/admin-api/v1/system/settings/set',
  auth: 'user',
  summary: 'Changes one business constant; the value is checked against its shape (owner)',
  tag: 'admin: system',
  body: z.object({ key: z.string().check(z.minLength(1), z.maxLength(64)), value: z.unknown() }),
  data: systemConfig,
});

/** The days before its expiry from which the console warns about the Bakong token. */
export const BAKONG_TOKEN_WARNING_DAYS = 7;

export const adminBakongToken = defineCall({
  method: 'GET',
  path: '/admin-api/v1/bakong/token',
  auth: 'user',
  summary:
    'The Bakong API token (BAKONG_TOKEN) KHQR payments are confirmed with: whether it is usable and when it expires',
  tag: 'admin: system',
  data: z.object({
    /** missing | unreadable (not a JWT with exp) | expired | valid */
    state: z.enum(['missing', 'unreadable', 'expired', 'valid']),
    expiresAt: z.nullable(z.string()),
    /** Whole days left (0 once expired), when the expiry is known. */
    daysLeft: z.nullable(z.number()),
    /** Whether the console should warn: unusable, or lapsing within BAKONG_TOKEN_WARNING_DAYS. */
    warn: z.boolean(),
    /** Whether the shop renews it itself through Bakong's renew_token (BAKONG_EMAIL set). */
    renews: z.boolean(),
    /** When the shop last renewed the token in use (null: BAKONG_TOKEN as configured). */
    renewedAt: z.nullable(z.string()),
    /** Why the last renewal failed, when it did (Bakong's words). */
    renewalProblem: z.nullable(z.string()),
  }),
});
