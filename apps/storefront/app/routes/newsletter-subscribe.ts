/**
 * Footer mailing-list form, POST /newsletter/subscribe or /fr/infolettre/abonnement (issue 12;
 * spec §7 subscribe; ADR 0029): the form (`SubscribeFormSchema`: email, redirectTo) parsed as the
 * API's request, then `POST /subscribe` with source `footer` in the path's language. The answer is
 * the same whether or not the address was subscribed (the API's double opt-in sends the email).
 * - Without JavaScript: 303 back to `redirectTo` with the flash snackbar.
 * - With JavaScript (a fetcher, `_mode=fetch`): `{ ok, text, field? }`.
 * GET: nothing to show; go home.
 */
import { SubscribeFormSchema } from '@store/contracts/forms';
import { redirect } from 'react-router';
import type { Route } from './+types/newsletter-subscribe';
import { getRequestContext } from '../lib/context.server.ts';
import { firstErrors, parseForm } from '../lib/forms.ts';
import type { MarketingFormResult } from '../lib/marketing.ts';
import { answerForm, failureOf, NEWSLETTER_FORM_TEXT, marketingCalls } from '../lib/marketing.server.ts';

export function loader(args: Route.LoaderArgs) {
  return redirect(getRequestContext(args).paths.home, 302);
}

export async function action(args: Route.ActionArgs) {
  const ctx = getRequestContext(args);
  const form = await args.request.formData();
  const submission = parseForm(form, SubscribeFormSchema, ctx.t, NEWSLETTER_FORM_TEXT);
  let result: MarketingFormResult;
  if (submission.status !== 'success') {
    const errors = firstErrors(submission);
    const [field, text] = Object.entries(errors)[0] ?? ['email', ctx.t('newsletter.error.generic')];
    result = { ok: false, text, field };
  } else {
    try {
      await marketingCalls(ctx).subscribe(ctx.site, { email: submission.value.email, lang: ctx.lang, source: 'footer' });
      result = { ok: true, text: ctx.t('newsletter.sent') };
    } catch (error) {
      result = failureOf(ctx, error, 'newsletter', 'newsletter-subscribe');
    }
  }
  return answerForm(ctx, form, result);
}
