import {
  adminLoanAnswerExtension,
  adminLoanBlacklist,
  adminLoanDecide,
  adminLoanDocuments,
  adminLoanExtensions,
  adminLoanPayouts,
  adminLoanRepayments,
  adminLoanReviewQueue,
  adminLoans,
  type ConsoleLoan,
  daysLate,
  isoDateOfDay,
  type LoanState,
  outstandingOf,
  totalOutstanding,
} from '@shop/contracts';
import type { AppContext, Services } from '../../../platform/module.ts';
import { actorOf, registerStaffCall } from '../http.ts';
import { contactsOf, shopperListPage } from './shoppers.ts';

type LoanRow = Awaited<ReturnType<Services['loans']['staffLoans']>>['rows'][number];

const ROLES = ['finance'] as const;

function view(loans: Services['loans'], r: LoanRow, shopper: ConsoleLoan['shopper'] = null): ConsoleLoan {
  const app = r.application as Record<string, unknown>;
  const account = loans.repayments.current(r);
  return {
    id: r.id,
    reference: r.reference,
    userId: r.userId,
    shopper,
    state: r.state as LoanState,
    fullName: String(app.fullName ?? ''),
    nationalId: r.nationalId,
    phone: r.phone,
    monthlyIncomeCents: Number(app.monthlyIncomeCents ?? 0),
    amountCents: r.amountCents,
    approvedCents: r.approvedCents,
    installments: r.installments,
    application: app,
    deviceDataConsented: Boolean((r.consent as Record<string, unknown>).deviceData),
    signedAt: r.signedAt?.toISOString() ?? null,
    reviewBy: r.reviewBy?.toISOString() ?? null,
    refusal: r.refusal,
    collectedAt: r.collectedAt?.toISOString() ?? null,
    outstandingCents: account ? totalOutstanding(account) : 0,
    daysLate: account ? daysLate(account) : 0,
    schedule: (account?.installments ?? []).map((row) => ({
      number: row.number,
      dueDate: isoDateOfDay(row.dueDay),
      charged: { ...row.charged },
      paid: { ...row.paid },
      outstandingCents: outstandingOf(row),
    })),
    createdAt: r.createdAt.toISOString(),
  };
}

/** Loans: the lender's review queue, loans with schedules, repayments, extensions, blacklist, payouts. */
export function loanConsoleRoutes({ app, services }: AppContext) {
  const loans = services.loans;
  registerStaffCall(app, services, adminLoans, ROLES, async (request) => {
    return shopperListPage(
      services,
      request.query,
      (filter) => loans.staffSearch(filter),
      (r, shopper) => view(loans, r, shopper),
    );
  });

  registerStaffCall(app, services, adminLoanReviewQueue, ROLES, async () => {
    const queue = await loans.staffReviewQueue();
    const shopper = await contactsOf(
      services,
      queue.map(({ loan }) => loan.userId),
    );
    return queue.map(({ loan }) => view(loans, loan, shopper(loan.userId)));
  });

  registerStaffCall(app, services, adminLoanDecide, ROLES, async (request) => {
    const actor = actorOf(request);
    const { id, approve, approvedCents, reason } = request.body;
    const after = await loans.staffDecide(id, { approve, approvedCents, reason }, actor.staffId);
    await services.staff.audit(actor, {
      action: approve ? 'loan.approve' : 'loan.refuse',
      targetType: 'loan',
      targetId: id,
      after: { state: after.state, approvedCents: after.approvedCents },
    });
    return view(loans, after, (await contactsOf(services, [after.userId]))(after.userId));
  });

  // The application's identity documents: every view is in the audit log.
  registerStaffCall(app, services, adminLoanDocuments, ROLES, async (request) => {
    const { loan, documents } = await loans.staffDocuments(request.query.id);
    await services.staff.audit(actorOf(request), {
      action: 'loan.view-documents',
      targetType: 'loan',
      targetId: loan.id,
      after: { ownerId: loan.userId, documents: documents.map((d) => d.kind) },
    });
    return documents;
  });

  registerStaffCall(app, services, adminLoanRepayments, ROLES, async (request) =>
    (await loans.staffRepayments(request.query.page, request.query.size)).map((r) => ({
      id: r.id,
      loanId: r.loanId,
      userId: r.userId,
      amountCents: r.amountCents,
      state: r.state,
      channel: r.channel,
      allocations: (r.allocations as { installment: number; kind: string; cents: number }[] | null) ?? null,
      waivedCents: r.waivedCents,
      createdAt: r.createdAt.toISOString(),
      paidAt: r.paidAt?.toISOString() ?? null,
    })),
  );

  const extensionView = (e: Awaited<ReturnType<typeof loans.staffExtensions>>[number]) => ({
    id: e.id,
    loanId: e.loanId,
    feeCents: e.feeCents,
    state: e.state,
    reason: e.reason,
    requestedAt: e.requestedAt.toISOString(),
    answeredAt: e.answeredAt?.toISOString() ?? null,
  });
  registerStaffCall(app, services, adminLoanExtensions, ROLES, async () =>
    (await loans.staffExtensions()).map(extensionView),
  );
  registerStaffCall(app, services, adminLoanAnswerExtension, ROLES, async (request) => {
    const actor = actorOf(request);
    const row = await loans.staffAnswerExtension(request.body.id, request.body.accept, actor.staffId);
    await services.staff.audit(actor, {
      action: 'loan.extension',
      targetType: 'loan_extension',
      targetId: row.id,
      after: { state: row.state },
    });
    return extensionView(row);
  });

  registerStaffCall(app, services, adminLoanBlacklist, ROLES, async () =>
    (await loans.staffBlacklist()).map((b) => ({ ...b, at: b.at.toISOString() })),
  );

  registerStaffCall(app, services, adminLoanPayouts, ROLES, async () =>
    (await loans.staffPayouts()).map((p) => ({
      id: p.id,
      userId: p.userId,
      amountCents: p.amountCents,
      bankName: p.bankName,
      accountName: p.accountName,
      accountNumber: p.accountNumber,
      state: p.state,
      runAt: p.runAt.toISOString(),
      requestedAt: p.requestedAt.toISOString(),
      paidAt: p.paidAt?.toISOString() ?? null,
    })),
  );
}
