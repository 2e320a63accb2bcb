import {
  createTelegramLink,
  getNotificationSettings,
  getPushKey,
  removePushSubscription,
  saveNotificationSettings,
  savePushSubscription,
  unlinkTelegram,
} from '@shop/contracts';
import type { TelegramUpdate } from '../../integrations/telegram/bot-api.ts';
import { AppError } from '../../platform/errors.ts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';
import { secretMatches, WEBHOOK_PATH } from './telegram-link.ts';

const userOf = (request: { session: { subjectId: string } | null }) =>
  (request.session as { subjectId: string }).subjectId;

export function notificationRoutes({ app, services, resolveSession, config }: AppContext) {
  const notifications = services.notifications;
  notifications.telegram.webhookBase = config.publicUrl?.replace(/\/$/, '') ?? '';

  registerCall(app, getNotificationSettings, resolveSession, async (request) =>
    notifications.settings(userOf(request), request.language),
  );
  registerCall(app, saveNotificationSettings, resolveSession, async (request) =>
    notifications.choose(userOf(request), request.body.choices, request.language),
  );
  registerCall(app, createTelegramLink, resolveSession, async (request) => {
    if (!notifications.telegram.enabled) throw new AppError('NTF00110');
    try {
      return await notifications.telegram.createLink(userOf(request), request.language);
    } catch (error) {
      request.log.error({ err: error }, 'telegram: the webhook could not be set');
      throw new AppError('NTF00110');
    }
  });
  registerCall(app, unlinkTelegram, resolveSession, async (request) => {
    await notifications.telegram.unlink(userOf(request));
    return notifications.settings(userOf(request), request.language);
  });

  registerCall(app, getPushKey, resolveSession, async () => {
    if (!notifications.push.enabled) throw new AppError('NTF00200');
    return {
      publicKey: services.webPush.publicKey,
      standInUrl: services.webPush.simulator ? '/push-sim/subscriptions' : null,
    };
  });
  registerCall(app, savePushSubscription, resolveSession, async (request) => {
    await notifications.push.keep(userOf(request), request.body, request.headers['user-agent'] ?? '');
    return notifications.settings(userOf(request), request.language);
  });
  registerCall(app, removePushSubscription, resolveSession, async (request) => {
    await notifications.push.forget(userOf(request), request.body.endpoint);
    return notifications.settings(userOf(request), request.language);
  });

  // Telegram's webhook: accepted only with the secret token given to setWebhook (Bot API), else 401
  // and nothing done. A refused update is logged without its content.
  app.post<{ Body: TelegramUpdate }>(WEBHOOK_PATH, { config: { rateLimit: false } }, async (request, reply) => {
    if (
      !notifications.telegram.enabled ||
      !secretMatches(request.headers['x-telegram-bot-api-secret-token'], services.telegram.webhookSecret)
    ) {
      request.log.warn('telegram webhook refused: wrong or missing secret token');
      return reply.status(401).send({ ok: false });
    }
    const update = request.body;
    if (!update || typeof update !== 'object' || typeof update.update_id !== 'number')
      return reply.status(400).send({ ok: false });
    await notifications.telegram.handleUpdate(update);
    return reply.status(200).send({ ok: true });
  });
}
