import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { staffRoutes } from './routes.ts';
import { StaffService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    staff: StaffService;
  }
}

/**
 * The operator console's staff, roles and audit, and its pages over the other modules (console/),
 * which reach them through their services.
 */
export const staffModule = defineModule({
  name: 'staff',
  migrations: migrationsOf('modules/staff'),
  needs: [
    'system',
    'accounts',
    'catalogue',
    'orders',
    'payments',
    'wallet',
    'withdrawals',
    'coupons',
    'invitations',
    'topup',
    'giftcards',
    'valuation',
    'loans',
    'uploads',
    'bongloy',
    'content',
    'overseas',
    'campaigns',
    'analytics',
    'partners',
    'reconciliation',
    'currency',
  ],
  provides: ['staff'],
  build: (ctx, needed) => {
    const staff = new StaffService(ctx.db, ctx.sessions);
    // Locks of shoppers' wrong tries that staff must see (the module locking them cannot need this one).
    needed.bongloy.cards.recordLocksWith(({ userId, cardId, minutes, ip }) =>
      staff.audit(
        { staffId: null, login: 'system:card-activation', ip },
        { action: 'bongloy.activation-locked', targetType: 'user', targetId: userId, after: { cardId, minutes } },
      ),
    );
    return { staff };
  },
  routes: staffRoutes,
});
