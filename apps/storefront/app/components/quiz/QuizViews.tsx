/**
 * The pod quiz's views (issue 13 "Pod quiz"; ADR 0034): one question per page as a plain form
 * (GET to the next question, POST on the last so a signed-in customer's answers are saved), the
 * results with the reason of each product and its add-to-cart form, and the introduction. All
 * server-rendered; nothing needs JavaScript.
 */
import { Form, Link } from 'react-router';
import type { Quiz, QuizResult } from '@store/contracts';
import type { Lang } from '@store/domain';
import { CsrfField } from '../../lib/csrf.tsx';
import { useT } from '../../lib/use-t.ts';
import { ProductCard } from '../product/ProductCard.tsx';
import { QUIZ_FRESH_PARAM, quizPath, quizStepPath } from './quiz-paths.ts';

/** The answers before question `index` (those the back link and the hidden fields carry). */
function answersBefore(quiz: Quiz, answers: Readonly<Record<string, string>>, index: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const q of quiz.questions.slice(0, index)) if (answers[q.id]) out[q.id] = answers[q.id]!;
  return out;
}

/** Question `index` (0-based) of the quiz, with the progress and the back link. */
export function QuizQuestionPage({
  quiz,
  index,
  answers,
  prefill,
  fresh = false,
  lang,
}: {
  quiz: Quiz;
  index: number;
  answers: Readonly<Record<string, string>>;
  prefill: Readonly<Record<string, string>>;
  /** "Start again": carry `fresh=1` to the next question and back, so saved answers stay out */
  fresh?: boolean;
  lang: Lang;
}) {
  const t = useT();
  const question = quiz.questions[index]!;
  const total = quiz.questions.length;
  const last = index === total - 1;
  const carried = answersBefore(quiz, answers, index);
  // later answers already given (coming back from the results) are carried too
  for (const q of quiz.questions.slice(index + 1)) if (answers[q.id]) carried[q.id] = answers[q.id]!;
  const chosen = prefill[question.id] ?? null;
  const back = index === 0 ? quizPath(lang) : quizStepPath(lang, index, answers, { fresh });
  const fields = Object.entries(carried).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />);
  const body = (
    <>
      <fieldset className="quiz-fieldset">
        <legend className="quiz-legend">
          <h1 className="quiz-prompt">{question.prompt}</h1>
        </legend>
        <ul className="quiz-options">
          {question.options.map((o) => (
            <li key={o.id}>
              <label className={`quiz-option${o.noPreference ? ' is-any' : ''}`}>
                <input type="radio" name={question.id} value={o.id} defaultChecked={chosen === o.id} required />
                <span>{o.label}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {fields}
      <div className="quiz-actions">
        <Link to={back} className="btn btn-secondary quiz-back">
          {t('quiz.back')}
        </Link>
        <button type="submit" className="btn btn-primary">
          {last ? t('quiz.seeResults') : t('quiz.next')}
        </button>
      </div>
    </>
  );
  return (
    <section className="quiz-card" aria-labelledby="quiz-progress">
      <p className="quiz-progress" id="quiz-progress">
        {t('quiz.progress', { current: index + 1, total })}
      </p>
      <div className="quiz-progress-bar" aria-hidden="true">
        <span style={{ width: `${Math.round(((index + 1) / total) * 100)}%` }} />
      </div>
      {last ? (
        <Form method="post" action={quizPath(lang)} className="quiz-form" reloadDocument>
          <CsrfField />
          {body}
        </Form>
      ) : (
        <form method="get" action={quizPath(lang)} className="quiz-form">
          <input type="hidden" name="step" value={index + 2} />
          {fresh ? <input type="hidden" name={QUIZ_FRESH_PARAM} value="1" /> : null}
          {body}
        </form>
      )}
    </section>
  );
}

/** The result cards: each product with why it is suggested and its add-to-cart form. */
export function QuizResultList({ results, headingLevel }: { results: readonly QuizResult[]; headingLevel: 2 | 3 }) {
  const t = useT();
  return (
    <ul className="product-grid quiz-results">
      {results.map((r, i) => (
        <li key={r.product.code} className="quiz-result">
          <p className="quiz-reason">
            <span className="visually-hidden">{t('quiz.reason')} </span>
            {r.reason}
          </p>
          <ProductCard product={r.product} headingLevel={headingLevel} eager={i < 4} />
        </li>
      ))}
    </ul>
  );
}

/** The answers as a short list ("Roast: Dark"). */
export function QuizAnswerSummary({ quiz, answers }: { quiz: Quiz; answers: Readonly<Record<string, string>> }) {
  const t = useT();
  const rows = quiz.questions.flatMap((q) => {
    const o = q.options.find((x) => x.id === answers[q.id]);
    return o ? [{ q: q.prompt, a: o.label, id: q.id }] : [];
  });
  if (rows.length === 0) return null;
  return (
    <div className="quiz-summary">
      <h2 className="quiz-summary-title">{t('quiz.results.answers')}</h2>
      <dl>
        {rows.map((r) => (
          <div key={r.id}>
            <dt>{r.q}</dt>
            <dd>{r.a}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
