/**
 * One numbered section of the single-step checkout: heading with its step number (a check mark
 * once completed), the form when open, a summary with an "Edit" link when completed, nothing but
 * the heading when still ahead. The heading takes focus (tabIndex -1) when the section opens.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../lib/use-t.ts';

/** The display state of a section. */
export type SectionState = 'open' | 'done' | 'todo';

export interface SectionProps {
  id: string;
  step: number;
  total: number;
  title: string;
  state: SectionState;
  /** what was entered (completed sections) */
  summary?: ReactNode;
  /** link that opens the section again (completed sections) */
  editHref?: string;
  children?: ReactNode;
}

export function Section({ id, step, total, title, state, summary, editHref, children }: SectionProps) {
  const t = useT();
  const titleId = `checkout-${id}-title`;
  return (
    <section id={`checkout-${id}`} className={`checkout-section is-${state}`} aria-labelledby={titleId}>
      <div className="checkout-section-head">
        <span className="step-badge" aria-hidden="true">
          {state === 'done' ? (
            <svg viewBox="0 0 16 16" width="14" height="14" focusable="false">
              <path d="M3 8.5 6.5 12 13 4.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          ) : (
            step
          )}
        </span>
        <h2 id={titleId} tabIndex={-1}>
          <span className="visually-hidden">{t('format.labelColon', { label: t('checkout.step', { n: step, total }) })} </span>
          {title}
          {state === 'done' ? <span className="visually-hidden"> ({t('checkout.complete')})</span> : null}
        </h2>
        {state === 'done' && editHref ? (
          <Link to={editHref} className="edit-link" aria-label={t('checkout.editSection', { section: title })} preventScrollReset>
            {t('checkout.edit')}
          </Link>
        ) : null}
      </div>
      {state === 'open' ? <div className="section-body">{children}</div> : null}
      {state === 'done' && summary ? <div className="section-summary">{summary}</div> : null}
    </section>
  );
}

/** The submit button of a section, showing progress while the fetcher is busy. */
export function SubmitButton({ pending, label, pendingLabel, disabled }: { pending: boolean; label: string; pendingLabel: string; disabled?: boolean }) {
  return (
    <button type="submit" className="btn btn-primary section-submit" disabled={pending || disabled} aria-busy={pending || undefined}>
      {pending ? pendingLabel : label}
    </button>
  );
}

/** The alert at the top of a section (errors not tied to one field, e.g. a declined card). */
export function FormAlert({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <div className="form-alert" role="alert" id={id} tabIndex={-1}>
      <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
        <circle cx="10" cy="10" r="9" fill="currentColor" />
        <path d="M10 5.5v6M10 14.2v.6" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <p>{message}</p>
    </div>
  );
}
