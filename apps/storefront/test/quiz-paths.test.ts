/**
 * Pod quiz paths (issue 13; ADR 0034): the step URLs carry the answers, and the language switch
 * maps `/pod-quiz` ↔ `/fr/quiz-capsules` keeping the query string.
 */
import { describe, expect, it } from 'vitest';
import { quizPath, quizStepPath } from '../app/components/quiz/quiz-paths.ts';
import { switchLanguagePath } from '../app/lib/paths.ts';

describe('pod quiz paths', () => {
  it('builds the step URLs in each language with the answers so far', () => {
    expect(quizPath('en')).toBe('/pod-quiz');
    expect(quizPath('fr')).toBe('/fr/quiz-capsules');
    expect(quizStepPath('en', null, {})).toBe('/pod-quiz');
    expect(quizStepPath('en', 2, { roast: 'dark' })).toBe('/pod-quiz?step=2&roast=dark');
    expect(quizStepPath('fr', 'results', { roast: 'extra-dark', flavor: 'tea' })).toBe('/fr/quiz-capsules?step=results&roast=extra-dark&flavor=tea');
  });

  it('"Start again" adds fresh=1 so the saved answers are not prefilled', () => {
    expect(quizStepPath('en', 1, {}, { fresh: true })).toBe('/pod-quiz?step=1&fresh=1');
    expect(quizStepPath('fr', 3, { roast: 'dark' }, { fresh: true })).toBe('/fr/quiz-capsules?step=3&fresh=1&roast=dark');
    expect(quizStepPath('en', 2, { roast: 'dark' }, { fresh: false })).toBe('/pod-quiz?step=2&roast=dark');
  });

  it('switches language between /pod-quiz and /fr/quiz-capsules, keeping the answers', () => {
    expect(switchLanguagePath('/pod-quiz', '?step=3&roast=dark', 'fr')).toBe('/fr/quiz-capsules?step=3&roast=dark');
    expect(switchLanguagePath('/fr/quiz-capsules', '?step=results&roast=dark', 'en')).toBe('/pod-quiz?step=results&roast=dark');
  });
});
