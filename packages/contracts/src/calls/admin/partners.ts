import { defineCall } from '../../call.ts';
import { pageQuery, pageSchema } from '../../envelope.ts';
import { z } from '../../schema.ts';
import { PARTNER_STATES, partnerApplication } from '../partners.ts';
import { id } from './catalogue.ts';
import { listSearch, shopperContact, stateCounts } from './lists.ts';

/** A partner application as staff see it: with the shopper's phone. */
export const consolePartner = z.object({
  ...partnerApplication.shape,
  userId: z.string(),
  userPhone: z.nullable(z.string()),
  shopper: shopperContact,
  decidedBy: z.nullable(z.string()),
});
export type ConsolePartner = z.infer<typeof consolePartner>;

export const adminPartners = defineCall({
  method: 'GET',
  path: '/admin-api/v1/partners',
  auth: 'user',
  summary: 'Partner applications in one state (default: waiting for a decision), oldest first',
  tag: 'admin: partners',
  query: z.object({ ...pageQuery, ...listSearch, state: z._default(z.enum(PARTNER_STATES), 'pending') }),
  data: z.object({ ...pageSchema(consolePartner).shape, counts: stateCounts }),
});

export const adminPartnerDecide = defineCall({
  method: 'POST',
  path: '/admin-api/v1/partners/decide',
  auth: 'user',
  summary: 'Approves or refuses a waiting partner application (a refusal says why); the shopper is told',
  tag: 'admin: partners',
  body: z.object({
    id: id(),
    decision: z.enum(['approve', 'refuse']),
    note: z._default(z.string().check(z.trim(), z.maxLength(300)), ''),
  }),
  data: consolePartner,
});
