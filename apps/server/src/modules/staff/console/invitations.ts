import { adminInvitations, type ConsoleInvitation, type InvitationState } from '@shop/contracts';
import type { AppContext, Services } from '../../../platform/module.ts';
import { INVITE_RULES } from '../../invitations/public.ts';
import { registerStaffCall } from '../http.ts';
import { userIdByPhone } from './promotions.ts';

type InvitationRow = Awaited<ReturnType<Services['invitations']['consoleList']>>['list'][number];

/** Invitation rewards (finance): who invited whom, the state, and what was paid, through the invitations service. */
export function invitationConsoleRoutes({ app, services }: AppContext) {
  const phoneOf = async (userId: string) => (await services.accounts.getUser(userId))?.phone ?? null;
  const view = async (r: InvitationRow): Promise<ConsoleInvitation> => ({
    id: r.id,
    inviterId: r.inviterId,
    inviterPhone: await phoneOf(r.inviterId),
    inviteeId: r.inviteeId,
    inviteePhone: await phoneOf(r.inviteeId),
    code: r.code,
    status: r.status as InvitationState,
    invitedAt: r.invitedAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    orderId: r.orderId,
    rewardCents: r.rewardCents,
    settledAt: r.settledAt?.toISOString() ?? null,
  });

  registerStaffCall(app, services, adminInvitations, ['finance'], async (request) => {
    const { state, phone, page, size } = request.query;
    const inviterId = phone?.trim() ? (await userIdByPhone(services, phone)).id : undefined;
    const result = await services.invitations.consoleList({ state, inviterId }, { page, size });
    return { ...result, list: await Promise.all(result.list.map(view)), rules: INVITE_RULES };
  });
}
