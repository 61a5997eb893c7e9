/**
 * Paths of the pod quiz page (issue 13; ADR 0034): `/pod-quiz` and `/fr/quiz-capsules`, with the
 * answers so far in the query string (question id → option id) so that every step is a plain GET
 * link or form and works without JavaScript.
 */
import type { Lang } from '@store/domain';

/** The quiz page in a language. */
export function quizPath(lang: Lang): string {
  return lang === 'fr' ? '/fr/quiz-capsules' : '/pod-quiz';
}

/**
 * The query parameter of "Start again" (`fresh=1`): the question pages then start with empty
 * answers instead of a signed-in customer's saved ones; a plain visit still restores them.
 */
export const QUIZ_FRESH_PARAM = 'fresh';

/**
 * A step of the quiz (`1`..N, or `results`) with the answers carried in the query string;
 * `opts.fresh` adds `fresh=1` (do not prefill the saved answers).
 */
export function quizStepPath(lang: Lang, step: number | 'results' | null, answers: Readonly<Record<string, string>>, opts: { fresh?: boolean } = {}): string {
  const q = new URLSearchParams();
  if (step !== null) q.set('step', String(step));
  if (opts.fresh) q.set(QUIZ_FRESH_PARAM, '1');
  for (const [k, v] of Object.entries(answers)) q.set(k, v);
  const s = q.toString();
  return `${quizPath(lang)}${s ? `?${s}` : ''}`;
}
