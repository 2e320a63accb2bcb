import {
  adminGiftCardBatches,
  adminGiftCardBatchVoid,
  adminGiftCardIssue,
  adminGiftCards,
  adminGiftCardVoid,
} from '@shop/contracts';
import type { AppContext } from '../../../platform/module.ts';
import { actorOf, registerStaffCall } from '../http.ts';

/** Gift cards: batches (issue, with the numbers and codes once), their cards, voiding. Money: finance. */
export function giftcardConsoleRoutes({ app, services }: AppContext) {
  registerStaffCall(app, services, adminGiftCardBatches, ['finance'], async (request) => {
    const { page, size } = request.query;
    const { list, total } = await services.giftcards.batches(page, size);
    return { list, total, page, size };
  });

  registerStaffCall(app, services, adminGiftCardIssue, ['finance'], async (request) => {
    const actor = actorOf(request);
    const issued = await services.giftcards.issue({ ...request.body, createdBy: actor.login });
    // The audit keeps what was issued, never the numbers or codes.
    await services.staff.audit(actor, {
      action: 'giftcards.issue',
      targetType: 'giftcard-batch',
      targetId: issued.batch.id,
      after: { name: issued.batch.name, faceValueCents: issued.batch.faceValueCents, count: issued.batch.count },
    });
    return issued;
  });

  registerStaffCall(app, services, adminGiftCards, ['finance'], async (request) => {
    const { batchId, page, size } = request.query;
    const { list, total } = await services.giftcards.cards(batchId, page, size);
    return { list, total, page, size };
  });

  registerStaffCall(app, services, adminGiftCardBatchVoid, ['finance'], async (request) => {
    const after = await services.giftcards.voidBatch(request.body.id);
    await services.staff.audit(actorOf(request), {
      action: 'giftcards.void-batch',
      targetType: 'giftcard-batch',
      targetId: after.id,
      after: { counts: after.counts, reason: request.body.reason.trim() },
    });
    return after;
  });

  registerStaffCall(app, services, adminGiftCardVoid, ['finance'], async (request) => {
    const { before, after } = await services.giftcards.voidCard(request.body.id);
    await services.staff.audit(actorOf(request), {
      action: 'giftcards.void-card',
      targetType: 'giftcard',
      targetId: after.id,
      before: { state: before },
      after: { state: after.state, reason: request.body.reason.trim() },
    });
    return after;
  });
}
