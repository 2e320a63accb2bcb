/**
 * The products' search documents and the words typos are corrected to: written with each product,
 * and written again when `searchDocument` changed (SEARCH_DOC_VERSION).
 */
import { asc, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { SEARCH_DOC_VERSION, searchDocument, vocabulary } from './search-text.ts';
import type { CatalogueContext } from './shared.ts';
import { categories, type LocalizedText, products, searchWords } from './tables.ts';

/** Adds the words to the vocabulary typos are corrected to (those it has are skipped). */
export async function addVocabulary(words: string[], db: Db) {
  const vocab = [...new Set(words)];
  for (let v = 0; v < vocab.length; v += 5000) {
    await db
      .insert(searchWords)
      .values(vocab.slice(v, v + 5000).map((word) => ({ word })))
      .onConflictDoNothing();
  }
}

export class SearchDocuments {
  private readonly ctx: CatalogueContext;
  private readonly db: Db;

  constructor(ctx: CatalogueContext) {
    this.ctx = ctx;
    this.db = ctx.db;
  }

  /**
   * Writes again the search documents written by an older `searchDocument` (SEARCH_DOC_VERSION),
   * a batch at a time; run when the shop starts. Instances starting together write the same words.
   */
  async refreshSearchDocuments(db: Db = this.db): Promise<number> {
    const all = await db.select().from(categories);
    const byId = new Map(all.map((c) => [c.id, c]));
    let done = 0;
    for (;;) {
      const batch = await db
        .select({ id: products.id, name: products.name, brand: products.brand, categoryId: products.categoryId })
        .from(products)
        .where(lt(products.searchVersion, SEARCH_DOC_VERSION))
        .orderBy(asc(products.id))
        .limit(2000);
      if (batch.length === 0) break;
      const docs = batch.map((p) => {
        const names: LocalizedText[] = [];
        for (let c = byId.get(p.categoryId); c; c = c.parentId ? byId.get(c.parentId) : undefined) names.push(c.name);
        return { id: p.id, doc: searchDocument(p.name, p.brand, names), words: vocabulary(p.name, p.brand, names) };
      });
      await db.execute(sql`
        UPDATE ${products} p SET search_doc = d.doc, search_version = ${SEARCH_DOC_VERSION}
        FROM json_to_recordset(${JSON.stringify(docs.map(({ id, doc }) => ({ id, doc })))}::json) AS d(id int, doc text)
        WHERE p.id = d.id`);
      await addVocabulary(
        docs.flatMap((d) => d.words),
        db,
      );
      done += batch.length;
    }
    if (done > 0) this.ctx.invalidate();
    return done;
  }
}
