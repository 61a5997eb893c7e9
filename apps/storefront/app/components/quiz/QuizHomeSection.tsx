/**
 * The home page's pod-quiz section (issue 13 "Pod quiz"; spec §2 pod quiz section; ADR 0034): a
 * heading, one line and a link to the quiz. The same for every visitor (no per-visitor data), so
 * the home page stays cacheable. Styles in styles/layout.css (`.quiz-home`): the home page loads no
 * route stylesheet.
 */
import { Link } from 'react-router';
import { useShell } from '../../lib/shell-data.ts';
import { useT } from '../../lib/use-t.ts';
import { quizPath } from './quiz-paths.ts';

export function QuizHomeSection() {
  const t = useT();
  const { lang } = useShell();
  return (
    <section className="quiz-home" aria-labelledby="quiz-home-title">
      <div className="quiz-home-copy">
        <h2 id="quiz-home-title" className="quiz-home-title">
          {t('quiz.home.title')}
        </h2>
        <p>{t('quiz.home.text')}</p>
      </div>
      <Link to={quizPath(lang)} className="btn btn-primary quiz-home-cta">
        {t('quiz.home.cta')}
      </Link>
    </section>
  );
}
