/**
 * A labelled password input (never pre-filled, never echoed back by the server), with an optional
 * hint and its error below, tied by `aria-describedby` (same markup as the checkout fields).
 */
export interface PasswordFieldProps {
  id: string;
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
  error?: string | undefined;
  focus?: boolean;
}

export function PasswordField({ id, name, label, autoComplete, hint, error, focus }: PasswordFieldProps) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="password"
        autoComplete={autoComplete}
        maxLength={128}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        autoFocus={focus}
      />
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
