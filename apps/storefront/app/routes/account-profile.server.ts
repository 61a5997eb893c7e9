/**
 * Profile page, server side (issue 3 "profile, change password"): the loader reads
 * `GET users/current`; the action handles `intent=profile` (`PATCH users/current` with first
 * name, last name and the perks opt-in) and `intent=password` (`PUT users/current/password`).
 * Success redirects (303) back with a `?done=` notice; failure answers the translated errors per
 * field with status 400. Works without JavaScript.
 */
import { hasControlCharacters, isApiError } from '@store/contracts';
import { SITES } from '@store/domain';
import { data, redirect } from 'react-router';
import { toFormErrors, type FormErrors } from '../components/checkout/occ-errors.ts';
import type { ContextArgs, RequestContext } from '../lib/context.server.ts';
import type { PageMeta } from '../lib/meta.ts';
import { doneRedirect, formRaw, formString, isUnauthorized, requireAccount } from './account.server.ts';
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

/** Checks a new password on our side too (same policy as the API: 8–128, a letter and a digit, not the email). */
export function checkNewPassword(ctx: Pick<RequestContext, 't'>, password: string, email: string): string | null {
  if (password.length < 8) return ctx.t('account.password.tooShort');
  if (password.length > 128) return ctx.t('account.password.tooLong');
  if (!/\p{L}/u.test(password) || !/\d/.test(password)) return ctx.t('account.password.tooWeak');
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) return ctx.t('account.password.isEmail');
  if (hasControlCharacters(password)) return ctx.t('occ.invalidCharacters');
  return null;
}

/** Handles the profile and password forms (see module comment). */
export async function profileAction(args: ContextArgs) {
  const { ctx, api, paths } = requireAccount(args);
  const form = await args.request.formData();
  const intent = formString(form, 'intent') === 'password' ? 'password' : 'profile';
  const fail = (errors: FormErrors, values: Record<string, string> = {}) => data<ProfileActionData>({ intent, errors, values }, { status: 400 });
  try {
    if (intent === 'profile') {
      const values = { firstName: formString(form, 'firstName'), lastName: formString(form, 'lastName'), perksOptIn: form.get('perksOptIn') ? 'on' : '' };
      const fieldErrors: Record<string, string> = {};
      if (!values.firstName) fieldErrors.firstName = ctx.t('account.firstNameRequired');
      if (!values.lastName) fieldErrors.lastName = ctx.t('account.lastNameRequired');
      if (Object.keys(fieldErrors).length) return fail({ fieldErrors, formError: null }, values);
      try {
        const updated = await api.updateProfile({ firstName: values.firstName, lastName: values.lastName, perksOptIn: values.perksOptIn === 'on' });
        const me = ctx.auth.customer;
        if (me) ctx.auth.setCustomerInfo({ ...me, firstName: updated.firstName });
      } catch (error) {
        if (!isApiError(error) || !error.isClientError || error.status === 401) throw error;
        // issue 9: a field the API refused (too long, control characters) is shown next to it
        return fail(toFormErrors(ctx.t, error, { fields: ['firstName', 'lastName'] }), values);
      }
      return doneRedirect(paths.profile, 'profile');
    }
    const oldPassword = formRaw(form, 'oldPassword');
    const newPassword = formRaw(form, 'newPassword');
    const confirm = formRaw(form, 'confirmPassword');
    const fieldErrors: Record<string, string> = {};
    if (!oldPassword) fieldErrors.oldPassword = ctx.t('account.password.required');
    const profile = await api.getProfile();
    const policy = checkNewPassword(ctx, newPassword, profile.email);
    if (policy) fieldErrors.newPassword = policy;
    else if (newPassword !== confirm) fieldErrors.confirmPassword = ctx.t('account.password.mismatch');
    if (Object.keys(fieldErrors).length) return fail({ fieldErrors, formError: null });
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
