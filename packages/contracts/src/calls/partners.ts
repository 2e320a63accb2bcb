import { defineCall } from '../call.ts';
import { int, z } from '../schema.ts';

/**
 * The partner programme (docs/partners.md, decision 0024): a shopper applies at /partnership, staff
 * approve or refuse in the console. Shoppers who arrive from a bank partner (the navigation rules'
 * source) are asked to log in first; that part lives in the shop.
 */
export const PARTNER_KINDS = ['agent', 'shop', 'company'] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];
export const PARTNER_STATES = ['pending', 'approved', 'refused'] as const;
export type PartnerState = (typeof PARTNER_STATES)[number];
/** The content document that explains the programme (console › Content). */
export const PARTNER_PROGRAMME_DOC = 'partner.programme';

export const partnerApplication = z.object({
  id: int(),
  state: z.enum(PARTNER_STATES),
  kind: z.enum(PARTNER_KINDS),
  contactName: z.string(),
  businessName: z.string(),
  note: z.string(),
  /** Staff's word with the decision (the reason of a refusal). */
  decisionNote: z.nullable(z.string()),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
});
export type PartnerApplication = z.infer<typeof partnerApplication>;

export const queryPartnerApplication = defineCall({
  method: 'GET',
  path: '/v1/partner/query',
  auth: 'user',
  summary: "The shopper's partner application and where it stands (null: none yet)",
  tag: 'partners',
  data: z.object({ application: z.nullable(partnerApplication) }),
});

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

export const applyPartner = defineCall({
  method: 'POST',
  path: '/v1/partner/apply',
  auth: 'user',
  summary: 'Apply to be a partner (again after a refusal); staff decide in the console',
  tag: 'partners',
  body: z.object({
    kind: z.enum(PARTNER_KINDS),
    contactName: text(60),
    businessName: text(100),
    note: z._default(z.string().check(z.trim(), z.maxLength(500)), ''),
  }),
  data: z.object({ application: partnerApplication }),
});
