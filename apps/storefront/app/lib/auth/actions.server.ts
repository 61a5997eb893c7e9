/**
 * The server work of the sign-in pages and of the `/api/auth/*` server routes (spec §7):
 * sign-in (password grant, customer profile, anonymous cart merge), sign-up, forgot password,
 * reset password, sign-out. Each answers a {@link AuthResult}: success with where to go, or the
 * errors by field (message keys of app/i18n/auth.*.ts, translated by the page).
 */
import { createCustomerClient, isApiError } from '@store/contracts';
import { ForgotPasswordFormSchema, ResetPasswordFormSchema, SignInFormSchema, SignUpFormSchema } from '@store/contracts/forms';
import type { z } from 'zod';
import { parseFormProblems } from '../forms.ts';
import type { FormText } from '../forms.ts';
import { AUTH_FORM_TEXT, RESET_FORM_TEXT } from './form-text.ts';
import type { RequestContext } from '../context.server.ts';
import type { AuthNotice, CustomerInfo } from './cookies.server.ts';
import { sameOriginPath } from '../safe-redirect.ts';
import { authPaths, isAuthPage } from './paths.ts';
import { minutesOf, waitSecondsOf } from '../wait.ts';

/**
 * A message key of the auth catalogue plus its values; or (issue 11 item 1, a form-schema
 * problem) the message already in the page's language, `text`, with its `reason`.
 */
export interface AuthMessage {
  key: string;
  values?: Record<string, string | number>;
  /** the translated message (form-schema problems: it names the field) */
  text?: string;
  /** the OCC reason of `text` (JSON answers) */
  reason?: string;
}

/**
 * Checks auth form fields with the form's contract schema (conform, issue 11 item 1): null when
 * they pass, else the problems by field as {@link AuthMessage}s that name the field in the
 * request's language. `fields` are strings as posted (a checked box is `on`).
 */
export function authFormErrors(ctx: Pick<RequestContext, 't'>, schema: z.ZodType, fields: Record<string, string | boolean | null | undefined>, text: FormText = AUTH_FORM_TEXT): Record<string, AuthMessage[]> | null {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') body.set(k, v);
    else if (v === true) body.set(k, 'on');
  }
  const parsed = parseFormProblems(body, schema, ctx.t, text);
  if (!parsed.problems) return null;
  const out: Record<string, AuthMessage[]> = {};
  for (const [name, list] of Object.entries(parsed.problems)) out[name] = list.map((p) => ({ key: `auth.error.${p.reason}`, text: p.text, reason: p.reason }));
  return out;
}

/** The outcome of an auth form. */
export type AuthResult =
  | { ok: true; redirectTo: string; notice: AuthNotice | null }
  | {
      ok: false;
      status: number;
      /** the form-level message */
      formError: AuthMessage | null;
      /** field name → messages */
      fieldErrors: Record<string, AuthMessage[]>;
      /** seconds to wait (429) */
      retryAfterS: number | null;
    };

/** Failed result helper. */
export function fail(status: number, formError: AuthMessage | null, fieldErrors: Record<string, AuthMessage[]> = {}, retryAfterS: number | null = null): AuthResult {
  return { ok: false, status, formError, fieldErrors, retryAfterS };
}

/**
 * The status and headers of a failed auth form's answer: its status, and the real wait of a 429
 * as `Retry-After` (issue 9 item 1: the API's window, not a guess).
 */
export function failureInit(result: Extract<AuthResult, { ok: false }>): ResponseInit {
  return { status: result.status, headers: result.retryAfterS ? { 'Retry-After': String(result.retryAfterS) } : {} };
}

/** The message of a 429: wait time in minutes (at least 1). */
export function rateLimitMessage(retryAfterS: number): AuthMessage {
  return { key: 'auth.error.tooManyAttempts', values: { minutes: minutesOf(retryAfterS) } };
}

/** A form value (strings only), trimmed unless `raw`. */
export function field(form: FormData, name: string, raw = false): string {
  const v = form.get(name);
  if (typeof v !== 'string') return '';
  return raw ? v.slice(0, 256) : v.trim().slice(0, 256);
}

