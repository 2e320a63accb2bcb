import { defineCall } from '../call.ts';
import { cents, int, z } from '../schema.ts';

/**
 * Phone valuation (spec §1, §7 `v1/eva/*`): a shopper picks a model (/chooseModel), answers its
 * condition questions, gets a price computed by the server (/estimated), and books an inspection
 * visit at a store or at home. The price is never below the model's floor nor above its base.
 */

/** The condition questions every model is asked, in this order. */
export const VALUATION_QUESTION_KEYS = ['storage', 'screen', 'body', 'battery', 'functions', 'accessories'] as const;
export type ValuationQuestionKey = (typeof VALUATION_QUESTION_KEYS)[number];

/** One answer of a question with what it takes off the base price (cents, 0 or more). */
export type ValuationOption = { code: string; deductCents: number };

/**
 * The estimate rule (the server's, kept here so the console can preview it): the base price less
 * the deductions of the chosen answers, never below the floor nor above the base.
 */
export function estimateCents(baseCents: number, floorCents: number, deductions: readonly number[]): number {
  const taken = deductions.reduce((sum, d) => sum + Math.max(0, d), 0);
  const floor = Math.min(Math.max(0, floorCents), baseCents);
  return Math.min(baseCents, Math.max(floor, baseCents - taken));
}

export const valuationModel = z.object({
  id: z.string(),
  brandId: z.string(),
  name: z.string(),
  /** A data: URL of the model's picture (SVG). */
  picture: z.string(),
  /** The most it is bought for (the base price). */
  upToCents: cents(),
});
export type ValuationModel = z.infer<typeof valuationModel>;

export const valuationBrand = z.object({
  id: z.string(),
  name: z.string(),
  models: z.array(valuationModel),
});
export type ValuationBrand = z.infer<typeof valuationBrand>;

export const valuationQuestion = z.object({
  key: z.enum(VALUATION_QUESTION_KEYS),
  title: z.string(),
  options: z.array(z.object({ code: z.string(), label: z.string() })),
});
export type ValuationQuestion = z.infer<typeof valuationQuestion>;

export const valuationEstimate = z.object({
  id: z.string(),
  modelId: z.string(),
  modelName: z.string(),
  picture: z.string(),
  priceCents: cents(),
  upToCents: cents(),
  /** The answers as chosen, in the caller's language. */
  answers: z.array(z.object({ key: z.enum(VALUATION_QUESTION_KEYS), title: z.string(), label: z.string() })),
  createdAt: z.string(),
});
export type ValuationEstimate = z.infer<typeof valuationEstimate>;

export const queryValuationModels = defineCall({
  method: 'GET',
  path: '/v1/eva/queryall',
  auth: 'optional',
  summary: 'Valuation: the brands with their models, pictures and the most each is bought for',
  tag: 'valuation',
  data: z.array(valuationBrand),
});

export const queryValuationParams = defineCall({
  method: 'GET',
  path: '/v1/eva/queryparam',
  auth: 'optional',
  summary: 'Valuation: one model’s condition questions and their answers',
  tag: 'valuation',
  query: z.object({ modelId: z.string().check(z.minLength(1), z.maxLength(40)) }),
  data: z.object({ model: valuationModel, questions: z.array(valuationQuestion) }),
});

/** Answers as `key:code` pairs joined by commas, one per question. */
export const evaluateValuation = defineCall({
  method: 'GET',
  path: '/v1/eva/evaevaluate',
  auth: 'optional',
  summary: 'Valuation: the price of a model with the given answers (computed and kept by the server)',
  tag: 'valuation',
  query: z.object({
    modelId: z.string().check(z.minLength(1), z.maxLength(40)),
    answers: z.string().check(z.maxLength(400), z.regex(/^[a-z]+:[a-z0-9]+(,[a-z]+:[a-z0-9]+)*$/)),
  }),
  data: valuationEstimate,
});

// ------------------------------------------------------------------------------ appointments

export const APPOINTMENT_STATES = ['BOOKED', 'CANCELLED', 'PAID', 'DECLINED'] as const;
export type AppointmentState = (typeof APPOINTMENT_STATES)[number];

export const valuationSlot = z.object({
  /** The slot's start, ISO. */
  startsAt: z.string(),
  /** "HH:MM" Phnom Penh time. */
  time: z.string(),
  free: int(),
});

/** An inspection visit: when and where, its state and what was paid after it. */
export const valuationVisit = z.object({
  id: z.string(),
  place: z.enum(['store', 'home']),
  storeId: z.nullable(z.string()),
  /** The store's name and address, or the shopper's address as a line. */
  placeName: z.string(),
  placeLine: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(APPOINTMENT_STATES),
  /** What was paid into the wallet after the visit. */
  finalCents: z.nullable(cents()),
  createdAt: z.string(),
});
export type ValuationVisit = z.infer<typeof valuationVisit>;

/** A visit with the estimate it keeps. */
export const valuationAppointment = z.object({ ...valuationVisit.shape, estimate: valuationEstimate });
export type ValuationAppointment = z.infer<typeof valuationAppointment>;

export const queryValuationEstimate = defineCall({
  method: 'GET',
  path: '/v1/eva/estimate',
  auth: 'optional',
  summary: 'Valuation: an estimate already given, by its id',
  tag: 'valuation',
  query: z.object({ id: z.uuid() }),
  data: z.object({
    ...valuationEstimate.shape,
    /**
     * The estimate's visit that is not cancelled (one at most: EVA00009), to the shopper who booked
     * it; null when none is booked (then the estimate can be booked).
     */
    appointment: z.nullable(valuationVisit),
  }),
});

export const queryValuationSlots = defineCall({
  method: 'GET',
  path: '/v1/eva/slots',
  auth: 'optional',
  summary: 'Valuation: the inspection slots of a day (Phnom Penh date) with their free places',
  tag: 'valuation',
  query: z.object({ date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)) }),
  data: z.object({
    slotMinutes: int(),
    slots: z.array(valuationSlot),
    stores: z.array(z.object({ id: z.string(), name: z.string(), address: z.string() })),
  }),
});

const bookingBody = {
  startsAt: z.iso.datetime({ offset: true }),
  place: z.enum(['store', 'home']),
  storeId: z.optional(z.nullable(z.string().check(z.maxLength(40)))),
  addressId: z.optional(z.nullable(z.uuid())),
};

export const reserveValuation = defineCall({
  method: 'POST',
  path: '/v1/eva/reserve',
  auth: 'user',
  summary: 'Valuation: book an inspection visit for an estimate (the estimate is kept with it)',
  tag: 'valuation',
  body: z.object({ estimateId: z.uuid(), ...bookingBody }),
  data: valuationAppointment,
});

export const queryValuationReservations = defineCall({
  method: 'GET',
  path: '/v1/eva/queryreserve',
  auth: 'user',
  summary: 'Valuation: the shopper’s appointments, the latest visit first',
  tag: 'valuation',
  data: z.array(valuationAppointment),
});

export const cancelValuationReservation = defineCall({
  method: 'POST',
  path: '/v1/eva/reserve/cancel',
  auth: 'user',
  summary: 'Valuation: cancel a booked appointment',
  tag: 'valuation',
  body: z.object({ id: z.uuid() }),
  data: valuationAppointment,
});

export const rescheduleValuationReservation = defineCall({
  method: 'POST',
  path: '/v1/eva/reserve/reschedule',
  auth: 'user',
  summary: 'Valuation: move a booked appointment to another slot or place',
  tag: 'valuation',
  body: z.object({ id: z.uuid(), ...bookingBody }),
  data: valuationAppointment,
});
