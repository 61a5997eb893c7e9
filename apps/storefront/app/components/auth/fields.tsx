/**
 * Labelled controls of the sign-in forms: visible label, optional hint, every error of the field
 * below it (tied by `aria-describedby`, flagged `aria-invalid`), and the form-level alert.
 * Messages arrive as keys of the auth catalogue ({@link AuthMessage}) and are translated here.
 */
import type { MessageKey } from '../../i18n/index.ts';
import { useT } from '../../lib/use-t.ts';

/** A message key and its values (same shape as the server's AuthMessage). */
export interface AuthMessageView {
  key: string;
  values?: Record<string, string | number>;
  /** the message already translated (issue 11 item 1: a form-schema problem naming the field) */
  text?: string;
}

/** Translates an auth message (unknown keys fall back to the generic error). */
export function useAuthMessage(): (m: AuthMessageView) => string {
  const t = useT();
  return (m) => {
    if (m.text) return m.text;
    const key = (m.key.startsWith('auth.') ? m.key : 'auth.error.generic') as MessageKey;
    return t(key, m.values);
  };
}

/** Props of {@link AuthField}. */
export interface AuthFieldProps {
  id: string;
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  defaultValue?: string;
  hint?: string;
  errors?: AuthMessageView[] | undefined;
  required?: boolean;
  focus?: boolean;
  maxLength?: number;
}

/** A labelled input with hint and errors. */
export function AuthField(props: AuthFieldProps) {
  const msg = useAuthMessage();
  const { id, hint } = props;
  const errors = props.errors ?? [];
  const describedBy = [hint ? `${id}-hint` : null, errors.length ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`auth-field${errors.length ? ' has-error' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        defaultValue={props.defaultValue}
        required={props.required}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={describedBy}
        autoFocus={props.focus}
        maxLength={props.maxLength ?? (props.type === 'password' ? 128 : 254)}
        spellCheck={props.type === 'email' || props.type === 'password' ? false : undefined}
        autoCapitalize={props.type === 'email' || props.type === 'password' ? 'none' : undefined}
      />
      {hint ? (
        <p className="auth-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {errors.length ? (
        <div className="auth-field-error" id={`${id}-error`}>
          {errors.map((e) => (
            <p key={e.key}>{msg(e)}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The form-level alert (role=alert so screen readers announce it after a submit). */
export function AuthAlert({ message, kind = 'error' }: { message: AuthMessageView | string | null | undefined; kind?: 'error' | 'success' }) {
  const msg = useAuthMessage();
  if (!message) return null;
  const text = typeof message === 'string' ? message : msg(message);
  return (
    <div className={`auth-alert auth-alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {text}
    </div>
  );
}
