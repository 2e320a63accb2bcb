import type { Language, PageViewEvent } from '@shop/contracts';
import { and, eq, gte, lt } from 'drizzle-orm';
import { lastPhnomPenhDays, perDay, phnomPenhDay } from '../../platform/days.ts';
import type { Db } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { pageViews } from './tables.ts';
import { PageViewWriter } from './writer.ts';

/** Days page views are kept. */
export const KEEP_DAYS = 90;
/** How far a view's own time may be from the server's (a phone's clock, a batch sent late). */
const CLOCK_SLACK_MS = 24 * 3_600_000;

/** The shop's own page-view collector and the console's counts (docs/analytics.md). */
export class AnalyticsService {
  private readonly db: Db;
  readonly writer: PageViewWriter;
  now: () => Date = () => new Date();
  constructor(db: Db) {
    this.db = db;
    this.writer = new PageViewWriter(db);
  }

  /**
   * A batch, written with the batches that arrive with it through one connection at a time
   * (writer.ts); answered once written. A view's time is kept within a day of the server's clock.
   */
  async record(events: PageViewEvent[], userId: string | null, language: Language): Promise<number> {
    const now = this.now().getTime();
    const rows = events.map((e) => {
      const at = new Date(Math.min(now, Math.max(now - CLOCK_SLACK_MS, Date.parse(e.at))));
      return { at, day: phnomPenhDay(at), userId, route: e.route, source: e.source || null, language };
    });
    await this.writer.write(rows);
    return rows.length;
  }

  /** Views per Phnom Penh day over the last `count` days, oldest first (the console's dashboard). */
  async viewsPerDay(count: number): Promise<{ days: string[]; views: number[] }> {
    const { days } = lastPhnomPenhDays(count, this.now());
    const rows = await this.db
      .select({ day: sql<string>`${pageViews.day}::text`, n: sql<number>`count(*)::int` })
      .from(pageViews)
      .where(gte(pageViews.day, days[0] as string))
      .groupBy(pageViews.day);
    return { days, views: perDay(days, rows) };
  }

  async purge(): Promise<number> {
    const rows = await this.db
      .delete(pageViews)
      .where(lt(pageViews.at, new Date(this.now().getTime() - KEEP_DAYS * 86_400_000)))
      .returning({ id: pageViews.id });
    return rows.length;
  }

  /**
   * Views per day (oldest first) in all and for the busiest routes (with `route`: that route's only), and the
   * signed-in funnel.
   */
  async report(days: number, topRoutes = 10, route?: string) {
    const today = phnomPenhDay(this.now());
    const first = new Date(Date.parse(today) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    const dayList = Array.from({ length: days }, (_, i) =>
      new Date(Date.parse(first) + i * 86_400_000).toISOString().slice(0, 10),
    );
    const inWindow = gte(pageViews.day, first);
    const counts = await this.db
      .select({ day: sql<string>`${pageViews.day}::text`, route: pageViews.route, n: sql<number>`count(*)::int` })
      .from(pageViews)
      .where(route === undefined ? inWindow : and(inWindow, eq(pageViews.route, route)))
      .groupBy(pageViews.day, pageViews.route);
    const index = new Map(dayList.map((d, i) => [d, i]));
    const total = dayList.map(() => 0);
    const byRoute = new Map<string, number[]>();
    for (const c of counts) {
      const i = index.get(c.day);
      if (i === undefined) continue;
      total[i] += c.n;
      const views = byRoute.get(c.route) ?? dayList.map(() => 0);
      views[i] += c.n;
      byRoute.set(c.route, views);
    }
    const routes = [...byRoute.entries()]
      .map(([route, views]) => ({ route, views, sum: views.reduce((a, n) => a + n, 0) }))
      .sort((a, b) => b.sum - a.sum || a.route.localeCompare(b.route))
      .slice(0, topRoutes);
    const step = async (paths: string[]) => {
      const [row] = await this.db
        .select({ n: sql<number>`count(distinct ${pageViews.userId})::int` })
        .from(pageViews)
        .where(and(inWindow, sql`${pageViews.route} in ${paths}`));
      return row?.n ?? 0;
    };
    const funnel = {
      home: await step(['/', '/home', '/index3', '/h5/home']),
      product: await step(['/product', '/details', '/h5/details']),
      cart: await step(['/cart', '/cartTmp']),
      paid: await step(['/eOrderFinish', '/outPayment', '/mpgsSuccess', '/abaPayExp']),
    };
    return { days: dayList, total, routes, funnel };
  }
}
