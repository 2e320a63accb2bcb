/**
 * Generates a large catalogue on PostgreSQL in a few statements (bench/catalogue.ts): categories,
 * pictures and the merchant through the catalogue service, then the products, items, pictures'
 * links and attributes by INSERT … SELECT over generate_series, a batch of 100,000 products per
 * statement, with the search indexes made again after the load (a GIN index built once is minutes
 * faster than one kept up row by row).
 *
 * Each product is one of the demo catalogue's leaf × brand × adjective names with a model code
 * (`Samsung Smartphone Pro K417`), in en-US, chs and kh; its search words are `searchDocument`'s,
 * computed once per name and once per model code (the document of a name is the union of its
 * words' documents), so the database holds what `addProducts` would have written.
 */
import type pg from 'pg';
import { ADJECTIVES, CATEGORY_TREE, type Leaf } from '../../apps/server/src/modules/catalogue/demo-data.ts';
import { productPicture } from '../../apps/server/src/modules/catalogue/pictures.ts';
import { SEARCH_DOC_VERSION, searchDocument, vocabulary } from '../../apps/server/src/modules/catalogue/search-text.ts';
import type { CatalogueService } from '../../apps/server/src/modules/catalogue/service.ts';

const L = (en: string, chs: string, kh: string) => ({ 'en-US': en, chs, kh });
const BATCH = 100_000;
/** Model codes: a letter and a number, 26 × 500 of them. */
const MODELS = 13_000;
const modelOf = (k: number) => `${String.fromCharCode(65 + (k % 26))}${k % 500}`;

/** The categories, pictures and merchant; the names the products are made of. */
async function names(catalogue: CatalogueService) {
  const leaves: { id: number; leaf: Leaf; image: number; path: { 'en-US': string; chs: string; kh: string }[] }[] = [];
  for (const [ti, top] of CATEGORY_TREE.entries()) {
    const topId = await catalogue.addCategory({ parentId: null, name: top.name, sort: ti });
    for (const mid of top.mids) {
      const midId = await catalogue.addCategory({ parentId: topId, name: mid.name });
      for (const leaf of mid.leaves) {
        const id = await catalogue.addCategory({ parentId: midId, name: leaf.name });
        const picture = await productPicture({
          shape: leaf.shape,
          color: '#2f6fdf',
          accent: '#eef',
          background: '#f5f5f5',
          label: '',
        });
        const image = await catalogue.saveImage(picture, undefined, { trusted: true });
        leaves.push({ id, leaf, image, path: [leaf.name, mid.name, top.name] });
      }
    }
  }
  const merchant = await catalogue.addMerchant(L('Bench Shop', '测试店', 'ហាងសាកល្បង'));
  const templates = leaves.flatMap(({ id, leaf, image, path }) =>
    leaf.brands.flatMap((brand) =>
      ADJECTIVES.map((adjective) => {
        const name = L(
          `${brand} ${leaf.noun['en-US']} ${adjective['en-US']}`,
          `${brand} ${leaf.noun.chs} ${adjective.chs}`,
          `${leaf.noun.kh} ${brand} ${adjective.kh}`,
        );
        return {
          category_id: id,
          image_id: image,
          en: name['en-US'],
          chs: name.chs,
          kh: name.kh,
          brand,
          doc: searchDocument(name, brand, path),
          low: leaf.price[0],
          high: leaf.price[1],
          spec: leaf.spec.values.slice(0, 3).map((value) => [{ name: leaf.spec.name, value }]),
          vocabulary: vocabulary(name, brand, path),
        };
      }),
    ),
  );
  const models = Array.from({ length: MODELS }, (_, k) => {
    const model = modelOf(k);
    return { k, model, doc: searchDocument(L(model, model, model), '', []) };
  });
  return { merchant, templates, models };
}

