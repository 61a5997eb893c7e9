/**
 * Forgot password (/forgot-password, /fr/mot-de-passe-oublie): asks the API to email a reset
 * link. The answer is the same whatever the email (no account enumeration); a 429 shows the wait.
 */
import { data, Form, Link, useNavigation } from 'react-router';
import { SITES } from '@store/domain';
import type { Route } from './+types/forgot-password';
import { AuthAlert, AuthField } from '../components/auth/fields.tsx';
import { field, forgotPassword, failureInit } from '../lib/auth/actions.server.ts';
import { authPaths } from '../lib/auth/paths.ts';
import { getRequestContext } from '../lib/context.server.ts';
import { CsrfField } from '../lib/csrf.tsx';
import { pageMeta } from '../lib/meta.ts';
import { useShell } from '../lib/shell-data.ts';
import { useT } from '../lib/use-t.ts';
import { retryAfterHeaders } from '../lib/retry-after.ts';

export function loader(args: Route.LoaderArgs) {
  const ctx = getRequestContext(args);
  return { meta: { title: ctx.t('meta.title', { title: ctx.t('auth.forgot.title'), brand: SITES[ctx.site].name }), noindex: true } };
}

/** The 429's `Retry-After` goes out with the page (issue 9 item 1). */
export const headers = retryAfterHeaders;

export async function action(args: Route.ActionArgs) {
  const ctx = getRequestContext(args);
  const form = await args.request.formData();
  const email = field(form, 'email');
  const result = await forgotPassword(ctx, email);
  if (result.ok) return { sent: true as const, email, formError: null, fieldErrors: {} };
  return data({ sent: false as const, email, formError: result.formError, fieldErrors: result.fieldErrors }, failureInit(result));
}

export const meta: Route.MetaFunction = ({ data: d }) => pageMeta(d?.meta);

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const t = useT();
  const paths = authPaths(useShell().lang);
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <div className="container auth-page auth-page-single">
      <section className="auth-card" aria-labelledby="forgot-title">
        <h1 id="forgot-title">{t('auth.forgot.title')}</h1>
        {actionData?.sent ? (
          <AuthAlert kind="success" message={t('auth.forgot.sent', { email: actionData.email })} />
        ) : (
          <>
            <p className="auth-intro">{t('auth.forgot.intro')}</p>
            <Form method="post" action={paths.forgotPassword} className="auth-form" noValidate>
              <CsrfField />
              <AuthAlert message={actionData?.formError} />
              <AuthField
                id="forgot-email"
                name="email"
                type="email"
                label={t('auth.field.email')}
                autoComplete="email"
                defaultValue={actionData?.email}
                errors={actionData?.fieldErrors.email}
                required
                focus={!!actionData}
              />
              <button type="submit" className="btn btn-primary auth-submit" disabled={busy}>
                {t('auth.forgot.submit')}
              </button>
            </Form>
          </>
        )}
        <p className="auth-switch">
          <Link to={paths.login}>{t('auth.forgot.back')}</Link>
        </p>
      </section>
    </div>
  );
}
