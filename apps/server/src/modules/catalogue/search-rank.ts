/**
 * PostgreSQL's `ts_rank(vector, query)` (src/backend/utils/adt/tsrank.c, `calc_rank` with the
 * default weights and no normalisation), computed in this process for the search index's
 * candidates (search-index.ts, decision 0084), so that a page of a new question needs no statement.
 * It must order the candidates exactly as PostgreSQL does: every step rounds to a `float` (float4)
 * where the C code does (`Math.fround`), and the query's items and a prefix's entries are taken in
 * PostgreSQL's order. `search-rank.int.test.ts` compares it with PostgreSQL's own figures.
 *
 * The search documents carry no weights (`to_tsvector('simple', search_doc)`), so every position
 * weighs D, 0.1.
 */
const f = Math.fround;

/** The weight of class D, as a float. */
const WEIGHT_D = f(0.1);

/** `word_distance`: the weight of two words `distance` positions apart (a float4). */
function wordDistance(distance: number): number {
  if (distance > 100) return f(1e-30);
  return f(1.0 / (1.005 + 0.05 * Math.exp(f(distance) / 1.5 - 2)));
}
const WORD_DISTANCE = Float64Array.from({ length: 101 }, (_, d) => wordDistance(d));

/** What `ts_rank` adds for a position list in `calc_rank_or`'s loop over an item's entries. */
function orTerm(positions: ArrayLike<number>): number {
  let resj = f(0);
  let wjm = f(-1);
  let jm = 0;
  for (let j = 0; j < positions.length; j++) {
    resj = f(resj + f(WEIGHT_D / ((j + 1) * (j + 1))));
    if (WEIGHT_D > wjm) {
      wjm = WEIGHT_D;
      jm = j;
    }
  }
  return f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1)))) / 1.64493406685;
}

/**
 * A document's matches for each item of the query (sorted and without repeats, as
 * `SortAndUniqItems` leaves them): per item, its entries in the document in lexeme order, each
 * entry the positions of that lexeme. An item the document lacks has no entries.
 */
export type ItemMatches = ArrayLike<number>[][];

/**
 * `ts_rank` of a document for a query whose root is `and` (two or more parts joined by `&`) or not
 * (one word, or alternatives joined by `|`).
 */
export function tsRank(rootIsAnd: boolean, items: ItemMatches): number {
  const res = rootIsAnd && items.length >= 2 ? rankAnd(items) : rankOr(items);
  return res < 0 ? f(1e-20) : res;
}

function rankOr(items: ItemMatches): number {
  let res = f(0);
  for (const entries of items) for (const positions of entries) res = f(res + orTerm(positions));
  return items.length > 0 ? f(res / items.length) : res;
}

/**
 * `calc_rank_and`: every pair of positions of two different items, each pair weighed by their
 * distance. As in PostgreSQL, an item's entries (a prefix's several lexemes) are each paired with
 * the last entry of every item before it.
 */
function rankAnd(items: ItemMatches): number {
  let res = f(-1);
  const last: (ArrayLike<number> | null)[] = items.map(() => null);
  for (let i = 0; i < items.length; i++) {
    for (const post of items[i]) {
      last[i] = post;
      for (let k = 0; k < i; k++) {
        const ct = last[k];
        if (!ct) continue;
        for (let l = 0; l < post.length; l++) {
          for (let p = 0; p < ct.length; p++) {
            const distance = Math.abs(post[l] - ct[p]);
            // Both have positions: the same position twice is no pair.
            if (distance === 0) continue;
            const weight = distance > 100 ? wordDistance(distance) : WORD_DISTANCE[distance];
            const curw = f(Math.sqrt(f(f(WEIGHT_D * WEIGHT_D) * weight)));
            res = res < 0 ? curw : f(1.0 - (1.0 - res) * (1.0 - curw));
          }
        }
      }
    }
  }
  return res;
}

/** PostgreSQL's order of lexemes (`tsCompareString`: bytes, then the shorter first). */
export function lexemeOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}
