import { defineCall } from '../call.ts';
import { FEE_KINDS } from '../loans/terms.ts';
import { cents, int, z } from '../schema.ts';

/**
 * A loan's life at the shop (spec §4): applied and waiting for the SMS e-signature (SIGNING), sent
 * to the lender (REVIEW), refused (REFUSED), approved and waiting in the credit wallet to be
 * collected (APPROVED), collected and being repaid (ACTIVE), repaid (SETTLED), not signed in time
 * (CANCELLED).
 */
export const LOAN_STATES = ['SIGNING', 'REVIEW', 'REFUSED', 'APPROVED', 'ACTIVE', 'SETTLED', 'CANCELLED'] as const;
export type LoanState = (typeof LOAN_STATES)[number];

const text = (max: number) => z.string().check(z.maxLength(max));
const required = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
const buckets = z.object(
  Object.fromEntries(FEE_KINDS.map((kind) => [kind, cents()])) as Record<
    (typeof FEE_KINDS)[number],
    ReturnType<typeof cents>
  >,
);

export const loanOffer = z.object({
  /** Why the shopper cannot apply now (a message in their language), or null. */
  refusal: z.nullable(z.string()),
  refusalCode: z.nullable(z.string()),
  minCents: cents(),
  maxCents: cents(),
  installmentChoices: z.array(int()),
  /** The loan partner is configured (production without one takes no application). */
  available: z.boolean(),
  /** The shopper's own phone (E.164) the agreement's SMS code goes to. */
  phone: z.nullable(z.string()),
  agreementVersion: z.string(),
});

/**
 * Spec §3's documents, pictures uploaded with `v1/upload/pictureofclient` and claimed by the
 * application: the national ID card and a face picture are required, the others help the lender.
 */
export const LOAN_DOCUMENTS = [
  'nationalIdCard',
  'facePicture',
  'birthCertificate',
  'academicRecords',
  'drivingLicence',
] as const;
export type LoanDocument = (typeof LOAN_DOCUMENTS)[number];
export const REQUIRED_LOAN_DOCUMENTS: readonly LoanDocument[] = ['nationalIdCard', 'facePicture'];
const uploadId = () => z.string().check(z.regex(/^[0-9a-f-]{36}$/));

/** Spec §3: the application data; device data only through the wallet app's bridge, after consent. */
export const applyBody = z.object({
  fullName: required(80),
  nationalId: z.string().check(z.regex(/^[A-Za-z0-9]{6,20}$/)),
  /** dd/mm/yyyy (spec §5). */
  birthDate: z.string().check(z.regex(/^\d{2}\/\d{2}\/\d{4}$/)),
  email: z.optional(text(120)),
  mailingAddress: required(200),
  postalCode: z.string().check(z.regex(/^\d{5,6}$/)),
  residenceCountry: z.string().check(z.regex(/^[A-Z]{2}$/)),
  familyDetails: required(200),
  education: required(120),
  employment: required(200),
  monthlyIncomeCents: z.int().check(z.minimum(0), z.maximum(100_000_000)),
  amountCents: z.int().check(z.minimum(1), z.maximum(100_000_000)),
  installments: z.int().check(z.minimum(1), z.maximum(12)),
  /** The consents of /kmf/authorization: the application data (required) and device data (optional). */
  consent: z.object({ applicationData: z.literal(true), deviceData: z.boolean() }),
  /** What the wallet app's bridge gave, after consent; absent in a plain browser. */
  device: z.optional(z.record(z.string(), z.unknown())),
  /** Upload ids by document (the required ones are checked with their own message, LOAN0021). */
  documents: z.optional(
    z.object(
      Object.fromEntries(LOAN_DOCUMENTS.map((kind) => [kind, z.optional(uploadId())])) as Record<
        LoanDocument,
        z.ZodMiniOptional<ReturnType<typeof uploadId>>
      >,
    ),
  ),
});

export const scheduleRow = z.object({
  number: int(),
  dueDate: z.string(),
  charged: buckets,
  paid: buckets,
  outstandingCents: cents(),
});

/**
 * What the lender approved, before it is collected: the schedule and every fee of the approved
 * amount if collected today (the agreement named the amount asked, `askedCents`, and its total).
 */
export const approvedOffer = z.object({
  amountCents: cents(),
  askedCents: cents(),
  /** What the signed agreement named to repay for the amount asked. */
  signedTotalCents: cents(),
  totals: buckets,
  totalCents: cents(),
  schedule: z.array(z.object({ number: int(), dueDate: z.string(), amountCents: cents() })),
});

