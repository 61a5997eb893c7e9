/**
 * Unsubscribe page, /newsletter/unsubscribe?token=… or /fr/infolettre/desabonnement?token=…
 * (issue 12; ADR 0029): the link of every marketing email. GET shows one button (a plain form
 * POST carrying the token: works without JavaScript, and a mail scanner following the link
 * unsubscribes nobody); the action calls `POST /subscribe/unsubscribe` and the page says it is
 * done. Never cached; `Referrer-Policy: same-origin` keeps the token from other sites (`no-referrer`
 * would make the browser send `Origin: null` on the POST, which the CSRF check refuses).
 */
import { isApiError } from '@store/contracts';
import { UnsubscribeFormSchema } from '@store/contracts/forms';
import { SITES } from '@store/domain';
import { data, Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/newsletter-unsubscribe';
import { AuthAlert } from '../components/auth/fields.tsx';
import { getRequestContext } from '../lib/context.server.ts';
import { CsrfField } from '../lib/csrf.tsx';
import { parseForm } from '../lib/forms.ts';
import { logServerError } from '../lib/logger.server.ts';
import { marketingPaths } from '../lib/marketing.ts';
import { NEWSLETTER_FORM_TEXT, marketingCalls } from '../lib/marketing.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { pathsFor } from '../lib/paths.ts';
import { useShell } from '../lib/shell-data.ts';
import { useT } from '../lib/use-t.ts';

export function loader(args: Route.LoaderArgs) {
  const ctx = getRequestContext(args);
  const token = ctx.url.searchParams.get('token') ?? '';
  const meta = { title: ctx.t('meta.title', { title: ctx.t('newsletter.unsubscribe.title'), brand: SITES[ctx.site].name }), noindex: true };
  return data({ token: token.length <= 512 ? token : '', meta }, { headers: { 'cache-control': 'no-store' } });
}

export async function action(args: Route.ActionArgs) {
  const ctx = getRequestContext(args);
  const submission = parseForm(await args.request.formData(), UnsubscribeFormSchema, ctx.t, NEWSLETTER_FORM_TEXT);
  if (submission.status !== 'success') return data({ done: false }, { status: 400 });
  try {
    await marketingCalls(ctx).unsubscribe(ctx.site, { token: submission.value.token, lang: ctx.lang });
    return { done: true };
  } catch (error) {
    if (!(isApiError(error) && error.isClientError)) logServerError(error, { label: 'newsletter-unsubscribe' });
    return data({ done: false }, { status: isApiError(error) && error.isClientError ? 400 : 503 });
  }
}

export const meta: Route.MetaFunction = ({ data: d }) => pageMeta(d?.meta);

export function headers() {
  return { 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin' };
}

export default function NewsletterUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { lang } = useShell();
  const busy = useNavigation().state === 'submitting';
  const token = loaderData.token;
  return (
    <div className="container auth-page auth-page-single">
      <section className="auth-card" aria-labelledby="unsubscribe-title">
        <h1 id="unsubscribe-title">{t('newsletter.unsubscribe.title')}</h1>
        {actionData?.done ? (
          <AuthAlert kind="success" message={t('newsletter.unsubscribe.done')} />
        ) : actionData || token === '' ? (
          <AuthAlert message={t('newsletter.unsubscribe.invalid')} />
        ) : (
          <Form method="post" action={`${marketingPaths(lang).unsubscribe}?token=${encodeURIComponent(token)}`} className="auth-form">
            <CsrfField />
            <p className="auth-intro">{t('newsletter.unsubscribe.intro')}</p>
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="btn btn-primary auth-submit" disabled={busy}>
              {t('newsletter.unsubscribe.submit')}
            </button>
          </Form>
        )}
        <p className="auth-switch">
          <Link to={pathsFor(lang).home}>{t('newsletter.continue')}</Link>
        </p>
      </section>
    </div>
  );
}
