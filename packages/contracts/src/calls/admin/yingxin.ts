import { defineCall } from '../../call.ts';
import { pageQuery, pageSchema } from '../../envelope.ts';
import { cents, int, z } from '../../schema.ts';
import { CAR_LOAN_STATES, carBorrower, carDetails } from '../yingxin.ts';
import { listSearch, shopperContact, stateCounts } from './lists.ts';
import { consoleLinkedPicture } from './loans.ts';

const uuid = () => z.string().check(z.regex(/^[0-9a-f-]{36}$/));

export const consoleCarLoan = z.object({
  id: z.string(),
  reference: z.string(),
  userId: z.string(),
  shopper: shopperContact,
  phone: z.nullable(z.string()),
  state: z.enum(CAR_LOAN_STATES),
  fullName: z.string(),
  amountCents: cents(),
  termMonths: int(),
  car: z.string(),
  submittedAt: z.nullable(z.string()),
  reviewBy: z.nullable(z.string()),
  approvedCents: z.nullable(cents()),
  refusal: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ConsoleCarLoan = z.infer<typeof consoleCarLoan>;

export const consoleCarLoanDetail = z.object({
  ...consoleCarLoan.shape,
  borrower: z.nullable(carBorrower),
  details: z.nullable(carDetails),
  /** Short-lived links to the pictures of the car and its papers; opening the application is audited. */
  pictures: z.array(consoleLinkedPicture),
});
export type ConsoleCarLoanDetail = z.infer<typeof consoleCarLoanDetail>;

export const adminCarLoans = defineCall({
  method: 'GET',
  path: '/admin-api/v1/loans/car',
  auth: 'user',
  summary: 'Car loan (yingxin) applications, oldest under review first, by state',
  tag: 'admin: loans',
  query: z.object({ ...pageQuery, ...listSearch, state: z.optional(z.enum(CAR_LOAN_STATES)) }),
  data: z.object({ ...pageSchema(consoleCarLoan).shape, counts: stateCounts }),
});

export const adminCarLoan = defineCall({
  method: 'GET',
  path: '/admin-api/v1/loans/car/detail',
  auth: 'user',
  summary: 'One car loan application: the borrower, the car and its pictures (links; the view is audited)',
  tag: 'admin: loans',
  query: z.object({ id: uuid() }),
  data: consoleCarLoanDetail,
});

export const adminCarLoanDecide = defineCall({
  method: 'POST',
  path: '/admin-api/v1/loans/car/decide',
  auth: 'user',
  summary: 'The lender’s decision of a car loan: approve (an amount up to the asked one) or refuse with a reason',
  tag: 'admin: loans',
  body: z.object({
    id: uuid(),
    approve: z.boolean(),
    approvedCents: z.optional(z.int().check(z.minimum(1), z.maximum(100_000_000))),
    reason: z.optional(z.string().check(z.maxLength(200))),
  }),
  data: consoleCarLoanDetail,
});
