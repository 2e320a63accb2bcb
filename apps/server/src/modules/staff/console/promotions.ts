import {
  adminCampaignPageSave,
  adminCampaignPages,
  adminCouponBatchActive,
  adminCouponBatchCreate,
  adminCouponBatches,
  adminCouponIssue,
  adminNoticeSend,
  CAMPAIGN_PAGES,
  type ConsoleBatch,
  type ConsoleCampaignPage,
} from '@shop/contracts';
import { AppError } from '../../../platform/errors.ts';
import type { AppContext, Services } from '../../../platform/module.ts';
import { parseMobile } from '../../accounts/public.ts';
import { promotionEvent } from '../../notifications/public.ts';
import { actorOf, registerStaffCall } from '../http.ts';
import { localized } from './catalogue.ts';

type BatchRow = Awaited<ReturnType<Services['coupons']['consoleBatches']>>[number];

function batchView(b: BatchRow): ConsoleBatch {
  return {
    id: b.id,
    title: b.title as ConsoleBatch['title'],
    minSpendCents: b.minSpendCents,
    discountCents: b.discountCents,
    validDays: b.validDays,
    code: b.code,
    campaign: b.campaign,
    totalLimit: b.totalLimit,
    perUserLimit: b.perUserLimit,
    issuedCount: b.issuedCount,
    active: b.active,
    createdAt: b.createdAt.toISOString(),
  };
}

/** The shopper of a phone as staff type it; STF00027 when there is none. */
export async function userIdByPhone(services: Services, phone: string): Promise<{ id: string; e164: string }> {
  const { e164 } = parseMobile(phone.trim(), phone.trim().startsWith('+86') ? '+86' : '+855');
  const user = await services.accounts.findByPhone(e164);
  if (!user) throw new AppError('STF00027', { what: 'user', id: e164 });
  return { id: user.id, e164 };
}

type PageRow = Awaited<ReturnType<Services['coupons']['consoleCampaignPages']>>[number];
const pageView = (p: PageRow): ConsoleCampaignPage => ({
  campaign: p.campaign,
  title: p.title,
  body: p.body,
  imageUrl: p.imageUrl,
  batchIds: p.batchIds,
  updatedAt: p.updatedAt.toISOString(),
});

