import { BAKONG_TOKEN_WARNING_DAYS } from '@shop/contracts';
import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { BakongClient, type TokenStatus, tokenStatus } from './client.ts';
import { bakongRoutes } from './routes.ts';
import { BakongSimulator, simulatorToken } from './simulator.ts';

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

  constructor(client: BakongClient, simulator: BakongSimulator | null) {
    this.client = client;
    this.simulator = simulator;
    this.local = client.apiUrl.startsWith('/');
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
    const { apiUrl, token, timeoutMs } = ctx.config.bakong;
    const local = apiUrl.startsWith('/');
    // Outside production the stand-in needs no token of Bakong's: one it can read is made here.
    const usable = token || (!ctx.config.production && local ? simulatorToken(ctx.config.paymentSecret) : '');
    const client = new BakongClient({ apiUrl, token: usable, timeoutMs });
    return { bakong: new BakongService(client, ctx.config.production ? null : new BakongSimulator(ctx.db)) };
  },
  routes: bakongRoutes,
});
