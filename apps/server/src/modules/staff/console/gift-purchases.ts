import {
  adminGiftPurchaseCancel,
  adminGiftPurchaseResend,
  adminGiftPurchases,
  adminGiftSendSettings,
  adminGiftSendSettingsSave,
  type SentGift,
} from '@shop/contracts';
import type { AppContext } from '../../../platform/module.ts';
import { actorOf, registerStaffCall } from '../http.ts';
import { contactsOf, phoneText } from './shoppers.ts';

/**
 * Gift cards bought and sent by shoppers (issue 46 point 5): the purchases with buyer and recipient,
 * resend, cancel (the money back the way it came, if unclaimed) and the amounts shoppers may send.
 * Money: finance, as the console's other money actions; every change audited.
 */
export function giftPurchaseConsoleRoutes({ app, services }: AppContext) {
  const sending = services.giftSending;
  const withBuyer = async (gift: SentGift) => {
    const row = await sending.get(gift.id);
    const buyer = await contactsOf(services, [row?.buyerId]);
    return {
      ...gift,
      buyer: buyer(row?.buyerId),
      recipientPhoneText: phoneText(gift.recipientPhone),
      payChannel: row?.payChannel ?? null,
    };
  };

  registerStaffCall(app, services, adminGiftPurchases, ['finance'], async (request) => {
    const { page, size, state } = request.query;
    const { list, total } = await sending.consoleList(page, size, state);
    const buyer = await contactsOf(
      services,
      list.map((g) => g.buyerId),
    );
    return {
      list: list.map(({ buyerId, ...g }) => ({
        ...g,
        buyer: buyer(buyerId),
        recipientPhoneText: phoneText(g.recipientPhone),
      })),
      total,
      page,
      size,
    };
  });

  registerStaffCall(app, services, adminGiftPurchaseResend, ['finance'], async (request) => {
    const actor = actorOf(request);
    const before = await sending.get(request.body.id);
    const after = await sending.resend({ staffId: actor.staffId }, request.body.id, request.body);
    await services.staff.audit(actor, {
      action: 'giftcards.resend',
      targetType: 'gift-purchase',
      targetId: after.id,
      before: { phone: before?.recipientPhone ?? null, sends: before?.sends ?? 0 },
      after: { phone: after.recipientPhone, sends: after.sends },
    });
    return withBuyer(after);
  });

  registerStaffCall(app, services, adminGiftPurchaseCancel, ['finance'], async (request) => {
    const actor = actorOf(request);
    const after = await sending.refund({ staffId: actor.staffId }, request.body.id);
    await services.staff.audit(actor, {
      action: 'giftcards.cancel-purchase',
      targetType: 'gift-purchase',
      targetId: after.id,
      after: { state: after.state, amountCents: after.amountCents, reason: request.body.reason.trim() },
    });
    return withBuyer(after);
  });

  registerStaffCall(app, services, adminGiftSendSettings, ['finance'], async () => {
    const { minCents, maxCents, amountsCents } = await sending.settings();
    return { minCents, maxCents, amountsCents };
  });

  registerStaffCall(app, services, adminGiftSendSettingsSave, ['finance'], async (request) => {
    const actor = actorOf(request);
    const before = await sending.settings();
    const { minCents, maxCents, amountsCents } = await sending.setSettings(request.body, actor.staffId);
    await services.staff.audit(actor, {
      action: 'giftcards.send-settings',
      targetType: 'gift-send-settings',
      targetId: '1',
      before: { minCents: before.minCents, maxCents: before.maxCents, amountsCents: before.amountsCents },
      after: { minCents, maxCents, amountsCents },
    });
    return { minCents, maxCents, amountsCents };
  });
}
