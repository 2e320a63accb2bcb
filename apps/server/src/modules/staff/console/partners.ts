import { adminPartnerDecide, adminPartners, type ConsolePartner } from '@shop/contracts';
import type { AppContext, Services } from '../../../platform/module.ts';
import { type PartnerRow, partnerView } from '../../partners/public.ts';
import { actorOf, registerStaffCall } from '../http.ts';

/** Partners deal with shoppers and their businesses: support reviews them (like the shoppers' page). */
const ROLES = ['support'] as const;

async function view(services: Services, r: PartnerRow): Promise<ConsolePartner> {
  const user = /^[0-9a-f-]{36}$/i.test(r.userId) ? await services.accounts.getUser(r.userId) : null;
  return { ...partnerView(r), userId: r.userId, userPhone: user?.phone ?? null, decidedBy: r.decidedBy };
}

/** Partner applications: the queue by state, and the decision (audited, the shopper told by a notice). */
export function partnerConsoleRoutes({ app, services }: AppContext) {
  registerStaffCall(app, services, adminPartners, ROLES, async (request) => {
    const { state, page, size } = request.query;
    const found = await services.partners.list(state, page, size);
    return { ...found, list: await Promise.all(found.list.map((r) => view(services, r))) };
  });

  registerStaffCall(app, services, adminPartnerDecide, ROLES, async (request) => {
    const { id, decision, note } = request.body;
    const actor = actorOf(request);
    const row = await services.partners.decide(id, decision === 'approve', note, actor.login);
    await services.staff.audit(actor, {
      action: decision === 'approve' ? 'partner.approve' : 'partner.refuse',
      targetType: 'partner',
      targetId: row.id,
      before: { state: 'pending' },
      after: { state: row.state, note: row.decisionNote, userId: row.userId },
    });
    return view(services, row);
  });
}
