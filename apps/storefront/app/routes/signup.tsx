/**
 * Sign-up (/signup, /fr/inscription): first and last name, email (spec §5), password with the
 * policy hints, perks opt-in. Errors by field and reason, in the page's language; success signs
 * in, merges the anonymous cart and redirects (303).
 */
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { SITES } from '@store/domain';
import type { Route } from './+types/signup';
import { AuthAlert, AuthField } from '../components/auth/fields.tsx';
import { afterLoginTarget, field, signUp, failureInit } from '../lib/auth/actions.server.ts';
import { authPaths } from '../lib/auth/paths.ts';
import { getRequestContext } from '../lib/context.server.ts';
import { CsrfField } from '../lib/csrf.tsx';
import { pageMeta } from '../lib/meta.ts';
import { useShell } from '../lib/shell-data.ts';
import { useT } from '../lib/use-t.ts';
import { retryAfterHeaders } from '../lib/retry-after.ts';
import { SignUpFormSchema } from '@store/contracts/forms';
import { AUTH_FORM_TEXT } from '../lib/auth/form-text.ts';
import { mergeErrors, useFormCheck } from '../lib/use-form-check.ts';
import type { AuthMessageView } from '../components/auth/fields.tsx';

export async function loader(args: Route.LoaderArgs) {
  const ctx = getRequestContext(args);
  const redirectTo = ctx.url.searchParams.get('redirect');
  if (ctx.auth.isLoggedIn) throw redirect(afterLoginTarget(redirectTo, authPaths(ctx.lang).account));
  return {
    redirectTo: afterLoginTarget(redirectTo, '') || null,
    meta: { title: ctx.t('meta.title', { title: ctx.t('auth.signup.title'), brand: SITES[ctx.site].name }), noindex: true },
  };
}

/** The 429's `Retry-After` goes out with the page (issue 9 item 1). */
export const headers = retryAfterHeaders;

export async function action(args: Route.ActionArgs) {
  const ctx = getRequestContext(args);
  const form = await args.request.formData();
  const values = {
    email: field(form, 'email'),
    firstName: field(form, 'firstName'),
    lastName: field(form, 'lastName'),
    perksOptIn: form.get('perksOptIn') === 'on' || form.get('perksOptIn') === 'true',
  };
  const result = await signUp(ctx, {
    ...values,
    password: field(form, 'password', true),
    confirmPassword: field(form, 'confirmPassword', true),
    redirectTo: field(form, 'redirect') || null,
  });
  if (result.ok) throw redirect(result.redirectTo, 303);
  return data({ values, formError: result.formError, fieldErrors: result.fieldErrors }, failureInit(result));
}

export const meta: Route.MetaFunction = ({ data: d }) => pageMeta(d?.meta);

export default function SignupPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { lang } = useShell();
  const paths = authPaths(lang);
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formAction === paths.signup;
  // issue 11 item 1: the action's schema runs in the browser too (conform); the server's answer stays
  const check = useFormCheck('signup-form', SignUpFormSchema, AUTH_FORM_TEXT);
  const names = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;
  const errors: Record<string, AuthMessageView[] | undefined> = Object.fromEntries(
    names.map((n) => [n, mergeErrors<AuthMessageView>(check.errors, actionData?.fieldErrors, n, (text) => ({ key: 'form', text }))]),
  );
  const v = actionData?.values;
  const first = names.find((n) => actionData?.fieldErrors?.[n]?.length);
  return (
    <div className="container auth-page auth-page-single">
      <section className="auth-card" aria-labelledby="signup-title">
        <h1 id="signup-title">{t('auth.signup.title')}</h1>
        <p className="auth-intro">{t('auth.signup.intro')}</p>
        <Form method="post" action={paths.signup} className="auth-form" {...check.formProps}>
          <CsrfField />
          {loaderData.redirectTo ? <input type="hidden" name="redirect" value={loaderData.redirectTo} /> : null}
          <AuthAlert message={actionData?.formError} />
          <div className="auth-row">
            <AuthField id="signup-first" name="firstName" label={t('auth.field.firstName')} autoComplete="given-name" defaultValue={v?.firstName} errors={errors.firstName} required focus={first === 'firstName'} maxLength={100} />
            <AuthField id="signup-last" name="lastName" label={t('auth.field.lastName')} autoComplete="family-name" defaultValue={v?.lastName} errors={errors.lastName} required focus={first === 'lastName'} maxLength={100} />
          </div>
          <AuthField id="signup-email" name="email" type="email" label={t('auth.field.email')} autoComplete="email" defaultValue={v?.email} errors={errors.email} required focus={first === 'email'} />
          <AuthField
            id="signup-password"
            name="password"
            type="password"
            label={t('auth.field.password')}
            autoComplete="new-password"
            hint={t('auth.password.hint')}
            errors={errors.password}
            required
            focus={first === 'password'}
          />
          <AuthField id="signup-confirm" name="confirmPassword" type="password" label={t('auth.field.confirmPassword')} autoComplete="new-password" errors={errors.confirmPassword} required focus={first === 'confirmPassword'} />
          <div className="auth-check">
            <input id="signup-perks" name="perksOptIn" type="checkbox" defaultChecked={v?.perksOptIn} />
            <label htmlFor="signup-perks">{t('auth.field.perksOptIn')}</label>
          </div>
          <button type="submit" className="btn btn-primary auth-submit" disabled={busy}>
            {t('auth.signup.submit')}
          </button>
        </Form>
        <p className="auth-switch">
          {t('auth.signup.haveAccount')} <Link to={paths.loginBack(loaderData.redirectTo)}>{t('auth.signup.signIn')}</Link>
        </p>
      </section>
    </div>
  );
}
