import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { invitationRoutes } from './routes.ts';
import { InvitationService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    invitations: InvitationService;
  }
}

/** Invitation codes and the rewards of a friend's first paid order. */
export const invitationsModule = defineModule({
  name: 'invitations',
  migrations: migrationsOf('modules/invitations'),
  needs: ['wallet', 'notices', 'accounts'],
  provides: ['invitations'],
  build: (ctx, { wallet, notices, accounts }) => ({
    invitations: new InvitationService(ctx.db, {
      wallet,
      notices,
      displayName: async (userId) => (await accounts.getUser(userId))?.phone ?? null,
    }),
  }),
  routes: invitationRoutes,
  jobs: (_ctx, services) => [
    {
      name: 'invitations.expire',
      everyMs: 10 * 60 * 1000,
      handler: async () => {
        await services.invitations.expireDue();
      },
    },
  ],
});
