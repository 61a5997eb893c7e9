/**
 * Migration 0015: the pod quiz (issue 13 "Pod quiz"; spec §2 pod quiz page, §7 quiz data get and
 * save, §9 default pod-quiz id key `pod-id`; ADR 0034).
 *
 * - `quizzes`: one row per quiz, `quiz_id` (e.g. `pod-id`) → `definition_json`, the questions and
 *   options in English and French with the product attributes each option asks for
 *   (`QuizDefinition` of `@store/domain`). The demo quiz is inserted here, so a store seeded
 *   before this migration has it too; `seedDatabase` replaces it idempotently.
 * - `quiz_answers`: a signed-in customer's last answers to a quiz on a site, (`customer_id`,
 *   `base_site`, `quiz_id`) → `answers_json` (question id → option id), `updated_at` (ISO-8601
 *   UTC). One row per customer, site and quiz: saving again replaces it (an upsert on the primary
 *   key, safe under concurrent saves on both dialects).
 */
import type { Kysely } from 'kysely';
import { quizRows } from '../seed/quiz.ts';

export type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('quizzes')
    .addColumn('quiz_id', 'text', (c) => c.primaryKey())
    .addColumn('definition_json', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('quiz_answers')
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('base_site', 'text', (c) => c.notNull())
    .addColumn('quiz_id', 'text', (c) => c.notNull())
    .addColumn('answers_json', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('quiz_answers_pk', ['customer_id', 'base_site', 'quiz_id'])
    .execute();
  await (db as Kysely<{ quizzes: { quiz_id: string; definition_json: string } }>).insertInto('quizzes').values(quizRows()).execute();
}
