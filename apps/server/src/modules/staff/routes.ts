import {
  adminAuditList,
  adminChangeOwnPassword,
  adminDashboard,
  adminLogin,
  adminLogout,
  adminMe,
  adminStaffCreate,
  adminStaffList,
  adminStaffResetPassword,
  adminStaffUpdate,
} from '@shop/contracts';
import { AppError } from '../../platform/errors.ts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';
import { catalogueConsoleRoutes } from './console/catalogue.ts';
import { invitationConsoleRoutes } from './console/invitations.ts';
import { merchandisingConsoleRoutes } from './console/merchandising.ts';
import { orderConsoleRoutes } from './console/orders.ts';
import { peopleConsoleRoutes } from './console/people.ts';
import { promotionConsoleRoutes } from './console/promotions.ts';
import { systemConsoleRoutes } from './console/system.ts';
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
  catalogueConsoleRoutes(ctx);
  merchandisingConsoleRoutes(ctx);
  peopleConsoleRoutes(ctx);
  promotionConsoleRoutes(ctx);
  invitationConsoleRoutes(ctx);
  orderConsoleRoutes(ctx);
}
