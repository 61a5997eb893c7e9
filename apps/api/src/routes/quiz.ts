/**
 * Pod quiz routes (issue 13 "Pod quiz"; spec §2, §7 quiz data get and save, §9 default pod-quiz id
 * key `pod-id`; ADR 0034; contracts `quiz.ts`), under /rest/v2/:baseSiteId:
 * - `GET /quiz/{quizId}?lang=` → the questions (public);
 * - `POST /quiz/{quizId}/results` {answers, lang?} → ranked product cards with reasons (public);
 * - `GET /users/{userId}/quiz/{quizId}` quiz data get, `PUT` the same path quiz data save:
 *   customers only (`users/anonymous` → 403 `customerRequired`, no token → 401).
 * Defined once (ADR 0021): served over HTTP and by the direct transport.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  BaseSiteParamsSchema,
  LangSchema,
  OccErrorBodySchema,
  QuizDataSchema,
  QuizResultsRequestSchema,
  QuizResultsSchema,
  QuizSchema,
  SaveQuizDataRequestSchema,
  quizCode,
} from '@store/contracts';
import type { CommerceContext } from '../flows/context.ts';
import { getQuizData, quizResults, quizView, requireQuiz, saveQuizData } from '../flows/quiz.ts';
import { defineRoute, registerApiRoutes } from '../http/api-route.ts';
import { CUSTOMER_SECURITY, customerOfContext, UserParamsSchema } from './carts.ts';
import { answerLang } from './site-context.ts';

const errors = { 400: OccErrorBodySchema, 404: OccErrorBodySchema };
const customerErrors = { ...errors, 401: OccErrorBodySchema, 403: OccErrorBodySchema };
const QuizParamsSchema = BaseSiteParamsSchema.extend({ quizId: quizCode().min(1) });
const UserQuizParamsSchema = UserParamsSchema.extend({ quizId: quizCode().min(1) });
const BAD_ANSWERS =
  '400 ValidationError naming the field: answers noAnswers (empty), answers.{question} unknownQuestion / unknownOption, tooLong / invalidCharacters. 404 QuizError quizNotFound.';

/** The quiz routes. */
export function quizRouteList(ctx: CommerceContext) {
  return [
    defineRoute({
      method: 'GET',
      url: '/quiz/:quizId',
      auth: 'none',
      docs: { tags: ['quiz'], summary: 'The pod quiz questions and options in one language (default quiz id key pod-id)', description: '404 QuizError quizNotFound.' },
      schema: { params: QuizParamsSchema, querystring: z.object({ lang: LangSchema.optional() }), response: { 200: QuizSchema, ...errors } },
      handler: async ({ params, query }, rc) => quizView(await requireQuiz(ctx.dbh.db, params.quizId), answerLang(rc.site, query.lang)),
    }),
    defineRoute({
      method: 'POST',
      url: '/quiz/:quizId/results',
      auth: 'none',
      docs: {
        tags: ['quiz'],
        summary: 'Quiz results: product cards sellable on the site ranked for the answers, in stock first at equal score, with the reason of each',
        description: BAD_ANSWERS,
      },
      schema: { params: QuizParamsSchema, body: QuizResultsRequestSchema, response: { 200: QuizResultsSchema, ...errors } },
      handler: async ({ params, body }, rc) => quizResults(ctx, rc.site, params.quizId, body.answers, answerLang(rc.site, body.lang)),
    }),
    defineRoute({
      method: 'GET',
      url: '/users/:userId/quiz/:quizId',
      auth: 'user',
      docs: { tags: ['quiz'], summary: "Quiz data get: the customer's last answers (empty, savedAt null, when none)", description: '403 for users/anonymous; 404 unknown quiz.', security: CUSTOMER_SECURITY },
      schema: { params: UserQuizParamsSchema, response: { 200: QuizDataSchema, ...customerErrors } },
      handler: async ({ params }, rc) => getQuizData(ctx, rc.site, customerOfContext(rc).userId, params.quizId),
    }),
    defineRoute({
      method: 'PUT',
      url: '/users/:userId/quiz/:quizId',
      auth: 'user',
      docs: { tags: ['quiz'], summary: "Quiz data save: replaces the customer's answers", description: `403 for users/anonymous. ${BAD_ANSWERS}`, security: CUSTOMER_SECURITY },
      schema: { params: UserQuizParamsSchema, body: SaveQuizDataRequestSchema, response: { 200: QuizDataSchema, ...customerErrors } },
      handler: async ({ params, body }, rc) => saveQuizData(ctx, rc.site, customerOfContext(rc).userId, params.quizId, body.answers),
    }),
  ];
}

/** Registers the quiz routes on the /rest/v2/:baseSiteId scope. */
export function registerQuizRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  registerApiRoutes(scope, quizRouteList(ctx));
}
