/**
 * Double opt-in confirmation page, /newsletter/confirm?token=… or /fr/infolettre/confirmer?token=…
 * (issue 12; ADR 0029): the link of the confirmation email. The loader confirms with the API
 * (`POST /subscribe/confirm`, the token works once) and the page says whether it worked. No
 * JavaScript needed; never cached (not a page-cache route; `no-store`).
 */
import { isApiError } from '@store/contracts';
import { SITES } from '@store/domain';
import { data, Link } from 'react-router';
import type { Route } from './+types/newsletter-confirm';
import { AuthAlert } from '../components/auth/fields.tsx';
import { getRequestContext } from '../lib/context.server.ts';
import { logServerError } from '../lib/logger.server.ts';
import { marketingCalls } from '../lib/marketing.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { pathsFor } from '../lib/paths.ts';
import { useShell } from '../lib/shell-data.ts';
import { useT } from '../lib/use-t.ts';

export async function loader(args: Route.LoaderArgs) {
  const ctx = getRequestContext(args);
  const token = ctx.url.searchParams.get('token') ?? '';
  let confirmed = false;
  if (token !== '' && token.length <= 512) {
    try {
      await marketingCalls(ctx).confirmSubscription(ctx.site, { token, lang: ctx.lang });
      confirmed = true;
    } catch (error) {
      if (!(isApiError(error) && error.isClientError)) logServerError(error, { label: 'newsletter-confirm' });
    }
  }
  const meta = { title: ctx.t('meta.title', { title: ctx.t('newsletter.confirm.title'), brand: SITES[ctx.site].name }), noindex: true };
  return data({ confirmed, meta }, { headers: { 'cache-control': 'no-store' } });
}

export const meta: Route.MetaFunction = ({ data: d }) => pageMeta(d?.meta);

export function headers() {
  return { 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin' };
}

export default function NewsletterConfirmPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const paths = pathsFor(useShell().lang);
  return (
    <div className="container auth-page auth-page-single">
      <section className="auth-card" aria-labelledby="newsletter-confirm-title">
        <h1 id="newsletter-confirm-title">{t('newsletter.confirm.title')}</h1>
        {loaderData.confirmed ? (
          <AuthAlert kind="success" message={t('newsletter.confirm.done')} />
        ) : (
          <AuthAlert message={t('newsletter.confirm.invalid')} />
        )}
        <p className="auth-switch">
          <Link to={paths.home}>{t('newsletter.continue')}</Link>
        </p>
      </section>
    </div>
  );
}
