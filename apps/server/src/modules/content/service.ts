import { CONTENT_KEY_PATTERN, LANGUAGES, type Language } from '@shop/contracts';
import { asc, eq, like } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { renderMarkdown } from './render.ts';
import { contentDocuments } from './tables.ts';

type Row = typeof contentDocuments.$inferSelect;

/** Title and Markdown body of a document in the shop's three languages. */
export type ContentText = { title: Record<Language, string>; body: Record<Language, string> };

const renderAll = (body: Record<Language, string>) =>
  Object.fromEntries(LANGUAGES.map((l) => [l, renderMarkdown(body[l])])) as Record<Language, string>;

function checkKey(key: string) {
  if (!CONTENT_KEY_PATTERN.test(key)) throw new Error(`content key "${key}" is not <line>.<name>`);
}

/**
 * Content documents by key (docs/content.md). Other modules put their texts here with `provide`
 * (their seed), the console edits them, the shop reads one with `read` in the caller's language.
 */
export class ContentService {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** One document in `language`, its HTML sanitised; CNT00001 when no such key. */
  async read(key: string, language: Language) {
    const row = await this.row(key);
    if (!row) throw new AppError('CNT00001');
    return {
      key: row.key,
      title: row.title[language],
      html: row.html[language],
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async row(key: string): Promise<Row | undefined> {
    const [row] = await this.db.select().from(contentDocuments).where(eq(contentDocuments.key, key));
    return row;
  }

  async list(prefix?: string) {
    const rows = await this.db
      .select({
        key: contentDocuments.key,
        title: contentDocuments.title,
        updatedAt: contentDocuments.updatedAt,
        updatedBy: contentDocuments.updatedBy,
      })
      .from(contentDocuments)
      .where(prefix ? like(contentDocuments.key, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined)
      .orderBy(asc(contentDocuments.key));
    return rows;
  }

  /** Writes a document (staff): the HTML is rendered now, once, for every read after. */
  async save(key: string, text: ContentText, by: string | null): Promise<Row> {
    checkKey(key);
    const values = { key, title: text.title, body: text.body, html: renderAll(text.body), updatedBy: by };
    const [row] = await this.db
      .insert(contentDocuments)
      .values(values)
      .onConflictDoUpdate({
        target: contentDocuments.key,
        set: { title: values.title, body: values.body, html: values.html, updatedBy: by, updatedAt: new Date() },
      })
      .returning();
    return row as Row;
  }

  /**
   * A product line's document, written only if the key is new (a seed or `init`): what staff
   * changed since is kept. Returns whether it was written.
   */
  async provide(key: string, text: ContentText): Promise<boolean> {
    checkKey(key);
    const rows = await this.db
      .insert(contentDocuments)
      .values({ key, title: text.title, body: text.body, html: renderAll(text.body), updatedBy: null })
      .onConflictDoNothing()
      .returning({ key: contentDocuments.key });
    return rows.length > 0;
  }

  preview(markdown: string): string {
    return renderMarkdown(markdown);
  }
}
