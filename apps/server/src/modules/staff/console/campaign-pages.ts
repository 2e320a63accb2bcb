import {
  adminCampaignPublish,
  adminCampaignSave,
  adminCampaigns,
  type CampaignRoute,
  type ConsoleCampaign,
} from '@shop/contracts';
import { AppError } from '../../../platform/errors.ts';
import type { AppContext, Services } from '../../../platform/module.ts';
import { actorOf, registerStaffCall } from '../http.ts';

type Row = Awaited<ReturnType<Services['campaigns']['list']>>[number];

/** Campaigns give coupons: those who keep the money's promotions build them (like the claim pages). */
const ROLES = ['finance'] as const;

const view = (r: Row): ConsoleCampaign => ({
  id: r.id,
  route: r.route as CampaignRoute,
  title: r.title,
  blocks: r.blocks,
  startsAt: r.startsAt.toISOString(),
  endsAt: r.endsAt.toISOString(),
  published: r.published,
  previewPath: `/h5/${r.route}?preview=${r.previewToken}`,
  updatedBy: r.updatedBy,
  updatedAt: r.updatedAt.toISOString(),
});

/** Campaign pages: the list (with what a products block may show), saving, publishing; audited. */
export function campaignPageConsoleRoutes({ app, services }: AppContext) {
  registerStaffCall(app, services, adminCampaigns, ROLES, async (request) => {
    const [rows, tags, activities] = await Promise.all([
      services.campaigns.list(),
      services.catalogue.tags(request.language),
      services.catalogue.activities(request.language),
    ]);
    return {
      list: rows.map(view),
      choices: {
        tags: tags.map((t) => ({ id: t.id, name: t.name })),
        activities: activities.map((a) => ({ id: a.id, name: a.name })),
      },
    };
  });

  registerStaffCall(app, services, adminCampaignSave, ROLES, async (request) => {
    const { id, route, title, blocks, startsAt, endsAt } = request.body;
    const before = id === undefined ? undefined : await services.campaigns.get(id);
    if (id !== undefined && !before) throw new AppError('CMP00006');
    const after = await services.campaigns.save(
      id,
      { route, title, blocks, startsAt: new Date(startsAt), endsAt: new Date(endsAt) },
      actorOf(request).login,
    );
    await services.staff.audit(actorOf(request), {
      action: before ? 'campaign.edit' : 'campaign.create',
      targetType: 'campaign',
      targetId: after.id,
      before: before ? { route: before.route, startsAt: before.startsAt, endsAt: before.endsAt } : undefined,
      after: { route, startsAt, endsAt, blocks: blocks.map((b) => b.type) },
    });
    return view(after);
  });

  registerStaffCall(app, services, adminCampaignPublish, ROLES, async (request) => {
    const after = await services.campaigns.publish(request.body.id, request.body.published, actorOf(request).login);
    await services.staff.audit(actorOf(request), {
      action: request.body.published ? 'campaign.publish' : 'campaign.unpublish',
      targetType: 'campaign',
      targetId: after.id,
    });
    return view(after);
  });
}
