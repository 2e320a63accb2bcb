import type { CardRow } from './queries.ts';

type Waiter = { ids: number[]; resolve: (rows: Map<number, CardRow>) => void; reject: (error: unknown) => void };

/** Products one statement reads at most (a batch of some 25 pages). */
const BATCH_PRODUCTS = 500;

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
  private reading = false;
  /** Statements made and pages served (tests, figures). */
  readonly figures = { statements: 0, pages: 0 };

  constructor(read: (ids: number[]) => Promise<CardRow[]>) {
    this.read = read;
  }

  /** The rows of `ids` that exist, by product. */
  rows(ids: number[]): Promise<Map<number, CardRow>> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ ids, resolve, reject });
      if (!this.reading) void this.readForWaiting();
    });
  }

  private async readForWaiting() {
    this.reading = true;
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
    this.reading = false;
  }
}
