/**
 * The pod quiz (issue 13 "Pod quiz"; spec §2 pod quiz section and page, §7 quiz data get and save,
 * §9 default pod-quiz id key `pod-id`; ADR 0034): pure rules, no I/O.
 *
 * A quiz is DATA ({@link QuizDefinition}, seeded in the `quizzes` table): questions with options in
 * English and French; an option either states a preference (`match`: product attribute → accepted
 * values, plus the `reason` phrase shown with a result) or is "no preference" (no `match`: it never
 * filters). {@link scoreQuiz} maps one set of answers to a ranked, capped product list with a
 * reason per product in both languages, deterministically.
 */
import type { Lang } from '../sites.ts';

/** Spec §9: the default pod-quiz id key. */
export const DEFAULT_QUIZ_ID = 'pod-id';

/** Most results a quiz answers with. */
export const QUIZ_RESULT_LIMIT = 6;

/** A text in both site languages. */
export type QuizText = Readonly<Record<Lang, string>>;

/** One option of a question. */
export interface QuizOption {
  /** stable code, `[a-z0-9-]`, unique in the question (e.g. `dark`, `any`) */
  id: string;
  label: QuizText;
  /**
   * the preference: every listed product attribute (see {@link quizAttributes}) must have one of
   * the values. Absent: "no preference", which never filters nor ranks.
   */
  match?: Readonly<Record<string, readonly string[]>>;
  /** phrase naming what matched, lower case, for the reason ("dark roast", "torréfaction foncée") */
  reason?: QuizText;
}

/** One question (one page of the quiz without JavaScript). */
export interface QuizQuestion {
  /** stable code, unique in the quiz (e.g. `roast`); the form field name */
  id: string;
  prompt: QuizText;
  /**
   * importance (positive integer): a product's score is the sum of the weights of the answers it
   * matches, and when no product matches every answer the lightest answers are relaxed first
   */
  weight: number;
  options: readonly QuizOption[];
}

/** A quiz as stored (the `quizzes` table's definition). */
export interface QuizDefinition {
  id: string;
  title: QuizText;
  intro: QuizText;
  questions: readonly QuizQuestion[];
  /** reason texts: `suffix` after the matched phrases ("like you asked"), `none` when no answer states a preference, `closest` when a product matches none of them */
  reasons: { suffix: QuizText; none: QuizText; closest: QuizText };
}

/** Answers: question id → option id. Missing questions count as "no preference". */
export type QuizAnswers = Readonly<Record<string, string>>;

/** A product the quiz may recommend: its quiz attributes, whether it is in stock, its catalogue order. */
export interface QuizProduct {
  code: string;
  attributes: Readonly<Record<string, string>>;
  inStock: boolean;
  /** catalogue sort order (lower first) */
  sortOrder: number;
}

/** One result: the product, its score, the questions it matched and the reason in both languages. */
export interface QuizMatch {
  code: string;
  score: number;
  /** ids of the matched questions, in question order */
  matched: string[];
  inStock: boolean;
  reason: QuizText;
}

/** Why a set of answers is refused: the subject (`answers` or `answers.{questionId}`) and the reason code. */
export interface QuizAnswerProblem {
  subject: string;
  reason: 'noAnswers' | 'unknownQuestion' | 'unknownOption';
}

/**
 * The quiz attributes of a product from its catalogue data (spec §7 product data): `beverageType`
 * (`coffee` | `tea` | `cocoa` | `iced` | other), `roast` (`light` | `medium` | `dark` |
 * `extra-dark`, `none` without one), `caffeine` from the CAFFEINE feature's English value
 * (`caffeinated`, `half-caff`, `decaf` for "Decaffeinated" and "Caffeine-free", else `unknown`),
 * `flavored` from the FLAVORED feature (`yes` | `no` | `unknown`).
 */
export function quizAttributes(p: { beverageType: string | null; roast: string | null; caffeine: string | null; flavored: string | null }): Record<string, string> {
  const c = (p.caffeine ?? '').trim().toLowerCase();
  const caffeine = c === 'caffeinated' ? 'caffeinated' : c === 'half-caff' ? 'half-caff' : c === 'decaffeinated' || c === 'caffeine-free' ? 'decaf' : 'unknown';
  const f = (p.flavored ?? '').trim().toLowerCase();
  return {
    beverageType: p.beverageType ?? 'none',
    roast: p.roast ?? 'none',
    caffeine,
    flavored: f === 'yes' ? 'yes' : f === 'no' ? 'no' : 'unknown',
  };
}

