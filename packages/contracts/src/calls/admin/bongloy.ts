import { defineCall } from '../../call.ts';
import { pageQuery, pageSchema } from '../../envelope.ts';
import { cents, int, z } from '../../schema.ts';
import { BONGLOY_STATES, bongloyPersonal, bongloyShipping } from '../bongloy.ts';
import { listSearch, shopperContact, stateCounts } from './lists.ts';

const applicationId = () => z.string().check(z.regex(/^[0-9a-f-]{36}$/));
const link = z.nullable(z.object({ id: z.string(), url: z.string() }));

export const consoleCard = z.object({
  id: z.string(),
  maskedNumber: z.string(),
  expiry: z.string(),
  state: z.string(),
});

export const consoleBongloyRow = z.object({
  id: z.string(),
  applicationNo: z.string(),
  userId: z.string(),
  shopper: shopperContact,
  state: z.enum(BONGLOY_STATES),
  name: z.string(),
  nationality: z.nullable(z.string()),
  cardCount: int(),
  totalCents: cents(),
  paidAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ConsoleBongloyRow = z.infer<typeof consoleBongloyRow>;

export const consoleBongloyApplication = z.object({
  ...consoleBongloyRow.shape,
  personal: z.nullable(bongloyPersonal),
  verifiedPhone: z.nullable(z.string()),
  /** Short-lived links; opening this page is written to the audit log. */
  documents: z.object({ passportInfo: link, visa: link, holding: link, selfie: link }),
  signature: link,
  termsAcceptedAt: z.nullable(z.string()),
  delivery: z.nullable(z.string()),
  shipping: z.nullable(bongloyShipping),
  payChannel: z.nullable(z.string()),
  refusal: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  cards: z.array(consoleCard),
});
export type ConsoleBongloyApplication = z.infer<typeof consoleBongloyApplication>;

export const adminBongloyApplications = defineCall({
  method: 'GET',
  path: '/admin-api/v1/bongloy/applications',
  auth: 'user',
  summary: 'Card applications by state (the review queue oldest first), with how many are in each state',
  tag: 'admin: bongloy',
  query: z.object({ ...pageQuery, ...listSearch, state: z.optional(z.enum(BONGLOY_STATES)) }),
  data: z.object({ ...pageSchema(consoleBongloyRow).shape, counts: stateCounts }),
});

export const adminBongloyApplication = defineCall({
  method: 'GET',
  path: '/admin-api/v1/bongloy/application',
  auth: 'user',
  summary: 'One application with its documents side by side (the view is audited)',
  tag: 'admin: bongloy',
  query: z.object({ id: applicationId() }),
  data: consoleBongloyApplication,
});

export const adminBongloyApprove = defineCall({
  method: 'POST',
  path: '/admin-api/v1/bongloy/approve',
  auth: 'user',
  summary: 'Approve an application under review: the issuer issues its cards',
  tag: 'admin: bongloy',
  body: z.object({ id: applicationId() }),
  data: consoleBongloyApplication,
});

export const adminBongloyRefuse = defineCall({
  method: 'POST',
  path: '/admin-api/v1/bongloy/refuse',
  auth: 'user',
  summary: 'Refuse an application under review with a reason: the fee is refunded once and the shopper told',
  tag: 'admin: bongloy',
  body: z.object({ id: applicationId(), reason: z.string().check(z.maxLength(300)) }),
  data: consoleBongloyApplication,
});
