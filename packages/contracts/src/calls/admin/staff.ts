import { defineCall } from '../../call.ts';
import { pageQuery, pageSchema } from '../../envelope.ts';
import { z } from '../../schema.ts';

/**
 * Operator console calls (issue 7). Every staff call lives under /admin-api/v1/ and needs a staff
 * session (auth 'user' here means a session of kind 'staff'; a shopper token never works).
 * Which roles may make each call is fixed where the server registers it (registerStaffCall).
 */
export const STAFF_ROLES = ['owner', 'catalogue', 'fulfilment', 'finance', 'support', 'cardReview'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const ADMIN_API_PREFIX = '/admin-api/v1/';

export const staffRole = z.enum(STAFF_ROLES);

/** Login names: a letter, then letters, digits, dots, dashes, underscores; 3 to 32 long. */
export const STAFF_LOGIN_PATTERN = /^[a-zA-Z][a-zA-Z0-9._-]{2,31}$/;
export const STAFF_PASSWORD_MIN = 10;

export const staffMember = z.object({
  id: z.string(),
  login: z.string(),
  displayName: z.string(),
  roles: z.array(staffRole),
  active: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.nullable(z.string()),
});
export type StaffMember = z.infer<typeof staffMember>;

// Field shapes are checked by the service so that a wrong value gives its own STF code and message.
const loginField = z.string().check(z.maxLength(64));
const passwordField = z.string().check(z.maxLength(200));

export const adminLogin = defineCall({
  method: 'POST',
  path: '/admin-api/v1/staff/login',
  auth: 'none',
  summary: 'Staff sign-in (rate-limited, locks out after repeated failures)',
  tag: 'admin: staff',
  body: z.object({ login: loginField, password: passwordField }),
  data: z.object({ token: z.string(), staff: staffMember }),
});

export const adminLogout = defineCall({
  method: 'POST',
  path: '/admin-api/v1/staff/logout',
  auth: 'user',
  summary: 'Staff sign-out: ends this staff session',
  tag: 'admin: staff',
  body: z.object({}),
  data: z.null(),
});

export const adminMe = defineCall({
  method: 'GET',
  path: '/admin-api/v1/staff/me',
  auth: 'user',
  summary: 'The signed-in staff member',
  tag: 'admin: staff',
  data: staffMember,
});

/** A first-owner setup link lasts this long (issue 19). */
export const SETUP_LINK_MINUTES = 60;
const setupTokenField = z.string().check(z.maxLength(200));

export const adminSetupStatus = defineCall({
  method: 'GET',
  path: '/admin-api/v1/staff/setup',
  auth: 'none',
  summary:
    'Whether a first-owner setup link (printed by the shop at a start with no staff) can still be used, and until when',
  tag: 'admin: staff',
  query: z.object({ token: setupTokenField }),
  data: z.object({ expiresAt: z.string() }),
});

export const adminSetup = defineCall({
  method: 'POST',
  path: '/admin-api/v1/staff/setup',
  auth: 'none',
  summary:
    'Creates the first owner with the one-time setup link the shop printed (only while there is no staff) and signs them in',
  tag: 'admin: staff',
  body: z.object({
    token: setupTokenField,
    login: loginField,
    displayName: z.string().check(z.maxLength(200)),
    password: passwordField,
  }),
  data: z.object({ token: z.string(), staff: staffMember }),
});

/**
 * The header of the local control calls: the key the shop wrote, readable by its own user only, into
 * the lock file of its embedded database (`DATA_DIR/pgdata.lock`). `npm run staff:create-owner`
 * reads it there while the shop runs, since it must not open that database itself.
 */
export const CONTROL_KEY_HEADER = 'x-shop-control-key';

export const adminControlCreateOwner = defineCall({
  method: 'POST',
  path: '/admin-api/v1/control/create-owner',
  auth: 'none',
  summary:
    'For `npm run staff:create-owner` on the shop’s machine while the shop holds the embedded database: creates an owner (needs the control key of the data folder)',
  tag: 'admin: staff',
  body: z.object({
    login: loginField,
    displayName: z.string().check(z.maxLength(200)),
    password: passwordField,
    ifAbsent: z.boolean(),
  }),
  data: z.object({ created: z.boolean(), owner: z.nullable(staffMember) }),
});

export const adminControlSetupLink = defineCall({
  method: 'POST',
  path: '/admin-api/v1/control/setup-link',
  auth: 'none',
  summary:
    'For `npm run staff:create-owner -- --link` on the shop’s machine: a new first-owner setup link while there is no staff (needs the control key of the data folder)',
  tag: 'admin: staff',
  body: z.object({}),
  data: z.object({ token: z.string(), expiresAt: z.string() }),
});

export const adminChangeOwnPassword = defineCall({
  method: 'POST',
  path: '/admin-api/v1/staff/password',
  auth: 'user',
  summary: 'Changes the signed-in staff member’s own password; every session ends and a new token is given',
  tag: 'admin: staff',
  body: z.object({ currentPassword: passwordField, newPassword: passwordField }),
  data: z.object({ token: z.string() }),
});

export const adminStaffList = defineCall({
  method: 'GET',
  path: '/admin-api/v1/staff/list',
  auth: 'user',
  summary: 'Staff accounts (owner)',
  tag: 'admin: staff',
  query: z.object({ ...pageQuery }),
  data: pageSchema(staffMember),
});

export const adminStaffCreate = defineCall({
  method: 'POST',
  path: '/admin-api/v1/staff/create',
  auth: 'user',
  summary: 'Creates a staff account with its roles (owner)',
  tag: 'admin: staff',
  body: z.object({
    login: loginField,
    displayName: z.string().check(z.maxLength(200)),
    password: passwordField,
    roles: z.array(z.string()).check(z.maxLength(5)),
  }),
  data: staffMember,
});

export const adminStaffUpdate = defineCall({
  method: 'POST',
  path: '/admin-api/v1/staff/update',
  auth: 'user',
  summary: 'Changes a staff account’s name, roles or active flag (owner)',
  tag: 'admin: staff',
  body: z.object({
    id: z.string().check(z.minLength(1), z.maxLength(64)),
    displayName: z.optional(z.string().check(z.maxLength(200))),
    roles: z.optional(z.array(z.string()).check(z.maxLength(5))),
    active: z.optional(z.boolean()),
  }),
  data: staffMember,
});

export const adminStaffResetPassword = defineCall({
  method: 'POST',
  path: '/admin-api/v1/staff/reset-password',
  auth: 'user',
  summary: 'Sets a new password for a staff account and ends its sessions (owner)',
  tag: 'admin: staff',
  body: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)), password: passwordField }),
  data: z.null(),
});

