// Phone valuation (spec §1, §7 v1/eva/*): ValuationService, the module's one service, a facade over
// its parts: the models and their questions (models.ts), the estimate computed from the base price
// and the answers and kept as a row (estimates.ts), the inspection visits in slots of store hours
// with their reminder and the staff's calendar (visits.ts), and the visit's outcome paid into the
// wallet's cash (outcomes.ts).
import type { Language } from '@shop/contracts';
import type { PlatformContext, Services } from '../../platform/module.ts';
import { ValuationEstimates } from './estimates.ts';
import { type ModelRow, ValuationModels } from './models.ts';
import { ValuationOutcomes } from './outcomes.ts';
import type { ModelQuestion, VisitHours } from './rules.ts';
import { type BookingInput, ValuationVisits } from './visits.ts';

export type { AppointmentRow, BookingInput } from './visits.ts';

type Needed = Pick<Services, 'system' | 'orders' | 'addresses' | 'wallet' | 'notices' | 'notifications'>;

export class ValuationService {
  private readonly models: ValuationModels;
  private readonly estimates: ValuationEstimates;
  private readonly visits: ValuationVisits;
  private readonly outcomes: ValuationOutcomes;

  constructor(ctx: PlatformContext, needed: Needed) {
    this.models = new ValuationModels(ctx);
    this.estimates = new ValuationEstimates(ctx, this.models);
    this.visits = new ValuationVisits(ctx, needed, this.estimates);
    this.outcomes = new ValuationOutcomes(ctx, needed, this.visits);
  }

  // Models (models.ts) ---------------------------------------------------------------------

  seedDemo() {
    return this.models.seedDemo();
  }

  brands() {
    return this.models.brands();
  }

  params(modelId: string, language: Language) {
    return this.models.params(modelId, language);
  }

  modelsForStaff() {
    return this.models.modelsForStaff();
  }

  createModel(input: Parameters<ValuationModels['createModel']>[0]) {
    return this.models.createModel(input);
  }

  renameBrand(id: string, name: string) {
    return this.models.renameBrand(id, name);
  }

  setRule(
    modelId: string,
    rule: { baseCents: number; floorCents: number; questions: ModelQuestion[]; enabled: boolean },
  ): Promise<ModelRow> {
    return this.models.setRule(modelId, rule);
  }

  // Estimates (estimates.ts) ---------------------------------------------------------------

  evaluate(userId: string | null, modelId: string, answersText: string, language: Language) {
    return this.estimates.evaluate(userId, modelId, answersText, language);
  }

  // Visits (visits.ts) ---------------------------------------------------------------------

  estimateWithVisit(id: string, userId: string | null, language: Language) {
    return this.visits.estimateWithVisit(id, userId, language);
  }

  hours() {
    return this.visits.hours();
  }

  setHours(hours: VisitHours) {
    return this.visits.setHours(hours);
  }

  slots(date: string, language: Language, now = new Date()) {
    return this.visits.slots(date, language, now);
  }

  reserve(userId: string, input: BookingInput & { estimateId: string }, language: Language, now = new Date()) {
    return this.visits.reserve(userId, input, language, now);
  }

  cancel(userId: string, id: string, language: Language) {
    return this.visits.cancel(userId, id, language);
  }

  reschedule(userId: string, input: BookingInput & { id: string }, language: Language, now = new Date()) {
    return this.visits.reschedule(userId, input, language, now);
  }

  list(userId: string, language: Language) {
    return this.visits.list(userId, language);
  }

  remind(id: string, startsAt: string) {
    return this.visits.remind(id, startsAt);
  }

  calendar(from: Date, days: number, language: Language) {
    return this.visits.calendar(from, days, language);
  }

  // Outcomes (outcomes.ts) -----------------------------------------------------------------

  settle(...args: Parameters<ValuationOutcomes['settle']>) {
    return this.outcomes.settle(...args);
  }
}
