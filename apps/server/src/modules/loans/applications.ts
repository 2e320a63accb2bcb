// Applying: the offer a shopper sees, the application checked against the published rules, the
// agreement signed with a four-digit SMS code (15 minutes), and the lender's decision.
import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { applyBody } from '@shop/contracts';
import {
  amountRange,
  amountRefusal,
  eligibilityRefusal,
  type InstallmentCount,
  isoDateOfDay,
  isoOfDayMonthYear,
  type Language,
  LOAN_RULES,
  type LoanDocument,
  type LoanRefusal,
  REQUIRED_LOAN_DOCUMENTS,
} from '@shop/contracts';
import { and, count, eq, inArray, ne, or } from 'drizzle-orm';
import type { z } from 'zod/mini';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import { loanEvent } from '../notifications/public.ts';
import { AGREEMENT_VERSION, agreementText } from './agreement.ts';
import { type LoanRow, LoansPart, OPEN_STATES, today } from './context.ts';
import { loanBlacklist, loans } from './tables.ts';

export type ApplyInput = z.infer<typeof applyBody>;

/** The claimer of an application's documents in the uploads module. */
export const loanClaimer = (id: string) => `loan-application:${id}`;

const usd = (cents: number) => (cents / 100).toFixed(2);

function refuse(code: LoanRefusal, repaid = 0): never {
  const { min, max } = amountRange(repaid);
  throw new AppError(code, code === 'LOAN0008' ? { min: usd(min), max: usd(max) } : {});
}

export class Applications extends LoansPart {
  private async history(userId: string) {
    const [[repaid], [open], [black]] = await Promise.all([
      this.db
        .select({ n: count() })
        .from(loans)
        .where(and(eq(loans.userId, userId), eq(loans.state, 'SETTLED'))),
      this.db
        .select({ n: count() })
        .from(loans)
        .where(and(eq(loans.userId, userId), inArray(loans.state, [...OPEN_STATES]))),
      this.db.select({ n: count() }).from(loanBlacklist).where(eq(loanBlacklist.userId, userId)),
    ]);
    return { repaid: repaid.n, open: open.n > 0, blacklisted: black.n > 0 };
  }

  async offer(userId: string) {
    const user = await this.deps.accounts.getUser(userId);
    const history = await this.history(userId);
    const code: LoanRefusal | null = history.blacklisted
      ? 'LOAN0007'
      : history.open
        ? 'LOAN0006'
        : !this.deps.lender.available
          ? 'LOAN0013'
          : !user?.phone
            ? 'LOAN0005'
            : null;
    const range = amountRange(history.repaid);
    return {
      code,
      minCents: range.min,
      maxCents: range.max,
      installmentChoices: [...LOAN_RULES.installmentChoices],
      available: this.deps.lender.available,
      phone: user?.phone ?? null,
      agreementVersion: AGREEMENT_VERSION,
    };
  }

