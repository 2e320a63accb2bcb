import type { Language, Localized, Notice, Page } from '@shop/contracts';
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { notices } from './tables.ts';

export type NoticeInput = { kind: string; title: Localized; body: Localized; link?: string | null };
/** The catalogue's back-in-stock event, as its stock-back job sends it. */
export type StockBackEvent = { kind: 'stock-back'; skuId: number; productId: number; name: string; specText?: string };

function stockBackNotice(event: StockBackEvent): NoticeInput {
  const item = event.specText ? `${event.name} (${event.specText})` : event.name;
  return {
    kind: 'back_in_stock',
    title: { 'en-US': 'Back in stock', chs: '到货通知', kh: 'មានស្តុកវិញហើយ' },
    body: {
      'en-US': `${item} is back in stock. Order it before it sells out again.`,
      chs: `${item} 已到货，欢迎选购，售完即止。`,
      kh: `${item} មានស្តុកវិញហើយ។ សូមបញ្ជាទិញមុនពេលអស់ម្តងទៀត។`,
    },
    link: `/product?productItemId=${event.skuId}`,
  };
}
type NoticeRow = typeof notices.$inferSelect;

function check(input: NoticeInput) {
  for (const text of [input.title, input.body]) {
    for (const language of ['en-US', 'chs', 'kh'] as const) {
      if (!text?.[language]?.trim()) throw new Error(`notice text missing in ${language}`);
    }
  }
  if (input.link && !input.link.startsWith('/')) throw new Error('a notice link is a path of the shop');
}

/** Notices of events to one shopper, and broadcasts to everyone from the console. */
export class NoticeService {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async notify(userId: string, event: NoticeInput | StockBackEvent, db: Db = this.db): Promise<NoticeRow> {
    const input = 'skuId' in event ? stockBackNotice(event) : event;
    check(input);
    const [row] = await db
      .insert(notices)
      .values({ userId, kind: input.kind, title: input.title, body: input.body, link: input.link ?? null })
      .returning();
    return row;
  }

  async broadcast(input: NoticeInput & { staffId: string }, db: Db = this.db): Promise<NoticeRow> {
    check(input);
    const [row] = await db
      .insert(notices)
      .values({
        userId: null,
        kind: input.kind,
        title: input.title,
        body: input.body,
        link: input.link ?? null,
        createdBy: input.staffId,
      })
      .returning();
    return row;
  }

  private mine(userId: string) {
    return or(eq(notices.userId, userId), isNull(notices.userId));
  }

  async list(
    userId: string,
    query: { page: number; size: number; lastNotice?: number },
    language: Language,
    db: Db = this.db,
  ): Promise<Page<Notice> & { newest: number }> {
    const [{ total, newest }] = await db
      .select({ total: sql<number>`count(*)::int`, newest: sql<number>`COALESCE(MAX(${notices.id}), 0)::int` })
      .from(notices)
      .where(this.mine(userId));
    const rows = await db
      .select()
      .from(notices)
      .where(this.mine(userId))
      .orderBy(desc(notices.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size);
    const marker = query.lastNotice ?? 0;
    return {
      list: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        title: (r.title as Localized)[language],
        body: (r.body as Localized)[language],
        link: r.link,
        createdAt: r.createdAt.toISOString(),
        unread: r.id > marker,
      })),
      total,
      page: query.page,
      size: query.size,
      newest,
    };
  }

  async newCount(userId: string, lastNotice = 0, db: Db = this.db): Promise<number> {
    const [{ count }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(notices)
      .where(and(this.mine(userId), gt(notices.id, lastNotice)));
    return count;
  }
}
