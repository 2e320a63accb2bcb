import { adminPartnerDecide, adminPartners, type ConsolePartner } from '@shop/contracts';
import type { AppContext, Services } from '../../../platform/module.ts';
import { type PartnerRow, partnerView } from '../../partners/public.ts';
import { actorOf, registerStaffCall } from '../http.ts';
import { contactsOf, emptyPage, searchedShopper } from './shoppers.ts';

/** Partners deal with shoppers and their businesses: support reviews them (like the shoppers' page). */
const ROLES = ['support'] as const;

async function views(services: Services, rows: PartnerRow[]): Promise<ConsolePartner[]> {
  const shopper = await contactsOf(
    services,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => {
    const contact = shopper(r.userId);
    return {
      ...partnerView(r),
      userId: r.userId,
      userPhone: contact?.phone ?? null,
      shopper: contact,
      decidedBy: r.decidedBy,
    };
  });
}

/** Partner applications: the queue by state, and the decision (audited, the shopper told by a notice). */
export function partnerConsoleRoutes({ app, services }: AppContext) {
  registerStaffCall(app, services, adminPartners, ROLES, async (request) => {
    const { state, page, size, phone, reference } = request.query;
    const searched = await searchedShopper(services, phone);
    if (searched && !searched.userId) return emptyPage(page, size);
    const found = await services.partners.staffSearch({
      state,
      userId: searched?.userId ?? undefined,
      reference,
      page,
      size,
    });
    return { list: await views(services, found.rows), total: found.total, page, size, counts: found.counts };
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
    return (await views(services, [row]))[0];
  });
}
