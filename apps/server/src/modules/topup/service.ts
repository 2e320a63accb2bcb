// Phone top-up (spec §5, §7, §9): an order for a +855 number, paid at the cashier (payable kind
// 'topup'), sent to the provider exactly once by a durable job, its outcome settled by the answer or
// by asking again; a failed top-up gives the money back the way it came, once.
import {
  checkTopupNumber,
  errorMessage,
  type Language,
  nationalNumberOf,
  operatorOfNumber,
  TOPUP_MINIMUM_CENTS,
  TOPUP_NUMBER_REFUSAL,
  type TopupOrder,
  type TopupPage,
  type TopupState,
} from '@shop/contracts';
import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import { TopupProviderError } from '../../integrations/topup-provider/provider.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext, Services } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import { type StaffSearch, staffSearchPage } from '../../platform/staff-search.ts';
import { topupEvent } from '../notifications/public.ts';
import { DEFAULT_AMOUNTS_CENTS, DEFAULT_OPERATOR_ORDER, loadOperatorRanges, type OperatorRanges } from './operators.ts';
import { topupOperators, topupOrders, topupProviderLog } from './tables.ts';

export type TopupRow = typeof topupOrders.$inferSelect;
type Outcome = Awaited<ReturnType<Services['topupProvider']['send']>>;

/** How long a top-up waits for its payment. */
export const TOPUP_PAY_MINUTES = 30;
/** Asking for an unknown outcome: first after this, then twice as long each time, this many times. */
const QUERY_FIRST_MS = 15_000;
const QUERY_TIMES = 8;

/**
 * "T", the Phnom Penh time to the second (yyMMddHHmmss), then six digits from the order sequence
 * multiplied by a prime modulo 10^6 (a one-to-one shuffle, as orders' numbers): a million top-ups
 * in a row never share a number, and the next one cannot be guessed from the last.
 */
function newOrderNo(now = new Date()): SQL {
  const local = new Date(now.getTime() + 7 * 3600_000).toISOString();
  const stamp = local.slice(2, 19).replace(/\D/g, '');
  return sql`${`T${stamp}`} || lpad(((nextval('topup_orders_no_seq') * 7919 + 104729) % 1000000)::text, 6, '0')`;
}

export class TopupService {
  private readonly ctx: PlatformContext;
  private readonly db: Db;
  private readonly needed: Pick<Services, 'payments' | 'notices' | 'topupProvider' | 'notifications'>;
  /** Every operator's ranges, offered or not. */
  private readonly ranges: OperatorRanges[];
  /** Mobile ranges with no operator named. */
  private readonly unnamed: OperatorRanges;

  constructor(
    ctx: PlatformContext,
    needed: Pick<Services, 'payments' | 'notices' | 'topupProvider' | 'notifications'>,
  ) {
    this.ctx = ctx;
    this.db = ctx.db;
    this.needed = needed;
    const loaded = loadOperatorRanges();
    this.ranges = loaded.operators;
    this.unnamed = loaded.unnamed;
  }

  /** Every installation offers the usual operators and amounts (the console changes them). */
  async init(): Promise<void> {
    const rows = DEFAULT_OPERATOR_ORDER.flatMap((code, sort) => {
      const known = this.ranges.find((r) => r.code === code);
      return known ? [{ code, name: known.name, amountsCents: DEFAULT_AMOUNTS_CENTS, sort }] : [];
    });
    await this.db.insert(topupOperators).values(rows).onConflictDoNothing();
  }

  /** The operators offered now, with their ranges. */
  async operators() {
    const rows = await this.db
      .select()
      .from(topupOperators)
      .where(eq(topupOperators.enabled, true))
      .orderBy(asc(topupOperators.sort), asc(topupOperators.code));
    return rows.flatMap((row) => {
      const known = this.ranges.find((r) => r.code === row.code);
      return known ? [{ code: row.code, name: row.name, amountsCents: row.amountsCents, ranges: known.ranges }] : [];
    });
  }

