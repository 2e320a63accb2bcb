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
export const SMS_PURPOSES = ['login', 'register', 'forgot', 'paypwd', 'phone', 'bind', 'loan', 'card'] as const;
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

/**
 * Keeps this session's token for the shop's pages (an HttpOnly cookie sent only with /h5 pages), so
 * a signed-in screen's page comes drawn with the shopper's data (issue 24, decision 0026). Logout
 * forgets it.
 */
export const pageSession = defineCall({
  method: 'POST',
  path: '/v1/customer/pagesession',
  auth: 'user',
  summary: "Keep this session for the shop's pages",
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
  /** The message as sent, a code in it masked ("Your code is ••••"): no staff role reads a code. */
  text: z.string(),
  /** Whether the message carried a code. */
  code: z.boolean(),
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

// ------------------------------------------------------------------ slide puzzle (verification)

export const getImageCode = defineCall({
  method: 'GET',
  path: '/v1/sms/getImageCode',
  auth: 'none',
  summary: 'A new slide puzzle: its id, size and the row of the piece; images from /api/verify/image2',
  tag: 'accounts',
  query: z.object({}),
  data: z.object({ id: z.string(), width: int(), height: int(), pieceSize: int(), y: int(), validMinutes: int() }),
});

/** Images of a puzzle (PNG): `part` background or piece. */
export const puzzleImage = {
  method: 'GET',
  path: '/api/verify/image2',
  query: z.object({ id: text(64), part: z.enum(['background', 'piece']) }),
} as const;

export const verifyImageCode = defineCall({
  method: 'GET',
  path: '/v1/sms/verifyImageCode',
  auth: 'none',
  summary: 'Checks where the piece was dropped (one try per puzzle); answers a one-use pass for sendsms',
  tag: 'accounts',
  query: z.object({ id: text(64), x: z.pipe(z.coerce.number(), z.number().check(z.minimum(-1000), z.maximum(1000))) }),
  data: z.object({ imageToken: z.string() }),
});

export const smsSecure = defineCall({
  method: 'GET',
  path: '/v1/sms/secure',
  auth: 'none',
  summary: 'Whether the next code for this phone (from this address) needs the slide puzzle',
  tag: 'accounts',
  query: z.object({ ...phoneFields }),
  data: z.object({ required: z.boolean() }),
});

// ------------------------------------------------------------------ profile and settings

export const setEmail = defineCall({
  method: 'POST',
  path: '/v1/customer/setemail',
  auth: 'user',
  summary: 'Set or change the email address',
  tag: 'accounts',
  body: z.object({ email: text(254) }),
  data: z.object({ userEmail: z.string() }),
});

export const setInfo = defineCall({
  method: 'POST',
  path: '/v1/customer/setinfo',
  auth: 'user',
  summary: 'Profile fields: name, ID card number, referrer phone, city, birthday (dd/mm/yyyy), gender',
  tag: 'accounts',
  body: z.object({
    name: z.optional(text(200)),
    idCard: z.optional(text(64)),
    referrerPhone: z.optional(text(32)),
    city: z.optional(text(200)),
    birthday: z.optional(text(32)),
    gender: z.optional(text(16)),
  }),
  data: userInfo,
});

export const changePhone = defineCall({
  method: 'POST',
  path: '/v1/customer/changephone',
  auth: 'user',
  summary: 'Move the account to a new phone, proven by a code sent to the new phone (sendsms type "phone")',
  tag: 'accounts',
  body: z.object({ ...phoneFields, code: text(16) }),
  data: loginResult,
});

export const bindPhone = defineCall({
  method: 'POST',
  path: '/v1/customer/bindphone',
  auth: 'user',
  summary:
    'A third-party shopper binds a phone (sendsms type "bind"); an existing account of that phone takes the third-party login over',
  tag: 'accounts',
  body: z.object({ ...phoneFields, code: text(16) }),
  data: loginResult,
});

export const advice = defineCall({
  method: 'POST',
  path: '/v1/customer/advice',
  auth: 'user',
  summary: 'Send feedback to the shop',
  tag: 'accounts',
  body: z.object({ text: text(2000), contact: z.optional(text(200)) }),
  data: z.null(),
});

/** Avatar upload: multipart field `file` (JPEG, PNG, WebP, GIF or HEIC, up to 5 MB). */
export const setLogo = defineCall({
  method: 'POST',
  path: '/v1/customer/setlogo',
  auth: 'user',
  summary: 'Upload the avatar (multipart field "file"); re-encoded, metadata removed',
  tag: 'accounts',
  data: z.object({ imageUrl: z.string() }),
});

/** The signed-in shopper's avatar (WebP), for the owner only. */
export const queryLogo = { method: 'GET', path: '/v1/customer/querylogo' } as const;

// ------------------------------------------------------------------ Friend code

export const friendCodeDesc = defineCall({
  method: 'GET',
  path: '/v1/fcode/desc',
  auth: 'none',
  summary: 'What Friend codes give, per membership level, in the caller language',
  tag: 'accounts',
  query: z.object({}),
  data: z.object({ text: z.string(), levels: z.array(z.object({ level: int(), name: z.string() })) }),
});

export const friendCodeQuery = defineCall({
  method: 'GET',
  path: '/v1/fcode/query',
  auth: 'user',
  summary: 'The shopper level and the Friend codes redeemed',
  tag: 'accounts',
  query: z.object({}),
  data: z.object({
    userLevel: int(),
    levelName: z.string(),
    redeemed: z.array(
      z.object({ code: z.string(), level: int(), note: z.string(), redeemedAt: z.string(), expiresAt: z.string() }),
    ),
  }),
});

/** A slide puzzle for redeeming a Friend code (same as sms/getImageCode); images from /api/verify/image2. */
export const friendCodeVerifyImage = defineCall({
  method: 'GET',
  path: '/v1/fcode/verifyimage',
  auth: 'user',
  summary: 'A slide puzzle to pass before redeeming (after wrong codes)',
  tag: 'accounts',
  query: z.object({}),
  data: getImageCode.data,
});

export const friendCodeDo = defineCall({
  method: 'POST',
  path: '/v1/fcode/do',
  auth: 'user',
  summary: 'Redeem a Friend code: the membership level it gives',
  tag: 'accounts',
  body: z.object({ code: text(64), imageToken: z.optional(text(200)) }),
  data: z.object({ userLevel: int(), levelName: z.string() }),
});

export const friendCodeSetDesc = defineCall({
  method: 'POST',
  path: '/v1/fcode/setDesc',
  auth: 'user',
  summary: 'The shopper note on a redeemed Friend code (who gave it)',
  tag: 'accounts',
  body: z.object({ code: text(64), note: text(200) }),
  data: z.null(),
});

// ------------------------------------------------------------------ third party

export const thirdProvider = z.object({
  provider: z.enum(['facebook', 'google', 'wechat']),
  bound: z.boolean(),
  name: z.string(),
});

export const thirdList = defineCall({
  method: 'GET',
  path: '/v1/third/list',
  auth: 'optional',
  summary: 'The third-party logins offered, and which the signed-in shopper has bound',
  tag: 'accounts',
  query: z.object({}),
  data: z.array(thirdProvider),
});

export const thirdCheck = defineCall({
  method: 'GET',
  path: '/v1/third/check',
  auth: 'optional',
  summary: 'Starts a third-party login or binding: the provider authorization URL to open',
  tag: 'accounts',
  query: z.object({
    provider: z.enum(['facebook', 'google', 'wechat']),
    mode: z._default(z.enum(['login', 'bind']), 'login'),
  }),
  data: z.object({ url: z.string() }),
});

const thirdCallback = z.object({ code: text(2000), state: text(200) });

export const thirdLogin = defineCall({
  method: 'POST',
  path: '/v1/third/login',
  auth: 'none',
  summary: 'Completes a third-party login (code and state from the provider redirect)',
  tag: 'accounts',
  body: thirdCallback,
  data: z.object({
    ...loginResult.shape,
    thirdType: z.string(),
    thirdId: z.string(),
    thirdUserName: z.string(),
    /** No phone yet: the shop sends the shopper to bind one. */
    needsPhone: z.boolean(),
  }),
});

export const thirdBind = defineCall({
  method: 'POST',
  path: '/v1/third/bind',
  auth: 'user',
  summary: 'Completes binding a third-party account to the signed-in shopper',
  tag: 'accounts',
  body: thirdCallback,
  data: z.array(thirdProvider),
});

export const thirdUnbind = defineCall({
  method: 'POST',
  path: '/v1/third/unbind',
  auth: 'user',
  summary: 'Removes a third-party login from the shopper',
  tag: 'accounts',
  body: z.object({ provider: z.enum(['facebook', 'google', 'wechat']) }),
  data: z.array(thirdProvider),
});