  /** Checks the application against the rules and keeps it, with the agreement to sign. */
  async apply(userId: string, input: ApplyInput, language: Language): Promise<LoanRow> {
    if (!this.deps.lender.available) refuse('LOAN0013');
    const user = await this.deps.accounts.getUser(userId);
    if (!user?.phone) refuse('LOAN0005');
    const birthDate = isoOfDayMonthYear(input.birthDate);
    if (!birthDate) refuse('LOAN0015');
    if (!(LOAN_RULES.installmentChoices as readonly number[]).includes(input.installments)) refuse('LOAN0016');
    const history = await this.history(userId);
    const nationalId = input.nationalId.toUpperCase();
    const [others] = await this.db
      .select({ n: count() })
      .from(loans)
      .where(and(eq(loans.nationalId, nationalId), ne(loans.userId, userId)));
    const [listed] = await this.db
      .select({ n: count() })
      .from(loanBlacklist)
      .where(eq(loanBlacklist.nationalId, nationalId));
    const day = today();
    const refusal =
      eligibilityRefusal(
        {
          birthDate,
          monthlyIncomeCents: input.monthlyIncomeCents,
          residenceCountry: input.residenceCountry,
          // The agreement's code goes to the account's own verified phone; no other number is taken.
          ownPhone: true,
          nationalIdOnOtherAccount: others.n > 0,
          blacklisted: history.blacklisted || listed.n > 0,
          hasOpenLoan: history.open,
        },
        isoDateOfDay(day),
      ) ?? amountRefusal(input.amountCents, history.repaid);
    if (refusal) refuse(refusal, history.repaid);
    const documents = Object.fromEntries(Object.entries(input.documents ?? {}).filter(([, id]) => id)) as Partial<
      Record<LoanDocument, string>
    >;
    if (REQUIRED_LOAN_DOCUMENTS.some((kind) => !documents[kind])) throw new AppError('LOAN0021');
    const fullName = input.fullName.trim();
    const { device, consent, documents: _given, ...application } = input;
    const id = randomUUID();
    try {
      return await this.db.transaction(async (tx) => {
        // The pictures must be the shopper's own and unclaimed (UPL00005 otherwise).
        await this.deps.uploads.claim(userId, Object.values(documents) as string[], loanClaimer(id), tx);
        const [row] = await tx
          .insert(loans)
          .values({
            id,
            documents,
            reference: `LN${day}${String(randomInt(0, 1e8)).padStart(8, '0')}`,
            userId,
            state: 'SIGNING',
            nationalId,
            phone: user?.phone as string,
            amountCents: input.amountCents,
            installments: input.installments,
            application: { ...application, fullName, nationalId, birthDate },
            consent: { ...consent, at: new Date().toISOString(), language },
            // Device data only with its consent (and only what the wallet app's bridge gave).
            device: consent.deviceData && device ? device : null,
            agreementVersion: AGREEMENT_VERSION,
            agreementLanguage: language,
            agreementText: agreementText(language, {
              fullName,
              nationalId,
              amountCents: input.amountCents,
              installments: input.installments as InstallmentCount,
              today: day,
            }),
          })
          .returning();
        return row;
      });
    } catch (error) {
      // Two applications at once: the one-open-loan index lets one through.
      if (String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === '23505')
        refuse('LOAN0006');
      throw error;
    }
  }

  /** The e-signature: the SMS code sent to the shopper's own phone for 'loan', then off to the lender. */
  async sign(userId: string, id: string, code: string): Promise<LoanRow> {
    const loan = await this.own(userId, id);
    if (loan.state !== 'SIGNING') throw new AppError('LOAN0017');
    await this.deps.accounts.checkCode(loan.phone, 'loan', code);
    const signatureHash = createHash('sha256').update(`${loan.id}:${code}`).digest('hex');
    const [signed] = await this.db
      .update(loans)
      .set({ state: 'REVIEW', signedAt: sql`now()`, signatureHash })
      .where(and(eq(loans.id, id), eq(loans.state, 'SIGNING')))
      .returning();
    if (!signed) throw new AppError('LOAN0017');
    // Signed is signed: a lender that does not answer now gets the application from the poll
    // (`takeDecision`), under the same reference, and the poll job logs why it could not.
    await this.submit(signed).catch(() => {});
    return (await this.get(id)) as LoanRow;
  }

  /** Sends a signed application to the lender (again after a failure: the reference makes it one). */
  async submit(loan: LoanRow): Promise<void> {
    const app = loan.application as ApplyInput & { birthDate: string };
    const [repaid] = await this.db
      .select({ n: count() })
      .from(loans)
      .where(and(eq(loans.userId, loan.userId), eq(loans.state, 'SETTLED')));
    const decision = await this.deps.lender.submit({
      reference: loan.reference,
      nationalId: loan.nationalId,
      fullName: app.fullName,
      amountCents: loan.amountCents,
      installments: loan.installments as InstallmentCount,
      repaidLoans: repaid.n,
      applicant: {
        birthDate: app.birthDate,
        monthlyIncomeCents: app.monthlyIncomeCents,
        residenceCountry: app.residenceCountry,
        ownPhone: true,
        nationalIdOnOtherAccount: false,
        blacklisted: false,
        hasOpenLoan: false,
      },
      data: { ...app, phone: loan.phone, device: loan.device },
      documents: await this.lenderPictures(loan.documents ?? null),
      today: isoDateOfDay(today()),
    });
    await this.db.update(loans).set({ reviewBy: decision.reviewBy }).where(eq(loans.id, loan.id));
    if (decision.status !== 'PENDING') await this.takeDecision(loan.id);
  }