/** Where to go after signing in: the `redirect` value when it is a safe, non-auth path, else `fallback`. */
export function afterLoginTarget(redirectTo: string | null | undefined, fallback: string): string {
  const target = sameOriginPath(redirectTo);
  if (target === null) return fallback;
  const path = target.split(/[?#]/)[0] ?? '';
  return isAuthPage(path) ? fallback : target;
}

const PASSWORD_REASONS = new Set(['passwordTooShort', 'passwordTooLong', 'passwordTooWeak', 'passwordIsEmail']);
/** API input-check reasons (issue 9) and their messages. */
const INPUT_REASON_KEYS: Record<string, string> = { invalidCharacters: 'auth.error.invalidCharacters', tooLong: 'auth.error.tooLong' };

/** Maps an API error (OCC body) to form errors; unknown reasons fall back to a generic message. */
export function apiErrorResult(error: unknown, fieldOf: (subject: string | undefined) => string | null = (s) => s ?? null): AuthResult {
  if (!isApiError(error)) return fail(502, { key: 'auth.error.unavailable' });
  if (error.status === 429) {
    const s = waitSecondsOf(error);
    return fail(429, rateLimitMessage(s), {}, s);
  }
  const fieldErrors: Record<string, AuthMessage[]> = {};
  let formError: AuthMessage | null = null;
  for (const e of error.errors) {
    const reason = e.reason ?? '';
    let key: string | null = null;
    if (PASSWORD_REASONS.has(reason)) key = `auth.error.${reason}`;
    else if (INPUT_REASON_KEYS[reason]) key = INPUT_REASON_KEYS[reason];
    else if (reason === 'duplicateUid' || reason === 'duplicate' || reason === 'emailTaken' || e.type === 'DuplicateUidError') key = 'auth.error.duplicateEmail';
    else if (reason === 'invalidEmail' || (reason === 'invalid' && e.subject === 'email')) key = 'auth.error.emailInvalid';
    else if (reason === 'invalidToken' || reason === 'expiredToken' || reason === 'tokenExpired' || reason === 'tokenUsed') key = 'auth.error.resetLinkInvalid';
    else if (reason === 'invalid_grant') key = 'auth.error.invalidCredentials';
    const name = fieldOf(e.subject);
    if (key && name && key !== 'auth.error.invalidCredentials' && key !== 'auth.error.resetLinkInvalid') (fieldErrors[name] ??= []).push({ key });
    else formError ??= { key: key ?? (error.status >= 500 ? 'auth.error.unavailable' : 'auth.error.generic') };
  }
  if (!formError && Object.keys(fieldErrors).length === 0) formError = { key: error.status >= 500 ? 'auth.error.unavailable' : 'auth.error.generic' };
  return fail(error.status >= 500 ? 502 : error.status, formError, fieldErrors);
}

/** `GET users/current` fields the storefront reads. */
interface CurrentUser {
  uid?: string;
  id?: string;
  customerId?: string;
  email?: string;
  firstName?: string;
  name?: string;
}

/**
 * After a successful password grant: reads the profile, merges the anonymous cart into the
 * customer's cart (POST users/current/carts/merge) and points the cart cookie at the customer's
 * cart. Answers the notice to show (quantityCapped when a merged quantity was capped).
 * Never throws: the sign-in stands even when the merge fails.
 */
export async function finishSignIn(ctx: RequestContext, email: string, headers: Headers | null): Promise<AuthNotice> {
  const customers = createCustomerClient(ctx.auth.core);
  let notice: AuthNotice = 'signedIn';
  try {
    const anonymousGuid = ctx.cart.guid;
    const cart = anonymousGuid
      ? await customers.mergeCart(ctx.site, anonymousGuid, { lang: ctx.lang }).then((r) => {
          if (r.messages.some((m) => m.reason !== 'notSold')) notice = 'quantityCapped';
          return r.cart;
        })
      : await customers.getCurrentCart(ctx.site, { lang: ctx.lang });
    const jar = ctx.storefront.setCookies;
    const h = new Headers();
    ctx.cart.setGuid(h, cart.cartGuid);
    const cookie = h.get('set-cookie');
    if (cookie && jar) jar.set('cartGuid', cookie);
    else if (cookie && headers) headers.append('Set-Cookie', cookie);
  } catch {
    // the merge is best effort; the anonymous cart stays where it was
  }
  void email;
  return notice;
}

/** Reads the customer's display data with the fresh token. */
async function currentCustomer(ctx: RequestContext, email: string): Promise<CustomerInfo> {
  try {
    const me = await ctx.auth.core.request<CurrentUser>('GET', `/${ctx.site}/users/current`, { query: { lang: ctx.lang } });
    return {
      id: String(me.customerId ?? me.id ?? me.uid ?? ''),
      email: String(me.email ?? me.uid ?? email),
      firstName: String(me.firstName ?? me.name?.split(' ')[0] ?? ''),
    };
  } catch {
    return { id: '', email, firstName: '' };
  }
}

/** Signs in with email and password (the /login form, the flyout and POST /api/auth/login). */
export async function signIn(ctx: RequestContext, input: { email: string; password: string; redirectTo: string | null }, headers: Headers | null = null): Promise<AuthResult> {
  const fieldErrors = authFormErrors(ctx, SignInFormSchema, { email: input.email, password: input.password });
  if (fieldErrors) return fail(400, { key: 'auth.error.checkFields' }, fieldErrors);
  const service = ctx.storefront.auth;
  if (!service) return fail(503, { key: 'auth.error.unavailable' });
  let answer;
  try {
    answer = await service.passwordGrant(input.email, input.password);
  } catch (error) {
    if (isApiError(error) && (error.status === 400 || error.status === 401)) {
      return fail(401, { key: 'auth.error.invalidCredentials' });
    }
    return apiErrorResult(error);
  }
  ctx.auth.signIn(answer, { id: '', email: input.email, firstName: '' });
  const customer = await currentCustomer(ctx, input.email);
  ctx.auth.setCustomerInfo(customer);
  const notice = await finishSignIn(ctx, input.email, headers);
  ctx.auth.setNotice(notice);
  return { ok: true, redirectTo: afterLoginTarget(input.redirectTo, ctx.paths.home), notice };
}

/** Sign-up input. */
export interface SignUpInput {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  perksOptIn: boolean;
  redirectTo: string | null;
}

/** Creates the account (POST /users, machine token) and signs in. */
export async function signUp(ctx: RequestContext, input: SignUpInput): Promise<AuthResult> {
  const fieldErrors = authFormErrors(ctx, SignUpFormSchema, { ...input, redirectTo: undefined });
  if (fieldErrors) return fail(400, { key: 'auth.error.checkFields' }, fieldErrors);
  try {
    await ctx.api.request('POST', `/${ctx.site}/users`, {
      body: { email: input.email, password: input.password, firstName: input.firstName, lastName: input.lastName, perksOptIn: input.perksOptIn },
      query: { lang: ctx.lang },
    });
  } catch (error) {
    const r = apiErrorResult(error, (s) => (s && ['email', 'password', 'firstName', 'lastName'].includes(s) ? s : s === 'uid' ? 'email' : null));
    if (!r.ok && r.formError === null) r.formError = { key: 'auth.error.checkFields' };
    return r;
  }
  const result = await signIn(ctx, { email: input.email, password: input.password, redirectTo: input.redirectTo });
  if (result.ok) {
    const notice: AuthNotice = result.notice === 'quantityCapped' ? 'quantityCapped' : 'signedUp';
    ctx.auth.setNotice(notice);
    return { ...result, notice };
  }
  return result;
}

/** Asks for a reset link; the same answer whether or not the email has an account. */
export async function forgotPassword(ctx: RequestContext, email: string): Promise<AuthResult> {
  const fieldErrors = authFormErrors(ctx, ForgotPasswordFormSchema, { email });
  if (fieldErrors) return fail(400, null, fieldErrors);
  try {
    await ctx.api.request('POST', `/${ctx.site}/forgottenpasswordtokens`, { body: { email }, query: { lang: ctx.lang } });
  } catch (error) {
    if (isApiError(error) && error.status === 429) return apiErrorResult(error);
    if (isApiError(error) && error.status >= 500) return fail(502, { key: 'auth.error.unavailable' });
    // any other answer is not shown: no account enumeration
  }
  return { ok: true, redirectTo: '', notice: null };
}

/** Sets a new password with the token of the emailed link, then signs out every session. */
export async function resetPassword(ctx: RequestContext, input: { token: string; password: string; confirmPassword: string }): Promise<AuthResult> {
  if (!input.token) return fail(400, { key: 'auth.error.resetLinkInvalid' });
  const fieldErrors = authFormErrors(ctx, ResetPasswordFormSchema, input, RESET_FORM_TEXT);
  if (fieldErrors) return fail(400, { key: 'auth.error.checkFields' }, fieldErrors);
  try {
    await ctx.api.request('POST', `/${ctx.site}/resetpassword`, { body: { token: input.token, newPassword: input.password }, query: { lang: ctx.lang } });
  } catch (error) {
    const r = apiErrorResult(error, (s) => (s === 'newPassword' || s === 'password' ? 'password' : null));
    if (!r.ok && isApiError(error) && (error.status === 400 || error.status === 404 || error.status === 410) && !Object.keys(r.fieldErrors).length) {
      return fail(400, { key: 'auth.error.resetLinkInvalid' });
    }
    return r;
  }
  if (ctx.auth.isLoggedIn) await ctx.auth.signOut();
  ctx.auth.setNotice('passwordReset');
  return { ok: true, redirectTo: authPaths(ctx.lang).login, notice: 'passwordReset' };
}

/** Signs out: revokes at the API, clears the auth and cart cookies. */
export async function signOut(ctx: RequestContext): Promise<AuthResult> {
  await ctx.auth.signOut();
  const jar = ctx.storefront.setCookies;
  const h = new Headers();
  ctx.cart.clear(h);
  const cookie = h.get('set-cookie');
  if (cookie && jar) jar.set('cartGuid', cookie);
  ctx.auth.setNotice('signedOut');
  return { ok: true, redirectTo: ctx.paths.home, notice: 'signedOut' };
}
