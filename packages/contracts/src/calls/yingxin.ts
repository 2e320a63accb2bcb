import { defineCall } from '../call.ts';
import { CAR_PICTURES, type CarPicture } from '../loans/car.ts';
import { cents, int, z } from '../schema.ts';

/**
 * The yingxin car loan (spec §2 `/yingxin` and its pages, §7 "yingxin: GET query; POST firstpage,
 * secondpage, thirdpage"): an application in three pages, each saved by the server as a draft
 * (DRAFT, `step` is the page to resume at), submitted once with the pictures of the car and its
 * papers to the lender (REVIEW), decided by the lender (APPROVED with an amount, or REFUSED). A
 * draft left for 30 days is closed (CANCELLED).
 */
export const CAR_LOAN_STATES = ['DRAFT', 'REVIEW', 'APPROVED', 'REFUSED', 'CANCELLED'] as const;
export type CarLoanState = (typeof CAR_LOAN_STATES)[number];

const text = (max: number) => z.string().check(z.maxLength(max));
const uploadId = () => z.string().check(z.regex(/^[0-9a-f-]{36}$/));
/** Whole numbers the rules bound with their own messages; the schema only keeps them sane. */
const amount = () => z.int().check(z.minimum(0), z.maximum(100_000_000));

/** Page 1: the borrower (spec §3 application data) and the loan asked for. Rules: loans/car.ts. */
export const carBorrower = z.object({
  fullName: text(100),
  nationalId: text(30),
  /** dd/mm/yyyy (spec §5). */
  birthDate: text(10),
  address: text(250),
  occupation: text(150),
  monthlyIncomeCents: amount(),
  residenceCountry: text(2),
  /** Someone the lender may call to verify the information (spec §5 "references"). */
  referenceName: text(100),
  referencePhone: text(20),
  amountCents: amount(),
  termMonths: z.int().check(z.minimum(0), z.maximum(600)),
});

/** Page 2: the car. */
export const carDetails = z.object({
  brand: text(60),
  model: text(80),
  year: z.int().check(z.minimum(0), z.maximum(9999)),
  plateNumber: text(20),
  colour: text(40),
  mileageKm: amount(),
  /** The chassis number on the registration card. */
  vin: text(30),
  /** The shopper's estimate of the car's value. */
  valueCents: amount(),
  registeredToBorrower: z.boolean(),
});

const picture = z.nullable(z.object({ id: z.string(), url: z.string() }));

export const carLoanView = z.object({
  id: z.string(),
  reference: z.string(),
  state: z.enum(CAR_LOAN_STATES),
  /** The page to resume at (1 borrower, 2 car, 3 pictures); 4 once every page is saved. */
  step: int(),
  borrower: z.nullable(carBorrower),
  car: z.nullable(carDetails),
  /** Short-lived links to the shopper's own pictures. */
  pictures: z.object(
    Object.fromEntries(CAR_PICTURES.map((kind) => [kind, picture])) as Record<CarPicture, typeof picture>,
  ),
  submittedAt: z.nullable(z.string()),
  /** The lender's promise for its decision (within 3 days). */
  reviewBy: z.nullable(z.string()),
  /** Past three days under review: "contact service" (spec §8). */
  contactService: z.boolean(),
  approvedCents: z.nullable(cents()),
  /** Why the lender refused, in the shopper's language. */
  refusal: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type CarLoanView = z.infer<typeof carLoanView>;

export const queryCarLoan = defineCall({
  method: 'GET',
  path: '/v1/yingxin/query',
  auth: 'user',
  summary: 'Car loan: the shopper’s application (draft to resume, or its state) and whether they may apply',
  tag: 'yingxin',
  data: z.object({
    application: z.nullable(carLoanView),
    /** The lender is configured (production without one takes no application). */
    available: z.boolean(),
    /** Why the shopper cannot start an application now (a message), or null. */
    refusal: z.nullable(z.string()),
    /** The account's own phone (E.164), which the lender calls. */
    phone: z.nullable(z.string()),
  }),
});

export const saveCarLoanFirstPage = defineCall({
  method: 'POST',
  path: '/v1/yingxin/firstpage',
  auth: 'user',
  summary: 'Car loan page 1: the borrower and the amount and term; starts or updates the shopper’s draft',
  tag: 'yingxin',
  body: carBorrower,
  data: carLoanView,
});

export const saveCarLoanSecondPage = defineCall({
  method: 'POST',
  path: '/v1/yingxin/secondpage',
  auth: 'user',
  summary: 'Car loan page 2: the car (at most 15 years old; the loan at most 70% of its value)',
  tag: 'yingxin',
  body: carDetails,
  data: carLoanView,
});

export const saveCarLoanThirdPage = defineCall({
  method: 'POST',
  path: '/v1/yingxin/thirdpage',
  auth: 'user',
  summary:
    'Car loan page 3: pictures of the car and its papers (uploads of v1/upload/pictureofclient, claimed); ' +
    'with submit, every required picture and the consent, then sent to the lender once',
  tag: 'yingxin',
  body: z.object({
    pictures: z.object(
      Object.fromEntries(CAR_PICTURES.map((kind) => [kind, z.optional(uploadId())])) as Record<
        CarPicture,
        z.ZodMiniOptional<ReturnType<typeof uploadId>>
      >,
    ),
    submit: z.boolean(),
    /** The information is true and may go to the lender with the pictures (needed with submit). */
    agree: z.optional(z.boolean()),
  }),
  data: carLoanView,
});
