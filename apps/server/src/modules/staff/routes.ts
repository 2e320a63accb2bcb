import {
  adminAuditList,
  adminChangeOwnPassword,
  adminControlCreateOwner,
  adminControlSetupLink,
  adminDashboard,
  adminLogin,
  adminLogout,
  adminMe,
  adminSetup,
  adminSetupStatus,
  adminStaffCreate,
  adminStaffList,
  adminStaffResetPassword,
  adminStaffUpdate,
  CONTROL_KEY_HEADER,
} from '@shop/contracts';
import type { FastifyRequest } from 'fastify';
import { safeEqual } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';
import { analyticsConsoleRoutes } from './console/analytics.ts';
import { bongloyConsoleRoutes } from './console/bongloy.ts';
import { campaignPageConsoleRoutes } from './console/campaign-pages.ts';
import { carLoanConsoleRoutes } from './console/car-loans.ts';
import { catalogueConsoleRoutes } from './console/catalogue.ts';
import { contentConsoleRoutes } from './console/content.ts';
import { currencyConsoleRoutes } from './console/currency.ts';
import { dashboardConsoleRoutes } from './console/dashboard.ts';
import { giftPurchaseConsoleRoutes } from './console/gift-purchases.ts';
import { giftcardConsoleRoutes } from './console/giftcards.ts';
import { invitationConsoleRoutes } from './console/invitations.ts';
import { loanConsoleRoutes } from './console/loans.ts';
import { merchandisingConsoleRoutes } from './console/merchandising.ts';
import { notificationConsoleRoutes } from './console/notifications.ts';
import { orderConsoleRoutes } from './console/orders.ts';
import { overseasConsoleRoutes } from './console/overseas.ts';
import { partnerConsoleRoutes } from './console/partners.ts';
import { peopleConsoleRoutes } from './console/people.ts';
import { promotionConsoleRoutes } from './console/promotions.ts';
import { reconciliationConsoleRoutes } from './console/reconciliation.ts';
import { refundConsoleRoutes } from './console/refunds.ts';
import { systemConsoleRoutes } from './console/system.ts';
import { topupConsoleRoutes } from './console/topup.ts';
import { uploadConsoleRoutes } from './console/uploads.ts';
import { valuationConsoleRoutes } from './console/valuation.ts';
import { actorOf, installStaffConventions, registerStaffCall } from './http.ts';

/** Sign-in attempts allowed per minute, from one address and for one login name. */
export const STAFF_LOGIN_LIMITS = { perAddress: 60, perLogin: 15, windowMs: 60_000 };

export function staffRoutes(ctx: AppContext) {
  const { app, services, resolveSession } = ctx;
  installStaffConventions(app);
  const staff = services.staff;

  // Sign-in is the one console call without a session. Two limits: attempts per minute (per address
  // and per login name, right or wrong password, so guessing is slow even across addresses), and the
  // lock-out after failures, which lives in the database so every instance agrees.
  const perAddress = app.createRateLimit({
    max: STAFF_LOGIN_LIMITS.perAddress,
    timeWindow: STAFF_LOGIN_LIMITS.windowMs,
    keyGenerator: (request) => `staff-login-ip:${request.ip}`,
  });
  const perLogin = app.createRateLimit({
    max: STAFF_LOGIN_LIMITS.perLogin,
    timeWindow: STAFF_LOGIN_LIMITS.windowMs,
    keyGenerator: (request) => `staff-login:${(request.body as { login: string }).login.trim().toLowerCase()}`,
  });
  registerCall(app, adminLogin, resolveSession, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    for (const limit of [perAddress, perLogin]) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError('STF00039', { seconds: result.ttlInSeconds });
      }
    }
    return staff.login(request.body.login, request.body.password, request.ip);
  });

  // First-owner setup (issue 19): the link the shop printed at a start with no staff. Its token is
  // 256 random bits, so guessing needs no limit of its own beyond the flood guard.
  registerCall(app, adminSetupStatus, resolveSession, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return staff.setupStatus(request.query.token);
  });
  registerCall(app, adminSetup, resolveSession, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return staff.completeSetup(request.body, request.ip);
  });

  // The command line's way in while the shop holds the embedded database (platform/data-lock.ts):
  // only with the control key the shop wrote into its data folder's lock file.
  const controlKey = ctx.database.lock?.controlKey;
  const requireControlKey = (request: FastifyRequest) => {
    const given = request.headers[CONTROL_KEY_HEADER];
    if (!controlKey || typeof given !== 'string' || !safeEqual(given, controlKey)) throw new AppError('STF00064');
  };
  registerCall(app, adminControlCreateOwner, resolveSession, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    requireControlKey(request);
    return staff.createOwnerFromCli(request.body);
  });
  registerCall(app, adminControlSetupLink, resolveSession, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    requireControlKey(request);
    const link = await staff.openSetup();
    if (!link) throw new AppError('STF00063');
    return { token: link.token, expiresAt: link.expiresAt.toISOString() };
  });

  registerStaffCall(app, services, adminLogout, 'any', async (request) => {
    await staff.logout(request.sessionToken as string, actorOf(request));
    return null;
  });

  registerStaffCall(app, services, adminMe, 'any', async (_request, _reply, me) => me);

  registerStaffCall(app, services, adminChangeOwnPassword, 'any', async (request) =>
    staff.changeOwnPassword(actorOf(request), request.body.currentPassword, request.body.newPassword),
  );

  registerStaffCall(app, services, adminDashboard, 'any', async (_request, _reply, me) => staff.dashboard(me.roles));

  registerStaffCall(app, services, adminStaffList, ['owner'], async (request) =>
    staff.list(request.query.page, request.query.size),
  );

  registerStaffCall(app, services, adminStaffCreate, ['owner'], async (request) =>
    staff.create(request.body, actorOf(request)),
  );

  registerStaffCall(app, services, adminStaffUpdate, ['owner'], async (request) => {
    const { id, ...patch } = request.body;
    return staff.update(id, patch, actorOf(request));
  });

  registerStaffCall(app, services, adminStaffResetPassword, ['owner'], async (request) => {
    await staff.resetPassword(request.body.id, request.body.password, actorOf(request));
    return null;
  });

  registerStaffCall(app, services, adminAuditList, ['owner'], async (request) => staff.auditList(request.query));

  // Console calls of the other modules, each calling that module's service.
  systemConsoleRoutes(ctx);
  topupConsoleRoutes(ctx);
  loanConsoleRoutes(ctx);
  carLoanConsoleRoutes(ctx);
  giftcardConsoleRoutes(ctx);
  giftPurchaseConsoleRoutes(ctx);
  notificationConsoleRoutes(ctx);
  valuationConsoleRoutes(ctx);
  overseasConsoleRoutes(ctx);
  catalogueConsoleRoutes(ctx);
  merchandisingConsoleRoutes(ctx);
  peopleConsoleRoutes(ctx);
  promotionConsoleRoutes(ctx);
  invitationConsoleRoutes(ctx);
  orderConsoleRoutes(ctx);
  uploadConsoleRoutes(ctx);
  bongloyConsoleRoutes(ctx);
  contentConsoleRoutes(ctx);
  currencyConsoleRoutes(ctx);
  campaignPageConsoleRoutes(ctx);
  analyticsConsoleRoutes(ctx);
  partnerConsoleRoutes(ctx);
  reconciliationConsoleRoutes(ctx);
  refundConsoleRoutes(ctx);
  dashboardConsoleRoutes(ctx);
}
