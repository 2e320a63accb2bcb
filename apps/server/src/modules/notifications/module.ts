import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { notificationRoutes } from './routes.ts';
import { NotificationService, sendCounts } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    notifications: NotificationService;
  }
}

/**
 * Telling shoppers what happened, where they read (issue 46): typed events from the other modules,
 * the shopper's choices, templates in three languages, and a durable outbox per channel (in-app
 * notice, SMS, Telegram, web push) with quiet hours and a daily limit. docs/notifications.md.
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  migrations: migrationsOf('modules/notifications'),
  needs: ['notices', 'sms', 'telegram', 'webPush'],
  provides: ['notifications'],
  build: (ctx, needed) => ({
    notifications: new NotificationService(ctx.db, ctx.jobs, needed, {
      publicUrl: ctx.config.publicUrl,
      quietHours: ctx.config.quietHours,
    }),
  }),
  // The shopper's phone comes from accounts, read on use (accounts itself tells events: no `needs` circle).
  init: async (services) => {
    services.notifications.useDirectory({
      phoneOf: async (userId, db) => (await services.accounts.getUser(userId, db))?.phone ?? null,
    });
  },
  routes: notificationRoutes,
  jobs: (_ctx, services) => services.notifications.jobDefinitions(),
  metrics: () => [
    {
      name: 'shop_notifications_total',
      help: 'Notification sends by channel and outcome (sent, failed, retried, withheld) since the process started',
      labelNames: ['channel', 'outcome'],
      read: async () =>
        [...sendCounts].map(([key, value]) => {
          const [channel, outcome] = key.split(' ');
          return { labels: { channel, outcome }, value };
        }),
    },
  ],
});
