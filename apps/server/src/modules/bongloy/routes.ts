import {
  activateBongloyCard,
  createCardTopup,
  queryBongloyApplication,
  queryBongloyCards,
  queryBongloyPage,
  queryCardTopup,
  queryCardTopups,
  saveBongloyStep1,
  saveBongloyStep2,
  saveBongloyStep3,
  saveBongloyStep4,
} from '@shop/contracts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';

export function bongloyRoutes({ app, services, resolveSession }: AppContext) {
  const cards = services.bongloy;
  const user = (req: { session: { subjectId: string } | null }) => req.session?.subjectId as string;

  registerCall(app, queryBongloyPage, resolveSession, async (req) => cards.page(user(req)));
  registerCall(app, queryBongloyApplication, resolveSession, async (req) =>
    cards.view(await cards.own(user(req), req.query.id)),
  );
  registerCall(app, saveBongloyStep1, resolveSession, async (req) => cards.step1(user(req), req.body));
  registerCall(app, saveBongloyStep2, resolveSession, async (req) => cards.step2(user(req), req.body));
  registerCall(app, saveBongloyStep3, resolveSession, async (req) => cards.step3(user(req), req.body));
  registerCall(app, saveBongloyStep4, resolveSession, async (req) => cards.step4(user(req), req.body));

  registerCall(app, queryBongloyCards, resolveSession, async (req) => cards.cards.list(user(req)));
  registerCall(app, activateBongloyCard, resolveSession, async (req) =>
    cards.cards.activate(user(req), req.body.cardId, req.body.last4, req.ip),
  );
  registerCall(app, createCardTopup, resolveSession, async (req) => cards.cards.createTopup(user(req), req.body));
  registerCall(app, queryCardTopup, resolveSession, async (req) =>
    cards.cards.topupView(await cards.cards.ownTopup(user(req), req.query.id)),
  );
  registerCall(app, queryCardTopups, resolveSession, async (req) =>
    cards.cards.topups(user(req), req.query.page, req.query.size),
  );
}
