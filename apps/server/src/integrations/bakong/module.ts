import { BAKONG_TOKEN_WARNING_DAYS } from '@shop/contracts';
import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { BakongClient, BakongError, type TokenStatus, tokenExpiry, tokenStatus } from './client.ts';
import { bakongRoutes } from './routes.ts';
import { BakongSimulator, simulatorToken } from './simulator.ts';
import { bakongTokens } from './tables.ts';

declare module '../../platform/module.ts' {
  interface Services {
    bakong: BakongService;
  }
}

/** The Bakong Open API client, and outside production its local stand-in. It knows no module. */
export class BakongService {
  readonly client: BakongClient;
  /** The stand-in (outside production): its page and its API under /bakong-sim. */
  readonly simulator: BakongSimulator | null;
  /** Whether the client talks to this shop's own stand-in (BAKONG_API_URL is a path). */
  readonly local: boolean;

  /** BAKONG_EMAIL: the token's registered email; set, the shop renews the token itself. */
  email: string;
  /** When the token in use was renewed by the shop (null: BAKONG_TOKEN as configured). */
  renewedAt: Date | null = null;
  /** Why the last renewal failed (null: none failed since the last success). */
  renewalProblem: string | null = null;
  /** The app's logger (set by the routes). */
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> = { info: () => {}, warn: () => {}, error: () => {} };
  private readonly db: Db;

  constructor(client: BakongClient, simulator: BakongSimulator | null, db: Db, email = '') {
    this.client = client;
    this.simulator = simulator;
    this.local = client.apiUrl.startsWith('/');
    this.db = db;
    this.email = email;
  }

  /** Takes the newest token the shop renewed (any instance) when it lasts longer than the one in use. */
  async useStoredToken(): Promise<void> {
    const [stored] = await this.db.select().from(bakongTokens).orderBy(desc(bakongTokens.expiresAt)).limit(1);
    const current = tokenExpiry(this.client.token)?.getTime() ?? 0;
    if (stored && stored.expiresAt.getTime() > current) {
      this.client.token = stored.token;
      this.renewedAt = stored.renewedAt;
    }
  }

  /**
   * Job: renews the token through Bakong's `renew_token` once it lapses within
   * BAKONG_TOKEN_WARNING_DAYS (or has lapsed), when the account allows it (BAKONG_EMAIL set). The new
   * token is kept (bakong_tokens) for every instance and the next start. Answers whether it renewed.
   */
  async renewIfDue(now = new Date()): Promise<boolean> {
    if (!this.email) return false;
    await this.useStoredToken();
    const status = this.tokenStatus(now);
    if (status.state === 'valid' && !status.warn) return false;
    try {
      const token = await this.client.renewToken(this.email);
      const expiresAt = tokenExpiry(token) as Date;
      const [row] = await this.db.insert(bakongTokens).values({ token, expiresAt, renewedAt: now }).returning();
      this.renewedAt = row.renewedAt;
      this.renewalProblem = null;
      this.log.info({ expiresAt }, `Bakong token renewed through renew_token: valid until ${expiresAt.toISOString()}`);
      return true;
    } catch (error) {
      if (!(error instanceof BakongError)) throw error;
      this.renewalProblem = error.message;
      this.log.error({ kind: error.kind }, `Bakong token not renewed: ${error.message}`);
      return false;
    }
  }

  tokenStatus(now = new Date()): TokenStatus & { warn: boolean } {
    const status = tokenStatus(this.client.token, now);
    const soon = now.getTime() + BAKONG_TOKEN_WARNING_DAYS * 86_400_000;
    return { ...status, warn: status.state !== 'valid' || (status.expiresAt?.getTime() ?? 0) <= soon };
  }
}

export const bakongModule = defineModule({
  name: 'bakong',
  migrations: migrationsOf('integrations/bakong'),
  provides: ['bakong'],
  build: (ctx) => {
    const { apiUrl, token, timeoutMs, email } = ctx.config.bakong;
    const local = apiUrl.startsWith('/');
    // Outside production the stand-in needs no token of Bakong's: one it can read is made here.
    const usable = token || (!ctx.config.production && local ? simulatorToken(ctx.config.paymentSecret) : '');
    const client = new BakongClient({ apiUrl, token: usable, timeoutMs });
    return {
      bakong: new BakongService(client, ctx.config.production ? null : new BakongSimulator(ctx.db), ctx.db, email),
    };
  },
  routes: bakongRoutes,
  // A token this shop renewed before (any instance) is used from the start.
  init: async (services) => services.bakong.useStoredToken(),
  jobs: (_ctx, services) => [
    { name: 'bakong.renew-token', everyMs: 3_600_000, handler: async () => void (await services.bakong.renewIfDue()) },
  ],
});
