import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { noticeRoutes } from './routes.ts';
import { NoticeService } from './service.ts';

declare module '../../platform/module.ts' {
  interface Services {
    notices: NoticeService;
  }
}

/** The shopper's messages: order, wallet and stock-back notices, read and unread. */
export const noticesModule = defineModule({
  name: 'notices',
  migrations: migrationsOf('modules/notices'),
  provides: ['notices'],
  build: (ctx) => ({ notices: new NoticeService(ctx.db) }),
  routes: noticeRoutes,
});
