import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { TelegramBotApi } from './bot-api.ts';
import { telegramRoutes } from './routes.ts';
import { TelegramSimulator } from './simulator.ts';

declare module '../../platform/module.ts' {
  interface Services {
    telegram: TelegramService;
  }
}

/** The Telegram Bot API client and, outside production, its local stand-in. It knows no module. */
export class TelegramService {
  readonly api: TelegramBotApi;
  readonly simulator: TelegramSimulator | null;
  readonly botName: string;
  readonly webhookSecret: string;
  /** Whether the client talks to this shop's own stand-in (TELEGRAM_API_URL is a path). */
  readonly local: boolean;

  constructor(options: {
    api: TelegramBotApi;
    simulator: TelegramSimulator | null;
    botName: string;
    webhookSecret: string;
  }) {
    this.api = options.api;
    this.simulator = options.simulator;
    this.botName = options.botName;
    this.webhookSecret = options.webhookSecret;
    this.local = options.api.apiUrl.startsWith('/');
  }

  /** Whether messages can go out: a bot token and a webhook secret are set. */
  get enabled(): boolean {
    return this.api.configured && Boolean(this.webhookSecret);
  }

  /** The deep link that opens the bot's chat with `/start <token>`. */
  deepLink(startToken: string): string {
    return `https://t.me/${this.botName}?start=${startToken}`;
  }
}

export const telegramModule = defineModule({
  name: 'telegram',
  migrations: migrationsOf('integrations/telegram'),
  provides: ['telegram'],
  build: (ctx) => {
    const { apiUrl, botToken, botName, webhookSecret } = ctx.config.telegram;
    const api = new TelegramBotApi({ apiUrl, token: botToken });
    const simulator = ctx.config.production ? null : new TelegramSimulator(ctx.db, botToken, botName);
    return { telegram: new TelegramService({ api, simulator, botName, webhookSecret }) };
  },
  routes: telegramRoutes,
});
