/**
 * The pod quiz's data (issue 13 "Pod quiz"; spec §2, §7 quiz data get and save; migration 0015;
 * ADR 0034): quiz definitions, the products a quiz may recommend on a site, and the last answers of
 * signed-in customers. Functions take the executor first.
 */
import type { QuizAnswers, QuizDefinition } from '@store/domain';
import type { Executor } from '../connection.ts';

/** The quiz `quizId` (`quizzes.definition_json` parsed), or null when there is none. One statement. */
export async function findQuiz(db: Executor, quizId: string): Promise<QuizDefinition | null> {
  const row = await db.selectFrom('quizzes').select('definition_json').where('quiz_id', '=', quizId).executeTakeFirst();
  return row ? (JSON.parse(row.definition_json) as QuizDefinition) : null;
}

/** A beverage the quiz may recommend, with the raw data its quiz attributes come from. */
export interface QuizCandidateRow {
  code: string;
  beverageType: string;
  roast: string | null;
  /** English value of the CAFFEINE feature ("Caffeinated", "Half-caff", ...), null without one */
  caffeine: string | null;
  /** English value of the FLAVORED feature ("Yes" / "No"), null without one */
  flavored: string | null;
  sortOrder: number;
}

/**
 * The beverages sold on `site` (a `beverage_type`, not discontinued, not a bundle), in catalogue
 * order, with their CAFFEINE and FLAVORED feature values. Whether each has a price and stock on the
 * site is read with the product cards. One statement.
 */
export async function listQuizCandidates(db: Executor, site: string): Promise<QuizCandidateRow[]> {
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('product_sites as ps', (j) => j.onRef('ps.product_code', '=', 'p.code').on('ps.base_site', '=', site))
    .leftJoin('product_features as fc', (j) => j.onRef('fc.product_code', '=', 'p.code').on('fc.feature_code', '=', 'CAFFEINE'))
    .leftJoin('product_features as ff', (j) => j.onRef('ff.product_code', '=', 'p.code').on('ff.feature_code', '=', 'FLAVORED'))
    .select(['p.code', 'p.beverage_type', 'p.roast', 'p.sort_order', 'fc.value_en as caffeine', 'ff.value_en as flavored'])
    .where('p.beverage_type', 'is not', null)
    .where('p.discontinued', '=', 0)
    .where('p.is_bundle', '=', 0)
    .orderBy('p.sort_order')
    .orderBy('p.code')
    .execute();
  return rows.map((r) => ({
    code: r.code,
    beverageType: r.beverage_type!,
    roast: r.roast,
    caffeine: r.caffeine ?? null,
    flavored: r.flavored ?? null,
    sortOrder: Number(r.sort_order),
  }));
}

/** A customer's saved answers to a quiz. */
export interface SavedQuizAnswers {
  answers: QuizAnswers;
  /** ISO-8601 UTC */
  updatedAt: string;
}

/** The last answers of `customerId` to `quizId` on `site`, or null. One statement. */
export async function findQuizAnswers(db: Executor, key: { customerId: string; site: string; quizId: string }): Promise<SavedQuizAnswers | null> {
  const row = await db
    .selectFrom('quiz_answers')
    .select(['answers_json', 'updated_at'])
    .where('customer_id', '=', key.customerId)
    .where('base_site', '=', key.site)
    .where('quiz_id', '=', key.quizId)
    .executeTakeFirst();
  return row ? { answers: JSON.parse(row.answers_json) as QuizAnswers, updatedAt: row.updated_at } : null;
}

/**
 * Saves (inserts or replaces) the answers of `customerId` to `quizId` on `site`: one upsert on the
 * primary key, so concurrent saves never fail and the last one wins. One statement.
 */
export async function saveQuizAnswers(
  db: Executor,
  row: { customerId: string; site: string; quizId: string; answers: QuizAnswers; nowIso: string },
): Promise<void> {
  const answersJson = JSON.stringify(row.answers);
  await db
    .insertInto('quiz_answers')
    .values({ customer_id: row.customerId, base_site: row.site, quiz_id: row.quizId, answers_json: answersJson, updated_at: row.nowIso })
    .onConflict((oc) => oc.columns(['customer_id', 'base_site', 'quiz_id']).doUpdateSet({ answers_json: answersJson, updated_at: row.nowIso }))
    .execute();
}
