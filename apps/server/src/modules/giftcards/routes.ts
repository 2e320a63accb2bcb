import { activateGiftCard, queryGiftCard, queryGiftCards, queryGiftSpending } from '@shop/contracts';
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
}
