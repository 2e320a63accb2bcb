import { ADMIN_API_PREFIX, type CallDef, envelopeSchema, type StaffMember, type StaffRole } from '@shop/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { type CallHandler, ok } from '../../platform/http.ts';
import type { Services } from '../../platform/module.ts';
import { type Actor, roleAllows } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member of a staff call (set by the staff guard). */
    staff: StaffMember | null;
    /** Whether the handler wrote its own audit row (else the guard writes a generic one for POSTs). */
    audited: boolean;
  }
}

export type StaffRoles = readonly StaffRole[] | 'any';

/** One registered staff call: what the role table test walks. */
export type StaffRouteInfo = { method: CallDef['method']; path: string; auth: CallDef['auth']; roles: StaffRoles };

/** Kept per HTTP server, which a server's encapsulated scopes (the upload routes') share. */
const registries = new WeakMap<FastifyInstance['server'], StaffRouteInfo[]>();

/** Every staff call registered on `app` or its scopes, with the roles that may make it. */
export function staffRoutes(app: FastifyInstance): StaffRouteInfo[] {
  return registries.get(app.server) ?? [];
}

export function installStaffConventions(app: FastifyInstance) {
  app.decorateRequest('staff', null);
  app.decorateRequest('audited', false);
}

/** The actor of a staff request, for `services.staff.audit`. */
export function actorOf(request: FastifyRequest): Actor & { staffId: string } {
  const staff = request.staff;
  if (!staff) throw new AppError('STF00001');
  request.audited = true;
  return { staffId: staff.id, login: staff.login, ip: request.ip };
}

export type StaffHandler<T extends CallDef> = (
  request: Parameters<CallHandler<T>>[0],
  reply: FastifyReply,
  staff: StaffMember,
) => ReturnType<CallHandler<T>>;

/**
 * Registers a console call under /admin-api/v1/: a staff session (never a shopper's), an active
 * account, and one of `roles` (owners may make every call) are checked before the input is, so a
 * role that may not make a call learns nothing about it. A POST whose handler did not write its own
 * audit row gets a generic one (the call and its redacted input), so no staff action goes unlogged.
 */
export function registerStaffCall<T extends CallDef>(
  app: FastifyInstance,
  services: Services,
  call: T,
  roles: StaffRoles,
  handler: StaffHandler<T>,
) {
  if (!call.path.startsWith(ADMIN_API_PREFIX))
    throw new Error(`staff call ${call.path} is outside ${ADMIN_API_PREFIX}`);
  if (call.auth !== 'user') throw new Error(`staff call ${call.path} must have auth 'user'`);
  const list = registries.get(app.server) ?? [];
  registries.set(app.server, list);
  list.push({ method: call.method, path: call.path, auth: call.auth, roles });

  const guard = async (request: FastifyRequest) => {
    const token = request.sessionToken;
    if (!token) throw new AppError('STF00001');
    const resolved = await services.staff.resolveSession(token);
    if (!resolved) throw new AppError('STF00002');
    const { session, member } = resolved;
    if (!roleAllows(member.roles, roles)) {
      throw new AppError('STF00003', { roles: roles === 'any' ? 'any' : ['owner', ...roles].join(', ') });
    }
    request.session = session;
    request.staff = member;
  };

  app.route({
    method: call.method,
    url: call.path,
    schema: {
      summary: call.summary,
      tags: [call.tag],
      security: [{ bearer: [] }],
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: { 200: envelopeSchema(call.data) },
    },
    // Before the body is read or validated (platform/http.ts, authGuard): the session first.
    onRequest: guard,
    handler: async (request, reply) => {
      const staff = request.staff as StaffMember;
      const data = await handler(request as never, reply, staff);
      if (call.method === 'POST' && !request.audited) {
        await services.staff.audit(
          { staffId: staff.id, login: staff.login, ip: request.ip },
          {
            action: call.path.slice(ADMIN_API_PREFIX.length),
            targetType: 'call',
            targetId: call.path,
            after: request.body,
          },
        );
      }
      reply.header('cache-control', 'no-store');
      return ok(request, data);
    },
  });
}
