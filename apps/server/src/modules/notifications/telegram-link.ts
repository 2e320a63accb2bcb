import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Language, normalizeLanguage } from '@shop/contracts';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { TelegramError, type TelegramUpdate } from '../../integrations/telegram/bot-api.ts';
import type { TelegramService } from '../../integrations/telegram/module.ts';
import type { Db } from '../../platform/db.ts';
import { notificationPreferences, telegramLinks, telegramLinkTokens } from './tables.ts';

/** How long a link token of the deep link stays usable. */
export const LINK_TOKEN_MINUTES = 10;
export const WEBHOOK_PATH = '/v1/notify/telegram/webhook';

const REPLIES = {
  linked: {
    'en-US': 'Linked. Your Angkor Mall messages come here now. Send /stop to stop them.',
    chs: '已绑定。您的 Angkor Mall 消息将发送到这里。发送 /stop 可停止接收。',
    kh: 'បានភ្ជាប់។ សាររបស់ Angkor Mall នឹងមកទីនេះ។ ផ្ញើ /stop ដើម្បីឈប់ទទួល។',
  },
  expired: {
    'en-US': 'This link has expired or was used. Open Settings › Notifications in the shop to get a new one.',
    chs: '此链接已过期或已使用。请在商城的 设置 › 通知 中获取新链接。',
    kh: 'តំណនេះផុតកំណត់ ឬបានប្រើរួចហើយ។ សូមបើក ការកំណត់ › ការជូនដំណឹង ក្នុងហាង ដើម្បីយកតំណថ្មី។',
  },
  stopped: {
    'en-US': 'Stopped. You will get no more messages here. Link again from the shop’s settings.',
    chs: '已停止，您将不再在此收到消息。可在商城设置中重新绑定。',
    kh: 'បានឈប់។ អ្នកនឹងមិនទទួលសារនៅទីនេះទៀតទេ។ ភ្ជាប់ម្តងទៀតពីការកំណត់ក្នុងហាង។',
  },
} as const;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A constant-time comparison of the webhook's secret header. */
export function secretMatches(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || !expected) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}

/**
 * Linking a shopper's Telegram chat: a one-time token in the deep link `t.me/<bot>?start=<token>`
 * (10 minutes), read back from the `/start <token>` update the webhook receives; `/stop` or blocking
 * the bot unlinks from Telegram's side, settings from the shop's.
 */
export class TelegramLinking {
  private readonly db: Db;
  private readonly telegram: TelegramService;
  private readonly remember: (userId: string, language: Language) => Promise<void>;
  private webhookSet: Promise<void> | null = null;
  webhookBase = '';

  constructor(db: Db, telegram: TelegramService, remember: (userId: string, language: Language) => Promise<void>) {
    this.db = db;
    this.telegram = telegram;
    this.remember = remember;
  }

  get enabled(): boolean {
    return this.telegram.enabled;
  }

  /** Tells Telegram where updates go, with the secret token, once per process. */
  ensureWebhook(): Promise<void> {
    this.webhookSet ??= this.telegram.api
      .setWebhook(`${this.webhookBase}${WEBHOOK_PATH}`, this.telegram.webhookSecret)
      .then(() => undefined)
      .catch((error) => {
        this.webhookSet = null;
        throw error;
      });
    return this.webhookSet;
  }

  async createLink(userId: string, language: Language, now = new Date()) {
    await this.remember(userId, language);
    await this.ensureWebhook();
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(now.getTime() + LINK_TOKEN_MINUTES * 60_000);
    await this.db.insert(telegramLinkTokens).values({ tokenHash: hash(token), userId, expiresAt });
    return { link: this.telegram.deepLink(token), expiresAt: expiresAt.toISOString(), botName: this.telegram.botName };
  }

  async chatOf(userId: string, db: Db = this.db) {
    const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId));
    return row ?? null;
  }

  /** Unlinking from the shop: the chat is told, best effort. */
  async unlink(userId: string): Promise<boolean> {
    const [row] = await this.db.delete(telegramLinks).where(eq(telegramLinks.userId, userId)).returning();
    if (!row) return false;
    await this.reply(row.chatId, REPLIES.stopped[await this.languageOf(userId)]);
    return true;
  }

  /** Unlinking from Telegram's side (`/stop`, the bot blocked). */
  async unlinkChat(chatId: string): Promise<string | null> {
    const [row] = await this.db.delete(telegramLinks).where(eq(telegramLinks.chatId, chatId)).returning();
    return row?.userId ?? null;
  }

  private async languageOf(userId: string): Promise<Language> {
    const [p] = await this.db
      .select({ language: notificationPreferences.language })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId));
    return normalizeLanguage(p?.language);
  }

  /** One webhook update (its secret header already checked). */
  async handleUpdate(update: TelegramUpdate, now = new Date()): Promise<void> {
    if (update.my_chat_member) {
      const status = update.my_chat_member.new_chat_member?.status;
      if (status === 'kicked' || status === 'left') await this.unlinkChat(String(update.my_chat_member.chat.id));
      return;
    }
    const message = update.message;
    if (!message?.text || message.chat.type !== 'private') return;
    const chatId = String(message.chat.id);
    const [command, arg] = message.text.trim().split(/\s+/, 2);
    if (command === '/stop') {
      const userId = await this.unlinkChat(chatId);
      const language = userId ? await this.languageOf(userId) : 'en-US';
      await this.reply(chatId, REPLIES.stopped[language]);
      return;
    }
    if (command !== '/start') return;
    const userId =
      arg && /^[A-Za-z0-9_-]{1,64}$/.test(arg)
        ? await this.link(arg, chatId, message.from?.first_name ?? '', now)
        : null;
    if (!userId) {
      await this.reply(chatId, REPLIES.expired['en-US']);
      return;
    }
    await this.reply(chatId, REPLIES.linked[await this.languageOf(userId)]);
  }

  /** Uses the token once: the chat becomes the shopper's (any other link of either is replaced). */
  private async link(token: string, chatId: string, name: string, now: Date): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      const [used] = await tx
        .update(telegramLinkTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(telegramLinkTokens.tokenHash, hash(token)),
            isNull(telegramLinkTokens.usedAt),
            gt(telegramLinkTokens.expiresAt, now),
          ),
        )
        .returning({ userId: telegramLinkTokens.userId });
      if (!used) return null;
      await tx.delete(telegramLinks).where(or(eq(telegramLinks.userId, used.userId), eq(telegramLinks.chatId, chatId)));
      await tx.insert(telegramLinks).values({ userId: used.userId, chatId, name: name.slice(0, 64) });
      return used.userId;
    });
  }

  /** A reply in the chat, best effort; Telegram's `retry_after` waited out once when it is short. */
  private async reply(chatId: string, text: string) {
    try {
      await this.telegram.api.sendMessage(chatId, text);
    } catch (error) {
      if (!(error instanceof TelegramError) || error.retryAfter === null || error.retryAfter > 5) return;
      await new Promise((resolve) => setTimeout(resolve, (error.retryAfter ?? 0) * 1000));
      await this.telegram.api.sendMessage(chatId, text).catch(() => undefined);
    }
  }
}
