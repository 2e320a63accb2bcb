import type { CardRow } from './queries.ts';

type Waiter = { ids: number[]; resolve: (rows: Map<number, CardRow>) => void; reject: (error: unknown) => void };

/**
 * Products one statement reads at most (some 5 pages), and statements under way at once: when the
 * kept cards are cold (a long tail's first second) a burst of pages needs thousands of cards, and
 * one statement of 500 products held every page waiting for it some 100 ms.
 */
const BATCH_PRODUCTS = 100;
const READS_AT_ONCE = 3;

/**
 * Card rows read for many pages at once (issue 48, decision 0084): a search page whose cards are
 * not kept asks here, and the pages asking while a read is under way share the next one, a single
 * statement for all their products. Under a long tail each answer otherwise paid a round trip of
 * its own, which on this machine costs more than the statement. A page waits for a read that
 * starts after it asked, so its cards are as fresh as the generation it read.
 */
export class CardReads {
  private readonly read: (ids: number[]) => Promise<CardRow[]>;
  private waiting: Waiter[] = [];
  private reading = 0;
  /** Statements made and pages served (tests, figures). */
  readonly figures = { statements: 0, pages: 0 };

  constructor(read: (ids: number[]) => Promise<CardRow[]>) {
    this.read = read;
  }

  /** The rows of `ids` that exist, by product. */
  rows(ids: number[]): Promise<Map<number, CardRow>> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ ids, resolve, reject });
      if (this.reading < READS_AT_ONCE) void this.readForWaiting();
    });
  }

  /** Reads for the pages waiting, a batch at a time, until none wait (one of READS_AT_ONCE such loops). */
  private async readForWaiting() {
    this.reading++;
    while (this.waiting.length > 0) {
      const batch: Waiter[] = [];
      const ids = new Set<number>();
      while (
        this.waiting.length > 0 &&
        (batch.length === 0 || ids.size + this.waiting[0].ids.length <= BATCH_PRODUCTS)
      ) {
        const waiter = this.waiting.shift() as Waiter;
        batch.push(waiter);
        for (const id of waiter.ids) ids.add(id);
      }
      try {
        this.figures.statements++;
        this.figures.pages += batch.length;
        const rows = await this.read([...ids]);
        const byId = new Map(rows.map((row) => [Number(row.id), row]));
        for (const waiter of batch) waiter.resolve(byId);
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    }
    this.reading--;
  }
}
