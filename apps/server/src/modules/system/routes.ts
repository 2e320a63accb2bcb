import { getCustomerService, getSystemConfig } from '@shop/contracts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../index.ts';

export function systemRoutes({ app, services, resolveSession }: AppContext) {
  registerCall(
    app,
    getSystemConfig,
    resolveSession,
    async (request, reply) => {
      const { config, version } = await services.system.getConfig();
      reply.header('etag', `W/"cfg-${version}-${request.language}"`);
      return config;
    },
    { cache: 'public, max-age=60' },
  );

  registerCall(app, getCustomerService, resolveSession, async () => services.system.customerService(), {
    cache: 'public, max-age=60',
  });
}
