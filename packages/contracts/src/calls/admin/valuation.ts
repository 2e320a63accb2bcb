import { defineCall } from '../../call.ts';
import { cents, int, z } from '../../schema.ts';
import { APPOINTMENT_STATES, VALUATION_QUESTION_KEYS, valuationAppointment } from '../valuation.ts';
import { listSearch, shopperContact } from './lists.ts';

const localized = z.object({
  'en-US': z.string().check(z.maxLength(80)),
  chs: z.string().check(z.maxLength(80)),
  kh: z.string().check(z.maxLength(120)),
});

/** A model's price rule as staff edit it: base, floor, and per question the answers with what each takes off. */
export const consoleValuationModel = z.object({
  id: z.string(),
  brandId: z.string(),
  brandName: z.string(),
  name: z.string(),
  baseCents: cents(),
  floorCents: cents(),
  enabled: z.boolean(),
  ruleVersion: int(),
  questions: z.array(
    z.object({
      key: z.enum(VALUATION_QUESTION_KEYS),
      options: z.array(z.object({ code: z.string(), label: localized, deductCents: cents() })),
    }),
  ),
});
export type ConsoleValuationModel = z.infer<typeof consoleValuationModel>;

export const consoleAppointment = z.object({
  ...valuationAppointment.shape,
  userId: z.string(),
  /** Who booked it: a home visit is reached by this phone. */
  shopper: shopperContact,
  note: z.nullable(z.string()),
});
export type ConsoleAppointment = z.infer<typeof consoleAppointment>;

export const adminValuationModels = defineCall({
  method: 'GET',
  path: '/admin-api/v1/valuation/models',
  auth: 'user',
  summary: 'Valuation: every model with its price rule',
  tag: 'admin: valuation',
  data: z.array(consoleValuationModel),
});

export const adminValuationSetRule = defineCall({
  method: 'POST',
  path: '/admin-api/v1/valuation/models/rule',
  auth: 'user',
  summary: 'Valuation: a model’s new price rule (applies to new estimates only)',
  tag: 'admin: valuation',
  body: z.object({
    id: z.string().check(z.minLength(1), z.maxLength(40)),
    baseCents: int(),
    floorCents: int(),
    enabled: z.boolean(),
    questions: z
      .array(
        z.object({
          key: z.enum(VALUATION_QUESTION_KEYS),
          options: z
            .array(
              z.object({
                code: z.string().check(z.maxLength(20)),
                label: localized,
                deductCents: int(),
              }),
            )
            .check(z.maxLength(12)),
        }),
      )
      .check(z.maxLength(6)),
  }),
  data: consoleValuationModel,
});

export const adminValuationCalendar = defineCall({
  method: 'GET',
  path: '/admin-api/v1/valuation/appointments',
  auth: 'user',
  summary: 'Valuation: the appointment calendar from a Phnom Penh day, for up to 14 days',
  tag: 'admin: valuation',
  query: z.object({
    from: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
    days: z.optional(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(14)))),
    ...listSearch,
    state: z.optional(z.enum(APPOINTMENT_STATES)),
  }),
  data: z.array(consoleAppointment),
});

export const adminValuationOutcome = defineCall({
  method: 'POST',
  path: '/admin-api/v1/valuation/appointments/outcome',
  auth: 'user',
  summary: 'Valuation: a visit’s outcome, the final price paid into the shopper’s wallet cash (once) or declined',
  tag: 'admin: valuation',
  body: z.object({
    id: z.uuid(),
    outcome: z.enum(['paid', 'declined']),
    finalCents: z.optional(int()),
    note: z.optional(z.string().check(z.maxLength(200))),
  }),
  data: consoleAppointment,
});

export const adminValuationCreateModel = defineCall({
  method: 'POST',
  path: '/admin-api/v1/valuation/models/create',
  auth: 'user',
  summary: 'Valuation: a new model (and its brand when new) with the usual questions, deductions as shares of its base',
  tag: 'admin: valuation',
  body: z.object({
    id: z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/)),
    brandName: z.string().check(z.minLength(1), z.maxLength(40)),
    name: z.string().check(z.minLength(1), z.maxLength(60)),
    color: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/)),
    baseCents: int(),
    floorCents: int(),
    /** Storage sizes in GB, smallest first; each size below the largest takes `storageStepCents` more off. */
    storageGb: z.array(z.int().check(z.minimum(1), z.maximum(4096))).check(z.minLength(1), z.maxLength(6)),
    storageStepCents: int(),
  }),
  data: consoleValuationModel,
});

export const adminValuationRenameBrand = defineCall({
  method: 'POST',
  path: '/admin-api/v1/valuation/brands/rename',
  auth: 'user',
  summary: 'Valuation: a brand’s name as shoppers see it in the model picker',
  tag: 'admin: valuation',
  body: z.object({
    id: z.string().check(z.minLength(1), z.maxLength(40)),
    name: z.string().check(z.maxLength(40)),
  }),
  data: z.object({ id: z.string(), name: z.string() }),
});

/** The visit hours: the store hours of the system config, a slot's length and the visits one slot takes. */
export const valuationSlotSettings = z.object({
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  days: z.array(z.int().check(z.minimum(1), z.maximum(7))).check(z.maxLength(7)),
  open: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/)),
  close: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/)),
  slotMinutes: int(),
  slotCapacity: int(),
});
export type ValuationSlotSettings = z.infer<typeof valuationSlotSettings>;

export const adminValuationSlotSettings = defineCall({
  method: 'GET',
  path: '/admin-api/v1/valuation/slots/settings',
  auth: 'user',
  summary: 'Valuation: the visit hours (store hours, slot length, visits per slot)',
  tag: 'admin: valuation',
  data: valuationSlotSettings,
});

export const adminValuationSetSlotSettings = defineCall({
  method: 'POST',
  path: '/admin-api/v1/valuation/slots/settings/set',
  auth: 'user',
  summary: 'Valuation: new visit hours; bookings made from now use them, booked visits keep their time',
  tag: 'admin: valuation',
  body: valuationSlotSettings,
  data: valuationSlotSettings,
});
