/**
 * The sign-in page (spec §2 /login, /noboLogin; French /fr/connexion). Content from
 * `GET /cms/pages?pageLabelOrId=loginContentPage` (title, configurationData: signupEnabled,
 * forgotPasswordEnabled; metadata: title, description), with built-in fallbacks. The form posts
 * here (also from the header flyout); success redirects (303) to `redirect` or the home page.
 */
import { data, Link, redirect } from 'react-router';
import { SITES } from '@store/domain';
import type { Route } from './+types/login';
import { LoginForm } from '../components/auth/LoginForm.tsx';
import { afterLoginTarget, field, signIn, failureInit } from '../lib/auth/actions.server.ts';
import { authPaths } from '../lib/auth/paths.ts';
import { getRequestContext } from '../lib/context.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { useShell } from '../lib/shell-data.ts';
import { useT } from '../lib/use-t.ts';
import { retryAfterHeaders } from '../lib/retry-after.ts';

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() ? v.trim().slice(0, 300) : null;
}

export async function loader(args: Route.LoaderArgs) {
  const ctx = getRequestContext(args);
  const redirectTo = ctx.url.searchParams.get('redirect');
  if (ctx.auth.isLoggedIn) throw redirect(afterLoginTarget(redirectTo, authPaths(ctx.lang).account));
  const page = await ctx.api.getCmsPage(ctx.site, { lang: ctx.lang, pageLabelOrId: 'loginContentPage' }).catch(() => null);
  const config = page?.configurationData ?? {};
  const brand = SITES[ctx.site].name;
  return {
    title: str(page?.title) ?? ctx.t('auth.login.title'),
    signupEnabled: config.signupEnabled !== false,
    forgotPasswordEnabled: config.forgotPasswordEnabled !== false,
    redirectTo: afterLoginTarget(redirectTo, '') || null,
    meta: {
      title: str(page?.metadata?.title) ?? ctx.t('meta.title', { title: ctx.t('auth.login.title'), brand }),
      description: str(page?.metadata?.description) ?? ctx.t('auth.login.intro'),
      noindex: true,
    },
  };
}

/** The 429's `Retry-After` goes out with the page (issue 9 item 1). */
export const headers = retryAfterHeaders;

export async function action(args: Route.ActionArgs) {
  const ctx = getRequestContext(args);
  const form = await args.request.formData();
  const email = field(form, 'email');
  const result = await signIn(ctx, { email, password: field(form, 'password', true), redirectTo: field(form, 'redirect') || null });
  if (result.ok) throw redirect(result.redirectTo, 303);
  return data({ email, formError: result.formError, fieldErrors: result.fieldErrors, retryAfterS: result.retryAfterS }, failureInit(result));
}

export const meta: Route.MetaFunction = ({ data: d }) => pageMeta(d?.meta);

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const paths = authPaths(useShell().lang);
  return (
    <div className="container auth-page">
      <section className="auth-card" aria-labelledby="login-title">
        <h1 id="login-title">{loaderData.title}</h1>
        <p className="auth-intro">{t('auth.login.intro')}</p>
        <LoginForm
          idPrefix="login"
          redirectTo={loaderData.redirectTo}
          defaultEmail={actionData?.email}
          formError={actionData?.formError ?? null}
          fieldErrors={actionData?.fieldErrors}
          focus={!!actionData}
        />
      </section>
      {loaderData.signupEnabled ? (
        <aside className="auth-card auth-aside" aria-labelledby="login-new">
          <h2 id="login-new">{t('auth.login.newHere')}</h2>
          <p>{t('auth.login.benefitsTitle')}</p>
          <ul className="auth-benefits">
            <li>{t('auth.login.benefit1')}</li>
            <li>{t('auth.login.benefit2')}</li>
            <li>{t('auth.login.benefit3')}</li>
          </ul>
          <Link className="btn btn-secondary" to={loaderData.redirectTo ? `${paths.signup}?redirect=${encodeURIComponent(loaderData.redirectTo)}` : paths.signup}>
            {t('auth.login.createAccount')}
          </Link>
        </aside>
      ) : null}
    </div>
  );
}