  /** The lender's decision of a loan under review, once it has one; true when it moved. */
  async takeDecision(id: string): Promise<boolean> {
    const loan = await this.get(id);
    if (loan?.state !== 'REVIEW') return false;
    const decision = await this.deps.lender.decision(loan.reference);
    // The lender never got it (it did not answer at signing): sent again, once a minute until it does.
    if (!decision && this.deps.lender.available) await this.submit(loan);
    if (!decision || decision.status === 'PENDING') return false;
    const approved = decision.status === 'APPROVED';
    const [moved] = await this.db
      .update(loans)
      .set({
        state: approved ? 'APPROVED' : 'REFUSED',
        approvedCents: approved ? decision.approvedCents : null,
        refusal: approved ? null : (decision.reason ?? 'LOAN0017'),
        decidedAt: decision.decidedAt ?? new Date(),
      })
      .where(and(eq(loans.id, id), eq(loans.state, 'REVIEW')))
      .returning();
    if (!moved) return false;
    if (approved) await this.deps.notifications.emit(loanEvent('loan.approved', moved, moved.approvedCents ?? 0));
    await this.deps.notices.notify(loan.userId, {
      kind: 'loan',
      title: approved
        ? { 'en-US': 'Loan approved', chs: '贷款已批准', kh: 'ប្រាក់កម្ចីត្រូវបានអនុម័ត' }
        : { 'en-US': 'Loan not approved', chs: '贷款未获批准', kh: 'ប្រាក់កម្ចីមិនត្រូវបានអនុម័ត' },
      body: approved
        ? {
            'en-US': `USD ${usd(moved.approvedCents ?? 0)} is waiting in your credit wallet: collect it on the loan page.`,
            chs: `USD ${usd(moved.approvedCents ?? 0)} 已在您的信用钱包中，请在贷款页面领取。`,
            kh: `USD ${usd(moved.approvedCents ?? 0)} កំពុងរង់ចាំក្នុងកាបូបឥណទានរបស់អ្នក៖ សូមទទួលវានៅទំព័រប្រាក់កម្ចី។`,
          }
        : {
            'en-US': `The lender did not approve loan ${moved.reference}.`,
            chs: `贷款方未批准贷款 ${moved.reference}。`,
            kh: `អ្នកផ្តល់ប្រាក់កម្ចីមិនបានអនុម័តប្រាក់កម្ចី ${moved.reference} ទេ។`,
          },
      link: `/kmf?loan=${moved.id}`,
    });
    return true;
  }

  /** Applications not signed within a day are closed (the shopper may apply again). */
  async closeUnsigned(now = new Date()): Promise<number> {
    const closed = await this.db
      .update(loans)
      .set({ state: 'CANCELLED' })
      .where(and(eq(loans.state, 'SIGNING'), sql`${loans.createdAt} < ${new Date(now.getTime() - 86_400_000)}`))
      .returning({ id: loans.id });
    // Never signed, never sent: its documents are let go (the uploads sweep deletes them).
    for (const { id } of closed) await this.deps.uploads.letGo(loanClaimer(id));
    return closed.length;
  }

  async reviewing(): Promise<string[]> {
    const rows = await this.db
      .select({ id: loans.id })
      .from(loans)
      .where(or(eq(loans.state, 'REVIEW')));
    return rows.map((r) => r.id);
  }
}
