/**
 * Reset password (/reset-password?token=…, /fr/reinitialiser-mot-de-passe?token=…): the token of
 * the emailed link travels in a hidden field; success signs out every session and sends the
 * customer to sign in (303) with a notice.
 */
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { SITES } from '@store/domain';
import type { Route } from './+types/reset-password';
import { AuthAlert, AuthField } from '../components/auth/fields.tsx';
import { field, resetPassword, failureInit } from '../lib/auth/actions.server.ts';
import { authPaths } from '../lib/auth/paths.ts';
import { getRequestContext } from '../lib/context.server.ts';
import { CsrfField } from '../lib/csrf.tsx';
import { pageMeta } from '../lib/meta.ts';
import { useShell } from '../lib/shell-data.ts';
import { useT } from '../lib/use-t.ts';

const TOKEN = /^[A-Za-z0-9_.~-]{16,512}$/;

export function loader(args: Route.LoaderArgs) {
  const ctx = getRequestContext(args);
  const token = ctx.url.searchParams.get('token') ?? '';
  return {
    token: TOKEN.test(token) ? token : '',
    meta: { title: ctx.t('meta.title', { title: ctx.t('auth.reset.title'), brand: SITES[ctx.site].name }), noindex: true },
  };
}

export async function action(args: Route.ActionArgs) {
  const ctx = getRequestContext(args);
  const form = await args.request.formData();
  const token = field(form, 'token', true);
  const result = await resetPassword(ctx, {
    token: TOKEN.test(token) ? token : '',
    password: field(form, 'password', true),
    confirmPassword: field(form, 'confirmPassword', true),
  });
  if (result.ok) throw redirect(result.redirectTo, 303);
  return data({ formError: result.formError, fieldErrors: result.fieldErrors }, failureInit(result));
}

export const meta: Route.MetaFunction = ({ data: d }) => pageMeta(d?.meta);

/** Pages must not leak the reset token to other sites through the Referer header. */
export function headers() {
  return { 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' };
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const paths = authPaths(useShell().lang);
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const errors = actionData?.fieldErrors ?? {};
  return (
    <div className="container auth-page auth-page-single">
      <section className="auth-card" aria-labelledby="reset-title">
        <h1 id="reset-title">{t('auth.reset.title')}</h1>
        {loaderData.token ? (
          <>
            <p className="auth-intro">{t('auth.reset.intro')}</p>
            <Form method="post" action={`${paths.resetPassword}?token=${encodeURIComponent(loaderData.token)}`} className="auth-form" noValidate>
              <CsrfField />
              <input type="hidden" name="token" value={loaderData.token} />
              <AuthAlert message={actionData?.formError} />
              <AuthField
                id="reset-password"
                name="password"
                type="password"
                label={t('auth.field.newPassword')}
                autoComplete="new-password"
                hint={t('auth.password.hint')}
                errors={errors.password}
                required
                focus={!!errors.password}
              />
              <AuthField
                id="reset-confirm"
                name="confirmPassword"
                type="password"
                label={t('auth.field.confirmPassword')}
                autoComplete="new-password"
                errors={errors.confirmPassword}
                required
                focus={!errors.password && !!errors.confirmPassword}
              />
              <button type="submit" className="btn btn-primary auth-submit" disabled={busy}>
                {t('auth.reset.submit')}
              </button>
            </Form>
          </>
        ) : (
          <AuthAlert message={{ key: 'auth.error.resetLinkInvalid' }} />
        )}
        <p className="auth-switch">
          <Link to={paths.forgotPassword}>{t('auth.reset.requestNew')}</Link>
        </p>
      </section>
    </div>
  );
}
