import { int, z } from '../../schema.ts';

/**
 * The shopper behind a row of a console list, read through the accounts service: their name and
 * phone (E.164, and as people read it: 012 345 678 for Cambodia). Null when the account is gone.
 */
export const shopperContact = z.nullable(
  z.object({ id: z.string(), name: z.string(), phone: z.nullable(z.string()), phoneText: z.string() }),
);
export type ShopperContact = z.infer<typeof shopperContact>;

/**
 * The search every console list takes beside its tab: the shopper's phone (+855…, 0…, spaces) and
 * the row's order number or reference. An unknown phone finds nothing; a malformed one is USR00010.
 */
export const listSearch = {
  phone: z.optional(z.string().check(z.maxLength(32))),
  reference: z.optional(z.string().check(z.maxLength(40))),
};

/** How many rows of the search are in each state (a list's tab counts). */
export const stateCounts = z.record(z.string(), int());
