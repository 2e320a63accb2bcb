// The sandbox bank (the local stand-in for a bank, DESIGN §7; never a real gateway's): its page's
// decisions and the signed callbacks they send, and its refunds: its own books of what it gave back,
// one row per refund key, never more than the payer paid at it. Its HTTP calls are signed with
// PAYMENT_SECRET like its callbacks. Outside tests it answers at once; tests inject a lost answer
// (the refund is made, the shop hears nothing) or an outage.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import type { SandboxGateway } from './gateways.ts';
import { SandboxRefunds } from './refund-parties.ts';
import type { Payable } from './registry.ts';
import { payments, sandboxGatewayRefunds, sandboxGatewayTransactions } from './tables.ts';

export type SandboxBehaviour = {
  /** Delay before the first callback. */
  delayMs: number;
  /** Callbacks sent per decision (real gateways repeat until acknowledged, and sometimes regardless). */
  copies: number;
};

export type SandboxRefundTrouble = 'lose-answer' | 'down';

type Refused = { code: 'NOT_PAID' | 'MORE_THAN_PAID'; message: string };

export class SandboxBank {
  private readonly ctx: PlatformContext;
  private readonly db: Db;
  private readonly gateway: SandboxGateway;
  private readonly find: (kind: string, id: string) => Promise<Payable | null>;
  /** The shop's client of this bank's refund call (its party in refunds.ts). */
  readonly client: SandboxRefunds;
  /** What the next refund calls meet, once each (tests). */
  readonly trouble: SandboxRefundTrouble[] = [];
  /** Refund calls received (a time-out is looked up, never sent blind again: tests count them). */
  calls = 0;
  behaviour: SandboxBehaviour = {
    delayMs: Number(process.env.SANDBOX_CALLBACK_DELAY_MS ?? 1500),
    copies: Number(process.env.SANDBOX_CALLBACK_COPIES ?? 2),
  };
  /** Sends a sandbox callback to our own callback URL (set by the routes: real HTTP to this app). */
  deliver: ((body: Record<string, unknown>) => Promise<{ ok: boolean }>) | undefined;

  constructor(
    ctx: PlatformContext,
    gateway: SandboxGateway,
    find: (kind: string, id: string) => Promise<Payable | null>,
  ) {
    this.ctx = ctx;
    this.db = ctx.db;
    this.gateway = gateway;
    this.find = find;
    this.client = new SandboxRefunds(ctx.config.paymentSecret);
  }

