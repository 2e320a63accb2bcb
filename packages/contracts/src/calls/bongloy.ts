import { defineCall } from '../call.ts';
import { cents, int, z } from '../schema.ts';

/**
 * The prepaid card (bongloy) application of spec §1, §3, §5: five steps, a draft kept by the server
 * and resumed at its step. States: DRAFT (steps 1-4) → WP (ordered, to pay at the cashier) → REVIEW
 * (paid, under review) → SENT_TO_ISSUER (staff approved it; the issuer issues the cards) → APPROVED
 * (card issued); REFUSED (fee refunded) by staff from REVIEW or by the issuer from SENT_TO_ISSUER;
 * WP not paid in time goes back to DRAFT at step 4.
 */
export const BONGLOY_STATES = ['DRAFT', 'WP', 'REVIEW', 'SENT_TO_ISSUER', 'APPROVED', 'REFUSED'] as const;
export type BongloyState = (typeof BONGLOY_STATES)[number];

/** Fees (spec §3 "base fee per card, shipping fee"): ours to set, written in docs/bongloy.md. */
export const BONGLOY_CARD_FEE_CENTS = 500;
export const BONGLOY_SHIPPING_FEE_CENTS = 200;
/** An ordered application waits this long for its payment. */
export const BONGLOY_PAY_MINUTES = 30;
/** The nationality that needs no Cambodian visa page. */
export const BONGLOY_HOME_NATIONALITY = 'KH';
export const BONGLOY_NATIONALITIES = [
  'KH',
  'CN',
  'TH',
  'VN',
  'LA',
  'MY',
  'SG',
  'KR',
  'JP',
  'PH',
  'ID',
  'IN',
  'FR',
  'GB',
  'US',
  'AU',
] as const;

const text = (max: number) => z.string().check(z.maxLength(max));
const uploadId = () => z.string().check(z.regex(/^[0-9a-f-]{36}$/));
const applicationId = () => z.string().check(z.regex(/^[0-9a-f-]{36}$/));

/** Step 1 (spec §3 "Card applicant"). Rules are the service's: each field has its own message. */
export const bongloyPersonal = z.object({
  firstName: text(50),
  lastName: text(50),
  /** Cambodian ID card or passport number. */
  passportId: text(20),
  /** The document's expiry, yyyy-mm-dd. */
  certificateValidity: text(10),
  email: text(120),
  gender: z.enum(['male', 'female']),
  profession: z.optional(text(60)),
  /** dd/mm/yyyy (spec). */
  birthday: text(10),
  birthplace: text(100),
  nationality: z.enum(BONGLOY_NATIONALITIES),
  countryCode: text(5),
  phone: text(20),
});
export type BongloyPersonal = z.infer<typeof bongloyPersonal>;

export const BONGLOY_DOCUMENTS = ['passportInfo', 'visa', 'holding', 'selfie'] as const;
export type BongloyDocument = (typeof BONGLOY_DOCUMENTS)[number];

const picture = z.nullable(z.object({ id: z.string(), url: z.string() }));

export const bongloyShipping = z.object({
  name: text(60),
  mobile: text(20),
  zipCode: text(10),
  address: text(300),
});

export const bongloyApplication = z.object({
  id: z.string(),
  applicationNo: z.string(),
  state: z.enum(BONGLOY_STATES),
  /** The step to resume at (1..5). */
  step: int(),
  personal: z.nullable(bongloyPersonal),
  phoneVerified: z.boolean(),
  documents: z.object({ passportInfo: picture, visa: picture, holding: picture, selfie: picture }),
  /** Whether the visa page is asked (a foreigner). */
  needsVisa: z.boolean(),
  signature: picture,
  termsAccepted: z.boolean(),
  cardCount: int(),
  cardFeeCents: cents(),
  shippingFeeCents: cents(),
  totalCents: cents(),
  delivery: z.nullable(z.enum(['pickup', 'express'])),
  shipping: z.nullable(bongloyShipping),
  deadlineAt: z.nullable(z.string()),
  paidAt: z.nullable(z.string()),
  refusal: z.nullable(z.string()),
  createdAt: z.string(),
});
export type BongloyApplication = z.infer<typeof bongloyApplication>;

export const bongloyPage = z.object({
  /** Cards one person may hold over all applications (system config). */
  limit: int(),
  /** Cards already counted: ordered, under review or issued. */
  used: int(),
  cardFeeCents: cents(),
  shippingFeeCents: cents(),
  /** The application being filled in (DRAFT or WP), newest, or null. */
  draft: z.nullable(bongloyApplication),
  applications: z.array(bongloyApplication),
});
export type BongloyPage = z.infer<typeof bongloyPage>;

export const queryBongloyPage = defineCall({
  method: 'GET',
  path: '/v1/bongloy/page',
  auth: 'user',
  summary: 'The card application page: limit, fees, the draft to resume and past applications',
  tag: 'bongloy',
  query: z.object({}),
  data: bongloyPage,
});

export const queryBongloyApplication = defineCall({
  method: 'GET',
  path: '/v1/bongloy/application',
  auth: 'user',
  summary: 'One of the shopper’s card applications, with links to its pictures',
  tag: 'bongloy',
  query: z.object({ id: applicationId() }),
  data: bongloyApplication,
});

export const saveBongloyStep1 = defineCall({
  method: 'POST',
  path: '/v1/bongloy/step1',
  auth: 'user',
  summary: 'Step 1: personal information; a new or changed phone needs an SMS code (sendsms type "card")',
  tag: 'bongloy',
  body: z.object({
    /** The draft to update; absent starts a new application. */
    id: z.optional(applicationId()),
    ...bongloyPersonal.shape,
    verifycode: z.optional(text(8)),
  }),
  data: bongloyApplication,
});

export const saveBongloyStep2 = defineCall({
  method: 'POST',
  path: '/v1/bongloy/step2',
  auth: 'user',
  summary: 'Step 2: the documents, uploads of v1/upload/pictureofclient (the visa page for foreigners only)',
  tag: 'bongloy',
  body: z.object({
    id: applicationId(),
    passportInfo: uploadId(),
    visa: z.optional(uploadId()),
    holding: uploadId(),
    selfie: uploadId(),
  }),
  data: bongloyApplication,
});

export const saveBongloyStep3 = defineCall({
  method: 'POST',
  path: '/v1/bongloy/step3',
  auth: 'user',
  summary: 'Step 3: the signature (an upload of v1/upload/tmp) and the card service terms accepted',
  tag: 'bongloy',
  body: z.object({ id: applicationId(), signature: uploadId(), agree: z.boolean() }),
  data: bongloyApplication,
});

export const saveBongloyStep4 = defineCall({
  method: 'POST',
  path: '/v1/bongloy/step4',
  auth: 'user',
  summary: 'Step 4: the card order (count within the per-person limit, pickup or express); then pay at the cashier',
  tag: 'bongloy',
  body: z.object({
    id: applicationId(),
    cardCount: z.int().check(z.minimum(1), z.maximum(20)),
    delivery: z.enum(['pickup', 'express']),
    shipping: z.optional(bongloyShipping),
  }),
  data: bongloyApplication,
});
