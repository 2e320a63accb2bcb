import {
  cancelValuationReservation,
  evaluateValuation,
  queryValuationEstimate,
  queryValuationModels,
  queryValuationParams,
  queryValuationReservations,
  queryValuationSlots,
  rescheduleValuationReservation,
  reserveValuation,
} from '@shop/contracts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';

export function valuationRoutes({ app, services, resolveSession }: AppContext) {
  const valuation = services.valuation;
  const user = (req: { session: { subjectId: string } | null }) => req.session?.subjectId as string;
  const maybeUser = (req: { session: { subjectId: string } | null }) => req.session?.subjectId ?? null;

  registerCall(app, queryValuationModels, resolveSession, async () => valuation.brands());
  registerCall(app, queryValuationParams, resolveSession, async (req) =>
    valuation.params(req.query.modelId, req.language),
  );
  registerCall(app, evaluateValuation, resolveSession, async (req) =>
    valuation.evaluate(maybeUser(req), req.query.modelId, req.query.answers, req.language),
  );
  registerCall(app, queryValuationEstimate, resolveSession, async (req) =>
    valuation.estimateWithVisit(req.query.id, maybeUser(req), req.language),
  );
  registerCall(app, queryValuationSlots, resolveSession, async (req) => valuation.slots(req.query.date, req.language));
  registerCall(app, reserveValuation, resolveSession, async (req) =>
    valuation.reserve(user(req), req.body, req.language),
  );
  registerCall(app, queryValuationReservations, resolveSession, async (req) => valuation.list(user(req), req.language));
  registerCall(app, cancelValuationReservation, resolveSession, async (req) =>
    valuation.cancel(user(req), req.body.id, req.language),
  );
  registerCall(app, rescheduleValuationReservation, resolveSession, async (req) =>
    valuation.reschedule(user(req), req.body, req.language),
  );
}
