import {
  adminNotificationLog,
  adminNotificationTemplates,
  adminNotificationToday,
  type ConsoleNotificationTemplate,
} from '@shop/contracts';
import type { AppContext } from '../../../platform/module.ts';
import { registerStaffCall } from '../http.ts';
import { userIdByPhone } from './promotions.ts';

/** Notifications in the console (issue 46): a shopper's message log, the day by channel, the templates. */
export function notificationConsoleRoutes({ app, services }: AppContext) {
  registerStaffCall(app, services, adminNotificationLog, ['support'], async (request) => {
    const user = await userIdByPhone(services, request.query.phone);
    const rows = await services.notifications.log(user.id, 200);
    return {
      phone: user.e164,
      list: rows.map((r) => ({
        id: r.id,
        event: r.kind,
        channel: r.channel,
        state: r.state,
        attempts: r.attempts,
        deferred: r.deferred,
        dueAt: r.dueAt.toISOString(),
        sentAt: r.sentAt?.toISOString() ?? null,
        failure: r.lastError ?? '',
        createdAt: r.createdAt.toISOString(),
      })),
    };
  });
  registerStaffCall(app, services, adminNotificationToday, ['support'], async () => ({
    channels: await services.notifications.today(),
  }));
  registerStaffCall(app, services, adminNotificationTemplates, ['support'], async () => ({
    list: services.notifications.previews() as ConsoleNotificationTemplate[],
  }));
}