  async page(userId: string | null): Promise<TopupPage> {
    const operators = await this.operators();
    const recent = userId
      ? await this.db
          .selectDistinctOn([topupOrders.msisdn], { msisdn: topupOrders.msisdn, at: topupOrders.createdAt })
          .from(topupOrders)
          .where(eq(topupOrders.userId, userId))
          .orderBy(topupOrders.msisdn, desc(topupOrders.createdAt))
      : [];
    const recentNumbers = recent
      .sort((a, b) => b.at.getTime() - a.at.getTime())
      .slice(0, 5)
      .map((r) => ({ phone: `+855${r.msisdn}`, operatorCode: operatorOfNumber(r.msisdn, operators)?.code ?? null }));
    return {
      operators,
      unservedRanges: this.unservedRanges(operators),
      minimumCents: TOPUP_MINIMUM_CENTS,
      recentNumbers,
    };
  }

  /** The Cambodian mobile ranges of no operator offered now. */
  private unservedRanges(offered: { code: string }[]) {
    return [...this.ranges.filter((r) => !offered.some((o) => o.code === r.code)), this.unnamed].flatMap(
      (r) => r.ranges,
    );
  }

  /** A top-up order to pay (WP), after the number, its operator and the amount are checked. */
  async create(userId: string, input: { phone: string; amountCents: number }, language: Language) {
    // No provider (a live shop without one configured): no money is taken for a top-up nobody sends.
    if (this.needed.topupProvider.name === 'none') throw new AppError('TOP00009');
    // The screen's rule (checkTopupNumber): what its hint said is what is answered here.
    const operators = await this.operators();
    const check = checkTopupNumber(input.phone, operators, this.unservedRanges(operators));
    if (check.kind !== 'ok') throw new AppError(TOPUP_NUMBER_REFUSAL[check.kind]);
    const { nationalNumber: msisdn, operator } = check;
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents < TOPUP_MINIMUM_CENTS)
      throw new AppError('TOP00001');
    if (!operator.amountsCents.includes(input.amountCents)) throw new AppError('TOP00004', { operator: operator.name });
    const now = new Date();
    const [row] = await this.db
      .insert(topupOrders)
      .values({
        orderNo: newOrderNo(now),
        userId,
        msisdn,
        operatorCode: operator.code,
        amountCents: input.amountCents,
        deadlineAt: new Date(now.getTime() + TOPUP_PAY_MINUTES * 60_000),
      })
      .returning();
    return this.view(row, language);
  }

  /** Top-ups paid in [from, to): what the shop recorded, for the daily reconciliation with the provider. */
  async paidBetween(from: Date, to: Date) {
    return this.db
      .select({
        reference: topupOrders.id,
        state: topupOrders.state,
        amountCents: topupOrders.amountCents,
        partyRef: topupOrders.providerRef,
      })
      .from(topupOrders)
      .where(and(gte(topupOrders.paidAt, from), lt(topupOrders.paidAt, to)))
      .orderBy(asc(topupOrders.paidAt));
  }

  async get(id: string, db: Db = this.db): Promise<TopupRow | null> {
    const [row] = await db.select().from(topupOrders).where(eq(topupOrders.id, id));
    return row ?? null;
  }

  /** The shopper's own order; TOP00005 when it is not theirs or unknown. */
  async own(userId: string, id: string): Promise<TopupRow> {
    const row = await this.get(id);
    if (!row || row.userId !== userId) throw new AppError('TOP00005');
    return row;
  }

  async getForUpdate(id: string, tx: Db): Promise<TopupRow | null> {
    const [row] = await tx.select().from(topupOrders).where(eq(topupOrders.id, id)).for('update');
    return row ?? null;
  }

  async list(userId: string, page: number, size: number, language: Language) {
    const { rows, total } = await this.pageOf(eq(topupOrders.userId, userId), page, size);
    return { list: rows.map((r) => this.view(r, language)), total, page, size };
  }

  /** A page of top-ups, newest first, and how many there are in all. */
  private async pageOf(where: SQL | undefined, page: number, size: number) {
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(topupOrders)
        .where(where)
        .orderBy(desc(topupOrders.createdAt))
        .limit(size)
        .offset((page - 1) * size),
      this.db.select({ total: count() }).from(topupOrders).where(where),
    ]);
    return { rows, total };
  }

  view(row: TopupRow, language: Language): TopupOrder {
    const name = this.ranges.find((r) => r.code === row.operatorCode)?.name ?? row.operatorCode;
    return {
      id: row.id,
      orderNo: row.orderNo,
      phone: `+855${row.msisdn}`,
      operatorCode: row.operatorCode,
      operatorName: name,
      amountCents: row.amountCents,
      state: row.state as TopupState,
      payChannel: row.payChannel,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      doneAt: row.doneAt?.toISOString() ?? null,
      failure: row.state === 'FAILED' ? errorMessage('TOP00007', language) : null,
      deadlineAt: row.state === 'WP' ? row.deadlineAt.toISOString() : null,
    };
  }

  // Paid and fulfilled ---------------------------------------------------------------------

  /** The cashier's settlement: paid, and the send job queued in the same transaction. */
  async markPaid(id: string, channel: string, tx: Db): Promise<void> {
    const [row] = await tx
      .update(topupOrders)
      .set({ state: 'PAID', payChannel: channel, paidCents: topupOrders.amountCents, paidAt: new Date() })
      .where(and(eq(topupOrders.id, id), eq(topupOrders.state, 'WP')))
      .returning({ id: topupOrders.id });
    if (!row) throw new AppError('TOP00006');
    await this.ctx.jobs.enqueue('topup.send', { orderId: id }, { dedupeKey: `topup-send:${id}`, maxAttempts: 10 }, tx);
  }

  /**
   * Job: asks the provider for a paid top-up. The order's id is the provider's reference, so a
   * second run (the process died after asking) gets the first answer, and the number is topped up
   * once. Throws when the provider cannot be reached: the job tries again later.
   */
  async send(orderId: string): Promise<void> {
    const order = await this.get(orderId);
    if (order?.state !== 'PAID') return;
    // Asked before without an answer (the log has the earlier try): the first may have been delivered.
    const [earlier] = await this.db
      .select({ id: topupProviderLog.id })
      .from(topupProviderLog)
      .where(and(eq(topupProviderLog.orderId, order.id), eq(topupProviderLog.action, 'send')))
      .limit(1);
    const request = {
      reference: order.id,
      msisdn: order.msisdn,
      operatorCode: order.operatorCode,
      amountCents: order.amountCents,
      resend: Boolean(earlier),
    };
    const outcome = await this.ask('send', order.id, request, () => this.needed.topupProvider.send(request));
    await this.settle(order.id, outcome, ['PAID']);
  }

  /** Job (and staff's retry): asks the provider how a sent top-up ended. */
  async query(orderId: string, action: 'query' | 'retry' = 'query'): Promise<TopupRow | null> {
    const order = await this.get(orderId);
    if (order?.state !== 'SENT' && order?.state !== 'HELD') return order;
    const outcome = await this.ask(action, order.id, { reference: order.id }, () =>
      this.needed.topupProvider.query(order.id),
    );
    // A held top-up stays held until the report says how it ended (or staff decide).
    if (order.state === 'HELD' && (outcome.status === 'PENDING' || outcome.status === 'UNKNOWN')) return order;
    return this.settle(order.id, outcome, ['SENT', 'HELD']);
  }

  /** One exchange with the provider, logged whatever happens. */
  private async ask(
    action: string,
    orderId: string,
    request: Record<string, unknown>,
    call: () => Promise<Outcome>,
  ): Promise<Outcome> {
    try {
      const outcome = await call();
      await this.db.insert(topupProviderLog).values({ orderId, action, request, response: outcome });
      return outcome;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.db.insert(topupProviderLog).values({ orderId, action, request, response: { error: message } });
      throw error;
    }
  }

  /**
   * The outcome lands once: the order is locked and moves only from the states given. SUCCESS is
   * done; FAILED (or a reference the provider never heard of: nothing was credited) gives the
   * money back; PENDING waits and is asked again.
   */
  private async settle(orderId: string, outcome: Outcome, from: TopupState[]): Promise<TopupRow | null> {
    return inTransaction(this.db, async (tx) => {
      const order = await this.getForUpdate(orderId, tx);
      if (!order || !from.includes(order.state as TopupState)) return order;
      if (outcome.status === 'HOLD') {
        // It may have been delivered: no refund, no notice; staff review it in the console.
        const [row] = await tx
          .update(topupOrders)
          .set({ state: 'HELD', failure: outcome.message ?? 'outcome unknown' })
          .where(eq(topupOrders.id, orderId))
          .returning();
        return row;
      }
      if (outcome.status === 'PENDING') {
        const queries = order.state === 'SENT' ? order.queries + 1 : 0;
        const [row] = await tx
          .update(topupOrders)
          .set({ state: 'SENT', providerRef: outcome.providerRef, queries })
          .where(eq(topupOrders.id, orderId))
          .returning();
        // After the last automatic ask, staff retry it from the console.
        if (queries < QUERY_TIMES)
          await this.ctx.jobs.enqueue(
            'topup.query',
            { orderId },
            {
              runAt: new Date(Date.now() + QUERY_FIRST_MS * 2 ** queries),
              dedupeKey: `topup-query:${orderId}:${queries}`,
            },
            tx,
          );
        return row;
      }
      const done = outcome.status === 'SUCCESS';
      const [row] = await tx
        .update(topupOrders)
        .set({
          state: done ? 'SUCCESS' : 'FAILED',
          providerRef: outcome.providerRef ?? order.providerRef,
          failure: done ? null : (outcome.message ?? outcome.status),
          doneAt: new Date(),
        })
        .where(eq(topupOrders.id, orderId))
        .returning();
      if (!done) await this.giveBack(order, tx);
      await this.needed.notices.notify(order.userId, done ? successNotice(order) : failureNotice(order), tx);
      await this.needed.notifications.emit(topupEvent(done, order), tx);
      return row;
    });
  }

  /** The money back the way it came, under the refund's own key (once, whatever calls it). */
  private async giveBack(order: TopupRow, tx: Db) {
    await this.needed.payments.refund(
      { kind: 'topup', id: order.id, userId: order.userId, amountCents: order.paidCents, channel: order.payChannel },
      tx,
    );
  }

  /** Job: top-ups not paid in time are cancelled. */
  async expireUnpaid(now = new Date()): Promise<number> {
    const rows = await this.db
      .update(topupOrders)
      .set({ state: 'CANCEL', doneAt: now })
      .where(and(eq(topupOrders.state, 'WP'), lt(topupOrders.deadlineAt, now)))
      .returning({ id: topupOrders.id });
    return rows.length;
  }

  // The console ----------------------------------------------------------------------------

  /**
   * Staff give the money back for a top-up whose outcome stays unknown, after asking the provider
   * once more: a top-up the provider completed is never refunded.
   */
  async refundUnknown(orderId: string): Promise<TopupRow> {
    const asked = await this.query(orderId, 'retry');
    if (!asked) throw new AppError('TOP00005');
    if (asked.state !== 'SENT' && asked.state !== 'HELD') return asked;
    const settled = await this.settle(orderId, { status: 'FAILED', providerRef: null, message: 'refunded by staff' }, [
      'SENT',
      'HELD',
    ]);
    if (!settled) throw new AppError('TOP00005');
    return settled;
  }

  async staffRetry(orderId: string): Promise<TopupRow> {
    const order = await this.get(orderId);
    if (!order) throw new AppError('TOP00005');
    if (order.state !== 'SENT' && order.state !== 'HELD') throw new AppError('TOP00008');
    return (await this.query(orderId, 'retry')) ?? order;
  }

  async staffList(filter: { state?: string; phone?: string; page: number; size: number }) {
    const conditions = [];
    if (filter.state) conditions.push(eq(topupOrders.state, filter.state));
    const msisdn = filter.phone ? nationalNumberOf(filter.phone) : null;
    if (filter.phone) conditions.push(eq(topupOrders.msisdn, msisdn ?? '-'));
    return this.pageOf(conditions.length ? and(...conditions) : undefined, filter.page, filter.size);
  }

  async providerLog(orderId: string) {
    return this.db
      .select()
      .from(topupProviderLog)
      .where(eq(topupProviderLog.orderId, orderId))
      .orderBy(asc(topupProviderLog.id));
  }

  /**
   * The shop's balance at the provider for the console, and whether it is below the floor
   * (TOPUP_BALANCE_FLOOR_CENTS); none for a provider without an account (the simulator).
   */
  async providerBalance() {
    const provider = this.needed.topupProvider;
    const floorCents = this.ctx.config.topup.balanceFloorCents;
    if (!provider.balance) return { provider: provider.name, balance: null, floorCents, low: false };
    try {
      const balance = await provider.balance();
      return { provider: provider.name, balance, floorCents, low: balance.amountCents < floorCents };
    } catch (error) {
      if (error instanceof TopupProviderError)
        throw new AppError(error.kind === 'credentials' ? 'TOP00010' : 'TOP00011');
      throw error;
    }
  }

  /** How many top-ups are in each state (the console's filter counts). */
  async stateCounts(): Promise<Record<string, number>> {
    const rows = await this.db
      .select({ state: topupOrders.state, n: sql<number>`count(*)::int` })
      .from(topupOrders)
      .where(inArray(topupOrders.state, ['WP', 'PAID', 'SENT', 'HELD', 'SUCCESS', 'FAILED', 'CANCEL']))
      .groupBy(topupOrders.state);
    return Object.fromEntries(rows.map((r) => [r.state, r.n]));
  }

  /** The console's list: by state, the shopper (or the topped-up number) and the order number; tab counts alike. */
  async staffSearch(filter: StaffSearch & { msisdn?: string }) {
    const { msisdn, ...rest } = filter;
    // A phone finds the shopper's top-ups and the top-ups of that number, whoever paid.
    const match = msisdn
      ? or(eq(topupOrders.msisdn, msisdn), ...(rest.userId ? [eq(topupOrders.userId, rest.userId)] : []))
      : undefined;
    return staffSearchPage(
      this.db,
      topupOrders,
      { state: topupOrders.state, userId: topupOrders.userId, reference: topupOrders.orderNo },
      rest,
      [desc(topupOrders.createdAt)],
      match,
    );
  }
}

