// LoansService, the loans module's service: a facade over the use-case parts (applications.ts,
// money.ts, repayments.ts, sweep.ts) sharing context.ts. The rules themselves are the pure
// functions of `@shop/contracts` loans/ (terms.ts, account.ts).

import { type Language, LOAN_DOCUMENTS } from '@shop/contracts';
import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import { hmacHex, safeEqual } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext } from '../../platform/module.ts';
import { type StaffSearch, staffSearchPage } from '../../platform/staff-search.ts';
import { Applications, type ApplyInput } from './applications.ts';
import { CarLoans } from './car-loans.ts';
import { type LoanRow, type LoansDeps, LoansPart, OPEN_STATES } from './context.ts';
import { CreditWallet, type PayoutInput } from './money.ts';
import { Repayments } from './repayments.ts';
import { type Reminder, Sweep } from './sweep.ts';
import { loanBlacklist, loanExtensions, loanPayouts, loanRepayments, loans } from './tables.ts';
import { loanView, messageOf } from './views.ts';

export type { LoanRow } from './context.ts';

const JUMP_MINUTES = 10;

export class LoansService extends LoansPart {
  readonly applications: Applications;
  /** The yingxin car loan. */
  readonly cars: CarLoans;
  readonly credit: CreditWallet;
  readonly repayments: Repayments;
  readonly sweep: Sweep;

  constructor(ctx: PlatformContext, deps: LoansDeps) {
    super(ctx, deps);
    this.applications = new Applications(ctx, deps);
    this.cars = new CarLoans(ctx, deps);
    this.credit = new CreditWallet(ctx, deps);
    this.repayments = new Repayments(ctx, deps);
    this.sweep = new Sweep(ctx, deps);
  }

  get lender() {
    return this.deps.lender;
  }

  async view(loan: LoanRow, language: Language) {
    const [repayments, extensions] = await Promise.all([
      this.repayments.repaymentsOf(loan.id),
      this.repayments.extensionsOf(loan.id),
    ]);
    return loanView(loan, repayments, extensions, this.repayments, language);
  }

  async offer(userId: string, language: Language) {
    const { code, ...offer } = await this.applications.offer(userId);
    return { ...offer, refusalCode: code, refusal: messageOf(code, language) };
  }

  async apply(userId: string, input: ApplyInput, language: Language) {
    return this.view(await this.applications.apply(userId, input, language), language);
  }

  async sign(userId: string, id: string, code: string, language: Language) {
    return this.view(await this.applications.sign(userId, id, code), language);
  }

  async agreement(userId: string, id: string) {
    const loan = await this.own(userId, id);
    return {
      text: loan.agreementText,
      version: loan.agreementVersion,
      language: loan.agreementLanguage,
      signedAt: loan.signedAt?.toISOString() ?? null,
      codeHash: loan.signatureHash,
    };
  }

  async home(userId: string, language: Language) {
    const rows = await this.db
      .select()
      .from(loans)
      .where(eq(loans.userId, userId))
      .orderBy(desc(loans.createdAt))
      .limit(20);
    const [creditCents, payouts, views] = await Promise.all([
      this.credit.creditCents(userId),
      this.credit.payouts(userId),
      Promise.all(rows.map((row) => this.view(row, language))),
    ]);
    return {
      creditCents,
      loans: views,
      payouts: payouts.map((p) => ({
        id: p.id,
        amountCents: p.amountCents,
        state: p.state,
        bankName: p.bankName,
        accountNumber: `****${p.accountNumber.slice(-4)}`,
        requestedAt: p.requestedAt.toISOString(),
        runAt: p.runAt.toISOString(),
        paidAt: p.paidAt?.toISOString() ?? null,
      })),
    };
  }

  async collect(userId: string, id: string, language: Language, acceptCents?: number) {
    return this.view(await this.credit.collect(userId, id, new Date(), acceptCents), language);
  }

