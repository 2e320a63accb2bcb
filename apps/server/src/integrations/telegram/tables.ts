import { bigserial, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The local Telegram stand-in's own state (outside production): the webhook the bot set, the chats
 * of its pretend users and every message in them, so a person or a test can read the chat log.
 */
export const telegramSimWebhooks = pgTable('telegram_sim_webhooks', {
  botToken: text('bot_token').primaryKey(),
  url: text('url').notNull(),
  secretToken: text('secret_token'),
  setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
});

export const telegramSimChats = pgTable('telegram_sim_chats', {
  chatId: text('chat_id').primaryKey(),
  firstName: text('first_name').notNull(),
  /** The user blocked the bot: sendMessage answers 403, as Telegram does. */
  blocked: boolean('blocked').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const telegramSimMessages = pgTable(
  'telegram_sim_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chatId: text('chat_id').notNull(),
    /** `bot` (sendMessage) or `user` (what the user typed, sent to the webhook). */
    author: text('author').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('telegram_sim_messages_chat').on(t.chatId, t.id)],
);