const money = (cents: number) => `USD ${(cents / 100).toFixed(2)}`;

function successNotice(order: TopupRow) {
  const number = `+855 ${order.msisdn}`;
  return {
    kind: 'topup',
    title: { 'en-US': 'Top-up done', chs: '充值成功', kh: 'ការបញ្ចូលលុយបានជោគជ័យ' },
    body: {
      'en-US': `${money(order.amountCents)} was added to ${number}.`,
      chs: `已为 ${number} 充值 ${money(order.amountCents)}。`,
      kh: `${money(order.amountCents)} ត្រូវបានបញ្ចូលទៅលេខ ${number}។`,
    },
    link: `/topup?record=${order.id}`,
  };
}

function failureNotice(order: TopupRow) {
  const number = `+855 ${order.msisdn}`;
  return {
    kind: 'topup',
    title: { 'en-US': 'Top-up failed', chs: '充值失败', kh: 'ការបញ្ចូលលុយបរាជ័យ' },
    body: {
      'en-US': `The top-up of ${money(order.amountCents)} to ${number} did not go through. Your money has been returned.`,
      chs: `为 ${number} 充值 ${money(order.amountCents)} 未成功，款项已退回。`,
      kh: `ការបញ្ចូលលុយ ${money(order.amountCents)} ទៅលេខ ${number} មិនបានសម្រេចទេ។ ប្រាក់របស់អ្នកត្រូវបានបង្វិលសងវិញ។`,
    },
    link: `/topup?record=${order.id}`,
  };
}
