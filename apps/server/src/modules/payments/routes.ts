import {
  bridgePayFail,
  bridgePaySuccess,
  checkKhqrPayment,
  myRefunds,
  PAY_CHANNELS,
  payableRefunds,
  payLogoList,
  payOrder,
  queryPay,
  refreshCashier,
  refreshCashierAcleda,
  refreshCashierH5,
  refreshCashierLong,
  refundToBank,
} from '@shop/contracts';
import type { FastifyRequest } from 'fastify';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';
import { refundLineOf, refundsOfUser } from './refund-views.ts';
import { sandboxBankRoutes } from './sandbox-bank.ts';

const user = (request: FastifyRequest) => (request.session as { subjectId: string }).subjectId;

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function paymentRoutes({ app, services, resolveSession }: AppContext) {
  const p = services.payments;

  registerCall(app, refreshCashier, resolveSession, async (r) =>
    p.cashier(user(r), r.query.orderId, r.language, 'h5', r.query.kind),
  );
  registerCall(app, refreshCashierH5, resolveSession, async (r) =>
    p.cashier(user(r), r.query.orderId, r.language, 'h5', r.query.kind),
  );
  registerCall(app, refreshCashierLong, resolveSession, async (r) =>
    p.cashier(user(r), r.query.orderId, r.language, 'long', r.query.kind),
  );
  registerCall(app, refreshCashierAcleda, resolveSession, async (r) =>
    p.cashier(user(r), r.query.orderId, r.language, 'acleda', r.query.kind),
  );
  registerCall(
    app,
    payLogoList,
    resolveSession,
    async () => PAY_CHANNELS.map((code) => ({ code, logoUrl: `/h5/paylogos/${code}.svg` })),
    {
      cache: 'public, max-age=3600',
    },
  );
  registerCall(app, payOrder, resolveSession, async (r) =>
    p.pay(user(r), r.body.orderId, r.body.channel, r.body.payPassword, r.body.kind, r.body.currency),
  );
  registerCall(app, checkKhqrPayment, resolveSession, async (r) => p.checkKhqr(user(r), r.body.paymentId));
  registerCall(app, queryPay, resolveSession, async (r) => p.status(user(r), r.query.orderId, r.query.kind));
  // Payments and refunds as the shopper sees them (refund-views.ts), and the KHQR refund's choice.
  registerCall(app, payableRefunds, resolveSession, async (r) =>
    p.payableMoney(user(r), r.query.orderId, r.query.kind),
  );
  registerCall(app, myRefunds, resolveSession, async (r) => refundsOfUser(p.refunds, user(r)));
  registerCall(app, refundToBank, resolveSession, async (r) =>
    refundLineOf(await p.refunds.toBank(user(r), r.body.refundId)),
  );
  registerCall(app, bridgePaySuccess, resolveSession, async (r) => p.bridgeResult(r.query, true));
  registerCall(app, bridgePayFail, resolveSession, async (r) => p.bridgeResult(r.query, false));

  // Server-to-server callbacks. They answer the partner, not a shopper: 200 acknowledges, 400 refuses.
  app.post('/v1/pay/callback/sandbox', async (request, reply) => {
    const outcome = await p.receiveCallback('sandbox', (request.body ?? {}) as Record<string, unknown>);
    return reply
      .status(outcome === 'refused' ? 400 : 200)
      .send({ code: outcome === 'refused' ? 'PAY0007' : '0', outcome });
  });
  // PayWay's pushback (JSON, signed in its X-PayWay-HMAC-SHA512 header). When PayWay's own lookup
  // cannot be asked to confirm it, 503: PayWay sends it again, and the lookup job asks later.
  app.post('/v1/pay/callback/payway', async (request, reply) => {
    const outcome = await p.receiveCallback(
      'payway',
      (request.body ?? {}) as Record<string, unknown>,
      request.headers as Record<string, unknown>,
    );
    // The shop's key refused by PayWay (HTTP 403): asking again cannot help, so the pushback is
    // taken (202) and the payment stays pending; staff fix PAYWAY_API_KEY (logged as an error,
    // counted in /metrics) and the lookup job settles it then.
    const status =
      outcome === 'refused' ? 400 : outcome === 'unavailable' ? 503 : outcome === 'key-refused' ? 202 : 200;
    const code =
      outcome === 'refused'
        ? 'PAY0007'
        : outcome === 'unavailable'
          ? 'SYS00004'
          : outcome === 'key-refused'
            ? 'PAY0061'
            : '0';
    return reply.status(status).send({ code, outcome });
  });

  p.log = app.log;

  // Our own callbacks reach us over HTTP, as a real gateway's would.
  p.sandboxBank.deliver = async (body) => {
    const res = await app.inject({ method: 'POST', url: '/v1/pay/callback/sandbox', payload: body });
    return { ok: res.statusCode === 200 };
  };

  // The sandbox bank's lookup of one payment (what its page recorded), signed like its callbacks.
  p.sandbox.ask = async (paymentId) => {
    const res = await app.inject({ method: 'GET', url: `/sandbox-gateway/transactions/${paymentId}` });
    return { status: res.statusCode, body: res.statusCode === 200 ? res.json() : null };
  };
  app.get<{ Params: { id: string } }>('/sandbox-gateway/transactions/:id', async (request, reply) => {
    const record = /^[0-9a-f-]{36}$/.test(request.params.id) ? await p.sandboxRecord(request.params.id) : null;
    if (!record) return reply.status(404).send({ code: 'PAY0009', message: 'no such transaction' });
    return reply.send(record);
  });

  // The sandbox bank's refund call and its record of refunds (sandbox-bank.ts).
  sandboxBankRoutes(app, p.sandboxBank);

  // The sandbox gateway's checkout page: the stand-in for a bank's hosted payment page.
  app.get<{ Params: { id: string }; Querystring: { return?: string } }>(
    '/sandbox-gateway/checkout/:id',
    async (request, reply) => {
      const found = /^[0-9a-f-]{36}$/.test(request.params.id) ? await p.sandboxBank.payment(request.params.id) : null;
      if (!found) return reply.status(404).type('text/html; charset=utf-8').send('<h1>Unknown payment</h1>');
      const back = request.query.return?.startsWith('/h5/') ? request.query.return : '/h5/outPayment';
      const amount = (found.payment.amountCents / 100).toFixed(2);
      const action = `/sandbox-gateway/checkout/${found.payment.id}/decide?return=${encodeURIComponent(back)}`;
      // The page says its encoding (header and meta): its "·" must not read as "Â·".
      reply
        .type('text/html; charset=utf-8')
        .send(`<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sandbox Bank · test payment</title>
<style>body{font-family:sans-serif;margin:0;background:#0b3d91;color:#fff}main{padding:24px}.card{background:#fff;color:#222;border-radius:12px;padding:20px}
button{display:block;width:100%;margin-top:12px;padding:14px;border:0;border-radius:8px;font-size:16px}.ok{background:#1677ff;color:#fff}.no{background:#eee}</style></head>
<body><main><h2>Sandbox Bank · test payment</h2><div class="card"><p>Merchant: Angkor Mall</p><p>Order: ${escapeHtml(found.orderNo)}</p>
<p style="font-size:28px;font-weight:bold" data-testid="amount">USD ${amount}</p>
<form method="post" action="${escapeHtml(action)}"><button class="ok" name="decision" value="success">Pay USD ${amount}</button>
<button class="no" name="decision" value="fail">Decline</button><button class="no" name="decision" value="timeout">Leave without answer</button></form></div></main></body></html>`);
    },
  );
  // The bank page posts an HTML form: parsed in this plugin's scope only.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.post<{ Params: { id: string }; Querystring: { return?: string }; Body: { decision?: string } }>(
      '/sandbox-gateway/checkout/:id/decide',
      async (request, reply) => {
        const decision = request.body?.decision;
        if (!/^[0-9a-f-]{36}$/.test(request.params.id) || !['success', 'fail', 'timeout'].includes(String(decision))) {
          return reply.status(400).send({ code: 'SYS00001' });
        }
        await p.sandboxDecide(request.params.id, decision as 'success' | 'fail' | 'timeout');
        const back = request.query.return?.startsWith('/h5/') ? request.query.return : '/h5/outPayment';
        return reply.redirect(`${back}${back.includes('?') ? '&' : '?'}result=${decision}`, 303);
      },
    );
  });
}
