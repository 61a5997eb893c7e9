/**
 * The sign-in form of the login page and of the header flyout: email, password, the hidden
 * `redirect` target and the CSRF field; posts to the login page (works without JavaScript).
 */
import { Form, Link, useNavigation } from 'react-router';
import { CsrfField } from '../../lib/csrf.tsx';
import { authPaths } from '../../lib/auth/paths.ts';
import { useShell } from '../../lib/shell-data.ts';
import { useT } from '../../lib/use-t.ts';
import { AuthAlert, AuthField } from './fields.tsx';
import type { AuthMessageView } from './fields.tsx';

/** Props of {@link LoginForm}. */
export interface LoginFormProps {
  /** prefix of the control ids (the page and the flyout may both be on screen) */
  idPrefix: string;
  /** where to go after signing in (a path of this site) */
  redirectTo?: string | null;
  defaultEmail?: string;
  formError?: AuthMessageView | null;
  fieldErrors?: Record<string, AuthMessageView[]>;
  /** focus the first field (page only) */
  focus?: boolean;
  /**
   * the header flyout: shorter labels ("Your email", "Your password"), so the page's own
   * "Email address" field (checkout, sign-up) keeps a unique accessible name
   */
  compact?: boolean;
}

/** The form. */
export function LoginForm({ idPrefix, redirectTo, defaultEmail, formError, fieldErrors, focus, compact }: LoginFormProps) {
  const { lang } = useShell();
  const t = useT();
  const paths = authPaths(lang);
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formAction?.split('?')[0] === paths.login;
  const emailErrors = fieldErrors?.email;
  return (
    <Form method="post" action={paths.login} className="auth-form" noValidate>
      <CsrfField />
      {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
      <AuthAlert message={formError} />
      <AuthField
        id={`${idPrefix}-email`}
        name="email"
        type="email"
        label={t(compact ? 'auth.flyout.email' : 'auth.field.email')}
        autoComplete="username"
        defaultValue={defaultEmail}
        errors={emailErrors}
        required
        focus={focus && (!!emailErrors || !fieldErrors?.password)}
      />
      <AuthField
        id={`${idPrefix}-password`}
        name="password"
        type="password"
        label={t(compact ? 'auth.flyout.password' : 'auth.field.password')}
        autoComplete="current-password"
        errors={fieldErrors?.password}
        required
        focus={focus && !emailErrors && !!fieldErrors?.password}
      />
      <p className="auth-forgot">
        <Link to={paths.forgotPassword}>{t('auth.login.forgot')}</Link>
      </p>
      <button type="submit" className="btn btn-primary auth-submit" disabled={busy}>
        {busy ? t('auth.login.submitting') : t('auth.login.submit')}
      </button>
    </Form>
  );
}
