import type { AppContext } from '../../platform/module.ts';
import { type DecodedKhqr, decodeKhqr, SIM_BASE, SimulatorRefusal } from './simulator.ts';

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font-family:sans-serif;margin:0;background:#c8102e;color:#fff}main{padding:20px;max-width:520px;margin:auto}
.card{background:#fff;color:#222;border-radius:12px;padding:16px;margin-top:12px}textarea,input{width:100%;box-sizing:border-box;font:14px monospace;padding:8px;border:1px solid #bbb;border-radius:6px}
button{display:block;width:100%;margin-top:12px;padding:14px;border:0;border-radius:8px;font-size:16px;background:#eee}.ok{background:#c8102e;color:#fff}
dt{color:#666;font-size:13px}dd{margin:0 0 8px;font-weight:bold;word-break:break-all}.err{background:#fff3f3;color:#a00}.paid{background:#f0fff4;color:#064}`;

/** The stand-in's page: English only, like the sandbox bank's (it plays an outside party's app). */
function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Bakong simulator · scan and pay</title><style>${STYLE}</style></head><body><main><h2>Bakong simulator · scan and pay</h2>
<p>A local stand-in for a Bakong banking app (not available in production). Paste a KHQR code, then pay it.</p>${body}</main></body></html>`;
}

function scanForm(qr: string): string {
  return `<form class="card" method="get" action="${SIM_BASE}/scan"><label for="qr">KHQR code</label>
<textarea id="qr" name="qr" rows="5" data-testid="sim-qr">${escapeHtml(qr)}</textarea><button type="submit" data-testid="sim-read">Scan</button></form>`;
}

function details(qr: string, d: DecodedKhqr): string {
  const amount = d.amount ? `${d.currency} ${d.amount}` : `${d.currency} (the payer types it)`;
  return `<div class="card"><dl><dt>Pay to</dt><dd data-testid="sim-merchant">${escapeHtml(d.merchantName)} (${escapeHtml(d.account)})</dd>
<dt>Amount</dt><dd data-testid="sim-amount">${escapeHtml(amount)}</dd><dt>Bill</dt><dd>${escapeHtml(d.billNumber ?? '-')}</dd>
<dt>Valid until</dt><dd>${d.expiresAt ? escapeHtml(d.expiresAt.toISOString()) : '-'}</dd><dt>MD5</dt><dd>${d.md5}</dd></dl>
<form method="post" action="${SIM_BASE}/scan"><input type="hidden" name="qr" value="${escapeHtml(qr)}">
<details><summary>Pay another amount (to try a mismatch)</summary><input name="amount" inputmode="decimal" placeholder="${escapeHtml(d.amount ?? '')}" data-testid="sim-other-amount"></details>
<button class="ok" type="submit" data-testid="sim-pay">Pay ${escapeHtml(amount)}</button></form></div>`;
}

/** The stand-in's API (the Bakong Open API's path) and its scan-and-pay page, outside production. */
export function bakongRoutes({ app, services, config }: AppContext) {
  const bakong = services.bakong;
  bakong.log = app.log;
  const sim = bakong.simulator;
  // At start: the token Bakong checks KHQR payments with, said plainly when it will not do.
  const token = bakong.tokenStatus();
  if (token.state !== 'valid') {
    app.log.error(
      { bakong: bakong.client.apiUrl, token: token.state },
      `BAKONG_TOKEN is ${token.state}${token.expiresAt ? ` (expired ${token.expiresAt.toISOString()})` : ''}: KHQR is not offered until it is renewed`,
    );
  } else if (token.warn) {
    app.log.warn(
      { expiresAt: token.expiresAt },
      `BAKONG_TOKEN expires at ${token.expiresAt?.toISOString()}: renew it with Bakong`,
    );
  }
  if (bakong.local) {
    // BAKONG_API_URL is a path of this shop: the client's requests reach the stand-in over HTTP
    // in-process, as they would reach Bakong.
    bakong.client.transport = async (url, init) => {
      const res = await app.inject({ method: 'POST', url, headers: init.headers, payload: init.body });
      return { status: res.statusCode, text: async () => res.body };
    };
  }
  if (!sim) return;

  app.post(`${SIM_BASE}/v1/renew_token`, { config: { rateLimit: false } }, async (request, reply) => {
    const answer = await sim.renewToken(request.body, config.paymentSecret);
    return reply.status(answer.status).send(answer.body);
  });

  app.post(`${SIM_BASE}/v1/check_transaction_by_md5`, { config: { rateLimit: false } }, async (request, reply) => {
    const answer = await sim.checkTransactionByMd5(request.headers.authorization, request.body);
    return reply.status(answer.status).send(answer.body);
  });

  app.get<{ Querystring: { qr?: string } }>(`${SIM_BASE}/scan`, async (request, reply) => {
    const qr = typeof request.query.qr === 'string' ? request.query.qr.trim() : '';
    let body = scanForm(qr);
    if (qr) {
      try {
        body += details(qr, decodeKhqr(qr));
      } catch (error) {
        if (!(error instanceof SimulatorRefusal)) throw error;
        body += `<div class="card err" data-testid="sim-error">${escapeHtml(error.message)}</div>`;
      }
    }
    return reply.type('text/html; charset=utf-8').send(page(body));
  });

  // The page posts an HTML form: parsed in this plugin's scope only.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.post<{ Body: { qr?: string; amount?: string } }>(`${SIM_BASE}/scan`, async (request, reply) => {
      const qr = typeof request.body?.qr === 'string' ? request.body.qr.trim() : '';
      const amount = typeof request.body?.amount === 'string' ? request.body.amount : undefined;
      try {
        const { qr: decoded, transaction } = await sim.pay(qr, { amount });
        const paid = `${transaction.currency} ${(transaction.amountHundredths / 100).toFixed(2)}`;
        return reply.type('text/html; charset=utf-8').send(
          page(`<div class="card paid" data-testid="sim-paid"><strong>Paid ${escapeHtml(paid)}</strong> to ${escapeHtml(decoded.merchantName)}.
<p>Transaction ${transaction.hash.slice(0, 16)}…: the shop sees it when it next asks Bakong.</p></div>${scanForm('')}`),
        );
      } catch (error) {
        if (!(error instanceof SimulatorRefusal)) throw error;
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(
            page(`<div class="card err" data-testid="sim-error">${escapeHtml(error.message)}</div>${scanForm(qr)}`),
          );
      }
    });
  });
}
