import {
  adminCarLoan,
  adminCarLoanDecide,
  adminCarLoans,
  CAR_PICTURES,
  type CarBorrower,
  type CarDetails,
  type CarLoanState,
  type ConsoleCarLoan,
  type ConsoleCarLoanDetail,
} from '@shop/contracts';
import { AppError } from '../../../platform/errors.ts';
import type { AppContext, Services } from '../../../platform/module.ts';
import { actorOf, registerStaffCall } from '../http.ts';
import { contactsOf, shopperListPage } from './shoppers.ts';

type Row = NonNullable<Awaited<ReturnType<Services['loans']['cars']['find']>>>;

/** The loan desk decides car loans as it does first loans. */
const ROLES = ['finance'] as const;

const summary = (r: Row, shopper: ConsoleCarLoan['shopper']): ConsoleCarLoan => {
  const b = r.borrower as CarBorrower | null;
  const c = r.car as CarDetails | null;
  return {
    id: r.id,
    reference: r.reference,
    userId: r.userId,
    shopper,
    phone: r.phone,
    state: r.state as CarLoanState,
    fullName: b?.fullName ?? '',
    amountCents: b?.amountCents ?? 0,
    termMonths: b?.termMonths ?? 0,
    car: c ? `${c.brand} ${c.model} ${c.year} · ${c.plateNumber}` : '',
    submittedAt: r.submittedAt?.toISOString() ?? null,
    reviewBy: r.reviewBy?.toISOString() ?? null,
    approvedCents: r.approvedCents,
    refusal: r.refusal,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
};

/** Car loans (yingxin): the applications, one with its pictures by signed links (audited), the lender's decision. */
export function carLoanConsoleRoutes({ app, services }: AppContext) {
  const cars = services.loans.cars;
  const detail = async (r: Row): Promise<ConsoleCarLoanDetail> => ({
    ...summary(r, (await contactsOf(services, [r.userId]))(r.userId)),
    borrower: r.borrower ?? null,
    details: r.car ?? null,
    pictures: await cars.pictureLinks(r.pictures, CAR_PICTURES),
  });

  registerStaffCall(app, services, adminCarLoans, ROLES, async (request) => {
    return shopperListPage(
      services,
      request.query,
      (filter) => cars.staffSearch(filter),
      (r, shopper) => summary(r, shopper),
    );
  });

  registerStaffCall(app, services, adminCarLoan, ROLES, async (request) => {
    const row = await cars.find(request.query.id);
    if (!row) throw new AppError('CAR00021');
    await services.staff.audit(actorOf(request), {
      action: 'car-loan.view-pictures',
      targetType: 'car-loan',
      targetId: row.id,
      after: { ownerId: row.userId, pictures: Object.keys(row.pictures ?? {}) },
    });
    return detail(row);
  });

  registerStaffCall(app, services, adminCarLoanDecide, ROLES, async (request) => {
    const actor = actorOf(request);
    const { id, approve, approvedCents, reason } = request.body;
    const row = await cars.staffDecide(id, { approve, approvedCents, reason }, actor.staffId);
    await services.staff.audit(actor, {
      action: approve ? 'car-loan.approve' : 'car-loan.refuse',
      targetType: 'car-loan',
      targetId: id,
      after: { state: row.state, approvedCents: row.approvedCents, reason: row.refusal },
    });
    return detail(row);
  });
}
