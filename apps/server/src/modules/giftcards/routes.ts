import {
  activateGiftCard,
  claimGiftCard,
  queryGiftCard,
  queryGiftCards,
  queryGiftSendPage,
  queryGiftSpending,
  querySentGifts,
  refundSentGift,
  resendGiftCard,
  sendGiftCard,
} from '@shop/contracts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';

export function giftcardRoutes({ app, services, resolveSession }: AppContext) {
  const cards = services.giftcards;
  const user = (req: { session: { subjectId: string } | null }) => req.session?.subjectId as string;

  registerCall(app, queryGiftCards, resolveSession, async (req) =>
    cards.mine(user(req), req.query.page, req.query.size),
  );
  registerCall(app, activateGiftCard, resolveSession, async (req) => cards.activate(user(req), req.body));
  registerCall(app, queryGiftCard, resolveSession, async (req) => cards.mineOne(user(req), req.query.id));
  registerCall(app, queryGiftSpending, resolveSession, async (req) =>
    cards.spending(user(req), req.query.page, req.query.size),
  );

  const sending = services.giftSending;
  registerCall(app, queryGiftSendPage, resolveSession, async () => sending.page());
  registerCall(app, sendGiftCard, resolveSession, async (req) => sending.create(user(req), req.body));
  registerCall(app, querySentGifts, resolveSession, async (req) =>
    sending.list(user(req), req.query.page, req.query.size),
  );
  registerCall(app, resendGiftCard, resolveSession, async (req) =>
    sending.resend({ buyerId: user(req) }, req.body.id, req.body),
  );
  registerCall(app, refundSentGift, resolveSession, async (req) => sending.refund({ buyerId: user(req) }, req.body.id));
  registerCall(app, claimGiftCard, resolveSession, async (req) => sending.claim(user(req), req.body.claimToken));
}
