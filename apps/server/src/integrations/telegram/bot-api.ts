/**
 * The Telegram Bot API client (https://core.telegram.org/bots/api): `POST <api>/bot<token>/<method>`
 * with a JSON body; the answer is `{ ok: true, result }` or `{ ok: false, error_code, description,
 * parameters?: { retry_after } }`. It knows no module of the shop.
 */

export type TelegramTransport = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

/** A refusal of the Bot API: `retryAfter` (seconds) on 429, `blocked` when the user stopped the bot (403). */
export class TelegramError extends Error {
  readonly status: number;
  readonly retryAfter: number | null;
  constructor(status: number, description: string, retryAfter: number | null) {
    super(`telegram answered ${status}: ${description}`);
    this.status = status;
    this.retryAfter = retryAfter;
  }
  get blocked(): boolean {
    return this.status === 403;
  }
}

export type TelegramUpdate = {
  update_id: number;
  message?: {
    message_id: number;
    date: number;
    text?: string;
    chat: { id: number | string; type: string };
    from?: { id: number | string; is_bot?: boolean; first_name?: string; username?: string };
  };
  my_chat_member?: {
    chat: { id: number | string };
    new_chat_member?: { status?: string };
  };
};

export class TelegramBotApi {
  readonly apiUrl: string;
  readonly token: string;
  readonly timeoutMs: number;
  transport: TelegramTransport;

  constructor(options: { apiUrl: string; token: string; timeoutMs?: number; transport?: TelegramTransport }) {
    this.apiUrl = options.apiUrl.replace(/\/$/, '');
    this.token = options.token;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.transport = options.transport ?? ((url, init) => fetch(url, init));
  }

  get configured(): boolean {
    return Boolean(this.token);
  }

  async call<T>(method: string, params: Record<string, unknown>): Promise<T> {
    if (!this.token) throw new TelegramError(401, 'no bot token (TELEGRAM_BOT_TOKEN)', null);
    const res = await this.transport(`${this.apiUrl}/bot${this.token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await res.text();
    let body: { ok?: boolean; result?: T; description?: string; parameters?: { retry_after?: number } };
    try {
      body = JSON.parse(text);
    } catch {
      throw new TelegramError(res.status, `unreadable answer (${text.slice(0, 80)})`, null);
    }
    if (res.status === 200 && body.ok) return body.result as T;
    const retry = body.parameters?.retry_after;
    throw new TelegramError(res.status, body.description ?? 'refused', typeof retry === 'number' ? retry : null);
  }

  sendMessage(chatId: string, text: string): Promise<{ message_id: number }> {
    return this.call('sendMessage', { chat_id: chatId, text, link_preview_options: { is_disabled: true } });
  }

  setWebhook(url: string, secretToken: string): Promise<boolean> {
    return this.call('setWebhook', { url, secret_token: secretToken, allowed_updates: ['message', 'my_chat_member'] });
  }

  getMe(): Promise<{ id: number; is_bot: boolean; username: string; first_name: string }> {
    return this.call('getMe', {});
  }
}
