import {
  adminActivities,
  adminActivitySave,
  adminTagSave,
  adminTags,
  type ConsoleActivity,
  type ConsoleTag,
} from '@shop/contracts';
import { AppError } from '../../../platform/errors.ts';
import type { AppContext, Services } from '../../../platform/module.ts';
import { imageUrl } from '../../catalogue/public.ts';
import { actorOf, registerStaffCall } from '../http.ts';
import { localized } from './catalogue.ts';

const ROLES = ['catalogue'] as const;

type TagRow = Awaited<ReturnType<Services['catalogue']['consoleTags']>>[number];
const tagView = (t: TagRow): ConsoleTag => ({
  id: t.id,
  name: t.name,
  color: t.color,
  sort: t.sort,
  enabled: t.enabled,
  productIds: t.productIds,
});

type ActivityRow = Awaited<ReturnType<Services['catalogue']['consoleActivities']>>[number];
const activityView = (a: ActivityRow): ConsoleActivity => ({
  id: a.id,
  name: a.name,
  subtitle: a.subtitle,
  imageId: a.imageId,
  imageUrl: imageUrl(a.imageId),
  startsAt: a.startsAt.toISOString(),
  endsAt: a.endsAt.toISOString(),
  sort: a.sort,
  enabled: a.enabled,
  productIds: a.productIds,
});

/** The products to attach, without repeats; STF00040 names the ones that do not exist. */
async function checkedProducts(catalogue: Services['catalogue'], ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const known = await catalogue.existingProductIds(unique);
  const missing = unique.filter((id) => !known.has(id));
  if (missing.length) throw new AppError('STF00040', { ids: missing.join(', ') });
  return unique;
}

/** Tags and activities: the product groups the shop's tag lists and promotion pages show. */
export function merchandisingConsoleRoutes({ app, services }: AppContext) {
  const catalogue = services.catalogue;

  registerStaffCall(app, services, adminTags, ROLES, async () => (await catalogue.consoleTags()).map(tagView));

  registerStaffCall(app, services, adminTagSave, ROLES, async (request) => {
    const b = request.body;
    const color = b.color.trim().toLowerCase();
    if (!/^#[0-9a-f]{6}$/.test(color)) throw new AppError('STF00041');
    const before = b.id === undefined ? undefined : (await catalogue.consoleTags()).find((t) => t.id === b.id);
    if (b.id !== undefined && !before) throw new AppError('STF00027', { what: 'tag', id: b.id });
    const id = (await catalogue.saveTag({
      id: b.id,
      name: localized('name', b.name),
      color,
      sort: b.sort,
      enabled: b.enabled,
      productIds: await checkedProducts(catalogue, b.productIds),
    })) as number;
    const after = tagView((await catalogue.consoleTags()).find((t) => t.id === id) as TagRow);
    await services.staff.audit(actorOf(request), {
      action: before ? 'catalogue.tag.update' : 'catalogue.tag.create',
      targetType: 'tag',
      targetId: id,
      before: before ? tagView(before) : undefined,
      after,
    });
    return after;
  });

  registerStaffCall(app, services, adminActivities, ROLES, async () =>
    (await catalogue.consoleActivities()).map(activityView),
  );

  registerStaffCall(app, services, adminActivitySave, ROLES, async (request) => {
    const b = request.body;
    const startsAt = new Date(b.startsAt);
    const endsAt = new Date(b.endsAt);
    if (endsAt <= startsAt) throw new AppError('STF00042');
    const all = await catalogue.consoleActivities();
    const before = b.id === undefined ? undefined : all.find((a) => a.id === b.id);
    if (b.id !== undefined && !before) throw new AppError('STF00027', { what: 'activity', id: b.id });
    const id = (await catalogue.saveActivity({
      id: b.id,
      name: localized('name', b.name),
      subtitle: localized('subtitle', b.subtitle),
      imageId: b.imageId ?? null,
      startsAt,
      endsAt,
      sort: b.sort,
      enabled: b.enabled,
      productIds: await checkedProducts(catalogue, b.productIds),
    })) as number;
    const after = activityView((await catalogue.consoleActivities()).find((a) => a.id === id) as ActivityRow);
    await services.staff.audit(actorOf(request), {
      action: before ? 'catalogue.activity.update' : 'catalogue.activity.create',
      targetType: 'activity',
      targetId: id,
      before: before ? activityView(before) : undefined,
      after,
    });
    return after;
  });
}
