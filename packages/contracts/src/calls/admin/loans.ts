import { defineCall } from '../../call.ts';
import { pageQuery, pageSchema } from '../../envelope.ts';
import { cents, int, z } from '../../schema.ts';
import { LOAN_STATES, scheduleRow } from '../loans.ts';
import { listSearch, shopperContact, stateCounts } from './lists.ts';

const uuid = () => z.string().check(z.regex(/^[0-9a-f-]{36}$/));

export const consoleLoan = z.object({
  id: z.string(),
  reference: z.string(),
  userId: z.string(),
  shopper: shopperContact,
  state: z.enum(LOAN_STATES),
  fullName: z.string(),
  nationalId: z.string(),
  phone: z.string(),
  monthlyIncomeCents: cents(),
  amountCents: cents(),
  approvedCents: z.nullable(cents()),
  installments: int(),
  application: z.record(z.string(), z.unknown()),
  deviceDataConsented: z.boolean(),
  signedAt: z.nullable(z.string()),
  reviewBy: z.nullable(z.string()),
  refusal: z.nullable(z.string()),
  collectedAt: z.nullable(z.string()),
  outstandingCents: cents(),
  daysLate: int(),
  schedule: z.array(scheduleRow),
  createdAt: z.string(),
});
export type ConsoleLoan = z.infer<typeof consoleLoan>;

export const adminLoans = defineCall({
  method: 'GET',
  path: '/admin-api/v1/loans',
  auth: 'user',
  summary: 'Loans, newest first, by state, with their schedules',
  tag: 'admin: loans',
  query: z.object({ ...pageQuery, ...listSearch, state: z.optional(z.enum(LOAN_STATES)) }),
  data: z.object({ ...pageSchema(consoleLoan).shape, counts: stateCounts }),
});

export const adminLoanReviewQueue = defineCall({
  method: 'GET',
  path: '/admin-api/v1/loans/review',
  auth: 'user',
  summary: 'The local lender’s review queue: first applications waiting for a person (2 to 3 days)',
  tag: 'admin: loans',
  data: z.array(consoleLoan),
});

export const adminLoanDecide = defineCall({
  method: 'POST',
  path: '/admin-api/v1/loans/decide',
  auth: 'user',
  summary: 'The lender’s decision of a first application: approve (an amount up to the asked one) or refuse',
  tag: 'admin: loans',
  body: z.object({
    id: uuid(),
    approve: z.boolean(),
    approvedCents: z.optional(z.int().check(z.minimum(1), z.maximum(100_000_000))),
    reason: z.optional(z.string().check(z.maxLength(200))),
  }),
  data: consoleLoan,
});

export const adminLoanRepayments = defineCall({
  method: 'GET',
  path: '/admin-api/v1/loans/repayments',
  auth: 'user',
  summary: 'Repayments, newest first, with how each settled one was allocated',
  tag: 'admin: loans',
  query: z.object({ ...pageQuery }),
  data: z.array(
    z.object({
      id: z.string(),
      loanId: z.string(),
      userId: z.string(),
      amountCents: cents(),
      state: z.string(),
      channel: z.nullable(z.string()),
      allocations: z.nullable(z.array(z.object({ installment: int(), kind: z.string(), cents: cents() }))),
      waivedCents: cents(),
      createdAt: z.string(),
      paidAt: z.nullable(z.string()),
    }),
  ),
});

const consoleExtension = z.object({
  id: z.string(),
  loanId: z.string(),
  feeCents: cents(),
  state: z.string(),
  reason: z.nullable(z.string()),
  requestedAt: z.string(),
  answeredAt: z.nullable(z.string()),
});

export const adminLoanExtensions = defineCall({
  method: 'GET',
  path: '/admin-api/v1/loans/extensions',
  auth: 'user',
  summary: 'Extension requests and the lender’s answers (within 3 days)',
  tag: 'admin: loans',
  data: z.array(consoleExtension),
});

export const adminLoanAnswerExtension = defineCall({
  method: 'POST',
  path: '/admin-api/v1/loans/extensions/answer',
  auth: 'user',
  summary: 'The lender’s answer to an extension before its rules answer (the rules still refuse what they must)',
  tag: 'admin: loans',
  body: z.object({ id: uuid(), accept: z.boolean() }),
  data: consoleExtension,
});

export const adminLoanBlacklist = defineCall({
  method: 'GET',
  path: '/admin-api/v1/loans/blacklist',
  auth: 'user',
  summary: 'Shoppers 30 days late on a loan: no further loans',
  tag: 'admin: loans',
  data: z.array(z.object({ userId: z.string(), nationalId: z.string(), loanId: z.string(), at: z.string() })),
});

export const adminLoanPayouts = defineCall({
  method: 'GET',
  path: '/admin-api/v1/loans/payouts',
  auth: 'user',
  summary: 'Credit-wallet payouts to shoppers’ own bank accounts (9:00 to 17:00 Asia/Phnom_Penh)',
  tag: 'admin: loans',
  data: z.array(
    z.object({
      id: z.string(),
      userId: z.string(),
      amountCents: cents(),
      bankName: z.string(),
      accountName: z.string(),
      accountNumber: z.string(),
      state: z.string(),
      runAt: z.string(),
      requestedAt: z.string(),
      paidAt: z.nullable(z.string()),
    }),
  ),
});

/** One stored picture, by a short-lived signed link (opening it is in the audit log). */
export const consoleLinkedPicture = z.object({ kind: z.string(), id: z.string(), url: z.string() });

export const adminLoanDocuments = defineCall({
  method: 'GET',
  path: '/admin-api/v1/loans/documents',
  auth: 'user',
  summary: 'The documents a loan application was given with (ID card, face picture, …): short-lived links, audited',
  tag: 'admin: loans',
  query: z.object({ id: uuid() }),
  data: z.array(consoleLinkedPicture),
});
