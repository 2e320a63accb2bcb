// What every part of the loans service shares: the database, the other modules' services it uses,
// the loan row and its lock, and the day of an instant (Asia/Phnom_Penh).
import { dayOf, type LoanAccount } from '@shop/contracts';
import { eq } from 'drizzle-orm';
import {
  LENDER_MONEY_JOB,
  type Lender,
  type LenderMoneyJob,
  type LenderPicture,
} from '../../integrations/lender/lender.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext, Services } from '../../platform/module.ts';
import { loans } from './tables.ts';

export type LoansDeps = Pick<Services, 'payments' | 'accounts' | 'wallet' | 'notices' | 'uploads' | 'notifications'> & {
  lender: Lender;
};

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

  /**
   * A lender with its own books is told the money moved (a disbursement, a repayment) by a job
   * queued in the transaction that moved it: it goes when the money did, and is retried until told.
   */
  protected async tellLender(job: Omit<LenderMoneyJob, 'at'>, tx: Db): Promise<void> {
    if (!this.deps.lender.recordMoney) return;
    await this.ctx.jobs.enqueue(
      LENDER_MONEY_JOB,
      { ...job, at: new Date().toISOString() },
      { dedupeKey: `${LENDER_MONEY_JOB}:${job.reference}`, maxAttempts: 20 },
      tx,
    );
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

  /** The pictures an application names (kind → upload id), as the lender is given them. */
  async lenderPictures(ids: Partial<Record<string, string>> | null): Promise<LenderPicture[]> {
    const entries = Object.entries(ids ?? {}).filter((e): e is [string, string] => Boolean(e[1]));
    const rows = new Map((await this.deps.uploads.many(entries.map(([, id]) => id))).map((r) => [r.id, r]));
    return entries.flatMap(([kind, id]) => {
      const row = rows.get(id);
      return row ? [{ kind, id, bytes: () => this.deps.uploads.bytes(row) }] : [];
    });
  }

  /** Short-lived links to the pictures an application names, for its owner or reviewing staff. */
  async pictureLinks(
    ids: Partial<Record<string, string>> | null,
    order: readonly string[] = [],
  ): Promise<{ kind: string; id: string; url: string }[]> {
    // In the order the application's form asks them (jsonb keeps keys in its own order).
    const rank = (kind: string) => (order.includes(kind) ? order.indexOf(kind) : order.length);
    const entries = Object.entries(ids ?? {})
      .filter((e): e is [string, string] => Boolean(e[1]))
      .sort(([a], [b]) => rank(a) - rank(b));
    const rows = new Map((await this.deps.uploads.many(entries.map(([, id]) => id))).map((r) => [r.id, r]));
    return entries.flatMap(([kind, id]) => {
      const row = rows.get(id);
      return row ? [{ kind, id, url: this.deps.uploads.link(row).url }] : [];
    });
  }

  async lock(id: string, tx: Db): Promise<LoanRow | null> {
    const [row] = await tx.select().from(loans).where(eq(loans.id, id)).for('update');
    return row ?? null;
  }
}
