/**
 * The pod quiz, `/pod-quiz` and `/fr/quiz-capsules` (issue 13 "Pod quiz"; spec §2 pod quiz page;
 * ADR 0034): an introduction ("your last results" for a returning signed-in customer), one
 * question per page with "Question 2 of 5" and a back link, and the results — products with the
 * reason for each and an add-to-cart form, "change my answers" and "start again". Works without
 * JavaScript (see pod-quiz.server.ts).
 */
import { Link } from 'react-router';
import type { Route } from './+types/pod-quiz';
import { QuizAnswerSummary, QuizQuestionPage, QuizResultList } from '../components/quiz/QuizViews.tsx';
import { quizStepPath } from '../components/quiz/quiz-paths.ts';
import quizCss from '../components/quiz/quiz.css?url';
import { pageMeta } from '../lib/meta.ts';
import { useShell } from '../lib/shell-data.ts';
import { useT } from '../lib/use-t.ts';
import { loadQuizPage, quizAction } from './pod-quiz.server.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: quizCss }];

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.meta);

export async function loader(args: Route.LoaderArgs) {
  return loadQuizPage(args);
}

export async function action(args: Route.ActionArgs) {
  return quizAction(args);
}

export default function PodQuizPage({ loaderData }: Route.ComponentProps) {
  const { quiz, step, answers, prefill, fresh, results, lastResults, signedIn, saved, loginPath } = loaderData;
  const t = useT();
  const { lang } = useShell();
  if (!quiz) {
    return (
      <div className="container quiz-page">
        <h1 className="page-title">{t('quiz.metaTitle')}</h1>
        <p>{t('quiz.unavailable')}</p>
      </div>
    );
  }
  if (step.kind === 'question') {
    return (
      <div className="container quiz-page">
        <QuizQuestionPage quiz={quiz} index={step.index} answers={answers} prefill={prefill} fresh={fresh} lang={lang} />
      </div>
    );
  }
  if (step.kind === 'results') {
    return (
      <div className="container quiz-page">
        <header className="quiz-results-head">
          <h1 className="page-title">{t('quiz.results.title')}</h1>
          <p className="quiz-lead">{t('quiz.results.intro')}</p>
          {saved ? (
            <p className="quiz-note" role="status">
              {t('quiz.saved')}
            </p>
          ) : signedIn ? null : (
            <p className="quiz-note">
              <Link to={loginPath}>{t('quiz.signInToSave')}</Link>
            </p>
          )}
        </header>
        {results && results.length > 0 ? <QuizResultList results={results} headingLevel={2} /> : <p>{t('quiz.results.empty')}</p>}
        <QuizAnswerSummary quiz={quiz} answers={answers} />
        <div className="quiz-actions">
          <Link to={quizStepPath(lang, 1, answers)} className="btn btn-secondary">
            {t('quiz.changeAnswers')}
          </Link>
          <Link to={quizStepPath(lang, 1, {}, { fresh: true })} className="btn btn-primary">
            {t('quiz.startAgain')}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="container quiz-page">
      <section className="quiz-intro">
        <h1 className="quiz-title">{quiz.title}</h1>
        <p className="quiz-lead">{quiz.intro}</p>
        <p className="quiz-meta">{t('quiz.progress', { current: 1, total: quiz.questions.length })}</p>
        <Link to={quizStepPath(lang, 1, {})} className="btn btn-primary quiz-start">
          {t('quiz.start')}
        </Link>
      </section>
      {lastResults && results && results.length > 0 ? (
        <section className="quiz-last" aria-labelledby="quiz-last-title">
          <h2 id="quiz-last-title" className="section-title">
            {t('quiz.last.title')}
          </h2>
          <p>{t('quiz.last.intro')}</p>
          <QuizResultList results={results} headingLevel={3} />
          <div className="quiz-actions">
            <Link to={quizStepPath(lang, 'results', prefill)} className="btn btn-secondary">
              {t('quiz.last.title')}
            </Link>
          </div>
        </section>
      ) : null}
    </div>
  );
}
