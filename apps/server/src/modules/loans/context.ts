// What every part of the loans service shares: the database, the other modules' services it uses,
// the loan row and its lock, and the day of an instant (Asia/Phnom_Penh).
import { dayOf, type LoanAccount } from '@shop/contracts';
import { eq } from 'drizzle-orm';
import type { Lender } from '../../integrations/lender/lender.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext, Services } from '../../platform/module.ts';
import { loans } from './tables.ts';

export type LoansDeps = Pick<Services, 'payments' | 'accounts' | 'wallet' | 'notices'> & { lender: Lender };

export type LoanRow = typeof loans.$inferSelect;

export const OPEN_STATES = ['SIGNING', 'REVIEW', 'APPROVED', 'ACTIVE'] as const;

export const accountOf = (row: LoanRow): LoanAccount | null => (row.account as LoanAccount | null) ?? null;

export const today = (now: Date = new Date()) => dayOf(now);

export class LoansPart {
  protected readonly ctx: PlatformContext;
  protected readonly db: Db;
  protected readonly deps: LoansDeps;

  constructor(ctx: PlatformContext, deps: LoansDeps) {
    this.ctx = ctx;
    this.db = ctx.db;
    this.deps = deps;
  }

  async get(id: string, db: Db = this.db): Promise<LoanRow | null> {
    const [row] = await db.select().from(loans).where(eq(loans.id, id));
    return row ?? null;
  }

  /** The shopper's own loan; LOAN0019 when it is not theirs or unknown. */
  async own(userId: string, id: string, db: Db = this.db): Promise<LoanRow> {
    const row = await this.get(id, db);
    if (!row || row.userId !== userId) throw new AppError('LOAN0019');
    return row;
  }

  async lock(id: string, tx: Db): Promise<LoanRow | null> {
    const [row] = await tx.select().from(loans).where(eq(loans.id, id)).for('update');
    return row ?? null;
  }
}
