// The books of the partners' stand-ins (tests only): what a real card issuer, lender and overseas
// source would keep, answered as their documents (docs/partners/*.yaml) say, idempotent by the
// shop's Idempotency-Key as the documents promise.
import { randomBytes, randomInt } from 'node:crypto';
import { LocalOverseasSource } from '../src/integrations/overseas-source/local.ts';
import type { Channel } from '../src/integrations/overseas-source/source.ts';
import type { Db } from '../src/platform/db.ts';
import type { Handler, StandinAnswer } from './partner-standin.ts';

const today = () => new Date().toISOString();

/** The card issuer's books: cards by reference, credits by reference. */
export class IssuerBooks {
  cards = new Map<
    string,
    { reference: string; cardRef: string; last4: string; expiry: string; activated: boolean; balanceCents: number }
  >();
  credits = new Map<
    string,
    { reference: string; cardRef: string; amountCents: number; status: 'SUCCESS' | 'FAILED'; at: string }
  >();
  /** References the issuer issues later (answered 202 until `issueNow`). */
  later = new Set<string>();
  /** References it refuses outright (422 HOLDER_REFUSED). */
  refuse = new Set<string>();
  balanceCapCents = 1_000_000;

  byRef(cardRef: string) {
    return [...this.cards.values()].find((c) => c.cardRef === cardRef);
  }

  issueNow(reference: string) {
    this.later.delete(reference);
    return this.make(reference);
  }

  private make(reference: string) {
    const known = this.cards.get(reference);
    if (known) return known;
    const card = {
      reference,
      cardRef: `ISS-${randomBytes(6).toString('hex')}`,
      last4: String(randomInt(0, 10_000)).padStart(4, '0'),
      expiry: '11/29',
      activated: false,
      balanceCents: 0,
    };
    this.cards.set(reference, card);
    return card;
  }

  handlers(): Record<string, Handler> {
    return {
      issueCard: ({ body }): StandinAnswer => {
        if (this.refuse.has(body.reference))
          return { status: 422, body: { code: 'HOLDER_REFUSED', message: 'holder refused' } };
        if (this.later.has(body.reference))
          return { status: 202, body: { reference: body.reference, status: 'PENDING' } };
        return { status: 201, body: this.make(body.reference) };
      },
      getCard: ({ params }) => {
        const card = this.byRef(params.cardRef);
        return card ? { status: 200, body: card } : { status: 404, body: { code: 'NO_CARD', message: 'no such card' } };
      },
      activateCard: ({ params, body }) => {
        const card = this.byRef(params.cardRef);
        if (!card) return { status: 404, body: { code: 'NO_CARD', message: 'no such card' } };
        if (card.last4 !== body.last4)
          return { status: 422, body: { code: 'LAST4_MISMATCH', message: 'wrong digits' } };
        card.activated = true;
        return { status: 200, body: card };
      },
      creditCard: ({ params, body, idempotencyKey }) => {
        const key = idempotencyKey ?? body.reference;
        const before = this.credits.get(key);
        if (before) return { status: 200, body: { reference: before.reference, status: before.status, message: null } };
        const card = this.byRef(params.cardRef);
        if (!card) return { status: 404, body: { code: 'NO_CARD', message: 'no such card' } };
        const ok = card.activated && card.balanceCents + body.amountCents <= this.balanceCapCents;
        if (ok) card.balanceCents += body.amountCents;
        this.credits.set(key, {
          reference: body.reference,
          cardRef: card.cardRef,
          amountCents: body.amountCents,
          status: ok ? 'SUCCESS' : 'FAILED',
          at: today(),
        });
        return {
          status: 200,
          body: {
            reference: body.reference,
            status: ok ? 'SUCCESS' : 'FAILED',
            message: ok ? null : 'over the balance cap',
          },
        };
      },
      transactionsReport: ({ query }) => ({
        status: 200,
        body: {
          date: query.date,
          lines: [...this.credits.values()].map((c) => ({
            reference: c.reference,
            kind: 'credit',
            amountCents: c.amountCents,
            status: c.status,
            at: c.at,
          })),
        },
      }),
    };
  }
}