/**
 * Checks answers against the quiz: at least one answer (`answers` `noAnswers`), every key a question
 * (`answers.{key}` `unknownQuestion`), every value one of its options (`answers.{key}`
 * `unknownOption`). Null when fine. The first problem in key order is answered.
 */
export function quizAnswerProblem(quiz: QuizDefinition, answers: QuizAnswers): QuizAnswerProblem | null {
  const keys = Object.keys(answers).sort();
  if (keys.length === 0) return { subject: 'answers', reason: 'noAnswers' };
  for (const key of keys) {
    const q = quiz.questions.find((x) => x.id === key);
    if (!q) return { subject: `answers.${key}`, reason: 'unknownQuestion' };
    if (!q.options.some((o) => o.id === answers[key])) return { subject: `answers.${key}`, reason: 'unknownOption' };
  }
  return null;
}

interface Criterion {
  question: QuizQuestion;
  index: number;
  option: QuizOption & { match: Readonly<Record<string, readonly string[]>> };
}

function matches(c: Criterion, p: QuizProduct): boolean {
  return Object.entries(c.option.match).every(([attr, values]) => values.includes(p.attributes[attr] ?? ''));
}

function capitalize(s: string): string {
  return s.length ? s[0]!.toLocaleUpperCase() + s.slice(1) : s;
}

/** The reason of a result in one language: "Dark roast, caffeinated, like you asked". */
function reasonIn(lang: Lang, quiz: QuizDefinition, matched: readonly Criterion[], anyPreference: boolean): string {
  if (!anyPreference) return quiz.reasons.none[lang];
  if (matched.length === 0) return quiz.reasons.closest[lang];
  const phrases = matched.map((c) => (c.option.reason ?? c.option.label)[lang]);
  return `${capitalize(phrases.join(', '))}, ${quiz.reasons.suffix[lang]}`;
}

/**
 * Ranks `products` for `answers` (spec §2 pod quiz results; ADR 0034). Answers are assumed valid
 * ({@link quizAnswerProblem}); unknown keys and "no preference" options are ignored.
 *
 * 1. The preferences (answers whose option has a `match`) filter the products; while none is left,
 *    the lightest preference is relaxed (lowest weight, then the later question) — so every set of
 *    answers gives at least one result whenever `products` is not empty.
 * 2. The survivors are ordered by score (sum of the weights of ALL preferences they match) desc,
 *    in stock first, `sortOrder` asc, code asc, and cut to `limit` (default {@link QUIZ_RESULT_LIMIT}).
 *
 * Each result carries the reason in English and French, naming the matched preferences in question
 * order. Pure and deterministic: the same input gives the same output, whatever the input order.
 */
export function scoreQuiz(
  quiz: QuizDefinition,
  answers: QuizAnswers,
  products: readonly QuizProduct[],
  opts: { limit?: number } = {},
): QuizMatch[] {
  const limit = opts.limit ?? QUIZ_RESULT_LIMIT;
  const criteria: Criterion[] = [];
  quiz.questions.forEach((question, index) => {
    const option = question.options.find((o) => o.id === answers[question.id]);
    if (option?.match && Object.keys(option.match).length > 0) criteria.push({ question, index, option: option as Criterion['option'] });
  });
  // heaviest first; ties: earlier question first — relaxation drops from the end
  const active = [...criteria].sort((a, b) => b.question.weight - a.question.weight || a.index - b.index);
  let pool: QuizProduct[] = [];
  for (let keep = active.length; keep >= 0; keep--) {
    const kept = active.slice(0, keep);
    pool = products.filter((p) => kept.every((c) => matches(c, p)));
    if (pool.length > 0) break;
  }
  const scored = pool.map((p) => {
    const matched = criteria.filter((c) => matches(c, p));
    return {
      code: p.code,
      score: matched.reduce((s, c) => s + c.question.weight, 0),
      matched: matched.map((c) => c.question.id),
      inStock: p.inStock,
      sortOrder: p.sortOrder,
      reason: { en: reasonIn('en', quiz, matched, criteria.length > 0), fr: reasonIn('fr', quiz, matched, criteria.length > 0) },
    };
  });
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      Number(b.inStock) - Number(a.inStock) ||
      a.sortOrder - b.sortOrder ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
  return scored.slice(0, Math.max(0, limit)).map(({ sortOrder: _s, ...m }) => m);
}