/** Adds `count` generated products to the catalogue of an empty, migrated database. */
export async function generateCatalogue(catalogue: CatalogueService, client: pg.Client, count: number) {
  const { merchant, templates, models } = await names(catalogue);
  await client.query(`SET maintenance_work_mem = '512MB'`);
  await client.query(`CREATE TEMP TABLE bench_templates (t int PRIMARY KEY, category_id int, image_id int, en text,
    chs text, kh text, brand text, doc text, low int, high int, spec json)`);
  await client.query(
    `INSERT INTO bench_templates SELECT (row_number() OVER () - 1)::int, * FROM json_to_recordset($1::json)
      AS x(category_id int, image_id int, en text, chs text, kh text, brand text, doc text, low int, high int, spec json)`,
    [JSON.stringify(templates)],
  );
  await client.query('CREATE TEMP TABLE bench_models (k int PRIMARY KEY, model text, doc text)');
  await client.query(
    'INSERT INTO bench_models SELECT * FROM json_to_recordset($1::json) AS x(k int, model text, doc text)',
    [JSON.stringify(models)],
  );
  await client.query(
    'INSERT INTO catalogue_search_words (word) SELECT DISTINCT unnest($1::text[]) ON CONFLICT DO NOTHING',
    [[...new Set(templates.flatMap((t) => t.vocabulary))]],
  );
  // The indexes search and lists read, made again after the load.
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('catalogue_products', 'catalogue_items',
      'catalogue_product_images', 'catalogue_product_attributes', 'catalogue_search')
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = indexname)`,
  );
  for (const index of indexes) await client.query(`DROP INDEX ${index.indexname}`);
  const t = templates.length;
  for (let from = 0; from < count; from += BATCH) {
    const to = Math.min(count, from + BATCH) - 1;
    // Product g: name template (g × a prime) mod t, so neighbours differ; model g mod MODELS.
    await client.query(
      `INSERT INTO catalogue_products (category_id, merchant_id, name, description, brand, sales_count, sort,
         min_price_cents, cover_image_id, search_text, search_doc, search_version)
       SELECT t.category_id, $3, jsonb_build_object('en-US', t.en || ' ' || m.model, 'chs', t.chs || ' ' || m.model,
           'kh', t.kh || ' ' || m.model),
         jsonb_build_object('en-US', t.brand || ' ' || t.en, 'chs', t.brand || ' ' || t.chs, 'kh', t.kh),
         t.brand, (hashint4(g) & 4095), (hashint4(g + 7) & 127),
         t.low + (abs(hashint4(g + 13)) % greatest(1, t.high - t.low)),
         t.image_id,
         left(lower(t.en || ' ' || m.model || ' ' || t.chs || ' ' || m.model || ' ' || t.kh || ' ' || m.model || ' ' || t.brand), 100),
         t.doc || ' ' || m.doc, $4
       FROM generate_series($1::int, $2::int) g
       JOIN bench_templates t ON t.t = (g::bigint * 7919) % ${t}
       JOIN bench_models m ON m.k = g % ${MODELS}
       ORDER BY g`,
      [from, to, merchant, SEARCH_DOC_VERSION],
    );
  }
  // Two or three items each (the leaf's specification values), a picture and an attribute.
  await client.query(
    `INSERT INTO catalogue_items (product_id, spec, price_cents, stock, sort)
     SELECT p.id, t.spec->k, p.min_price_cents + k * 500, abs(hashint4(p.id * 3 + k)) % 300, k
     FROM catalogue_products p
     JOIN bench_templates t ON t.category_id = p.category_id AND t.brand = p.brand
       AND p.name->>'en-US' LIKE t.en || ' %'
     CROSS JOIN LATERAL generate_series(0, least(json_array_length(t.spec), 2 + p.id % 2) - 1) k`,
  );
  await client.query(
    `INSERT INTO catalogue_product_images (product_id, image_id, sort) SELECT id, cover_image_id, 0 FROM catalogue_products`,
  );
  await client.query(
    `INSERT INTO catalogue_product_attributes (product_id, name, value, sort)
     SELECT id, '{"en-US":"Brand","chs":"品牌","kh":"ម៉ាក"}'::jsonb, jsonb_build_object('en-US', brand, 'chs', brand, 'kh', brand), 0
     FROM catalogue_products`,
  );
  // A partitioned table's index is listed "ON ONLY" the parent: made that way, no part gets its own.
  for (const index of indexes) await client.query(index.indexdef.replace(' ON ONLY ', ' ON '));
  // Visibility map set: counts of a category's products read the index alone.
  await client.query('VACUUM ANALYZE');
}
