import { getCustomerService, getSystemConfig } from '@shop/contracts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';
import { ReadyAnswers } from '../../platform/ready-answers.ts';

const CONFIG_CACHE = 'public, max-age=60';

export function systemRoutes({ app, services, resolveSession, answerCaches, frontDoor }: AppContext) {
  // Every screen asks for it first: its ready bytes, ETag and one-second micro-cache (ReadyAnswers).
  const ready = new ReadyAnswers(() => services.system.configGeneration, Date.now, {
    name: 'system config',
    caches: answerCaches,
    front: frontDoor,
  });
  registerCall(
    app,
    getSystemConfig,
    resolveSession,
    async (request, reply) => ready.answer(request, reply, (await services.system.getConfig()).config, CONFIG_CACHE),
    { cache: CONFIG_CACHE, onRequest: ready.serve },
  );

  registerCall(app, getCustomerService, resolveSession, async () => services.system.customerService(), {
    cache: 'public, max-age=60',
  });
}
