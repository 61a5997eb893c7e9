/**
 * The mailing-list footer form and the product page's notify-me form (issue 12; ADR 0029). Both
 * are plain form POSTs to resource routes (lib/marketing.ts paths) that redirect back with the
 * flash snackbar, so they work without JavaScript; once hydrated they submit through a fetcher
 * (`_mode=fetch`) and show the outcome next to the button (and in the snackbar) without leaving
 * the page. Texts in the page's language (i18n marketing.*.ts).
 */
import { useEffect, useId } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { useCartUi } from '../../lib/cart-ui.ts';
import { CsrfField } from '../../lib/csrf.tsx';
import { marketingPaths } from '../../lib/marketing.ts';
import type { MarketingFormResult } from '../../lib/marketing.ts';
import { useShell } from '../../lib/shell-data.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useT } from '../../lib/use-t.ts';

/** The page to come back to after a no-JavaScript post (path and query of this page). */
function useRedirectTo(): string {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  search.delete('added');
  const qs = search.toString();
  return `${location.pathname}${qs ? `?${qs}` : ''}`;
}

/** Shows a fetcher's outcome in the snackbar once per answer. */
function useNotifyOnce(result: MarketingFormResult | undefined): void {
  const ui = useCartUi();
  useEffect(() => {
    if (result) ui.notify({ kind: result.ok ? 'success' : 'error', text: result.text });
  }, [result]); // once per answer
}

/** The outcome line under a form (a fetcher's answer). */
function Outcome({ result, id }: { result: MarketingFormResult | undefined; id: string }) {
  if (!result) return null;
  return result.ok ? (
    <p id={id} className="form-success" role="status">
      {result.text}
    </p>
  ) : (
    <p id={id} className="form-error" role="alert">
      {result.text}
    </p>
  );
}

/** Footer "Coffee news by email" form: email and button, with the consent wording. */
export function NewsletterForm() {
  const fetcher = useFetcher<MarketingFormResult>();
  const hydrated = useHydrated();
  const t = useT();
  const { lang } = useShell();
  const id = useId();
  const redirectTo = useRedirectTo();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.data;
  useNotifyOnce(result);
  return (
    <section aria-labelledby={`${id}-title`} className="footer-newsletter">
      <h2 id={`${id}-title`}>{t('newsletter.title')}</h2>
      <p className="footer-note" id={`${id}-consent`}>
        {t('newsletter.consent')}
      </p>
      <fetcher.Form method="post" action={marketingPaths(lang).subscribe} className="newsletter-form" data-testid="newsletter-form">
        <CsrfField />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {hydrated ? <input type="hidden" name="_mode" value="fetch" /> : null}
        <label htmlFor={`${id}-email`}>{t('newsletter.email')}</label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={254}
          required
          aria-describedby={`${id}-consent${result ? ` ${id}-outcome` : ''}`}
          aria-invalid={result && !result.ok && result.field === 'email' ? true : undefined}
        />
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('newsletter.sending') : t('newsletter.submit')}
        </button>
        <Outcome result={result} id={`${id}-outcome`} />
      </fetcher.Form>
    </section>
  );
}

/** Props of {@link NotifyMeForm}. */
export interface NotifyMeFormProps {
  /** the out-of-stock variant's code */
  variantCode: string;
}

/** "Notify me when it's back" of an out-of-stock variant: an email field for anonymous shoppers, one button when signed in. */
export function NotifyMeForm({ variantCode }: NotifyMeFormProps) {
  const fetcher = useFetcher<MarketingFormResult>();
  const hydrated = useHydrated();
  const t = useT();
  const shell = useShell();
  const id = useId();
  const redirectTo = useRedirectTo();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.data;
  const signedIn = shell.auth?.isLoggedIn === true;
  useNotifyOnce(result);
  return (
    <section className="notify-me" aria-labelledby={`${id}-title`} data-testid="notify-me">
      <h2 id={`${id}-title`} className="notify-me-title">
        {t('notifyMe.title')}
      </h2>
      <p className="notify-me-intro">{signedIn ? t('notifyMe.introSignedIn') : t('notifyMe.intro')}</p>
      <fetcher.Form method="post" action={marketingPaths(shell.lang).notifyMe} className="notify-me-form">
        <CsrfField />
        <input type="hidden" name="productCode" value={variantCode} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {hydrated ? <input type="hidden" name="_mode" value="fetch" /> : null}
        {signedIn ? null : (
          <>
            <label htmlFor={`${id}-email`}>{t('notifyMe.email')}</label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              maxLength={254}
              required
              aria-invalid={result && !result.ok && result.field === 'email' ? true : undefined}
              aria-describedby={result ? `${id}-outcome` : undefined}
            />
          </>
        )}
        <button type="submit" className="btn btn-secondary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('notifyMe.sending') : t('notifyMe.submit')}
        </button>
        <Outcome result={result} id={`${id}-outcome`} />
      </fetcher.Form>
    </section>
  );
}
