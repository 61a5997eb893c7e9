/**
 * "Notify me when it's back" of an out-of-stock variant, POST /notify-me or /fr/avertissez-moi
 * (issue 12; spec §7 notifyMe; ADR 0029): the form (`NotifyMeFormSchema`: productCode, email,
 * redirectTo), then `POST /notifyMe` in the path's language — with the signed-in customer's token
 * (one click: the API takes their email), else the machine token and the email given (required).
 * - Without JavaScript: 303 back to `redirectTo` with the flash snackbar.
 * - With JavaScript (a fetcher, `_mode=fetch`): `{ ok, text, field? }`.
 * GET: nothing to show; go home.
 */
import { NotifyMeFormSchema } from '@store/contracts/forms';
import { redirect } from 'react-router';
import type { Route } from './+types/notify-me';
import { getRequestContext } from '../lib/context.server.ts';
import { firstErrors, parseForm } from '../lib/forms.ts';
import type { MarketingFormResult } from '../lib/marketing.ts';
import { answerForm, failureOf, NOTIFY_ME_FORM_TEXT, marketingCalls } from '../lib/marketing.server.ts';

export function loader(args: Route.LoaderArgs) {
  return redirect(getRequestContext(args).paths.home, 302);
}

export async function action(args: Route.ActionArgs) {
  const ctx = getRequestContext(args);
  const form = await args.request.formData();
  const submission = parseForm(form, NotifyMeFormSchema, ctx.t, NOTIFY_ME_FORM_TEXT);
  const signedIn = ctx.auth.isLoggedIn;
  let result: MarketingFormResult;
  if (submission.status !== 'success') {
    const [field, text] = Object.entries(firstErrors(submission))[0] ?? ['email', ctx.t('notifyMe.error.generic')];
    result = { ok: false, text, field };
  } else if (!signedIn && !submission.value.email) {
    result = { ok: false, text: ctx.t('form.fieldError', { field: ctx.t('notifyMe.email'), problem: ctx.t('form.problem.required') }), field: 'email' };
  } else {
    const { productCode, email } = submission.value;
    try {
      await marketingCalls(ctx, true).notifyMe(ctx.site, { productCode, lang: ctx.lang, ...(signedIn || !email ? {} : { email }) });
      result = { ok: true, text: ctx.t('notifyMe.sent') };
    } catch (error) {
      result = failureOf(ctx, error, 'notifyMe', 'notify-me');
    }
  }
  return answerForm(ctx, form, result);
}
