/**
 * The pod quiz page, server side (issue 13 "Pod quiz"; spec §2 pod quiz page, §7 quiz data get and
 * save, §9 default pod-quiz id key `pod-id`; ADR 0034).
 *
 * One question per page, without JavaScript: `?step=N` shows question N with the answers so far in
 * the query string (hidden fields of a GET form); the last question POSTs, so the action saves the
 * answers of a signed-in customer (quiz data save) and redirects (303) to `?step=results&…`, whose
 * loader asks the API for the ranked products with their reasons. Without `step` the page shows the
 * introduction and, to a signed-in customer who took the quiz before, "your last results" (quiz
 * data get); their saved answers prefill the questions, except after "Start again" (`fresh=1`, kept
 * from question to question), which starts with empty answers. Unknown answers in the URL are ignored.
 */
import { createQuizClient, isApiError } from '@store/contracts';
import type { Quiz, QuizResult } from '@store/contracts';
import { DEFAULT_QUIZ_ID, SITES } from '@store/domain';
import { data, redirect } from 'react-router';
import { accountPaths } from '../components/account/account-paths.ts';
import { QUIZ_FRESH_PARAM, quizPath, quizStepPath } from '../components/quiz/quiz-paths.ts';
import type { ContextArgs, RequestContext } from '../lib/context.server.ts';
import { getRequestContext } from '../lib/context.server.ts';
import type { PageMeta } from '../lib/meta.ts';
import { isSignedIn } from './account.server.ts';

/** What the page shows. */
export type QuizStep = { kind: 'intro' } | { kind: 'question'; index: number } | { kind: 'results' };

/** Data of the page. */
export interface QuizPageData {
  meta: PageMeta;
  quiz: Quiz | null;
  step: QuizStep;
  /** valid answers of the URL (question id → option id) */
  answers: Record<string, string>;
  /** answers preselected on the question pages: the URL's, else the customer's saved ones (not when `fresh`) */
  prefill: Record<string, string>;
  /** "Start again" (`fresh=1`): the saved answers are not prefilled; the question forms carry it on */
  fresh: boolean;
  /** results of `answers` (results step) or of the saved answers (intro of a returning customer) */
  results: QuizResult[] | null;
  /** the intro shows the saved answers' results */
  lastResults: boolean;
  signedIn: boolean;
  /** the results page right after saving (`?saved=1`) */
  saved: boolean;
  loginPath: string;
}

/** The answers of `params` that are options of the quiz's questions. */
export function validAnswers(quiz: Quiz, get: (name: string) => string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const q of quiz.questions) {
    const v = get(q.id);
    if (v !== null && q.options.some((o) => o.id === v)) out[q.id] = v;
  }
  return out;
}

async function loadQuiz(ctx: RequestContext): Promise<Quiz | null> {
  try {
    return await createQuizClient(ctx.anonymousCore).getQuiz(ctx.site, DEFAULT_QUIZ_ID, { lang: ctx.lang });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** The saved answers of a signed-in customer (quiz data get), or {} (never breaks the page). */
async function savedAnswers(ctx: RequestContext): Promise<Record<string, string>> {
  if (!isSignedIn(ctx)) return {};
  return createQuizClient(ctx.customerCore)
    .getQuizData(ctx.site, DEFAULT_QUIZ_ID)
    .then((d) => d.answers)
    .catch(() => ({}));
}

function resultsOf(ctx: RequestContext, answers: Record<string, string>): Promise<QuizResult[]> {
  return createQuizClient(ctx.anonymousCore)
    .getQuizResults(ctx.site, DEFAULT_QUIZ_ID, { answers, lang: ctx.lang })
    .then((r) => r.results);
}

/** Loads the page (see module comment). */
export async function loadQuizPage(args: ContextArgs) {
  const ctx = getRequestContext(args);
  const signedIn = isSignedIn(ctx);
  const headers: Record<string, string> = signedIn ? { 'Cache-Control': 'no-store' } : {};
  const title = ctx.t('meta.title', { title: ctx.t('quiz.metaTitle'), brand: SITES[ctx.site].name });
  const base = {
    answers: {},
    prefill: {},
    fresh: false,
    results: null,
    lastResults: false,
    signedIn,
    saved: false,
    loginPath: accountPaths(ctx.lang).login(`${ctx.url.pathname}${ctx.url.search}`),
  };
  const quiz = await loadQuiz(ctx);
  if (!quiz) {
    return data<QuizPageData>({ ...base, meta: { title, noindex: true }, quiz: null, step: { kind: 'intro' } }, { status: 404, headers });
  }
  const params = ctx.url.searchParams;
  const answers = validAnswers(quiz, (n) => params.get(n));
  const stepParam = params.get('step');
  const meta: PageMeta = {
    title,
    description: quiz.intro,
    canonical: quizPath(ctx.lang),
    alternates: ctx.site === 'cab2c' ? { en: quizPath('en'), fr: quizPath('fr') } : undefined,
    origin: ctx.url.origin,
    noindex: stepParam !== null,
  };
  if (stepParam === 'results') {
    if (Object.keys(answers).length === 0) throw redirect(quizStepPath(ctx.lang, 1, {}));
    const results = await resultsOf(ctx, answers);
    return data<QuizPageData>({ ...base, meta, quiz, step: { kind: 'results' }, answers, prefill: answers, results, saved: params.get('saved') === '1' }, { headers });
  }
  const n = stepParam === null ? 0 : Number.parseInt(stepParam, 10);
  const isQuestion = Number.isInteger(n) && n >= 1 && n <= quiz.questions.length;
  const fresh = isQuestion && params.get(QUIZ_FRESH_PARAM) === '1';
  const saved = fresh ? {} : await savedAnswers(ctx);
  const prefill = { ...saved, ...answers };
  if (isQuestion) {
    return data<QuizPageData>({ ...base, meta, quiz, step: { kind: 'question', index: n - 1 }, answers, prefill, fresh }, { headers });
  }
  // the introduction; a returning customer sees the results of their saved answers (deferred data: a failure hides them)
  const last = Object.keys(saved).length > 0 && Object.keys(answers).length === 0 ? await resultsOf(ctx, saved).catch(() => null) : null;
  return data<QuizPageData>({ ...base, meta, quiz, step: { kind: 'intro' }, answers: {}, prefill, results: last, lastResults: last !== null }, { headers });
}

/**
 * The last question's POST: the answers (form fields named by question id), saved for a signed-in
 * customer (quiz data save; a failure never stops the shopper), then 303 to the results page.
 */
export async function quizAction(args: ContextArgs) {
  const ctx = getRequestContext(args);
  const form = await args.request.formData();
  const quiz = await loadQuiz(ctx);
  if (!quiz) throw redirect(quizPath(ctx.lang), 303);
  const answers = validAnswers(quiz, (n) => {
    const v = form.get(n);
    return typeof v === 'string' ? v : null;
  });
  if (Object.keys(answers).length === 0) throw redirect(quizStepPath(ctx.lang, 1, {}), 303);
  let saved = false;
  if (isSignedIn(ctx)) {
    saved = await createQuizClient(ctx.customerCore)
      .saveQuizData(ctx.site, DEFAULT_QUIZ_ID, { answers })
      .then(() => true)
      .catch(() => false);
  }
  const to = quizStepPath(ctx.lang, 'results', answers);
  throw redirect(saved ? `${to}&saved=1` : to, 303);
}