  payout(userId: string, input: PayoutInput) {
    return this.credit.requestPayout(userId, input);
  }

  repay(userId: string, id: string, amountCents: number) {
    return this.repayments.create(userId, id, amountCents);
  }

  async extend(userId: string, id: string, language: Language) {
    await this.repayments.requestExtension(userId, id);
    return this.view(await this.own(userId, id), language);
  }

  /** Whether the shopper has a loan open (their phone then stays as it is). */
  async hasOpenLoan(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ n: count() })
      .from(loans)
      .where(and(eq(loans.userId, userId), inArray(loans.state, [...OPEN_STATES])));
    return row.n > 0;
  }

  /** The guard of the accounts module: no phone change while a loan is open. */
  async refusePhoneChange(userId: string): Promise<void> {
    if (await this.hasOpenLoan(userId)) throw new AppError('LOAN0014');
  }

  // ---------------------------------------------------------------- the partner's site (/mycreditJump)

  private jumpSecret() {
    return `${this.ctx.config.paymentSecret}:mycredit`;
  }

  /** A reference naming the shopper and their latest loan, signed, valid 10 minutes. */
  async jump(userId: string, now = new Date()) {
    const [latest] = await this.db
      .select()
      .from(loans)
      .where(eq(loans.userId, userId))
      .orderBy(desc(loans.createdAt))
      .limit(1);
    const expiresAt = new Date(now.getTime() + JUMP_MINUTES * 60_000);
    const payload = Buffer.from(
      JSON.stringify({ u: userId, l: latest?.reference ?? null, e: expiresAt.getTime() }),
    ).toString('base64url');
    const reference = `${payload}.${hmacHex(this.jumpSecret(), payload)}`;
    const base = process.env.LENDER_SITE_URL ?? '/lender-sim/mycredit';
    return { url: `${base}?ref=${encodeURIComponent(reference)}`, reference, expiresAt: expiresAt.toISOString() };
  }

  /** The partner's side of the hand-off: the reference's payload when its signature and time hold. */
  readJump(reference: string, now = new Date()): { u: string; l: string | null; e: number } | null {
    const [payload, mac] = reference.split('.');
    if (!payload || !mac || !safeEqual(mac, hmacHex(this.jumpSecret(), payload))) return null;
    try {
      const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      return typeof data.e === 'number' && data.e > now.getTime() ? data : null;
    } catch {
      return null;
    }
  }

  // ---------------------------------------------------------------- jobs

  async pollLender(): Promise<number> {
    let moved = 0;
    for (const id of await this.applications.reviewing()) if (await this.applications.takeDecision(id)) moved += 1;
    for (const id of await this.repayments.pendingExtensions())
      if (await this.repayments.takeExtensionAnswer(id)) moved += 1;
    for (const id of await this.cars.reviewing()) if (await this.cars.takeDecision(id)) moved += 1;
    return moved;
  }

  /**
   * The money the shop moved for loans in [from, to): each disbursement (collected) and repayment
   * (paid) under the reference the lender was told, for the daily reconciliation with the lender.
   */
  async moneyBetween(from: Date, to: Date) {
    const [disbursed, repaid] = await Promise.all([
      this.db
        .select({ loanReference: loans.reference, amountCents: loans.approvedCents })
        .from(loans)
        .where(and(gte(loans.collectedAt, from), lt(loans.collectedAt, to))),
      this.db
        .select({
          reference: loanRepayments.id,
          loanReference: loans.reference,
          amountCents: loanRepayments.amountCents,
        })
        .from(loanRepayments)
        .innerJoin(loans, eq(loans.id, loanRepayments.loanId))
        .where(and(eq(loanRepayments.state, 'PAID'), gte(loanRepayments.paidAt, from), lt(loanRepayments.paidAt, to))),
    ]);
    return [
      ...disbursed.map((d) => ({
        kind: 'disbursement' as const,
        reference: `${d.loanReference}-D`,
        amountCents: d.amountCents ?? 0,
      })),
      ...repaid.map((r) => ({ kind: 'repayment' as const, reference: r.reference, amountCents: r.amountCents })),
    ];
  }

  async daily(now = new Date()) {
    await this.applications.closeUnsigned(now);
    await this.cars.closeStale(now);
    await this.repayments.expire(now);
    return this.sweep.run(now);
  }

  remind(reminder: Reminder) {
    return this.sweep.remind(reminder);
  }

  // ---------------------------------------------------------------- console

  async staffLoans(filter: { state?: string; page: number; size: number }) {
    const where: SQL | undefined = filter.state ? eq(loans.state, filter.state) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(loans)
        .where(where)
        .orderBy(desc(loans.createdAt))
        .limit(filter.size)
        .offset((filter.page - 1) * filter.size),
      this.db.select({ n: count() }).from(loans).where(where),
    ]);
    return { rows, total: total.n };
  }

  async staffReviewQueue() {
    const desk = this.deps.lender.reviewDesk;
    if (!desk) return [];
    const queue = await desk.queue();
    if (!queue.length) return [];
    const rows = await this.db
      .select()
      .from(loans)
      .where(
        inArray(
          loans.reference,
          queue.map((q) => q.reference),
        ),
      );
    const byRef = new Map(rows.map((r) => [r.reference, r]));
    return queue.flatMap((q) => {
      const loan = byRef.get(q.reference);
      return loan ? [{ loan, reviewBy: q.reviewBy }] : [];
    });
  }

  async staffDecide(
    id: string,
    outcome: { approve: boolean; approvedCents?: number; reason?: string },
    staffId: string,
  ) {
    const desk = this.deps.lender.reviewDesk;
    const loan = await this.get(id);
    if (!desk || !loan || loan.state !== 'REVIEW') throw new AppError('LOAN0017');
    await desk.decide(loan.reference, outcome, `staff:${staffId}`);
    await this.applications.takeDecision(id);
    return (await this.get(id)) as LoanRow;
  }

  /** The documents a loan application was given with, by short-lived links (the caller audits the view). */
  async staffDocuments(id: string) {
    const loan = await this.get(id);
    if (!loan) throw new AppError('LOAN0019');
    return { loan, documents: await this.pictureLinks(loan.documents ?? null, LOAN_DOCUMENTS) };
  }

  async staffRepayments(page: number, size: number) {
    return this.db
      .select()
      .from(loanRepayments)
      .orderBy(desc(loanRepayments.createdAt))
      .limit(size)
      .offset((page - 1) * size);
  }

  async staffExtensions() {
    return this.db.select().from(loanExtensions).orderBy(desc(loanExtensions.requestedAt)).limit(200);
  }

  async staffAnswerExtension(id: string, accept: boolean, staffId: string) {
    const desk = this.deps.lender.reviewDesk;
    if (!desk) throw new AppError('LOAN0017');
    await desk.answerExtension(id, accept, `staff:${staffId}`);
    await this.repayments.takeExtensionAnswer(id);
    const [row] = await this.db.select().from(loanExtensions).where(eq(loanExtensions.id, id));
    if (!row) throw new AppError('LOAN0019');
    return row;
  }

  async staffBlacklist() {
    return this.db.select().from(loanBlacklist).orderBy(desc(loanBlacklist.at)).limit(500);
  }

  async staffPayouts() {
    return this.db.select().from(loanPayouts).orderBy(desc(loanPayouts.requestedAt)).limit(200);
  }
  /** The console's list: by state, the shopper and the reference; tab counts alike. */
  staffSearch(filter: StaffSearch) {
    return staffSearchPage(
      this.db,
      loans,
      { state: loans.state, userId: loans.userId, reference: loans.reference },
      filter,
      [desc(loans.createdAt)],
    );
  }
}