type Decision = {
  reference: string;
  status: 'PENDING' | 'APPROVED' | 'REFUSED';
  review: boolean;
  reviewBy: string | null;
  approvedCents: number | null;
  reason: string | null;
  decidedAt: string | null;
};

/** The lender's books: applications and their decisions, extensions, the money the shop reported. */
export class LenderBooks {
  applications = new Map<string, { body: any; decision: Decision }>();
  extensions = new Map<
    string,
    { reference: string; status: 'PENDING' | 'ACCEPTED' | 'REFUSED'; reason: string | null; decidedAt: string | null }
  >();
  money = new Map<
    string,
    { reference: string; loanReference: string; kind: 'disbursement' | 'repayment'; amountCents: number; at: string }
  >();

  decide(reference: string, approve: boolean, approvedCents?: number): Decision {
    const app = this.applications.get(reference);
    if (!app) throw new Error(`the lender has no application ${reference}`);
    app.decision = {
      ...app.decision,
      status: approve ? 'APPROVED' : 'REFUSED',
      approvedCents: approve ? (approvedCents ?? app.body.amountCents) : null,
      reason: approve ? null : 'LOAN0004',
      decidedAt: today(),
    };
    return app.decision;
  }

  handlers(): Record<string, Handler> {
    const submit: Handler = ({ body }) => {
      const known = this.applications.get(body.reference);
      if (known) return { status: 200, body: known.decision };
      const decision: Decision = {
        reference: body.reference,
        status: 'PENDING',
        review: true,
        reviewBy: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        approvedCents: null,
        reason: null,
        decidedAt: null,
      };
      this.applications.set(body.reference, { body, decision });
      return { status: 200, body: decision };
    };
    const read: Handler = ({ params }) => {
      const app = this.applications.get(params.reference);
      return app
        ? { status: 200, body: app.decision }
        : { status: 404, body: { code: 'NO_APPLICATION', message: 'unknown' } };
    };
    const money =
      (kind: 'disbursement' | 'repayment'): Handler =>
      ({ params, body }) => {
        if (!this.applications.has(params.reference))
          return { status: 404, body: { code: 'NO_LOAN', message: 'unknown' } };
        if (!this.money.has(body.reference))
          this.money.set(body.reference, {
            reference: body.reference,
            loanReference: params.reference,
            kind,
            amountCents: body.amountCents,
            at: body.at,
          });
        return { status: 200, body: { reference: body.reference, recorded: true } };
      };
    return {
      submitApplication: submit,
      getDecision: read,
      submitCarLoan: submit,
      getCarLoanDecision: read,
      requestExtension: ({ body }) => {
        const known = this.extensions.get(body.reference) ?? {
          reference: body.reference,
          status: 'PENDING' as const,
          reason: null,
          decidedAt: null,
        };
        this.extensions.set(body.reference, known);
        return { status: 200, body: known };
      },
      getExtension: ({ params }) => {
        const known = this.extensions.get(params.reference);
        return known
          ? { status: 200, body: known }
          : { status: 404, body: { code: 'NO_EXTENSION', message: 'unknown' } };
      },
      recordDisbursement: money('disbursement'),
      recordRepayment: money('repayment'),
      transactionsReport: ({ query }) => ({
        status: 200,
        body: {
          date: query.date,
          lines: [...this.money.values()].map((m) => ({
            reference: m.reference,
            kind: m.kind,
            amountCents: m.amountCents,
            status: 'SUCCESS',
            loanReference: m.loanReference,
            at: m.at,
          })),
        },
      }),
    };
  }
}

/**
 * The overseas agent's books: its catalogue is the local source's (the same products on every
 * machine, pictures on the agent's own address), its purchases kept here by reference.
 */
