// The estimate: computed here from the model's base price and the answers, and kept as a row, so a
// later rule change does not touch an estimate already given.
import type { Language, ValuationEstimate } from '@shop/contracts';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext } from '../../platform/module.ts';
import { modelPicture } from './demo.ts';
import type { ValuationModels } from './models.ts';
import { chosenOptions, estimate, parseAnswers, QUESTION_TITLES } from './rules.ts';
import { type EstimateAnswer, valuationEstimates } from './tables.ts';

export type EstimateRow = typeof valuationEstimates.$inferSelect;

/** Estimates: a model priced with the shopper's answers by its rule of now, kept as a row. */
export class ValuationEstimates {
  private readonly db: Db;
  private readonly models: ValuationModels;

  constructor(ctx: PlatformContext, models: ValuationModels) {
    this.db = ctx.db;
    this.models = models;
  }

  /** Prices a model with the answers by the rule of now and keeps the estimate. */
  async evaluate(userId: string | null, modelId: string, answersText: string, language: Language) {
    const model = await this.models.model(modelId);
    const answers = parseAnswers(answersText);
    const chosen = answers && chosenOptions(model.questions, answers);
    if (!chosen) throw new AppError('EVA00002');
    const kept: EstimateAnswer[] = chosen.map(({ question, option }) => ({
      key: question.key,
      code: option.code,
      title: QUESTION_TITLES[question.key],
      label: option.label,
      deductCents: option.deductCents,
    }));
    const [row] = await this.db
      .insert(valuationEstimates)
      .values({
        userId,
        modelId: model.id,
        modelName: model.name,
        color: model.color,
        baseCents: model.baseCents,
        floorCents: model.floorCents,
        priceCents: estimate(
          model,
          chosen.map((c) => c.option.deductCents),
        ),
        answers: kept,
        ruleVersion: model.ruleVersion,
      })
      .returning();
    return this.estimateView(row, language);
  }

  estimateView(row: EstimateRow, language: Language): ValuationEstimate {
    return {
      id: row.id,
      modelId: row.modelId,
      modelName: row.modelName,
      picture: modelPicture(row.modelName, row.color),
      priceCents: row.priceCents,
      upToCents: row.baseCents,
      answers: row.answers.map((a) => ({
        key: a.key as ValuationEstimate['answers'][number]['key'],
        title: a.title[language],
        label: a.label[language],
      })),
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** An estimate by id: a visitor's (no owner) to anyone with its id, a shopper's to that shopper. */
  async findEstimate(id: string, userId: string | null, db: Db = this.db): Promise<EstimateRow> {
    const [row] = await db
      .select()
      .from(valuationEstimates)
      .where(
        and(
          eq(valuationEstimates.id, id),
          userId
            ? or(isNull(valuationEstimates.userId), eq(valuationEstimates.userId, userId))
            : isNull(valuationEstimates.userId),
        ),
      );
    if (!row) throw new AppError('EVA00003');
    return row;
  }
}
