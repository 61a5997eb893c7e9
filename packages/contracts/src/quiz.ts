/**
 * The pod quiz (issue 13 "Pod quiz"; spec §2 pod quiz page, §7 quiz data get and save, §9 default
 * pod-quiz id key `pod-id`; ADR 0034): request and answer schemas and the typed calls.
 *
 * - `GET /{site}/quiz/{quizId}?lang=` (`getQuiz`) → {@link Quiz}: the questions and options in one
 *   language. 404 `QuizError` `quizNotFound` for an unknown quiz.
 * - `POST /{site}/quiz/{quizId}/results` (`getQuizResults`) {answers, lang?} → {@link QuizResults}:
 *   product cards sellable on the site (in stock first at equal score) with the reason of each.
 *   400 `ValidationError`: `answers` `noAnswers` (empty), `answers.{q}` `unknownQuestion` /
 *   `unknownOption`, `tooLong` / `invalidCharacters` (NUL bytes, 3 KB values); 404 unknown quiz.
 * - `GET /{site}/users/current/quiz/{quizId}` (quiz data get) → {@link QuizData} (`answers` empty and
 *   `savedAt` null when nothing was saved); `PUT` the same path (quiz data save) {answers} →
 *   {@link QuizData}. Customers only: `users/anonymous` 403 `customerRequired`, no token 401.
 */
import { z } from 'zod';
import { LangSchema, ProductCardSchema, type Lang } from './catalog.ts';
import type { ApiCore } from './client.ts';
import { codeInput } from './input.ts';

/** Longest quiz, question or option id accepted. */
export const QUIZ_CODE_MAX = 40;
/** Most answers in one request. */
export const QUIZ_ANSWERS_MAX = 20;

/** A quiz, question or option id. */
export const quizCode = () => codeInput(QUIZ_CODE_MAX);

/** Answers: question id → option id (missing questions count as "no preference"). */
export const QuizAnswersSchema = z
  .record(quizCode(), quizCode())
  .refine((a) => Object.keys(a).length <= QUIZ_ANSWERS_MAX, { params: { reason: 'tooMany' }, message: `at most ${QUIZ_ANSWERS_MAX} answers` })
  .refine((a) => Object.keys(a).length > 0, { params: { reason: 'noAnswers' }, message: 'Answer at least one question' });
export type QuizAnswersInput = z.infer<typeof QuizAnswersSchema>;

/** Body of `getQuizResults`. */
export const QuizResultsRequestSchema = z.object({ answers: QuizAnswersSchema, lang: LangSchema.optional() });
export type QuizResultsRequest = z.input<typeof QuizResultsRequestSchema>;

/** Body of quiz data save. */
export const SaveQuizDataRequestSchema = z.object({ answers: QuizAnswersSchema });
export type SaveQuizDataRequest = z.input<typeof SaveQuizDataRequestSchema>;

/** One option in the request language; `noPreference` options never filter. */
export const QuizOptionViewSchema = z.object({ id: z.string(), label: z.string(), noPreference: z.boolean() });

/** One question in the request language. */
export const QuizQuestionViewSchema = z.object({ id: z.string(), prompt: z.string(), options: z.array(QuizOptionViewSchema) });
export type QuizQuestionView = z.infer<typeof QuizQuestionViewSchema>;

/** Answer of `getQuiz`. */
export const QuizSchema = z.object({ id: z.string(), title: z.string(), intro: z.string(), questions: z.array(QuizQuestionViewSchema) });
export type Quiz = z.infer<typeof QuizSchema>;

/** One result: the product card and why it is suggested. */
export const QuizResultSchema = z.object({
  product: ProductCardSchema,
  /** "Dark roast, caffeinated, like you asked", in the request language */
  reason: z.string(),
  /** ids of the questions whose answer the product matches */
  matched: z.array(z.string()),
});
export type QuizResult = z.infer<typeof QuizResultSchema>;

/** Answer of `getQuizResults`: best first, at most 6. */
export const QuizResultsSchema = z.object({ quizId: z.string(), answers: z.record(z.string(), z.string()), results: z.array(QuizResultSchema) });
export type QuizResults = z.infer<typeof QuizResultsSchema>;

/** A customer's saved answers (quiz data get / save). */
export const QuizDataSchema = z.object({
  quizId: z.string(),
  answers: z.record(z.string(), z.string()),
  /** ISO-8601 UTC of the last save; null when nothing is saved */
  savedAt: z.string().nullable(),
});
export type QuizData = z.infer<typeof QuizDataSchema>;

/** The quiz calls. `getQuizData` / `saveQuizData` need the customer's token. */
export interface QuizCalls {
  /** GET /{site}/quiz/{quizId} — the questions (see module comment). */
  getQuiz(site: string, quizId: string, opts?: { lang?: Lang }): Promise<Quiz>;
  /** POST /{site}/quiz/{quizId}/results — ranked products with reasons. */
  getQuizResults(site: string, quizId: string, body: QuizResultsRequest): Promise<QuizResults>;
  /** GET /{site}/users/current/quiz/{quizId} — quiz data get. */
  getQuizData(site: string, quizId: string): Promise<QuizData>;
  /** PUT /{site}/users/current/quiz/{quizId} — quiz data save. */
  saveQuizData(site: string, quizId: string, body: SaveQuizDataRequest): Promise<QuizData>;
}

/** Builds the quiz calls on a core (the customer's core for the data calls). */
export function createQuizClient(core: ApiCore): QuizCalls {
  const enc = encodeURIComponent;
  return {
    getQuiz: (site, quizId, opts = {}) => core.request('GET', `/${enc(site)}/quiz/${enc(quizId)}`, { query: { lang: opts.lang }, schema: QuizSchema }),
    getQuizResults: (site, quizId, body) => core.request('POST', `/${enc(site)}/quiz/${enc(quizId)}/results`, { body, schema: QuizResultsSchema }),
    getQuizData: (site, quizId) => core.request('GET', `/${enc(site)}/users/current/quiz/${enc(quizId)}`, { schema: QuizDataSchema }),
    saveQuizData: (site, quizId, body) => core.request('PUT', `/${enc(site)}/users/current/quiz/${enc(quizId)}`, { body, schema: QuizDataSchema }),
  };
}
