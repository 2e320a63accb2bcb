import {
  adminBongloyApplication,
  adminBongloyApplications,
  adminBongloyApprove,
  adminBongloyRefuse,
  type BongloyState,
  type ConsoleBongloyApplication,
  type ShopperContact,
} from '@shop/contracts';
import { AppError } from '../../../platform/errors.ts';
import type { AppContext, Services } from '../../../platform/module.ts';
import { actorOf, registerStaffCall } from '../http.ts';
import { contactsOf, shopperListPage } from './shoppers.ts';
import { DOCUMENT_ROLES } from './uploads.ts';

type Row = NonNullable<Awaited<ReturnType<Services['bongloy']['get']>>>;

const summary = (r: Row, shopper: ShopperContact) => ({
  id: r.id,
  applicationNo: r.applicationNo,
  userId: r.userId,
  shopper,
  state: r.state as BongloyState,
  name: r.personal ? `${r.personal.firstName} ${r.personal.lastName}` : '',
  nationality: r.personal?.nationality ?? null,
  cardCount: r.cardCount,
  totalCents: r.totalCents,
  paidAt: r.paidAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** Card applications for the card review desk: the queue, one application side by side with its documents, approve, refuse. */
export function bongloyConsoleRoutes({ app, services }: AppContext) {
  const detail = async (r: Row): Promise<ConsoleBongloyApplication> => {
    const docs = r.documents ?? {};
    const ids = [...Object.values(docs), ...(r.signatureId ? [r.signatureId] : [])];
    const files = new Map((await services.uploads.many(ids)).map((u) => [u.id, u]));
    const link = (id: string | null | undefined) => {
      const file = id ? files.get(id) : undefined;
      return file ? { id: file.id, url: services.uploads.link(file).url } : null;
    };
    const [cards, shopper] = await Promise.all([
      services.bongloy.review.cardsOf(r.id),
      contactsOf(services, [r.userId]),
    ]);
    return {
      ...summary(r, shopper(r.userId)),
      personal: r.personal ?? null,
      verifiedPhone: r.verifiedPhone,
      documents: {
        passportInfo: link(docs.passportInfo),
        visa: link(docs.visa),
        holding: link(docs.holding),
        selfie: link(docs.selfie),
      },
      signature: link(r.signatureId),
      termsAcceptedAt: r.termsAcceptedAt?.toISOString() ?? null,
      delivery: r.delivery,
      shipping: r.shipping ?? null,
      payChannel: r.payChannel,
      refusal: r.refusal,
      decidedAt: r.decidedAt?.toISOString() ?? null,
      cards: cards.map((c) => ({ id: c.id, maskedNumber: c.maskedNumber, expiry: c.expiry, state: c.state })),
    };
  };

  registerStaffCall(app, services, adminBongloyApplications, DOCUMENT_ROLES, async (request) => {
    return shopperListPage(
      services,
      request.query,
      (filter) => services.bongloy.review.staffSearch(filter),
      (r, shopper) => summary(r, shopper),
    );
  });

  registerStaffCall(app, services, adminBongloyApplication, DOCUMENT_ROLES, async (request) => {
    const row = await services.bongloy.get(request.query.id);
    if (!row) throw new AppError('BLG00013');
    // Opening an application shows its identity documents: every view is in the audit log.
    await services.staff.audit(actorOf(request), {
      action: 'bongloy.view-documents',
      targetType: 'bongloy-application',
      targetId: row.id,
      after: { ownerId: row.userId, documents: Object.keys(row.documents ?? {}), signature: Boolean(row.signatureId) },
    });
    return detail(row);
  });

  registerStaffCall(app, services, adminBongloyApprove, DOCUMENT_ROLES, async (request) => {
    const { row, cards } = await services.bongloy.review.approve(request.body.id);
    await services.staff.audit(actorOf(request), {
      action: 'bongloy.approve',
      targetType: 'bongloy-application',
      targetId: row.id,
      after: { state: row.state, cards: cards.length },
    });
    return detail(row);
  });

  registerStaffCall(app, services, adminBongloyRefuse, DOCUMENT_ROLES, async (request) => {
    const { row, refunded } = await services.bongloy.review.refuse(request.body.id, request.body.reason);
    await services.staff.audit(actorOf(request), {
      action: 'bongloy.refuse',
      targetType: 'bongloy-application',
      targetId: row.id,
      after: { state: row.state, reason: row.refusal, refunded },
    });
    return detail(row);
  });
}
