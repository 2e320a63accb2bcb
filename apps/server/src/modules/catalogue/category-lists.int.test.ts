import type { ProductSort } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import type { LocalizedText } from './tables.ts';

/**
 * A category's list reads one index range per category under it and merges them (queries.ts,
 * `pageIds`): every order and page must be exactly the products of all those categories sorted
 * as one list, ties included, hidden products left out, the pages joining without a gap or a
 * repeat. The expected order is written here from the rules, not read from the database's.
 */
let shop: TestShop;
const L = (en: string): LocalizedText => ({ 'en-US': en, chs: en, kh: en });
type Made = { id: number; categoryId: number; sort: number; sales: number; price: number; published: boolean };
const made: Made[] = [];
let top = 0;
let mid = 0;
let otherMid = 0;
let leaves: number[] = [];

beforeAll(async () => {
  shop = await startTestShop();
  const c = shop.services.catalogue;
  top = await c.addCategory({ parentId: null, name: L('Home') });
  mid = await c.addCategory({ parentId: top, name: L('Kitchen') });
  otherMid = await c.addCategory({ parentId: top, name: L('Garden') });
  leaves = [
    await c.addCategory({ parentId: mid, name: L('Pots') }),
    await c.addCategory({ parentId: mid, name: L('Knives') }),
    await c.addCategory({ parentId: otherMid, name: L('Hoses') }),
  ];
  // Products in the leaves and one level up (a product may sit in a level-2 category), with ties
  // in every sort key, some hidden; added in batches so that some share a creation time.
  const where = [...leaves, mid, otherMid];
  for (let batch = 0; batch < 3; batch++) {
    const inputs = Array.from({ length: 9 }, (_, k) => {
      const n = batch * 9 + k;
      return {
        categoryId: where[(n * 7) % where.length],
        name: L(`Thing ${n}`),
        description: L('A thing'),
        sort: n % 3 === 0 ? 5 : 0,
        salesCount: (n * 13) % 4,
        published: n % 10 !== 4,
        imageIds: [],
        items: [{ spec: [], priceCents: 1000 + ((n * 37) % 5) * 250, stock: 3 }],
      };
    });
    const ids = await c.addProducts(inputs);
    for (const [k, { productId }] of ids.entries()) {
      const input = inputs[k];
      made.push({
        id: productId,
        categoryId: input.categoryId,
        sort: input.sort,
        sales: input.salesCount,
        price: input.items[0].priceCents,
        published: input.published,
      });
    }
  }
});
afterAll(() => shop.close());

const byKeys =
  (...keys: ((p: Made) => number)[]) =>
  (a: Made, b: Made) => {
    for (const key of keys) if (key(a) !== key(b)) return key(a) - key(b);
    return 0;
  };
/**
 * The rules of each order, the product's id breaking ties. Newest: a batch's products share their
 * creation time, later batches come later, so it is the later id first.
 */
const RULES: Record<ProductSort, (a: Made, b: Made) => number> = {
  default: byKeys(
    (p) => -p.sort,
    (p) => -p.sales,
    (p) => p.id,
  ),
  sales: byKeys(
    (p) => -p.sales,
    (p) => p.id,
  ),
  priceAsc: byKeys(
    (p) => p.price,
    (p) => p.id,
  ),
  priceDesc: byKeys(
    (p) => -p.price,
    (p) => p.id,
  ),
  newest: byKeys((p) => -p.id),
};

async function listed(categoryId: number, sort: ProductSort, size: number) {
  const ids: number[] = [];
  let total = -1;
  for (let page = 1; ; page++) {
    const res = await shop.call('GET', '/v1/newcategory/queryproductitem', {
      query: { categoryId: String(categoryId), sort, page: String(page), size: String(size) },
    });
    expect(res.body.code).toBe('0');
    total = res.body.data.total;
    const list = res.body.data.list as { productId: number }[];
    ids.push(...list.map((p) => p.productId));
    if (list.length < size) break;
  }
  return { ids, total };
}

describe('a category list over the categories under it', () => {
  it('is every published product of them in one order, page after page, for every order', async () => {
    const scopes: [string, number, number[]][] = [
      ['level 1', top, [top, mid, otherMid, ...leaves]],
      ['level 2', mid, [mid, leaves[0], leaves[1]]],
      ['level 3', leaves[2], [leaves[2]]],
    ];
    for (const [, categoryId, under] of scopes) {
      const inScope = made.filter((p) => p.published && under.includes(p.categoryId));
      for (const [sort, rule] of Object.entries(RULES) as [ProductSort, (a: Made, b: Made) => number][]) {
        const want = [...inScope].sort(rule).map((p) => p.id);
        for (const size of [4, 7]) {
          const got = await listed(categoryId, sort, size);
          expect({ categoryId, sort, size, ids: got.ids }).toEqual({ categoryId, sort, size, ids: want });
          expect(got.total).toBe(want.length);
        }
      }
    }
  });
});