/** Coupons and promo codes (finance) and notices (support). */
export function promotionConsoleRoutes({ app, services }: AppContext) {
  const coupons = services.coupons;
  const find = async (id: number) => (await coupons.consoleBatches()).find((b) => b.id === id);

  registerStaffCall(app, services, adminCouponBatches, ['finance'], async () =>
    (await coupons.consoleBatches()).map(batchView),
  );

  registerStaffCall(app, services, adminCampaignPages, ['finance'], async () =>
    (await coupons.consoleCampaignPages()).map(pageView),
  );

  registerStaffCall(app, services, adminCampaignPageSave, ['finance'], async (request) => {
    const b = request.body;
    if (!Object.hasOwn(CAMPAIGN_PAGES, b.campaign))
      throw new AppError('STF00025', { what: 'campaign', value: b.campaign });
    const imageUrl = b.imageUrl?.trim() || null;
    if (imageUrl && !/^\/v1\/catalogue\/image\/\d+$/.test(imageUrl)) throw new AppError('STF00043');
    const batchIds = [...new Set(b.batchIds)];
    const known = new Set((await coupons.consoleBatches()).map((x) => x.id));
    const unknown = batchIds.find((id) => !known.has(id));
    if (unknown !== undefined) throw new AppError('STF00027', { what: 'coupon batch', id: unknown });
    const before = (await coupons.consoleCampaignPages()).find((p) => p.campaign === b.campaign);
    const actor = actorOf(request);
    await coupons.saveCampaignPage(
      {
        campaign: b.campaign,
        title: localized('title', b.title),
        body: localized('body', b.body),
        imageUrl,
        batchIds,
      },
      actor.staffId,
    );
    const after = pageView((await coupons.consoleCampaignPages()).find((p) => p.campaign === b.campaign) as PageRow);
    await services.staff.audit(actor, {
      action: 'finance.campaign.save',
      targetType: 'campaign',
      targetId: b.campaign,
      before: before ? pageView(before) : undefined,
      after,
    });
    return after;
  });

  registerStaffCall(app, services, adminCouponBatchCreate, ['finance'], async (request, _reply, staff) => {
    const b = request.body;
    const title = localized('title', b.title);
    if (!Number.isInteger(b.discountCents) || b.discountCents <= 0 || b.minSpendCents <= b.discountCents) {
      throw new AppError('STF00033');
    }
    const totalLimit = b.totalLimit ?? null;
    if (
      b.validDays < 1 ||
      b.validDays > 365 ||
      b.perUserLimit < 1 ||
      b.perUserLimit > 100 ||
      (totalLimit !== null && totalLimit < 1)
    ) {
      throw new AppError('STF00034');
    }
    const code = b.code?.trim() ? b.code.trim().toUpperCase() : null;
    if (code !== null) {
      if (!/^[A-Z0-9]{4,20}$/.test(code)) throw new AppError('STF00032');
      if (await coupons.batchByCode(code)) throw new AppError('STF00031', { code });
    }
    const row = await coupons.createBatch({
      title,
      minSpendCents: b.minSpendCents,
      discountCents: b.discountCents,
      validDays: b.validDays,
      code,
      totalLimit,
      perUserLimit: b.perUserLimit,
      staffId: staff.id,
    });
    const view = batchView(row);
    await services.staff.audit(actorOf(request), {
      action: 'finance.coupon.create',
      targetType: 'coupon-batch',
      targetId: row.id,
      after: view,
    });
    return view;
  });

  registerStaffCall(app, services, adminCouponBatchActive, ['finance'], async (request) => {
    const before = await find(request.body.id);
    if (!before) throw new AppError('STF00027', { what: 'coupon batch', id: request.body.id });
    await coupons.setBatchActive(before.id, request.body.active);
    const after = (await find(before.id)) as BatchRow;
    await services.staff.audit(actorOf(request), {
      action: request.body.active ? 'finance.coupon.start' : 'finance.coupon.stop',
      targetType: 'coupon-batch',
      targetId: before.id,
      before: { active: before.active },
      after: { active: after.active },
    });
    return batchView(after);
  });

  registerStaffCall(app, services, adminCouponIssue, ['finance'], async (request, _reply, staff) => {
    const phones = [...new Set(request.body.phones.map((p) => p.trim()).filter(Boolean))];
    if (phones.length === 0) throw new AppError('STF00036');
    const batch = await find(request.body.batchId);
    if (!batch) throw new AppError('STF00027', { what: 'coupon batch', id: request.body.batchId });
    // Every phone is checked before anyone gets a coupon.
    const users = [];
    for (const phone of phones) users.push(await userIdByPhone(services, phone));
    const given = await coupons.issue(
      batch.id,
      users.map((u) => u.id),
      staff.id,
    );
    await services.staff.audit(actorOf(request), {
      action: 'finance.coupon.issue',
      targetType: 'coupon-batch',
      targetId: batch.id,
      before: { issuedCount: batch.issuedCount },
      after: { issuedCount: batch.issuedCount + given.length, to: users.map((u) => u.e164) },
    });
    return { issued: given.length };
  });

  registerStaffCall(app, services, adminNoticeSend, ['support'], async (request, _reply, staff) => {
    const title = localized('title', request.body.title);
    const body = localized('body', request.body.body);
    const link = request.body.link?.trim() || null;
    if (link && !/^\/[^\s]*$/.test(link)) throw new AppError('STF00035');
    const input = { kind: 'staff', title, body, link };
    let row: { id: number };
    let to = 'everyone';
    if (request.body.phone?.trim() && request.body.promotion) {
      // A promotion goes through the notification service: only where the shopper agreed to it.
      const user = await userIdByPhone(services, request.body.phone);
      const subject = `staff:${staff.id}:${Date.now()}`;
      await services.notifications.emit(promotionEvent(user.id, subject, { title, body, link: link ?? '/home' }));
      row = { id: 0 };
      to = user.e164;
    } else if (request.body.phone?.trim()) {
      const user = await userIdByPhone(services, request.body.phone);
      row = await services.notices.notify(user.id, input);
      to = user.e164;
    } else {
      row = await services.notices.broadcast({ ...input, staffId: staff.id });
    }
    await services.staff.audit(actorOf(request), {
      action: 'support.notice.send',
      targetType: 'notice',
      targetId: row.id,
      after: { to, ...input },
    });
    return { id: row.id, to };
  });
}
