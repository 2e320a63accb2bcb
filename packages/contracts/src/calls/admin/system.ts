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
