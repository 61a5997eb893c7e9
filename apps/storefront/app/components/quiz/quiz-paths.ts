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

/** A step of the quiz (`1`..N, or `results`) with the answers carried in the query string. */
export function quizStepPath(lang: Lang, step: number | 'results' | null, answers: Readonly<Record<string, string>>): string {
  const q = new URLSearchParams();
  if (step !== null) q.set('step', String(step));
  for (const [k, v] of Object.entries(answers)) q.set(k, v);
  const s = q.toString();
  return `${quizPath(lang)}${s ? `?${s}` : ''}`;
}
