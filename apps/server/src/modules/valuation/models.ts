// The valuation's catalogue: brands, models and their six questions as the shopper picks them, and
// the console's side of it (a new model, a brand's name, a model's price rule and its version).
import type { Language, ValuationBrand, ValuationModel, ValuationQuestion } from '@shop/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import { conditionQuestions, DEMO_BRANDS, DEMO_MODELS, modelPicture, storage } from './demo.ts';
import { type ModelQuestion, QUESTION_TITLES, validRule } from './rules.ts';
import { valuationBrands, valuationModels } from './tables.ts';

export type ModelRow = typeof valuationModels.$inferSelect;

/** The phones priced: brands, models and their questions, and the console's price rules. */
export class ValuationModels {
  private readonly db: Db;

  constructor(ctx: PlatformContext) {
    this.db = ctx.db;
  }

  /** The demo brands and models (idempotent: a model the console changed is left as it is). */
  async seedDemo(): Promise<void> {
    await this.db.insert(valuationBrands).values(DEMO_BRANDS).onConflictDoNothing();
    await this.db.insert(valuationModels).values(DEMO_MODELS).onConflictDoNothing();
  }

  modelView(row: ModelRow): ValuationModel {
    return {
      id: row.id,
      brandId: row.brandId,
      name: row.name,
      picture: modelPicture(row.name, row.color),
      upToCents: row.baseCents,
    };
  }

  async brands(): Promise<ValuationBrand[]> {
    const [brands, models] = await Promise.all([
      this.db.select().from(valuationBrands).orderBy(asc(valuationBrands.sort), asc(valuationBrands.id)),
      this.db
        .select()
        .from(valuationModels)
        .where(eq(valuationModels.enabled, true))
        .orderBy(asc(valuationModels.sort), asc(valuationModels.id)),
    ]);
    return brands
      .map((b) => ({
        id: b.id,
        name: b.name,
        models: models.filter((m) => m.brandId === b.id).map((m) => this.modelView(m)),
      }))
      .filter((b) => b.models.length > 0);
  }

  async model(modelId: string): Promise<ModelRow> {
    const [row] = await this.db
      .select()
      .from(valuationModels)
      .where(and(eq(valuationModels.id, modelId), eq(valuationModels.enabled, true)));
    if (!row) throw new AppError('EVA00001');
    return row;
  }

  async params(
    modelId: string,
    language: Language,
  ): Promise<{ model: ValuationModel; questions: ValuationQuestion[] }> {
    const row = await this.model(modelId);
    return {
      model: this.modelView(row),
      questions: row.questions.map((q) => ({
        key: q.key,
        title: QUESTION_TITLES[q.key][language],
        options: q.options.map((o) => ({ code: o.code, label: o.label[language] })),
      })),
    };
  }

  /** Models with their full rule, for the console. */
  async modelsForStaff() {
    const [models, brands] = await Promise.all([
      this.db.select().from(valuationModels).orderBy(asc(valuationModels.brandId), asc(valuationModels.sort)),
      this.db.select().from(valuationBrands),
    ]);
    return models.map((m) => ({ ...m, brandName: brands.find((b) => b.id === m.brandId)?.name ?? m.brandId }));
  }

  /**
   * A new model with the usual six questions: its storage sizes, and the condition answers taking
   * off the same shares of its base as the demo models (staff change them after). A brand named
   * for the first time is made with it.
   */
  async createModel(input: {
    id: string;
    brandName: string;
    name: string;
    color: string;
    baseCents: number;
    floorCents: number;
    storageGb: number[];
    storageStepCents: number;
  }) {
    const sizes = [...new Set(input.storageGb)].sort((a, b) => a - b);
    const questions = [storage(sizes, Math.max(0, input.storageStepCents)), ...conditionQuestions(input.baseCents)];
    if (input.storageStepCents < 0 || !validRule({ ...input, questions })) throw new AppError('EVA00011');
    const brandName = input.brandName.trim();
    const brandId =
      brandName
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'brand';
    return inTransaction(this.db, async (tx) => {
      await tx.insert(valuationBrands).values({ id: brandId, name: brandName, sort: 100 }).onConflictDoNothing();
      const [row] = await tx
        .insert(valuationModels)
        .values({
          id: input.id,
          brandId,
          name: input.name.trim(),
          color: input.color,
          baseCents: input.baseCents,
          floorCents: input.floorCents,
          questions,
          sort: 100,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError('EVA00012');
      const [brand] = await tx.select().from(valuationBrands).where(eq(valuationBrands.id, brandId));
      return { ...row, brandName: brand.name };
    });
  }

  /** A brand's new name, as the model picker shows it. */
  async renameBrand(id: string, name: string): Promise<{ id: string; name: string; before: string }> {
    const trimmed = name.trim();
    if (!trimmed) throw new AppError('EVA00014');
    const [before] = await this.db.select().from(valuationBrands).where(eq(valuationBrands.id, id));
    if (!before) throw new AppError('EVA00014');
    await this.db.update(valuationBrands).set({ name: trimmed }).where(eq(valuationBrands.id, id));
    return { id, name: trimmed, before: before.name };
  }

  /** A new price rule of a model (base, floor, questions): new estimates use it, given ones keep theirs. */
  async setRule(
    modelId: string,
    rule: { baseCents: number; floorCents: number; questions: ModelQuestion[]; enabled: boolean },
  ) {
    if (!validRule(rule)) throw new AppError('EVA00011');
    const [row] = await this.db
      .update(valuationModels)
      .set({
        baseCents: rule.baseCents,
        floorCents: rule.floorCents,
        questions: rule.questions,
        enabled: rule.enabled,
        ruleVersion: sql`${valuationModels.ruleVersion} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(valuationModels.id, modelId))
      .returning();
    if (!row) throw new AppError('EVA00001');
    return row;
  }
}
