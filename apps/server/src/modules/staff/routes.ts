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
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../index.ts';
import { catalogueConsoleRoutes } from './console/catalogue.ts';
import { orderConsoleRoutes } from './console/orders.ts';
import { peopleConsoleRoutes } from './console/people.ts';
import { promotionConsoleRoutes } from './console/promotions.ts';
import { systemConsoleRoutes } from './console/system.ts';
import { actorOf, installStaffConventions, registerStaffCall } from './http.ts';

export function staffRoutes(ctx: AppContext) {
  const { app, services, resolveSession } = ctx;
  installStaffConventions(app);
  const staff = services.staff;

  // Sign-in is the one console call without a session; its limits are rows in the database.
  registerCall(app, adminLogin, resolveSession, async (request, reply) => {
    reply.header('cache-control', 'no-store');
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
  peopleConsoleRoutes(ctx);
  promotionConsoleRoutes(ctx);
  orderConsoleRoutes(ctx);
}
