import type { AppContext } from '../../platform/module.ts';
import { TELEGRAM_SIM_BASE } from './simulator.ts';

const APP = `${TELEGRAM_SIM_BASE}/app`;

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font-family:sans-serif;margin:0;background:#e7ebf0;color:#111}main{padding:16px;max-width:520px;margin:auto}
.card{background:#fff;border-radius:12px;padding:12px 16px;margin-top:12px}input{width:100%;box-sizing:border-box;font-size:16px;padding:10px;border:1px solid #888;border-radius:6px}
button{min-height:44px;margin-top:8px;padding:10px 16px;border:0;border-radius:8px;font-size:16px;background:#2a6db0;color:#fff}
.bot{background:#eef3f8;border-radius:10px;padding:8px 10px;margin:6px 40px 6px 0;white-space:pre-wrap}.user{background:#d9f5c5;border-radius:10px;padding:8px 10px;margin:6px 0 6px 40px;word-break:break-all}`;

/** The stand-in's page: English only (it plays Telegram's app). */
function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Telegram stand-in</title><style>${STYLE}</style></head><body><main><h1>Telegram stand-in</h1>
<p>A local stand-in for Telegram (not available in production): open a bot's deep link and press Start, read the chat, type /stop.</p>${body}</main></body></html>`;
}

/** The Bot API of the stand-in (`/telegram-sim/bot<token>/<method>`), its page, and the client's way to reach it. */
export function telegramRoutes({ app, services }: AppContext) {
  const telegram = services.telegram;
  if (telegram.local) {
    // TELEGRAM_API_URL is a path of this shop: the client's calls reach the stand-in in-process, over HTTP.
    telegram.api.transport = async (url, init) => {
      const res = await app.inject({ method: 'POST', url, headers: init.headers, payload: init.body });
      return { status: res.statusCode, text: async () => res.body };
    };
  }
  const sim = telegram.simulator;
  if (!sim) return;
  sim.post = async (url, headers, body) => {
    if (url.startsWith('/')) return (await app.inject({ method: 'POST', url, headers, payload: body })).statusCode;
    const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
    return res.status;
  };

  app.post<{ Params: { bot: string; method: string }; Body: Record<string, unknown> | undefined }>(
    `${TELEGRAM_SIM_BASE}/:bot/:method`,
    { config: { rateLimit: false } },
    async (request, reply) => {
      const token = request.params.bot.startsWith('bot') ? request.params.bot.slice(3) : '';
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      const answer = await sim.handle(token, request.params.method, body);
      return reply.status(answer.status).send(answer.body);
    },
  );

  /** A chat's log as JSON (tests, journeys). */
  app.get<{ Params: { chat: string } }>(`${TELEGRAM_SIM_BASE}/chats/:chat/messages`, async (request) => ({
    messages: (await sim.chatLog(request.params.chat)).map((m) => ({ ...m, at: m.at.toISOString() })),
  }));

  app.get<{ Querystring: { chat?: string } }>(APP, async (request, reply) => {
    const chats = await sim.chats();
    const chosen = typeof request.query.chat === 'string' ? request.query.chat : '';
    let body = `<form class="card" method="post" action="${APP}/start"><h2>Open a deep link</h2>
<label for="link">Link (https://t.me/${escapeHtml(sim.botName)}?start=…)</label><input id="link" name="link" data-testid="tg-link">
<label for="name">Your name</label><input id="name" name="name" value="Dara" data-testid="tg-name">
<label for="chat">Your Telegram id</label><input id="chat" name="chat" inputmode="numeric" value="${escapeHtml(chosen || '5550001')}" data-testid="tg-chat">
<button type="submit" data-testid="tg-start">Start</button></form>`;
    body += `<div class="card"><h2>Chats</h2>${chats.map((c) => `<p><a href="${APP}?chat=${escapeHtml(c.chatId)}">${escapeHtml(c.firstName)} (${escapeHtml(c.chatId)})${c.blocked ? ' · blocked' : ''}</a></p>`).join('') || '<p>None yet.</p>'}</div>`;
    if (chosen) {
      const log = await sim.chatLog(chosen);
      body += `<div class="card" data-testid="tg-log"><h2>Chat ${escapeHtml(chosen)}</h2>${log
        .map((m) => `<div class="${m.author === 'bot' ? 'bot' : 'user'}">${escapeHtml(m.text)}</div>`)
        .join('')}
<form method="post" action="${APP}/say"><input type="hidden" name="chat" value="${escapeHtml(chosen)}"><label for="text">Message</label><input id="text" name="text" value="/stop"><button type="submit">Send</button></form>
<form method="post" action="${APP}/block"><input type="hidden" name="chat" value="${escapeHtml(chosen)}"><button type="submit">Block the bot</button></form></div>`;
    }
    return reply.type('text/html; charset=utf-8').send(page(body));
  });

  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const chatOf = (v: unknown) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? v : '');
    scope.post<{ Body: Record<string, string> }>(`${APP}/start`, async (request, reply) => {
      const chat = chatOf(request.body?.chat);
      const link = String(request.body?.link ?? '');
      const start =
        link.match(/[?&]start=([A-Za-z0-9_-]{1,64})/)?.[1] ?? (/^[A-Za-z0-9_-]{1,64}$/.test(link) ? link : '');
      if (!chat)
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(page('<p class="card">A Telegram id is digits.</p>'));
      await sim.pressStart(chat, String(request.body?.name || 'Dara').slice(0, 64), start);
      return reply.redirect(`${APP}?chat=${chat}`, 303);
    });
    scope.post<{ Body: Record<string, string> }>(`${APP}/say`, async (request, reply) => {
      const chat = chatOf(request.body?.chat);
      const text = String(request.body?.text ?? '').slice(0, 4096);
      if (chat && text.trim()) await sim.userSays(chat, text);
      return reply.redirect(`${APP}?chat=${chat}`, 303);
    });
    scope.post<{ Body: Record<string, string> }>(`${APP}/block`, async (request, reply) => {
      const chat = chatOf(request.body?.chat);
      if (chat) await sim.block(chat);
      return reply.redirect(`${APP}?chat=${chat}`, 303);
    });
  });
}
