import { applyPartner, queryPartnerApplication } from '@shop/contracts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';
import { partnerView } from './service.ts';

export function partnerRoutes({ app, services, resolveSession }: AppContext) {
  const user = (req: { session: { subjectId: string } | null }) => req.session?.subjectId as string;
  registerCall(app, queryPartnerApplication, resolveSession, async (req) => {
    const row = await services.partners.mine(user(req));
    return { application: row ? partnerView(row) : null };
  });
  registerCall(app, applyPartner, resolveSession, async (req) => ({
    application: partnerView(await services.partners.apply(user(req), req.body)),
  }));
}
