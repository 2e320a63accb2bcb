import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import type { TelegramUpdate } from './bot-api.ts';
import { telegramSimChats, telegramSimMessages, telegramSimWebhooks } from './tables.ts';

/**
 * The local Telegram (DESIGN §7), written from the Bot API reference: `getMe`, `setWebhook` (with
 * `secret_token`, sent back in `X-Telegram-Bot-Api-Secret-Token` on every update) and `sendMessage`
 * answer as Telegram does, with its refusals: 401 for a wrong bot token, 400 for an unknown chat or
 * an empty text, 403 when the user blocked the bot, 429 with `parameters.retry_after` past one
 * message a second to a chat. A person (its page) or a test "presses Start" on a deep link, types
 * `/stop`, or blocks the bot: the stand-in posts the update to the webhook. Outside production only.
 */

export const TELEGRAM_SIM_BASE = '/telegram-sim';
export const SIM_BOT_ID = 7_000_001;
/** Telegram's limit in one chat: about one message a second. */
const PER_CHAT_MS = 1000;

export type SimAnswer = { status: number; body: Record<string, unknown> };
/** Posts an update to the webhook's URL with its headers; resolves with the HTTP status. */
export type WebhookPoster = (url: string, headers: Record<string, string>, body: string) => Promise<number>;

const refuse = (status: number, description: string, retryAfter?: number): SimAnswer => ({
  status,
  body: {
    ok: false,
    error_code: status,
    description,
    ...(retryAfter ? { parameters: { retry_after: retryAfter } } : {}),
  },
});
const ok = (result: unknown): SimAnswer => ({ status: 200, body: { ok: true, result } });

export class TelegramSimulator {
  private readonly db: Db;
  readonly botToken: string;
  readonly botName: string;
  post: WebhookPoster = async () => 503;

  constructor(db: Db, botToken: string, botName: string) {
    this.db = db;
    this.botToken = botToken;
    this.botName = botName;
  }

  /** One Bot API call, `POST /bot<token>/<method>`. */
  async handle(token: string, method: string, params: Record<string, unknown>): Promise<SimAnswer> {
    if (token !== this.botToken) return refuse(401, 'Unauthorized');
    switch (method) {
      case 'getMe':
        return ok({ id: SIM_BOT_ID, is_bot: true, first_name: 'Angkor Mall', username: this.botName });
      case 'setWebhook':
        return this.setWebhook(params);
      case 'deleteWebhook':
        await this.db.delete(telegramSimWebhooks).where(eq(telegramSimWebhooks.botToken, token));
        return ok(true);
      case 'sendMessage':
        return this.sendMessage(params);
      default:
        return refuse(404, 'Not Found: method not found');
    }
  }

  private async setWebhook(params: Record<string, unknown>): Promise<SimAnswer> {
    const url = typeof params.url === 'string' ? params.url : '';
    const secret = params.secret_token;
    if (secret !== undefined && (typeof secret !== 'string' || !/^[A-Za-z0-9_-]{1,256}$/.test(secret)))
      return refuse(400, 'Bad Request: secret token contains unallowed characters');
    if (!url) {
      await this.db.delete(telegramSimWebhooks).where(eq(telegramSimWebhooks.botToken, this.botToken));
      return ok(true);
    }
    const row = { botToken: this.botToken, url, secretToken: (secret as string | undefined) ?? null };
    await this.db
      .insert(telegramSimWebhooks)
      .values(row)
      .onConflictDoUpdate({ target: telegramSimWebhooks.botToken, set: { url, secretToken: row.secretToken } });
    return ok(true);
  }

