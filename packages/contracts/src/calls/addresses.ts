import { defineCall } from '../call.ts';
import { z } from '../schema.ts';

/** One level of Cambodia's administrative tree (NCDD gazetteer code, name in the caller's language). */
export const division = z.object({
  code: z.string(),
  name: z.string(),
  /** province | capital; srok | khan | krong; khum | sangkat */
  type: z.string(),
  /** Provinces only: whether the shop delivers there. */
  served: z.optional(z.boolean()),
  /** Provinces and districts: where the address map picker centres on it (communes have none). */
  latitude: z.optional(z.number()),
  longitude: z.optional(z.number()),
});
export type Division = z.infer<typeof division>;

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));
const coordinate = (limit: number) => z.number().check(z.minimum(-limit), z.maximum(limit));

/** What the address form sends (spec §3 Address, §5 rules). */
export const addressInput = z.object({
  receiver: text(60),
  /** E.164 or local form; +855 and +86 numbers are accepted. */
  mobile: text(20),
  provinceCode: z.string().check(z.regex(/^\d{2}$/)),
  /** District (srok / khan / krong), called "city" by the spec's calls. */
  cityCode: z.string().check(z.regex(/^\d{4}$/)),
  /** Commune or sangkat, the spec's "district/sangkat". */
  districtCode: z.string().check(z.regex(/^\d{6}$/)),
  detail: text(200),
  zipCode: optionalText(10),
  isDefault: z.optional(z.boolean()),
  latitude: z.optional(coordinate(90)),
  longitude: z.optional(coordinate(180)),
  /** Location photo from the upload call (a path the shop serves). */
  photoUrl: z.optional(z.string().check(z.maxLength(300), z.regex(/^(\/|https:\/\/)/))),
});
export type AddressInput = z.input<typeof addressInput>;

export const address = z.object({
  id: z.string(),
  receiver: z.string(),
  mobile: z.string(),
  provinceCode: z.string(),
  provinceName: z.string(),
  cityCode: z.string(),
  cityName: z.string(),
  districtCode: z.string(),
  districtName: z.string(),
  detail: z.string(),
  zipCode: z.nullable(z.string()),
  isDefault: z.boolean(),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
  photoUrl: z.nullable(z.string()),
  /** False when the shop no longer delivers to its province: it must be chosen again. */
  reachable: z.boolean(),
  /** One line for lists and orders, in the caller's language. */
  fullText: z.string(),
});
export type Address = z.infer<typeof address>;

export const queryAddresses = defineCall({
  method: 'GET',
  path: '/v1/address/queryaddress',
  auth: 'user',
  summary: 'The shopper’s addresses, default first',
  tag: 'address',
  query: z.object({ id: z.optional(z.uuid()) }),
  data: z.array(address),
});

export const queryProvinces = defineCall({
  method: 'GET',
  path: '/v1/address/queryprovince',
  auth: 'none',
  summary: 'Provinces of Cambodia, with whether the shop delivers there',
  tag: 'address',
  data: z.array(division),
});

export const queryCities = defineCall({
  method: 'GET',
  path: '/v1/address/querycity',
  auth: 'none',
  summary: 'Districts (srok, khan, krong) of a province',
  tag: 'address',
  query: z.object({ provinceCode: z.string().check(z.regex(/^\d{2}$/)) }),
  data: z.array(division),
});

export const queryDistricts = defineCall({
  method: 'GET',
  path: '/v1/address/querydistrict',
  auth: 'none',
  summary: 'Communes and sangkats of a district',
  tag: 'address',
  query: z.object({ cityCode: z.string().check(z.regex(/^\d{4}$/)) }),
  data: z.array(division),
});

export const addAddress = defineCall({
  method: 'POST',
  path: '/v1/address/addaddress',
  auth: 'user',
  summary: 'Add an address',
  tag: 'address',
  body: addressInput,
  data: address,
});

export const modifyAddress = defineCall({
  method: 'POST',
  path: '/v1/address/modifyaddress',
  auth: 'user',
  summary: 'Change an address (all fields)',
  tag: 'address',
  body: z.extend(addressInput, { id: z.uuid() }),
  data: address,
});

export const removeAddress = defineCall({
  method: 'POST',
  path: '/v1/address/removeaddress',
  auth: 'user',
  summary: 'Remove an address',
  tag: 'address',
  body: z.object({ id: z.uuid() }),
  data: z.object({ removed: z.boolean() }),
});

/** Overseas channel (haitao) addresses: free-form, any country. */
export const intlAddressInput = z.object({
  receiver: text(60),
  mobile: text(20),
  country: text(60),
  state: optionalText(60),
  city: text(60),
  detail: text(200),
  zipCode: optionalText(12),
  isDefault: z.optional(z.boolean()),
});
export const intlAddress = z.object({
  id: z.string(),
  receiver: z.string(),
  mobile: z.string(),
  country: z.string(),
  state: z.nullable(z.string()),
  city: z.string(),
  detail: z.string(),
  zipCode: z.nullable(z.string()),
  isDefault: z.boolean(),
});
export type IntlAddress = z.infer<typeof intlAddress>;

export const addIntlAddress = defineCall({
  method: 'POST',
  path: '/v1/address/international/add',
  auth: 'user',
  summary: 'Add an overseas-channel address',
  tag: 'address',
  body: intlAddressInput,
  data: intlAddress,
});
export const modifyIntlAddress = defineCall({
  method: 'POST',
  path: '/v1/address/international/modify',
  auth: 'user',
  summary: 'Change an overseas-channel address',
  tag: 'address',
  body: z.extend(intlAddressInput, { id: z.uuid() }),
  data: intlAddress,
});
export const removeIntlAddress = defineCall({
  method: 'POST',
  path: '/v1/address/international/remove',
  auth: 'user',
  summary: 'Remove an overseas-channel address',
  tag: 'address',
  body: z.object({ id: z.uuid() }),
  data: z.object({ removed: z.boolean() }),
});
export const queryIntlAddresses = defineCall({
  method: 'GET',
  path: '/v1/address/international/query',
  auth: 'user',
  summary: 'Overseas-channel addresses, default first',
  tag: 'address',
  data: z.array(intlAddress),
});
export const queryDefaultIntlAddress = defineCall({
  method: 'GET',
  path: '/v1/address/international/default/query',
  auth: 'user',
  summary: 'The default overseas-channel address, or null',
  tag: 'address',
  data: z.nullable(intlAddress),
});

export const queryMapConfig = defineCall({
  method: 'GET',
  path: '/v1/address/mapconfig',
  auth: 'none',
  summary: 'Map tiles and the starting point of the address map picker',
  tag: 'address',
  data: z.object({ tileUrl: z.string(), latitude: z.number(), longitude: z.number(), zoom: z.int() }),
});
