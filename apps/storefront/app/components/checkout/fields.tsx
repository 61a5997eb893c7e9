/**
 * Labelled form controls of the checkout (issue 2 "controls labelled; errors next to the field"):
 * each control has a visible `<label>`, an optional hint, and its error right below it, tied by
 * `aria-describedby` and flagged with `aria-invalid`. `autoFocus` on the first invalid control
 * moves focus to it after a POST without JavaScript (the enhanced form focuses it in an effect).
 */
import type { ReactNode } from 'react';

/** Common props of a labelled control. */
export interface FieldProps {
  id: string;
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  /** shown as required to assistive technology (the server validates) */
  required?: boolean;
  autoComplete?: string;
  /** focus on mount (first invalid field after a no-JS POST) */
  focus?: boolean;
  /** the id of the `<form>` the control belongs to, when it sits outside it */
  form?: string;
  className?: string;
}

function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function Messages({ id, hint, error }: { id: string; hint?: string | undefined; error?: string | undefined }) {
  return (
    <>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            <circle cx="8" cy="8" r="7" fill="currentColor" />
            <path d="M8 4v5M8 11.2v.6" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A text-like input. */
export function TextField(
  props: FieldProps & {
    type?: 'text' | 'email' | 'tel';
    defaultValue?: string;
    inputMode?: 'text' | 'email' | 'tel' | 'numeric';
    maxLength?: number;
    spellCheck?: boolean;
    autoCapitalize?: string;
    placeholder?: string;
  },
) {
  const { id, name, label, error, hint, required, autoComplete, focus, form, className } = props;
  return (
    <div className={`field${error ? ' has-error' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={props.type ?? 'text'}
        defaultValue={props.defaultValue}
        autoComplete={autoComplete}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        spellCheck={props.spellCheck}
        autoCapitalize={props.autoCapitalize}
        placeholder={props.placeholder}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        autoFocus={focus}
        form={form}
      />
      <Messages id={id} hint={hint} error={error} />
    </div>
  );
}

/** A select box. */
export function SelectField(
  props: FieldProps & {
    defaultValue?: string;
    placeholder: string;
    options: ReadonlyArray<{ value: string; label: string }>;
  },
) {
  const { id, name, label, error, hint, required, autoComplete, focus, form, className } = props;
  return (
    <div className={`field${error ? ' has-error' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={props.defaultValue ?? ''}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        autoFocus={focus}
        form={form}
      >
        <option value="">{props.placeholder}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Messages id={id} hint={hint} error={error} />
    </div>
  );
}

/** A group of radio buttons with a legend; the error sits under the legend. */
export function RadioGroup({
  legend,
  name,
  error,
  idPrefix,
  children,
}: {
  legend: string;
  name: string;
  error?: string | undefined;
  idPrefix: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      className={`radio-group${error ? ' has-error' : ''}`}
      aria-describedby={error ? `${idPrefix}-${name}-error` : undefined}
    >
      <legend>{legend}</legend>
      {error ? (
        <p className="field-error" id={`${idPrefix}-${name}-error`}>
          {error}
        </p>
      ) : null}
      {children}
    </fieldset>
  );
}