export class SourceBooks {
  readonly catalogue = new LocalOverseasSource(null as unknown as Db, { delayMs: 0 }, 'https://img.agent.example/p');
  purchases = new Map<
    string,
    {
      reference: string;
      status: 'BOUGHT' | 'REFUSED';
      sourceOrderNo?: string;
      paidFen?: number;
      reason?: string;
      at: string;
    }
  >();
  /** Products whose seller says no. */
  refusing = new Set<string>();

  handlers(): Record<string, Handler> {
    const c = this.catalogue;
    const channel = (p: Record<string, string>) => p.channel as Channel;
    const n = (v: string | undefined, fallback: number) => (v ? Number(v) : fallback);
    return {
      categories: async ({ params }) => ({ status: 200, body: { list: await c.categories(channel(params)) } }),
      searchProducts: async ({ params, query }) => ({
        status: 200,
        body: await c.search({
          channel: channel(params),
          keyword: query.keyword,
          categoryId: query.categoryId,
          shopId: query.shopId,
          sort: query.sort as 'default' | undefined,
          page: n(query.page, 1),
          size: n(query.size, 20),
        }),
      }),
      hotProducts: async ({ params, query }) => ({
        status: 200,
        body: { list: await c.hot(channel(params), n(query.size, 10)) },
      }),
      recommendedProducts: async ({ params, query }) => ({
        status: 200,
        body: await c.recommend(channel(params), n(query.page, 1), n(query.size, 20)),
      }),
      productDetail: async ({ params }) => {
        const product = await c.product(channel(params), params.productId);
        return product ? { status: 200, body: product } : { status: 404, body: { code: 'GONE', message: 'delisted' } };
      },
      similarProducts: async ({ params, query }) => ({
        status: 200,
        body: { list: await c.similar(channel(params), params.productId, n(query.size, 10)) },
      }),
      shopDetail: async ({ params }) => {
        const shop = await c.shop(channel(params), params.shopId);
        return shop ? { status: 200, body: shop } : { status: 404, body: { code: 'NO_SHOP', message: 'unknown' } };
      },
      pictureSearch: async ({ params, body }) => ({
        status: 200,
        body: { list: await c.searchByPicture(channel(params), Buffer.from(body.pictureBase64, 'base64'), body.size) },
      }),
      purchase: async ({ body, idempotencyKey }) => {
        const key = idempotencyKey ?? body.reference;
        const known = this.purchases.get(key);
        if (known) return { status: 200, body: known };
        let reason: string | null = null;
        let paidFen = 0;
        for (const item of body.items) {
          const product = await c.product(body.channel, item.productId);
          const sku = product?.skus.find((s) => s.id === item.skuId);
          if (!sku) reason = 'GONE';
          else if (sku.stock < item.count) reason = reason ?? 'NO_STOCK';
          else if (this.refusing.has(item.productId)) reason = reason ?? 'SELLER_REFUSED';
          else paidFen += sku.priceFen * item.count;
        }
        const purchase = reason
          ? { reference: body.reference, status: 'REFUSED' as const, reason, at: today() }
          : {
              reference: body.reference,
              status: 'BOUGHT' as const,
              sourceOrderNo: `TB${randomInt(1e9, 9e9)}`,
              paidFen,
              at: today(),
            };
        this.purchases.set(key, purchase);
        const { at: _at, ...answer } = purchase;
        return { status: 200, body: answer };
      },
      getPurchase: ({ params }) => {
        const known = this.purchases.get(params.reference);
        if (!known) return { status: 404, body: { code: 'NO_PURCHASE', message: 'unknown' } };
        const { at: _at, ...answer } = known;
        return { status: 200, body: { ...answer, parcel: null } };
      },
      transactionsReport: ({ query }) => ({
        status: 200,
        body: {
          date: query.date,
          lines: [...this.purchases.values()].map((p) => ({
            reference: p.reference,
            kind: 'purchase',
            amountFen: p.paidFen ?? 0,
            status: p.status,
            sourceOrderNo: p.sourceOrderNo ?? null,
            at: p.at,
          })),
        },
      }),
    };
  }
}
