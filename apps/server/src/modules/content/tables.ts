import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

type PerLanguage = { 'en-US': string; chs: string; kh: string };

/**
 * A content document: title and Markdown per language, and the HTML the server rendered and
 * sanitised from that Markdown when it was written (reads serve it as is).
 */
export const contentDocuments = pgTable('content_documents', {
  key: text('key').primaryKey(),
  title: jsonb('title').$type<PerLanguage>().notNull(),
  body: jsonb('body').$type<PerLanguage>().notNull(),
  html: jsonb('html').$type<PerLanguage>().notNull(),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
