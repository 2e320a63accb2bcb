import {
  adminGiftCardBatches,
  adminGiftCardBatchVoid,
  adminGiftCardIssue,
  adminGiftCards,
  adminGiftCardVoid,
  type ConsoleGiftCard,
  type ConsoleGiftCardBatch,
  type ConsoleGiftCardBatchRow,
  type ConsoleGiftCardState,
} from '@shop/contracts';
import type { AppContext } from '../../../platform/module.ts';
import { actorOf, registerStaffCall } from '../http.ts';
import { contactsOf } from './shoppers.ts';

/**
 * A card's state as staff see it: a card never activated is expired once its expiry has passed (it
 * can no longer be activated), whatever its stored state still says.
 */
export function shownState(card: Pick<ConsoleGiftCard, 'state' | 'expiresAt'>, now = Date.now()): ConsoleGiftCardState {
  return card.state === 'new' && Date.parse(card.expiresAt) <= now ? 'expired' : card.state;
}

/** A batch's counts as staff see them: past its expiry, its new cards are expired. */
export function batchRow(batch: ConsoleGiftCardBatch, now = Date.now()): ConsoleGiftCardBatchRow {
  const expired = Date.parse(batch.expiresAt) <= now;
  return {
    ...batch,
    counts: { ...batch.counts, new: expired ? 0 : batch.counts.new, expired: expired ? batch.counts.new : 0 },
  };
}

/** Gift cards: batches (issue, with the numbers and codes once), their cards, voiding. Money: finance. */
export function giftcardConsoleRoutes({ app, services }: AppContext) {
  registerStaffCall(app, services, adminGiftCardBatches, ['finance'], async (request) => {
    const { page, size } = request.query;
    const { list, total } = await services.giftcards.batches(page, size);
    return { list: list.map((b) => batchRow(b)), total, page, size };
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
    const shopper = await contactsOf(
      services,
      list.map((c) => c.userId),
    );
    return { list: list.map((c) => ({ ...c, state: shownState(c), shopper: shopper(c.userId) })), total, page, size };
  });

  registerStaffCall(app, services, adminGiftCardBatchVoid, ['finance'], async (request) => {
    const after = await services.giftcards.voidBatch(request.body.id);
    await services.staff.audit(actorOf(request), {
      action: 'giftcards.void-batch',
      targetType: 'giftcard-batch',
      targetId: after.id,
      after: { counts: after.counts, reason: request.body.reason.trim() },
    });
    return batchRow(after);
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