  async payment(paymentId: string) {
    const [payment] = await this.db.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment) return null;
    const payable = await this.find(payment.payableKind, payment.orderId);
    return { payment, orderNo: payable?.reference ?? '' };
  }

  /**
   * The shopper decided on the sandbox page: like a real gateway, the outcome reaches us later by
   * signed server-to-server callbacks (delayed, sent more than once); "timeout" sends nothing.
   */
  async decide(paymentId: string, decision: 'success' | 'fail' | 'timeout'): Promise<void> {
    const found = await this.payment(paymentId);
    if (!found) throw new AppError('PAY0009');
    const transactionId = `SBX${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`;
    const status = decision === 'success' ? 'SUCCEEDED' : decision === 'fail' ? 'FAILED' : 'PENDING';
    // The bank's own books: what the payer decided, kept for its lookup (a decision on a payment
    // left without answer replaces the wait; a decided one stays as decided).
    await this.db
      .insert(sandboxGatewayTransactions)
      .values({ paymentId, status, amountCents: found.payment.amountCents, transactionId })
      .onConflictDoUpdate({
        target: sandboxGatewayTransactions.paymentId,
        set: { status, transactionId, decidedAt: new Date() },
        setWhere: eq(sandboxGatewayTransactions.status, 'PENDING'),
      });
    if (decision === 'timeout') return;
    const { delayMs, copies } = this.behaviour;
    for (let i = 0; i < copies; i++) {
      await this.ctx.jobs.enqueue(
        'payments.sandbox-callback',
        { paymentId, status, amountCents: found.payment.amountCents, transactionId },
        {
          runAt: new Date(Date.now() + delayMs * (i + 1)),
          dedupeKey: `sbx:${paymentId}:${transactionId}:${i}`,
          maxAttempts: 8,
        },
      );
    }
  }

  /** The bank's record of a payment, signed like its callbacks (its lookup endpoint's answer). */
  async record(paymentId: string) {
    const [r] = await this.db
      .select()
      .from(sandboxGatewayTransactions)
      .where(eq(sandboxGatewayTransactions.paymentId, paymentId));
    if (!r) return null;
    const body = {
      status: r.status,
      amountCents: r.amountCents,
      transactionId: r.transactionId,
      timestamp: Date.now(),
    };
    return { ...body, signature: this.gateway.sign({ paymentId, ...body }) };
  }

  /** Job: send one signed callback; a refused or failed delivery is retried with backoff. */
  async sendCallback(p: { paymentId: string; status: string; amountCents: number; transactionId: string }) {
    const timestamp = Date.now();
    const body = { ...p, timestamp, signature: this.gateway.sign({ ...p, timestamp }) };
    if (!this.deliver) throw new Error('sandbox delivery not wired');
    const { ok } = await this.deliver(body);
    if (!ok) throw new Error('callback not acknowledged');
  }

  /** Gives back part or all of a payment the payer made at this bank; the same key is one refund. */
  async refund(input: { paymentId: string; amountCents: number; refundKey: string }) {
    return inTransaction(this.db, async (tx): Promise<{ refundId: string } | Refused> => {
      const [paid] = await tx
        .select()
        .from(sandboxGatewayTransactions)
        .where(eq(sandboxGatewayTransactions.paymentId, input.paymentId))
        .for('update');
      const [again] = await tx
        .select()
        .from(sandboxGatewayRefunds)
        .where(eq(sandboxGatewayRefunds.refundKey, input.refundKey));
      if (again) return { refundId: again.id };
      if (paid?.status !== 'SUCCEEDED') return { code: 'NOT_PAID', message: 'the payer paid nothing for this payment' };
      const refunded = await this.refundedCents(input.paymentId, tx);
      if (refunded + input.amountCents > paid.amountCents)
        return {
          code: 'MORE_THAN_PAID',
          message: `refund of ${input.amountCents} exceeds what is left (${paid.amountCents - refunded})`,
        };
      const id = `SBR${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`;
      await tx.insert(sandboxGatewayRefunds).values({ id, ...input });
      return { refundId: id };
    });
  }

  private async refundedCents(paymentId: string, db: Db = this.db): Promise<number> {
    const [row] = await db
      .select({ cents: sql<string>`COALESCE(SUM(${sandboxGatewayRefunds.amountCents}), 0)` })
      .from(sandboxGatewayRefunds)
      .where(eq(sandboxGatewayRefunds.paymentId, paymentId));
    return Number(row.cents);
  }

  /** The bank's record of a payment's refunds (its lookup), or null when the payer never came. */
  async refunds(paymentId: string) {
    const [paid] = await this.db
      .select()
      .from(sandboxGatewayTransactions)
      .where(eq(sandboxGatewayTransactions.paymentId, paymentId));
    if (!paid) return null;
    const refunds = await this.db
      .select()
      .from(sandboxGatewayRefunds)
      .where(eq(sandboxGatewayRefunds.paymentId, paymentId))
      .orderBy(sandboxGatewayRefunds.createdAt);
    return {
      paidCents: paid.status === 'SUCCEEDED' ? paid.amountCents : 0,
      refundedCents: refunds.reduce((sum, r) => sum + r.amountCents, 0),
      refunds: refunds.map((r) => ({ id: r.id, refundKey: r.refundKey, amountCents: r.amountCents })),
    };
  }
}

const UUID = /^[0-9a-f-]{36}$/;

/** The sandbox bank's refund endpoints, and the shop's client wired to them (the app's own HTTP). */
export function sandboxBankRoutes(app: FastifyInstance, bank: SandboxBank) {
  const client = bank.client;
  client.ask = async (request) => {
    const res = await app.inject({ method: request.method, url: request.url, payload: request.body as object });
    return { status: res.statusCode, body: res.statusCode < 500 ? res.json() : null };
  };
  app.post('/sandbox-gateway/refunds', async (request, reply) => {
    const b = (request.body ?? {}) as Record<string, unknown>;
    const input = {
      paymentId: String(b.paymentId ?? ''),
      amountCents: Number(b.amountCents),
      refundKey: String(b.refundKey ?? ''),
      timestamp: Number(b.timestamp),
      signature: String(b.signature ?? ''),
    };
    if (
      !UUID.test(input.paymentId) ||
      !Number.isSafeInteger(input.amountCents) ||
      input.amountCents <= 0 ||
      !input.refundKey
    )
      return reply
        .status(400)
        .send({ code: 'BAD_REQUEST', message: 'paymentId, amountCents and refundKey are required' });
    if (!client.verify(input)) return reply.status(401).send({ code: 'BAD_SIGNATURE', message: 'not signed' });
    bank.calls++;
    const trouble = bank.trouble.shift();
    if (trouble === 'down') return reply.status(503).send({ code: 'DOWN', message: 'try again later' });
    const answer = await bank.refund(input);
    // The refund is made; its answer never reaches the shop (a time-out).
    if (trouble === 'lose-answer') return reply.status(504).send({ code: 'TIMEOUT', message: 'no answer' });
    return reply.status('refundId' in answer ? 200 : 409).send(answer);
  });
  app.get<{ Params: { id: string } }>('/sandbox-gateway/refunds/:id', async (request, reply) => {
    const record = UUID.test(request.params.id) ? await bank.refunds(request.params.id) : null;
    if (!record) return reply.status(404).send({ code: 'NOT_FOUND', message: 'no such payment' });
    return reply.send(record);
  });
}
