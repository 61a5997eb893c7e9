/**
 * The customer session cookies (issue 3 decisions "Cookies"; spec §3 auth session record,
 * §9 'user was logged in' cookie 30 days).
 *
 * - access token, refresh token and expiry: `__Host-sf_at`, `__Host-sf_rt`, `__Host-sf_exp` on
 *   HTTPS, else `sf_at`, `sf_rt`, `sf_exp` — HttpOnly, SameSite=Lax, Path=/, Secure on HTTPS;
 *   never readable by page scripts, never in web storage;
 * - the signed-in customer's display data (`sf_user`, JSON {id, email, firstName}), HttpOnly too;
 * - `sf_wasLoggedIn=true` for 30 days (no secret; readable);
 * - a one-shot notice cookie (`sf_auth_notice`) for messages after a redirect (signed in, cart
 *   quantities capped, signed out ...).
 */
import { parseCookies, serializeCookie } from '../cookies.server.ts';
import type { AuthTokens } from './token-lifecycle.ts';

/** Lifetime of the session cookies: the refresh token family's absolute maximum (30 days), s. */
export const AUTH_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** Spec §9: 'user was logged in' cookie lifetime, s. */
export const WAS_LOGGED_IN_MAX_AGE_S = 30 * 24 * 60 * 60;
/** Name of the 'user was logged in' cookie. */
export const WAS_LOGGED_IN_COOKIE = 'sf_wasLoggedIn';
/** Name of the one-shot notice cookie. */
export const AUTH_NOTICE_COOKIE = 'sf_auth_notice';

/** The auth cookie names of a request (HTTPS → `__Host-` prefix). */
export function authCookieNames(secure: boolean): { at: string; rt: string; exp: string; user: string } {
  const p = secure ? '__Host-' : '';
  return { at: `${p}sf_at`, rt: `${p}sf_rt`, exp: `${p}sf_exp`, user: `${p}sf_user` };
}

/** The signed-in customer's display data. */
export interface CustomerInfo {
  id: string;
  email: string;
  firstName: string;
}

/** The notices shown once after a redirect. */
export const AUTH_NOTICES = ['signedIn', 'signedUp', 'signedOut', 'quantityCapped', 'passwordReset', 'sessionExpired'] as const;
export type AuthNotice = (typeof AUTH_NOTICES)[number];

const TOKEN = /^[A-Za-z0-9._~+/=-]{1,4096}$/;

/** The session tokens in the request's cookies (malformed values are ignored). */
export function readAuthTokens(request: Request, secure: boolean): AuthTokens {
  const jar = parseCookies(request.headers.get('cookie'));
  const n = authCookieNames(secure);
  const at = jar[n.at];
  const rt = jar[n.rt];
  const exp = Number(jar[n.exp]);
  return {
    accessToken: at && TOKEN.test(at) ? at : null,
    refreshToken: rt && TOKEN.test(rt) ? rt : null,
    expiresAt: Number.isFinite(exp) && exp > 0 ? exp : null,
  };
}

/** The customer display data cookie, or null. */
export function readCustomerInfo(request: Request, secure: boolean): CustomerInfo | null {
  const raw = parseCookies(request.headers.get('cookie'))[authCookieNames(secure).user];
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    if (typeof v.id !== 'string' || typeof v.email !== 'string') return null;
    return { id: v.id.slice(0, 64), email: v.email.slice(0, 254), firstName: typeof v.firstName === 'string' ? v.firstName.slice(0, 100) : '' };
  } catch {
    return null;
  }
}

const sessionOpts = (secure: boolean, maxAge: number) => ({ maxAge, httpOnly: true, secure, sameSite: 'Lax' as const, path: '/' });

/**
 * `Set-Cookie` values (name → header value) storing the tokens; a null token deletes its
 * cookie. HttpOnly, SameSite=Lax, Path=/, Secure + `__Host-` on HTTPS.
 */
export function authTokenCookies(tokens: AuthTokens, secure: boolean): Map<string, string> {
  const n = authCookieNames(secure);
  const out = new Map<string, string>();
  const put = (name: string, value: string | null) =>
    out.set(name, serializeCookie(name, value ?? '', sessionOpts(secure, value ? AUTH_COOKIE_MAX_AGE_S : 0)));
  put(n.at, tokens.accessToken);
  put(n.rt, tokens.refreshToken);
  put(n.exp, tokens.expiresAt !== null && tokens.accessToken ? String(tokens.expiresAt) : null);
  return out;
}

/** `Set-Cookie` for the customer display data (null deletes it). */
export function customerInfoCookie(info: CustomerInfo | null, secure: boolean): [string, string] {
  const name = authCookieNames(secure).user;
  return [name, serializeCookie(name, info ? JSON.stringify(info) : '', sessionOpts(secure, info ? AUTH_COOKIE_MAX_AGE_S : 0))];
}

/** `Set-Cookie` of the 'user was logged in' cookie (spec §9: 30 days). */
export function wasLoggedInCookie(secure: boolean): [string, string] {
  return [WAS_LOGGED_IN_COOKIE, serializeCookie(WAS_LOGGED_IN_COOKIE, 'true', { maxAge: WAS_LOGGED_IN_MAX_AGE_S, secure, sameSite: 'Lax' })];
}

/** Did this browser sign in within the last 30 days? */
export function readWasLoggedIn(request: Request): boolean {
  return parseCookies(request.headers.get('cookie'))[WAS_LOGGED_IN_COOKIE] === 'true';
}

/** `Set-Cookie` of a one-shot notice (null deletes it). */
export function noticeCookie(notice: AuthNotice | null, secure: boolean): [string, string] {
  return [
    AUTH_NOTICE_COOKIE,
    serializeCookie(AUTH_NOTICE_COOKIE, notice ?? '', { maxAge: notice ? 60 : 0, httpOnly: true, secure, sameSite: 'Lax' }),
  ];
}

/** The one-shot notice of the request, or null. */
export function readNotice(request: Request): AuthNotice | null {
  const v = parseCookies(request.headers.get('cookie'))[AUTH_NOTICE_COOKIE];
  return (AUTH_NOTICES as readonly string[]).includes(v ?? '') ? (v as AuthNotice) : null;
}
