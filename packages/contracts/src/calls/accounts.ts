import { defineCall } from '../call.ts';
import { pageQuery, pageSchema } from '../envelope.ts';
import { int, z } from '../schema.ts';

/**
 * Accounts (spec §7 "Auth and account" and "Verification"). Field contents (phone, code, password,
 * email, birthday) are checked by the service so that a bad value gets its catalogue message in
 * the caller's language (spec §8), not a generic input error: the schemas here only bound sizes.
 */

const text = (max: number) => z.string().check(z.maxLength(max));

/** The shop's calling codes (spec §9). */
export const COUNTRY_CODES = ['+855', '+86'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

/** What an SMS code is for: a code is only accepted by the step it was asked for. */
export const SMS_PURPOSES = ['login', 'register', 'forgot', 'paypwd', 'phone', 'bind'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

const phoneFields = {
  /** +855 or +86; a number written with its own "+..." prefix in `phone` wins. */
  countryCode: z._default(text(8), '+855'),
  /** The national number (leading 0 allowed) or a full E.164 number. */
  phone: text(32),
};

export const sendSms = defineCall({
  method: 'POST',
  path: '/v1/customer/sendsms',
  auth: 'optional',
  summary: 'Send a four-digit SMS code (15 minutes, single use, 60 s between sends)',
  tag: 'accounts',
  body: z.object({
    ...phoneFields,
    type: z.enum(SMS_PURPOSES),
    /** The pass of a solved slide puzzle, when the answer asked for one (USR00016). */
    imageToken: z.optional(text(200)),
  }),
  data: z.object({
    /** Seconds until another code may be asked for this phone. */
    resendSeconds: int(),
    /** Minutes the code stays valid. */
    validMinutes: int(),
    /** The code itself, outside production only (DESIGN §7). */
    devCode: z.optional(z.string()),
  }),
});

/** What the shop keeps of a signed-in shopper (spec §3), returned by every login. */
export const loginResult = z.object({
  token: z.string(),
  userId: z.string(),
  userLevel: int(),
  userEmail: z.string(),
  /** National number as typed, without the country code. */
  userMobile: z.string(),
  /** E.164, e.g. +85512345678. */
  userFullMobile: z.string(),
  country: z.string(),
  imageUrl: z.string(),
  /** The account was created by this call. */
  isNew: z.boolean(),
  hasPassword: z.boolean(),
});
export type LoginResult = z.infer<typeof loginResult>;

const agree = {
  /** The privacy policy and user agreement were ticked (spec §5). */
  agree: z.boolean(),
};

const smsLoginBody = z.object({ ...phoneFields, code: text(16), ...agree });

export const registAndLogin = defineCall({
  method: 'POST',
  path: '/v1/customer/registandlogin',
  auth: 'none',
  summary: 'Log in with an SMS code; the account is created on the first login',
  tag: 'accounts',
  body: smsLoginBody,
  data: loginResult,
});

export const registAndLoginEmoney = defineCall({
  method: 'POST',
  path: '/v1/customer/emoney/registandlogin',
  auth: 'none',
  summary: 'SMS-code login from the wallet app (source emoney)',
  tag: 'accounts',
  body: smsLoginBody,
  data: loginResult,
});

export const registerH5 = defineCall({
  method: 'POST',
  path: '/v1/customer/h5/registandlogin',
  auth: 'none',
  summary: 'Register with phone, SMS code, password (twice) and an optional email, then log in',
  tag: 'accounts',
  body: z.object({
    ...phoneFields,
    code: text(16),
    password: text(64),
    repeatPassword: text(64),
    email: z.optional(text(254)),
    ...agree,
  }),
  data: loginResult,
});

export const passwordLogin = defineCall({
  method: 'POST',
  path: '/v1/customer/login',
  auth: 'none',
  summary: 'Log in with phone and password',
  tag: 'accounts',
  body: z.object({ ...phoneFields, password: text(64), ...agree }),
  data: loginResult,
});

export const logout = defineCall({
  method: 'POST',
  path: '/v1/customer/logout',
  auth: 'user',
  summary: 'End this session',
  tag: 'accounts',
  body: z.object({}),
  data: z.null(),
});

export const userInfo = z.object({
  userId: z.string(),
  name: z.string(),
  userLevel: int(),
  userEmail: z.string(),
  userMobile: z.string(),
  userFullMobile: z.string(),
  country: z.string(),
  imageUrl: z.string(),
  hasPassword: z.boolean(),
  hasPayPassword: z.boolean(),
  /** dd/mm/yyyy or empty. */
  birthday: z.string(),
  gender: z.string(),
  idCard: z.string(),
  referrerPhone: z.string(),
  city: z.string(),
  friendCode: z.string(),
  thirdAccounts: z.array(z.object({ provider: z.string(), name: z.string() })),
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const queryInfo = defineCall({
  method: 'GET',
  path: '/v1/customer/queryinfo',
  auth: 'user',
  summary: 'The signed-in shopper and profile',
  tag: 'accounts',
  query: z.object({}),
  data: userInfo,
});

export const changePassword = defineCall({
  method: 'POST',
  path: '/v1/customer/changepasswd',
  auth: 'optional',
  summary: 'Change the password (old password, signed in) or reset it (phone and SMS code, forgot password)',
  tag: 'accounts',
  body: z.object({
    countryCode: z.optional(text(8)),
    phone: z.optional(text(32)),
    code: z.optional(text(16)),
    oldPassword: z.optional(text(64)),
    password: text(64),
    repeatPassword: text(64),
  }),
  /** A fresh token when signed in (every other session ends), else null. */
  data: z.object({ token: z.nullable(z.string()) }),
});

export const verifyPayPasswordCode = defineCall({
  method: 'POST',
  path: '/api/verify/setpaypasswd',
  auth: 'user',
  summary: 'Check the SMS code for setting the pay password; answers a one-use ticket (10 minutes)',
  tag: 'accounts',
  body: z.object({ code: text(16) }),
  data: z.object({ ticket: z.string(), validMinutes: int() }),
});

export const setPayPassword = defineCall({
  method: 'POST',
  path: '/v1/customer/setpaypasswd',
  auth: 'user',
  summary: 'Set or change the 6-digit pay password, confirmed by an SMS code or its ticket',
  tag: 'accounts',
  body: z.object({
    payPassword: text(16),
    repeatPayPassword: text(16),
    code: z.optional(text(16)),
    ticket: z.optional(text(200)),
  }),
  data: z.null(),
});

export const checkPayPasswordExists = defineCall({
  method: 'GET',
  path: '/v1/wallet/checkpaypwdexist',
  auth: 'user',
  summary: 'Whether the shopper has set a pay password',
  tag: 'accounts',
  query: z.object({}),
  data: z.object({ exist: z.boolean() }),
});

export const smsOutboxItem = z.object({
  id: z.string(),
  phone: z.string(),
  text: z.string(),
  purpose: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  provider: z.string(),
  attempts: int(),
  lastError: z.string(),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
});
export type SmsOutboxItem = z.infer<typeof smsOutboxItem>;
export const smsOutboxPage = pageSchema(smsOutboxItem);
export const smsOutboxQuery = z.object({
  phone: z.optional(text(32)),
  ...pageQuery,
});
