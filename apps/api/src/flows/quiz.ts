/**
 * The pod quiz (issue 13 "Pod quiz"; spec §2 pod quiz page, §7 quiz data get and save, §9 default
 * pod-quiz id key `pod-id`; ADR 0034).
 *
 * The quiz is data (`quizzes` table); {@link quizView} shows it in one language;
 * {@link quizResults} checks the answers against it (`quizAnswerProblem`), ranks the site's
 * beverages with the domain scorer (`scoreQuiz`: preferences filter, the lightest relaxed first,
 * then score, in stock first, catalogue order) and answers product cards — only products priced on
 * the site, so every result can be added to the cart — with the reason in the request language.
 * {@link getQuizData} / {@link saveQuizData} read and upsert a signed-in customer's last answers.
 */
import type { Quiz, QuizData, QuizResults } from '@store/contracts';
import { findQuiz, findQuizAnswers, getProductCards, listQuizCandidates, saveQuizAnswers, type Executor } from '@store/db';
import type { BaseSiteId, Lang, QuizAnswers, QuizDefinition, QuizProduct } from '@store/domain';
import { notFound, quizAnswerProblem, quizAttributes, scoreQuiz, ValidationErrors } from '@store/domain';
import { presentCard } from '../catalog/present.ts';
import { loadAutoDeliverySettings } from './auto-delivery-buy.ts';
import type { CommerceContext } from './context.ts';

/**
 * The quiz `quizId`.
 * @throws DomainError NotFound (404) `QuizError` `quizNotFound`, subject `quizId`.
 */
export async function requireQuiz(db: Executor, quizId: string): Promise<QuizDefinition> {
  const quiz = await findQuiz(db, quizId);
  if (!quiz) throw notFound('QuizError', 'quizNotFound', `No quiz ${quizId}`, 'quizId');
  return quiz;
}

/** The quiz in one language (GET /quiz/{quizId}). */
export function quizView(quiz: QuizDefinition, lang: Lang): Quiz {
  return {
    id: quiz.id,
    title: quiz.title[lang],
    intro: quiz.intro[lang],
    questions: quiz.questions.map((q) => ({
      id: q.id,
      prompt: q.prompt[lang],
      options: q.options.map((o) => ({ id: o.id, label: o.label[lang], noPreference: !o.match || Object.keys(o.match).length === 0 })),
    })),
  };
}

const PROBLEM_MESSAGES = {
  noAnswers: 'Answer at least one question',
  unknownQuestion: 'No such question in this quiz',
  unknownOption: 'No such option for this question',
} as const;

/**
 * Checks answers against the quiz.
 * @throws ValidationErrors (400) `ValidationError` naming `answers` (`noAnswers`) or `answers.{q}` (`unknownQuestion`, `unknownOption`).
 */
export function checkQuizAnswers(quiz: QuizDefinition, answers: QuizAnswers): void {
  const problem = quizAnswerProblem(quiz, answers);
  if (problem) throw new ValidationErrors([{ subject: problem.subject, reason: problem.reason, message: PROBLEM_MESSAGES[problem.reason] }]);
}

/**
 * Ranked products for `answers` on `site` (POST /quiz/{quizId}/results), cards in `lang`. Four
 * statements (quiz, candidates, cards: products and variants) plus the site's auto-delivery
 * settings.
 * @throws NotFound (404) unknown quiz; ValidationErrors (400) see {@link checkQuizAnswers}.
 */
export async function quizResults(ctx: CommerceContext, site: BaseSiteId, quizId: string, answers: QuizAnswers, lang: Lang): Promise<QuizResults> {
  const db = ctx.dbh.db;
  const quiz = await requireQuiz(db, quizId);
  checkQuizAnswers(quiz, answers);
  const candidates = await listQuizCandidates(db, site);
  const cards = await getProductCards(db, { site, lang, codes: candidates.map((c) => c.code) });
  const present = { site, lang, ad: await loadAutoDeliverySettings(db, site) };
  const cardByCode = new Map(cards.map((c) => [c.code, presentCard(present, c)]));
  const products: QuizProduct[] = candidates
    .filter((c) => cardByCode.has(c.code))
    .map((c) => ({
      code: c.code,
      attributes: quizAttributes(c),
      inStock: cardByCode.get(c.code)!.stock.stockLevelStatus !== 'outOfStock',
      sortOrder: c.sortOrder,
    }));
  const matches = scoreQuiz(quiz, answers, products);
  return {
    quizId: quiz.id,
    answers: { ...answers },
    results: matches.map((m) => ({ product: cardByCode.get(m.code)!, reason: m.reason[lang], matched: m.matched })),
  };
}

/** A customer's saved answers to `quizId` on `site` (quiz data get); empty when none. @throws NotFound (404) unknown quiz. */
export async function getQuizData(ctx: CommerceContext, site: BaseSiteId, customerId: string, quizId: string): Promise<QuizData> {
  const db = ctx.dbh.db;
  const quiz = await requireQuiz(db, quizId);
  const saved = await findQuizAnswers(db, { customerId, site, quizId: quiz.id });
  // answers of options since removed from the quiz are dropped, so the storefront can prefill them safely
  const answers = Object.fromEntries(Object.entries(saved?.answers ?? {}).filter(([q, o]) => quiz.questions.some((x) => x.id === q && x.options.some((y) => y.id === o))));
  return { quizId: quiz.id, answers, savedAt: saved?.updatedAt ?? null };
}

/**
 * Saves a customer's answers to `quizId` on `site` (quiz data save), replacing earlier ones.
 * @throws NotFound (404) unknown quiz; ValidationErrors (400) see {@link checkQuizAnswers}.
 */
export async function saveQuizData(ctx: CommerceContext, site: BaseSiteId, customerId: string, quizId: string, answers: QuizAnswers): Promise<QuizData> {
  const db = ctx.dbh.db;
  const quiz = await requireQuiz(db, quizId);
  checkQuizAnswers(quiz, answers);
  const nowIso = ctx.now().toISOString();
  await saveQuizAnswers(db, { customerId, site, quizId: quiz.id, answers, nowIso });
  return { quizId: quiz.id, answers: { ...answers }, savedAt: nowIso };
}
