import type { PartnerApplication, PartnerKind, PartnerState } from '@shop/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Services } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import { type StaffSearch, staffSearchPage } from '../../platform/staff-search.ts';
import { partnerApplications } from './tables.ts';

export type PartnerRow = typeof partnerApplications.$inferSelect;
type Needed = Pick<Services, 'notices'>;
export type PartnerInput = { kind: PartnerKind; contactName: string; businessName: string; note: string };

export const partnerView = (r: PartnerRow): PartnerApplication => ({
  id: r.id,
  state: r.state,
  kind: r.kind,
  contactName: r.contactName,
  businessName: r.businessName,
  note: r.note,
  decisionNote: r.decisionNote,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
});

const DECIDED = {
  approved: {
    title: {
      'en-US': 'You are an Angkor Mall partner',
      chs: '您已成为 Angkor Mall 合作伙伴',
      kh: 'អ្នកជាដៃគូ Angkor Mall ហើយ',
    },
    body: {
      'en-US': 'Your partner application is approved. Your partner manager will call you within 2 working days.',
      chs: '您的合作伙伴申请已通过，合作经理将在 2 个工作日内与您联系。',
      kh: 'ពាក្យស្នើសុំជាដៃគូរបស់អ្នកត្រូវបានអនុម័ត។ អ្នកគ្រប់គ្រងដៃគូនឹងទូរស័ព្ទមកអ្នកក្នុងរយៈពេល 2 ថ្ងៃធ្វើការ។',
    },
  },
  refused: {
    title: { 'en-US': 'Partner application not approved', chs: '合作伙伴申请未通过', kh: 'ពាក្យស្នើសុំជាដៃគូមិនត្រូវបានអនុម័ត' },
    body: {
      'en-US': 'Your partner application was not approved: {note}. You may apply again.',
      chs: '您的合作伙伴申请未通过：{note}。您可以再次申请。',
      kh: 'ពាក្យស្នើសុំជាដៃគូរបស់អ្នកមិនត្រូវបានអនុម័តទេ៖ {note}។ អ្នកអាចដាក់ពាក្យម្តងទៀត។',
    },
  },
} as const;

/**
 * The partner programme (docs/partners.md): a shopper's application, one per shopper, and staff's
 * decision on it, which the shopper is told of by a notice.
 */
export class PartnerService {
  private readonly db: Db;
  private readonly needed: Needed;
  now: () => Date = () => new Date();

  constructor(db: Db, needed: Needed) {
    this.db = db;
    this.needed = needed;
  }

  async mine(userId: string): Promise<PartnerRow | undefined> {
    const [row] = await this.db.select().from(partnerApplications).where(eq(partnerApplications.userId, userId));
    return row;
  }

  /**
   * Applies, or applies again after a refusal (one statement: two taps at once make one
   * application). PTN00001 while one waits, PTN00002 for a partner.
   */
  async apply(userId: string, input: PartnerInput): Promise<PartnerRow> {
    const values = { ...input, state: 'pending' as const, decisionNote: null, decidedBy: null, decidedAt: null };
    const [row] = await this.db
      .insert(partnerApplications)
      .values({ userId, ...values })
      .onConflictDoUpdate({
        target: partnerApplications.userId,
        set: { ...values, createdAt: this.now() },
        setWhere: eq(partnerApplications.state, 'refused'),
      })
      .returning();
    if (row) return row;
    const had = await this.mine(userId);
    throw new AppError(had?.state === 'approved' ? 'PTN00002' : 'PTN00001');
  }

  async list(state: PartnerState, page: number, size: number) {
    const where = eq(partnerApplications.state, state);
    const [{ total }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(partnerApplications)
      .where(where);
    const list = await this.db
      .select()
      .from(partnerApplications)
      .where(where)
      .orderBy(asc(partnerApplications.createdAt), asc(partnerApplications.id))
      .limit(size)
      .offset((page - 1) * size);
    return { list, total, page, size };
  }

  /** Staff approve or refuse a waiting application (a refusal says why); the shopper gets a notice. */
  async decide(id: number, approve: boolean, note: string, by: string): Promise<PartnerRow> {
    if (!approve && !note) throw new AppError('PTN00005');
    return this.db.transaction(async (tx) => {
      const state = approve ? 'approved' : 'refused';
      const [row] = await tx
        .update(partnerApplications)
        .set({ state, decisionNote: note || null, decidedBy: by, decidedAt: this.now() })
        .where(and(eq(partnerApplications.id, id), eq(partnerApplications.state, 'pending')))
        .returning();
      if (!row) {
        const [had] = await tx.select().from(partnerApplications).where(eq(partnerApplications.id, id));
        throw new AppError(had ? 'PTN00004' : 'PTN00003');
      }
      const text = DECIDED[state];
      const body = Object.fromEntries(
        Object.entries(text.body).map(([language, t]) => [language, t.replace('{note}', note)]),
      ) as Record<keyof typeof text.body, string>;
      await this.needed.notices.notify(
        row.userId,
        { kind: 'partner', title: { ...text.title }, body, link: '/partnership' },
        tx,
      );
      return row;
    });
  }
  /** The console's list: by state, the shopper and the application's number; tab counts alike. */
  staffSearch(filter: StaffSearch) {
    const t = partnerApplications;
    const columns = { state: t.state, userId: t.userId, reference: t.id, exactReference: true };
    return staffSearchPage(this.db, t, columns, filter, [asc(t.createdAt), asc(t.id)]);
  }
}
