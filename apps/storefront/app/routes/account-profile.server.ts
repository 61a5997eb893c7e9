/**
 * Profile page, server side (issue 3 "profile, change password"): the loader reads
 * `GET users/current`; the action handles `intent=profile` (`PATCH users/current` with first
 * name, last name and the perks opt-in) and `intent=password` (`PUT users/current/password`).
 * Success redirects (303) back with a `?done=` notice; failure answers the translated errors per
 * field with status 400. Works without JavaScript.
 */
import { isApiError } from '@store/contracts';
import { changePasswordFormSchema, ProfileFormSchema } from '@store/contracts/forms';
import { firstErrors, parseForm } from '../lib/forms.ts';
import type { FormText } from '../lib/forms.ts';
import { SITES } from '@store/domain';
import { data, redirect } from 'react-router';
import { toFormErrors, type FormErrors } from '../components/checkout/occ-errors.ts';
import type { ContextArgs, RequestContext } from '../lib/context.server.ts';
import type { PageMeta } from '../lib/meta.ts';
import { doneRedirect, formString, isUnauthorized, requireAccount } from './account.server.ts';
import type { CustomerProfile } from './account.server.ts';
import { waitMinutesOf } from '../lib/wait.ts';

/** Data of the profile page. */
export interface ProfileData {
  meta: PageMeta;
  profile: CustomerProfile;
  editing: boolean;
  done: 'profile' | 'password' | null;
}

/** The answer of a failed profile or password POST. */
export interface ProfileActionData {
  intent: 'profile' | 'password';
  errors: FormErrors;
  values: Record<string, string>;
}

/** Loads the profile page. */
export async function loadProfile(args: ContextArgs) {
  const { ctx, api, paths } = requireAccount(args);
  try {
    const profile = await api.getProfile();
    const done = ctx.url.searchParams.get('done');
    const out: ProfileData = {
      meta: { title: ctx.t('meta.title', { title: ctx.t('account.profile.metaTitle'), brand: SITES[ctx.site].name }), noindex: true },
      profile,
      editing: ctx.url.searchParams.get('edit') === '1',
      done: done === 'profile' || done === 'password' ? done : null,
    };
    return data(out, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (isUnauthorized(error)) throw redirect(paths.login(ctx.url.pathname));
    throw error;
  }
}

/** The password policy message for an API reason (AUTH-API: passwordTooShort, passwordTooWeak, passwordIsEmail). */
export function passwordMessage(ctx: Pick<RequestContext, 't'>, reason: string | undefined): string {
  switch (reason) {
    case 'passwordTooShort':
      return ctx.t('account.password.tooShort');
    case 'passwordTooLong':
      return ctx.t('account.password.tooLong');
    case 'passwordTooWeak':
      return ctx.t('account.password.tooWeak');
    case 'passwordIsEmail':
      return ctx.t('account.password.isEmail');
    default:
      return ctx.t('occ.generic');
  }
}

/** The wording of the profile and password forms (issue 11 item 1). */
export const PROFILE_TEXT: FormText = { labels: { firstName: 'account.profile.firstName', lastName: 'account.profile.lastName' } };
export const PASSWORD_TEXT: FormText = {
  labels: { oldPassword: 'account.password.current', newPassword: 'account.password.new', confirmPassword: 'account.password.confirm' },
};

/** Handles the profile and password forms (see module comment). */
export async function profileAction(args: ContextArgs) {
  const { ctx, api, paths } = requireAccount(args);
  const form = await args.request.formData();
  const intent = formString(form, 'intent') === 'password' ? 'password' : 'profile';
  const fail = (errors: FormErrors, values: Record<string, string> = {}) => data<ProfileActionData>({ intent, errors, values }, { status: 400 });
  try {
    if (intent === 'profile') {
      const values = { firstName: formString(form, 'firstName'), lastName: formString(form, 'lastName'), perksOptIn: form.get('perksOptIn') ? 'on' : '' };
      const submission = parseForm(form, ProfileFormSchema, ctx.t, PROFILE_TEXT);
      if (submission.status !== 'success') return fail({ fieldErrors: firstErrors(submission), formError: null }, values);
      try {
        const { firstName, lastName, perksOptIn } = submission.value;
        const updated = await api.updateProfile({ firstName, lastName, perksOptIn: perksOptIn === true });
        const me = ctx.auth.customer;
        if (me) ctx.auth.setCustomerInfo({ ...me, firstName: updated.firstName });
      } catch (error) {
        if (!isApiError(error) || !error.isClientError || error.status === 401) throw error;
        // issue 9: a field the API refused (too long, control characters) is shown next to it
        return fail(toFormErrors(ctx.t, error, { fields: ['firstName', 'lastName'] }), values);
      }
      return doneRedirect(paths.profile, 'profile');
    }
    const email = ctx.auth.customer?.email || (await api.getProfile()).email;
    const submission = parseForm(form, changePasswordFormSchema(email), ctx.t, PASSWORD_TEXT);
    if (submission.status !== 'success') return fail({ fieldErrors: firstErrors(submission), formError: null });
    const { oldPassword, newPassword } = submission.value;
    try {
      await api.changePassword({ oldPassword, newPassword });
    } catch (error) {
      if (!isApiError(error) || !error.isClientError) throw error;
      const reason = error.reason;
      if (reason === 'invalidCharacters' || reason === 'tooLong') return fail(toFormErrors(ctx.t, error, { fields: ['oldPassword', 'newPassword'] }));
      if (reason && reason.startsWith('password')) return fail({ fieldErrors: { newPassword: passwordMessage(ctx, reason) }, formError: null });
      if (error.status === 400 || error.status === 401 || error.status === 403) {
        if (error.status === 401 && reason !== 'invalidPassword' && reason !== 'wrongPassword' && error.errors[0]?.subject !== 'oldPassword') throw error;
        return fail({ fieldErrors: { oldPassword: ctx.t('account.password.wrong') }, formError: null });
      }
      if (error.status === 429) return fail({ fieldErrors: {}, formError: ctx.t('occ.tooManyRequests', { minutes: waitMinutesOf(error) }) });
      return fail({ fieldErrors: {}, formError: ctx.t('occ.generic') });
    }
    return doneRedirect(paths.profile, 'password');
  } catch (error) {
    if (isUnauthorized(error)) throw redirect(paths.login(paths.profile), 303);
    throw error;
  }
}
