// The yingxin car loan (spec §2 `/yingxin`, §7 `query`, `firstpage`, `secondpage`, `thirdpage`): three
// pages kept as a server-side draft, the pictures of the car and its papers claimed from the uploads
// module, submitted once to the lender, decided by the lender's person (the console's review queue).
// The rules are the pure functions of `@shop/contracts` loans/car.ts.
import { randomInt } from 'node:crypto';
import {
  borrowerRefusal,
  CAR_LOAN_RULES,
  CAR_PICTURES,
  type CarBorrower,
  type CarDetails,
  type CarLoanView,
  type CarPicture,
  type CarRefusal,
  carRefusal,
  type ErrorCode,
  isoDateOfDay,
  isoOfDayMonthYear,
  type Language,
  LOAN_RULES,
  missingCarPictures,
  plateKey,
  tidyBorrower,
  tidyCar,
} from '@shop/contracts';
import { and, count, desc, eq, inArray, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import { type StaffSearch, staffSearchPage } from '../../platform/staff-search.ts';
import { LoansPart, today } from './context.ts';
import { carLoans, loanBlacklist, loans } from './tables.ts';
import { messageOf } from './views.ts';

export type CarLoanRow = typeof carLoans.$inferSelect;
type Outcome = { approve: boolean; approvedCents?: number; reason?: string };

const OPEN = ['DRAFT', 'REVIEW'];
/** A car is pledged while an application for it is under review or approved (its loan is made at the lender's branch). */
const PLEDGED = ['REVIEW', 'APPROVED'];
const DAY_MS = 86_400_000;
export const carClaimer = (id: string) => `car-loan:${id}`;

function refuse(refusal: CarRefusal): never {
  throw new AppError(refusal.code as ErrorCode, refusal.params ?? {}, { field: refusal.field });
}

const isoToday = () => isoDateOfDay(today());
const thisYear = () => Number(isoToday().slice(0, 4));
const isUniqueViolation = (error: unknown) =>
  String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === '23505';

export class CarLoans extends LoansPart {
  /** The shopper's open application (DRAFT or REVIEW), locked for a change. */
  private async lockOpen(userId: string, tx: Db): Promise<CarLoanRow | null> {
    const [row] = await tx
      .select()
      .from(carLoans)
      .where(and(eq(carLoans.userId, userId), inArray(carLoans.state, OPEN)))
      .for('update');
    return row ?? null;
  }

  /** The draft to change: CAR00023 when the pages before it are not saved, CAR00022 once submitted. */
  private async lockDraft(userId: string, step: number, tx: Db): Promise<CarLoanRow> {
    const row = await this.lockOpen(userId, tx);
    if (!row) throw new AppError('CAR00023', { step: 1 });
    if (row.state !== 'DRAFT') throw new AppError('CAR00022');
    if (row.step < step) throw new AppError('CAR00023', { step: row.step });
    return row;
  }

  /** Why the shopper may not borrow at all now (no lender, no own phone, blacklisted), or null. */
  private async standing(userId: string, nationalId?: string): Promise<string | null> {
    if (!this.deps.lender.available) return 'LOAN0013';
    if (!(await this.deps.accounts.getUser(userId))?.phone) return 'LOAN0005';
    const [listed] = await this.db
      .select({ n: count() })
      .from(loanBlacklist)
      .where(
        nationalId
          ? or(eq(loanBlacklist.userId, userId), eq(loanBlacklist.nationalId, nationalId))
          : eq(loanBlacklist.userId, userId),
      );
    return listed.n > 0 ? 'LOAN0007' : null;
  }

  /** One account per customer: the national ID on another account's loan or car loan is refused. */
  private async idOnOtherAccount(userId: string, nationalId: string): Promise<boolean> {
    const [[kmf], [car]] = await Promise.all([
      this.db
        .select({ n: count() })
        .from(loans)
        .where(and(eq(loans.nationalId, nationalId), ne(loans.userId, userId))),
      this.db
        .select({ n: count() })
        .from(carLoans)
        .where(and(eq(carLoans.nationalId, nationalId), ne(carLoans.userId, userId))),
    ]);
    return kmf.n + car.n > 0;
  }

  /**
   * CAR00024 when the car (by its plate, whatever its spelling) is pledged for another application
   * under review or approved, the shopper's own or another's: one car secures one loan.
   */
  private async refusePledgedCar(car: CarDetails, exceptId: string, tx: Db): Promise<void> {
    const key = plateKey(car.plateNumber);
    const [pledged] = await tx
      .select({ n: count() })
      .from(carLoans)
      .where(and(eq(carLoans.plateKey, key), inArray(carLoans.state, PLEDGED), ne(carLoans.id, exceptId)));
    if (pledged.n > 0) refuse({ code: 'CAR00024', field: 'plateNumber', params: { plate: car.plateNumber } });
  }

  async latest(userId: string): Promise<CarLoanRow | null> {
    const [row] = await this.db
      .select()
      .from(carLoans)
      .where(eq(carLoans.userId, userId))
      .orderBy(desc(carLoans.createdAt))
      .limit(1);
    return row ?? null;
  }

  async find(id: string): Promise<CarLoanRow | null> {
    const [row] = await this.db.select().from(carLoans).where(eq(carLoans.id, id));
    return row ?? null;
  }

  async query(userId: string, language: Language) {
    const [row, refusal, user] = await Promise.all([
      this.latest(userId),
      this.standing(userId),
      this.deps.accounts.getUser(userId),
    ]);
    return {
      application: row ? await this.view(row, language) : null,
      available: this.deps.lender.available,
      refusal: messageOf(refusal, language),
      phone: user?.phone ?? null,
    };
  }

  /** Page 1: starts the shopper's draft, or updates it while it is one. */
  async firstPage(userId: string, input: CarBorrower): Promise<CarLoanRow> {
    const borrower = tidyBorrower(input);
    const standing = await this.standing(userId, borrower.nationalId);
    if (standing) throw new AppError(standing as ErrorCode);
    const refusal = borrowerRefusal(borrower, isoToday());
    if (refusal) refuse(refusal);
    if (await this.idOnOtherAccount(userId, borrower.nationalId)) refuse({ code: 'LOAN0004', field: 'nationalId' });
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.db.transaction(async (tx) => {
          const open = await this.lockOpen(userId, tx);
          if (open && open.state !== 'DRAFT') throw new AppError('CAR00020');
          if (open?.car) {
            const car = carRefusal(open.car, borrower.amountCents, thisYear());
            if (car) refuse({ ...car, field: 'amountCents' });
          }
          const fields = { borrower, nationalId: borrower.nationalId, updatedAt: new Date() };
          if (open) {
            const [saved] = await tx
              .update(carLoans)
              .set({ ...fields, step: Math.max(open.step, 2) })
              .where(eq(carLoans.id, open.id))
              .returning();
            return saved;
          }
          const reference = `YX${isoToday().replace(/-/g, '')}${String(randomInt(0, 1e6)).padStart(6, '0')}`;
          const [made] = await tx
            .insert(carLoans)
            .values({ ...fields, reference, userId, step: 2 })
            .returning();
          return made;
        });
      } catch (error) {
        // Two first pages at once: the one-open index lets one insert; the other updates it.
        if (attempt === 0 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  /** Page 2: the car, checked against the loan asked on page 1. */
  async secondPage(userId: string, input: CarDetails): Promise<CarLoanRow> {
    const car = tidyCar(input);
    return this.db.transaction(async (tx) => {
      const draft = await this.lockDraft(userId, 2, tx);
      const refusal = carRefusal(car, draft.borrower?.amountCents ?? null, thisYear());
      if (refusal) refuse(refusal);
      await this.refusePledgedCar(car, draft.id, tx);
      const [saved] = await tx
        .update(carLoans)
        .set({ car, plateKey: plateKey(car.plateNumber), step: Math.max(draft.step, 3), updatedAt: new Date() })
        .where(eq(carLoans.id, draft.id))
        .returning();
      return saved;
    });
  }

  /**
   * Page 3: the pictures taken so far, claimed for this application (those no longer named are let
   * go), kept as the draft; with `submit`, then every required picture, the consent and every rule
   * again, and to the lender once: the row's lock makes a second submit meet CAR00022.
   */
  async thirdPage(
    userId: string,
    input: { pictures: Partial<Record<CarPicture, string>>; submit: boolean; agree?: boolean },
  ): Promise<CarLoanRow> {
    const pictures = Object.fromEntries(Object.entries(input.pictures).filter(([, id]) => id)) as Partial<
      Record<CarPicture, string>
    >;
    const missing = missingCarPictures(pictures);
    const saved = await this.db.transaction(async (tx) => {
      const draft = await this.lockDraft(userId, 3, tx);
      await this.deps.uploads.claim(userId, Object.values(pictures) as string[], carClaimer(draft.id), tx);
      const [row] = await tx
        .update(carLoans)
        .set({ pictures, step: missing.length ? 3 : 4, updatedAt: new Date() })
        .where(eq(carLoans.id, draft.id))
        .returning();
      return row;
    });
    if (!input.submit) return saved;
    if (missing.length) throw new AppError('CAR00018', { count: missing.length }, { missing });
    if (input.agree !== true) refuse({ code: 'CAR00019', field: 'agree' });
    const borrower = saved.borrower as CarBorrower;
    const standing = await this.standing(userId, borrower.nationalId);
    if (standing) throw new AppError(standing as ErrorCode);
    const phone = (await this.deps.accounts.getUser(userId))?.phone ?? null;
    const submitted = await this.db.transaction(async (tx) => {
      const draft = await this.lockDraft(userId, 4, tx);
      // Every rule again, now: a birthday may have passed since page 1.
      const refusal =
        borrowerRefusal(draft.borrower as CarBorrower, isoToday()) ??
        carRefusal(draft.car as CarDetails, (draft.borrower as CarBorrower).amountCents, thisYear());
      if (refusal) refuse(refusal);
      // One car, one pledge: submits of the same plate take turns (an advisory lock on the plate),
      // so two applications for one car sent at the same moment are one REVIEW and one CAR00024.
      const car = draft.car as CarDetails;
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`car-plate:${plateKey(car.plateNumber)}`}))`);
      await this.refusePledgedCar(car, draft.id, tx);
      const now = new Date();
      const [row] = await tx
        .update(carLoans)
        .set({
          state: 'REVIEW',
          plateKey: plateKey(car.plateNumber),
          submittedAt: now,
          consentAt: now,
          phone,
          updatedAt: now,
        })
        .where(and(eq(carLoans.id, draft.id), eq(carLoans.state, 'DRAFT')))
        .returning();
      return row;
    });
    await this.send(submitted);
    return (await this.find(submitted.id)) as CarLoanRow;
  }

  /** Sends a submitted application to the lender (again after a failure: the reference makes it one). */
  async send(row: CarLoanRow): Promise<void> {
    const borrower = row.borrower as CarBorrower;
    const car = row.car as CarDetails;
    const decision = await this.deps.lender.submitCarLoan({
      reference: row.reference,
      nationalId: borrower.nationalId,
      fullName: borrower.fullName,
      amountCents: borrower.amountCents,
      termMonths: borrower.termMonths,
      carValueCents: car.valueCents,
      applicant: {
        birthDate: isoOfDayMonthYear(borrower.birthDate) as string,
        monthlyIncomeCents: borrower.monthlyIncomeCents,
        residenceCountry: borrower.residenceCountry,
        ownPhone: true,
        nationalIdOnOtherAccount: false,
        blacklisted: false,
        hasOpenLoan: false,
      },
      data: { borrower, car, phone: row.phone },
      pictures: await this.lenderPictures(row.pictures),
      today: isoToday(),
    });
    await this.db.update(carLoans).set({ reviewBy: decision.reviewBy }).where(eq(carLoans.id, row.id));
    if (decision.status !== 'PENDING') await this.takeDecision(row.id);
  }

  /** The lender's decision of an application under review, once it has one; true when it moved. */
  async takeDecision(id: string): Promise<boolean> {
    const row = await this.find(id);
    if (row?.state !== 'REVIEW') return false;
    const decision = await this.deps.lender.carLoanDecision(row.reference);
    if (!decision) {
      // Submitted here but never received (the lender was down): send it again.
      await this.send(row);
      return false;
    }
    if (decision.status === 'PENDING') return false;
    const approved = decision.status === 'APPROVED';
    const [moved] = await this.db
      .update(carLoans)
      .set({
        state: approved ? 'APPROVED' : 'REFUSED',
        approvedCents: approved ? decision.approvedCents : null,
        refusal: approved ? null : (decision.reason ?? 'LOAN0017'),
        decidedAt: decision.decidedAt ?? new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(carLoans.id, id), eq(carLoans.state, 'REVIEW')))
      .returning();
    if (!moved) return false;
    const usd = ((moved.approvedCents ?? 0) / 100).toFixed(2);
    await this.deps.notices.notify(row.userId, {
      kind: 'loan',
      title: approved
        ? { 'en-US': 'Car loan approved', chs: '汽车贷款已批准', kh: 'ប្រាក់កម្ចីរថយន្តត្រូវបានអនុម័ត' }
        : { 'en-US': 'Car loan not approved', chs: '汽车贷款未获批准', kh: 'ប្រាក់កម្ចីរថយន្តមិនត្រូវបានអនុម័ត' },
      body: approved
        ? {
            'en-US': `USD ${usd} approved for ${moved.reference}. The lender will call you to inspect the car and sign at its branch.`,
            chs: `${moved.reference} 已批准 USD ${usd}。贷款方将致电您验车并在其网点签约。`,
            kh: `បានអនុម័ត USD ${usd} សម្រាប់ ${moved.reference}។ អ្នកផ្តល់ប្រាក់កម្ចីនឹងទូរស័ព្ទមកអ្នកដើម្បីពិនិត្យរថយន្ត និងចុះហត្ថលេខានៅសាខារបស់ខ្លួន។`,
          }
        : {
            'en-US': `The lender did not approve the car loan ${moved.reference}.`,
            chs: `贷款方未批准汽车贷款 ${moved.reference}。`,
            kh: `អ្នកផ្តល់ប្រាក់កម្ចីមិនបានអនុម័តប្រាក់កម្ចីរថយន្ត ${moved.reference} ទេ។`,
          },
      link: '/yingxin',
    });
    return true;
  }

  async reviewing(): Promise<string[]> {
    const rows = await this.db.select({ id: carLoans.id }).from(carLoans).where(eq(carLoans.state, 'REVIEW'));
    return rows.map((r) => r.id);
  }

  /** Drafts left for 30 days are closed; their pictures are let go (the uploads sweep deletes them). */
  async closeStale(now = new Date()): Promise<number> {
    const closed = await this.db
      .update(carLoans)
      .set({ state: 'CANCELLED', updatedAt: now })
      .where(
        and(
          eq(carLoans.state, 'DRAFT'),
          lt(carLoans.updatedAt, new Date(now.getTime() - CAR_LOAN_RULES.staleDraftDays * DAY_MS)),
        ),
      )
      .returning({ id: carLoans.id });
    for (const { id } of closed) await this.deps.uploads.letGo(carClaimer(id));
    return closed.length;
  }

  async view(row: CarLoanRow, language: Language, now = new Date()): Promise<CarLoanView> {
    const links = new Map((await this.pictureLinks(row.pictures)).map((p) => [p.kind, { id: p.id, url: p.url }]));
    const since = row.submittedAt?.getTime() ?? now.getTime();
    return {
      id: row.id,
      reference: row.reference,
      state: row.state as CarLoanView['state'],
      step: row.step,
      borrower: row.borrower ?? null,
      car: row.car ?? null,
      pictures: Object.fromEntries(
        CAR_PICTURES.map((kind) => [kind, links.get(kind) ?? null]),
      ) as CarLoanView['pictures'],
      submittedAt: row.submittedAt?.toISOString() ?? null,
      reviewBy: row.reviewBy?.toISOString() ?? null,
      contactService: row.state === 'REVIEW' && now.getTime() - since > LOAN_RULES.contactServiceAfterDays * DAY_MS,
      approvedCents: row.approvedCents,
      refusal: row.state === 'REFUSED' ? messageOf(row.refusal, language) : null,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  // ---------------------------------------------------------------- console

  async staffList(filter: { state?: string; page: number; size: number }) {
    const where = filter.state ? eq(carLoans.state, filter.state) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(carLoans)
        .where(where)
        // Under review: the oldest first (the lender promised an answer within 3 days).
        .orderBy(...(filter.state === 'REVIEW' ? [carLoans.submittedAt] : [desc(carLoans.createdAt)]))
        .limit(filter.size)
        .offset((filter.page - 1) * filter.size),
      this.db.select({ n: count() }).from(carLoans).where(where),
    ]);
    return { rows, total: total.n };
  }

  /** The lender's person decides (the local lender's desk), then the shop takes the decision. */
  async staffDecide(id: string, outcome: Outcome, staffId: string): Promise<CarLoanRow> {
    const desk = this.deps.lender.reviewDesk;
    const row = await this.find(id);
    if (!row) throw new AppError('CAR00021');
    if (!desk || row.state !== 'REVIEW') throw new AppError('LOAN0017');
    await desk.decideCarLoan(row.reference, outcome, `staff:${staffId}`);
    await this.takeDecision(id);
    return (await this.find(id)) as CarLoanRow;
  }
  /** The console's list: by state, the shopper and the reference; tab counts alike. */
  staffSearch(filter: StaffSearch) {
    const t = carLoans;
    return staffSearchPage(this.db, t, { state: t.state, userId: t.userId, reference: t.reference }, filter, [
      ...(filter.state === 'REVIEW' ? [t.submittedAt] : [desc(t.createdAt)]),
    ]);
  }
}
