import { queryContentDocument } from '@shop/contracts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';

export function contentRoutes({ app, services, resolveSession }: AppContext) {
  registerCall(app, queryContentDocument, resolveSession, async (req) =>
    services.content.read(req.query.key, req.language),
  );
}