  private async sendMessage(params: Record<string, unknown>): Promise<SimAnswer> {
    const chatId = String(params.chat_id ?? '');
    const text = typeof params.text === 'string' ? params.text : '';
    if (!text.trim()) return refuse(400, 'Bad Request: message text is empty');
    if (text.length > 4096) return refuse(400, 'Bad Request: message is too long');
    const [chat] = await this.db.select().from(telegramSimChats).where(eq(telegramSimChats.chatId, chatId));
    if (!chat) return refuse(400, 'Bad Request: chat not found');
    if (chat.blocked) return refuse(403, 'Forbidden: bot was blocked by the user');
    const [last] = await this.db
      .select({ at: telegramSimMessages.createdAt })
      .from(telegramSimMessages)
      .where(and(eq(telegramSimMessages.chatId, chatId), eq(telegramSimMessages.author, 'bot')))
      .orderBy(desc(telegramSimMessages.id))
      .limit(1);
    if (last && Date.now() - last.at.getTime() < PER_CHAT_MS) return refuse(429, 'Too Many Requests: retry after 1', 1);
    const [row] = await this.db.insert(telegramSimMessages).values({ chatId, author: 'bot', text }).returning();
    return ok({
      message_id: row.id,
      date: Math.floor(row.createdAt.getTime() / 1000),
      chat: { id: Number(chatId), type: 'private', first_name: chat.firstName },
      text,
    });
  }

  /** The person opens `t.me/<bot>?start=<param>` and presses Start: `/start <param>` reaches the webhook. */
  async pressStart(chatId: string, firstName: string, startParam: string): Promise<number> {
    await this.db
      .insert(telegramSimChats)
      .values({ chatId, firstName })
      .onConflictDoUpdate({ target: telegramSimChats.chatId, set: { blocked: false, firstName } });
    return this.userSays(chatId, startParam ? `/start ${startParam}` : '/start');
  }

  /** The person types `text` in the chat (`/stop`); the update goes to the webhook. Returns its HTTP status. */
  async userSays(chatId: string, text: string): Promise<number> {
    const [chat] = await this.db.select().from(telegramSimChats).where(eq(telegramSimChats.chatId, chatId));
    if (!chat) return 404;
    const [row] = await this.db.insert(telegramSimMessages).values({ chatId, author: 'user', text }).returning();
    return this.deliver({
      update_id: row.id,
      message: {
        message_id: row.id,
        date: Math.floor(row.createdAt.getTime() / 1000),
        text,
        chat: { id: Number(chatId), type: 'private' },
        from: { id: Number(chatId), is_bot: false, first_name: chat.firstName },
      },
    });
  }

  /** The person blocks the bot: sends fail with 403, and Telegram tells the webhook (`my_chat_member`). */
  async block(chatId: string): Promise<number> {
    await this.db.update(telegramSimChats).set({ blocked: true }).where(eq(telegramSimChats.chatId, chatId));
    const [{ next }] = await this.db
      .select({ next: sql<number>`COALESCE(MAX(${telegramSimMessages.id}), 0)::int + 1000000` })
      .from(telegramSimMessages);
    return this.deliver({
      update_id: next,
      my_chat_member: { chat: { id: Number(chatId) }, new_chat_member: { status: 'kicked' } },
    });
  }

  private async deliver(update: TelegramUpdate): Promise<number> {
    const [hook] = await this.db
      .select()
      .from(telegramSimWebhooks)
      .where(eq(telegramSimWebhooks.botToken, this.botToken));
    if (!hook) return 404;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (hook.secretToken) headers['x-telegram-bot-api-secret-token'] = hook.secretToken;
    return this.post(hook.url, headers, JSON.stringify(update));
  }

  /** A chat's messages, oldest first (its page, tests). */
  async chatLog(chatId: string) {
    return this.db
      .select({ author: telegramSimMessages.author, text: telegramSimMessages.text, at: telegramSimMessages.createdAt })
      .from(telegramSimMessages)
      .where(eq(telegramSimMessages.chatId, chatId))
      .orderBy(asc(telegramSimMessages.id));
  }

  async chats() {
    return this.db.select().from(telegramSimChats).orderBy(asc(telegramSimChats.createdAt));
  }
}