export const loanView = z.object({
  id: z.string(),
  reference: z.string(),
  state: z.enum(LOAN_STATES),
  amountCents: cents(),
  approvedCents: z.nullable(cents()),
  installments: int(),
  createdAt: z.string(),
  /** The lender's promise for a first decision (2 to 3 days). */
  reviewBy: z.nullable(z.string()),
  /** Past three days without the money: "contact service" (spec §8). */
  contactService: z.boolean(),
  refusal: z.nullable(z.string()),
  signedAt: z.nullable(z.string()),
  collectedAt: z.nullable(z.string()),
  schedule: z.array(scheduleRow),
  totals: z.nullable(z.object({ charged: buckets, paid: buckets })),
  /** Everything left on the schedule, every future period's fees included. */
  outstandingCents: cents(),
  /** What is due now: installments whose due day has come, with their late fees. */
  dueNowCents: cents(),
  /** The next installment falling due after today, or null. */
  nextDue: z.nullable(z.object({ dueDate: z.string(), amountCents: cents() })),
  /** What repays everything today (periods not begun owe only their principal). */
  payoffCents: cents(),
  /** APPROVED: the approved amount's schedule and fees before collecting; null otherwise. */
  approved: z.nullable(approvedOffer),
  daysLate: int(),
  blacklisted: z.boolean(),
  waivedCents: cents(),
  extension: z.nullable(z.object({ state: z.string(), feeCents: cents(), requestedAt: z.string() })),
  /** Why an extension cannot be asked for now (a message), or null; its fee when it can. */
  extensionRefusal: z.nullable(z.string()),
  extensionFeeCents: cents(),
  repayments: z.array(
    z.object({
      id: z.string(),
      amountCents: cents(),
      state: z.string(),
      createdAt: z.string(),
      paidAt: z.nullable(z.string()),
    }),
  ),
});
export type LoanView = z.infer<typeof loanView>;

export const loanHome = z.object({
  creditCents: cents(),
  loans: z.array(loanView),
  payouts: z.array(
    z.object({
      id: z.string(),
      amountCents: cents(),
      state: z.string(),
      bankName: z.string(),
      accountNumber: z.string(),
      requestedAt: z.string(),
      runAt: z.string(),
      paidAt: z.nullable(z.string()),
    }),
  ),
});

const loanId = z.object({ id: z.string().check(z.regex(/^[0-9a-f-]{36}$/)) });

export const queryLoanOffer = defineCall({
  method: 'GET',
  path: '/v1/kmf/offer',
  auth: 'user',
  summary: 'Loan: whether the shopper may apply, the amounts and installments offered',
  tag: 'loans',
  data: loanOffer,
});

export const applyLoan = defineCall({
  method: 'POST',
  path: '/v1/kmf/apply',
  auth: 'user',
  summary: 'Loan: an application (spec §3) checked against the rules; signed next with an SMS code',
  tag: 'loans',
  body: applyBody,
  data: loanView,
});

export const queryLoanAgreement = defineCall({
  method: 'GET',
  path: '/v1/kmf/agreement',
  auth: 'user',
  summary: 'Loan: the agreement of one loan, its text and version, and the signature once signed',
  tag: 'loans',
  query: loanId,
  data: z.object({
    text: z.string(),
    version: z.string(),
    language: z.string(),
    signedAt: z.nullable(z.string()),
    codeHash: z.nullable(z.string()),
  }),
});

export const signLoan = defineCall({
  method: 'POST',
  path: '/v1/kmf/sign',
  auth: 'user',
  summary: 'Loan: the e-signature, the four-digit SMS code (type loan) within 15 minutes; sends it to the lender',
  tag: 'loans',
  body: z.object({ id: loanId.shape.id, code: text(8) }),
  data: loanView,
});

export const queryLoans = defineCall({
  method: 'GET',
  path: '/v1/kmf/loans',
  auth: 'user',
  summary: 'Loan: the credit wallet, the shopper’s loans with schedules, and bank payouts',
  tag: 'loans',
  data: loanHome,
});

export const collectLoan = defineCall({
  method: 'POST',
  path: '/v1/kmf/collect',
  auth: 'user',
  summary:
    'Loan: the approved amount into the credit wallet; the schedule starts today. `acceptCents` is the approved amount the shopper saw and accepts (LOAN0023 when it is not the approved one)',
  tag: 'loans',
  body: z.object({ id: loanId.shape.id, acceptCents: z.optional(cents()) }),
  data: loanView,
});

export const requestLoanPayout = defineCall({
  method: 'POST',
  path: '/v1/kmf/payout',
  auth: 'user',
  summary: 'Loan: credit to a bank account in the shopper’s own name, paid 9:00 to 17:00 Asia/Phnom_Penh',
  tag: 'loans',
  body: z.object({
    amountCents: z.int().check(z.minimum(1), z.maximum(100_000_000)),
    bankName: required(60),
    accountName: required(80),
    accountNumber: z.string().check(z.regex(/^\d{6,20}$/)),
  }),
  data: z.object({ id: z.string(), state: z.string(), runAt: z.string() }),
});

export const createLoanRepayment = defineCall({
  method: 'POST',
  path: '/v1/kmf/repay',
  auth: 'user',
  summary: 'Loan: a repayment of any amount up to what is owed, paid next at the cashier (kind loan)',
  tag: 'loans',
  body: z.object({ id: loanId.shape.id, amountCents: z.int().check(z.minimum(1), z.maximum(100_000_000)) }),
  data: z.object({ repaymentId: z.string(), amountCents: cents() }),
});

export const requestLoanExtension = defineCall({
  method: 'POST',
  path: '/v1/kmf/extend',
  auth: 'user',
  summary: 'Loan: asks the lender for 30 more days (more than 40% repaid; 40% of unpaid principal)',
  tag: 'loans',
  body: loanId,
  data: loanView,
});

export const loanJump = defineCall({
  method: 'POST',
  path: '/v1/kmf/jump',
  auth: 'user',
  summary: 'Loan: a signed reference valid 10 minutes handed to the partner’s own app or site',
  tag: 'loans',
  data: z.object({ url: z.string(), reference: z.string(), expiresAt: z.string() }),
});
