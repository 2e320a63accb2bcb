import type { AppContext } from '../../platform/module.ts';
import { PUSH_SIM_BASE } from './simulator.ts';

const APP = `${PUSH_SIM_BASE}/app`;

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font-family:sans-serif;margin:0;background:#eef0f3;color:#111}main{padding:16px;max-width:560px;margin:auto}
.card{background:#fff;border-radius:12px;padding:12px 16px;margin-top:12px}pre{white-space:pre-wrap;word-break:break-word;background:#f4f6f8;padding:8px;border-radius:8px}
button{min-height:44px;padding:10px 16px;border:0;border-radius:8px;font-size:16px;background:#8a1c1c;color:#fff}`;

/** The stand-in's page: English only (it plays the browser's push service). */
function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Push service stand-in</title><style>${STYLE}</style></head><body><main><h1>Push service stand-in</h1>
<p>A local stand-in for a browser's push service (not available in production): each subscription's messages as the device decrypted them.</p>${body}</main></body></html>`;
}

/** The stand-in push service (`/push-sim/...`), its page, and the client's in-process way to reach it. */
export function webPushRoutes({ app, services }: AppContext) {
  const webPush = services.webPush;
  const sim = webPush.simulator;
  if (!sim) return;
  webPush.localTransport = async (url, init) => {
    const res = await app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: init.headers,
      payload: init.body,
    });
    return {
      status: res.statusCode,
      headers: {
        location: res.headers.location as string | undefined,
        'retry-after': res.headers['retry-after'] as string | undefined,
      },
    };
  };

  app.register(async (scope) => {
    scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    // RFC 8030 §5: the push message request the application server makes to the endpoint.
    scope.post<{ Params: { id: string }; Body: Buffer | undefined }>(
      `${PUSH_SIM_BASE}/push/:id`,
      { config: { rateLimit: false }, bodyLimit: 8192 },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const answer = await sim.receive(request.params.id, request.headers, body);
        return reply
          .status(answer.status)
          .headers(answer.headers ?? {})
          .send(answer.body);
      },
    );
  });

  /** What the browser's `pushManager.subscribe` asks of its push service (the shop page calls it outside production). */
  app.post<{ Body: { applicationServerKey?: unknown } }>(`${PUSH_SIM_BASE}/subscriptions`, async (request, reply) => {
    const key = request.body?.applicationServerKey;
    if (typeof key !== 'string' || !/^[A-Za-z0-9_-]{80,100}$/.test(key))
      return reply.status(400).send({ error: 'applicationServerKey is a base64url P-256 public key' });
    return reply.status(201).send(await sim.subscribe(`${request.protocol}://${request.host}`, key));
  });

  app.get<{ Params: { id: string } }>(`${PUSH_SIM_BASE}/subscriptions/:id/messages`, async (request) => ({
    messages: (await sim.messages(request.params.id)).map((m) => ({ ...m, at: m.at.toISOString() })),
  }));

  /** Ends a subscription (as a browser does when the shopper blocks the site): 410 from now on. */
  app.post<{ Params: { id: string } }>(`${PUSH_SIM_BASE}/subscriptions/:id/expire`, async (request, reply) =>
    (await sim.expire(request.params.id))
      ? reply.status(204).send()
      : reply.status(404).send({ error: 'no such subscription' }),
  );

  app.get(APP, async (_request, reply) => {
    const subs = await sim.subscriptions();
    let body = '';
    for (const s of subs.slice(-20).reverse()) {
      const log = await sim.messages(s.id);
      body += `<div class="card" data-testid="push-sub"><h2>Subscription ${escapeHtml(s.id.slice(0, 8))}${s.gone ? ' · gone' : ''}</h2>${
        log.map((m) => `<pre data-testid="push-message">${escapeHtml(m.payload)}</pre>`).join('') ||
        '<p>No messages yet.</p>'
      }</div>`;
    }
    return reply.type('text/html; charset=utf-8').send(page(body || '<p class="card">No subscriptions yet.</p>'));
  });
}