export const auditEntry = z.object({
  id: z.int(),
  staffId: z.nullable(z.string()),
  staffLogin: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.nullable(z.string()),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const adminAuditList = defineCall({
  method: 'GET',
  path: '/admin-api/v1/audit/list',
  auth: 'user',
  summary: 'The audit log: who did what, before and after (owner)',
  tag: 'admin: staff',
  query: z.object({
    ...pageQuery,
    staffLogin: z.optional(z.string().check(z.maxLength(64))),
    action: z.optional(z.string().check(z.maxLength(100))),
    targetType: z.optional(z.string().check(z.maxLength(64))),
    targetId: z.optional(z.string().check(z.maxLength(100))),
  }),
  data: pageSchema(auditEntry),
});

export const dashboardTile = z.object({
  key: z.string(),
  value: z.number(),
  /** 'count' or 'cents' (money), so the console formats it. */
  unit: z.enum(['count', 'cents']),
});
export type DashboardTile = z.infer<typeof dashboardTile>;

export const adminDashboard = defineCall({
  method: 'GET',
  path: '/admin-api/v1/dashboard',
  auth: 'user',
  summary: 'Today at a glance: one tile per module that exists and the caller’s roles may see',
  tag: 'admin: staff',
  data: z.object({ tiles: z.array(dashboardTile), modules: z.array(z.string()) }),
});

/** The dashboard's charts: the days they cover. */
export const DASHBOARD_DAYS = 30;

export const adminDashboardSeries = defineCall({
  method: 'GET',
  path: '/admin-api/v1/dashboard/series',
  auth: 'user',
  summary:
    'Orders, sales, new shoppers and page views per Phnom Penh day over the last 30 days (a figure the caller’s roles may not see is null)',
  tag: 'admin: staff',
  data: z.object({
    /** "YYYY-MM-DD", oldest first. */
    days: z.array(z.string()),
    orders: z.nullable(z.array(z.int())),
    salesCents: z.nullable(z.array(z.int())),
    newShoppers: z.nullable(z.array(z.int())),
    pageViews: z.array(z.int()),
  }),
});
