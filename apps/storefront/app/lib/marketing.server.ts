/**
 * Server side of the mailing-list and notify-me forms (issue 12; ADR 0029): the API calls with the
 * right token (the machine token; a signed-in customer's own for notify-me, so the API takes the
 * email from it) and the answer of a form post: JSON for a fetcher (`_mode=fetch`), or a 303 back
 * to the page with the flash snackbar (no JavaScript), as the add-to-cart form does.
 */
import { createMarketingClient, isApiError } from '@store/contracts';
import type { MarketingCalls } from '@store/contracts';
import { data, redirect } from 'react-router';
import type { MessageKey } from '../i18n/index.ts';
import { flashCookie } from './cookies.server.ts';
import type { RequestContext } from './context.server.ts';
import type { FormText } from './forms.ts';
import { logServerError } from './logger.server.ts';
import type { MarketingFormResult } from './marketing.ts';
import { safeRedirectTarget } from './safe-redirect.ts';

/** Labels of the footer form's fields (bad-field messages name them). */
export const NEWSLETTER_FORM_TEXT: FormText = { labels: { email: 'newsletter.email' } };
/** Labels of the notify-me form's fields. */
export const NOTIFY_ME_FORM_TEXT: FormText = { labels: { email: 'notifyMe.email' } };

/** Messages of the API refusals a shopper can meet, by reason. */
const REASON_MESSAGES: Record<'newsletter' | 'notifyMe', Readonly<Record<string, MessageKey>>> = {
  newsletter: { tooManyAttempts: 'newsletter.error.tooManyAttempts' },
  notifyMe: { tooManyAttempts: 'notifyMe.error.tooManyAttempts', notFound: 'notifyMe.error.notFound' },
};

/** The API calls: with the customer's token when `asCustomer` and signed in, else the machine token. */
export function marketingCalls(ctx: RequestContext, asCustomer = false): MarketingCalls {
  return createMarketingClient(asCustomer && ctx.auth.isLoggedIn ? ctx.customerCore : ctx.anonymousCore);
}

/**
 * The translated outcome of a failed API call: a client error by its reason
 * (`<prefix>.error.<reason>` when such a message exists), else the generic message (logged).
 */
export function failureOf(ctx: RequestContext, error: unknown, prefix: 'newsletter' | 'notifyMe', label: string): MarketingFormResult {
  if (isApiError(error) && error.isClientError) {
    const subject = error.errors[0]?.subject;
    if (subject === 'email') return { ok: false, text: ctx.t('form.fieldError', { field: ctx.t(`${prefix}.email`), problem: ctx.t('form.problem.invalidEmail') }), field: 'email' };
    const key = REASON_MESSAGES[prefix][error.reason ?? ''];
    return { ok: false, text: ctx.t(key ?? `${prefix}.error.generic`) };
  }
  logServerError(error, { url: ctx.request.url, label });
  return { ok: false, text: ctx.t(`${prefix}.error.generic`) };
}

/** Answers a marketing form post: the result to a fetcher, else a redirect with the flash. */
export function answerForm(ctx: RequestContext, form: FormData, result: MarketingFormResult) {
  if (form.get('_mode') === 'fetch') return data(result, { headers: { 'cache-control': 'no-store' } });
  const headers = new Headers({ 'cache-control': 'no-store' });
  headers.append('Set-Cookie', flashCookie({ kind: 'coupon', ok: result.ok, text: result.text, link: null }, ctx.secure));
  return redirect(safeRedirectTarget(form.get('redirectTo'), ctx.paths.home, ctx.url.origin), { status: 303, headers });
}
