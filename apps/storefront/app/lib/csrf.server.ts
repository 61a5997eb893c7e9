/**
 * CSRF protection of every state-changing storefront request (issue 3 decisions "CSRF", OWASP's
 * CSRF cheat sheet; changed by issue 11 item 4, ADR 0019, so pages of visitors without a session
 * hold no token and can be cached):
 *
 * 1. the request comes from our own origin: `Origin` equals the request's origin (scheme from
 *    `isHttps`, host from `Host` / `X-Forwarded-Host`); without `Origin`, `Sec-Fetch-Site` must be
 *    `same-origin`. Every browser of the last years sends one of them on a form post or fetch;
 * 2. once a customer session exists (the request carries the access or refresh token cookie), a
 *    double-submit token too: the `sf_csrf` cookie (`__Host-sf_csrf` on HTTPS; HttpOnly — the
 *    page gets the value from the root loader) must equal the `_csrf` form field or the
 *    `x-csrf-token` header. A request with a session but neither header relies on the token.
 *
 * A request without a session must pass check 1 positively: one with neither header is refused
 * (`unverifiedOrigin`), so a page without a token (served from the page cache) is protected by
 * the browser's own headers, and nothing a page without a session shows is a secret.
 *
 * The storefront handler runs {@link csrfGuard} before React Router for every POST, PUT, PATCH
 * and DELETE, so no action runs on a refused request; the refusal is a 403 page (or JSON for
 * `/api/*`) in the page's language.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { parseCookies, serializeCookie } from './cookies.server.ts';
import { refusalResponse } from './refusal.server.ts';
import { isHttps, requestHost } from './request-info.ts';

/** Name of the hidden form field carrying the token. */
export const CSRF_FIELD = '_csrf';
/** Name of the request header carrying the token (fetch calls). */
export const CSRF_HEADER = 'x-csrf-token';
/** Lifetime of the CSRF cookie, s (30 days: forms rendered long ago keep working). */
export const CSRF_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/** The CSRF cookie name of a request (`__Host-` on HTTPS). */
export function csrfCookieName(secure: boolean): string {
  return secure ? '__Host-sf_csrf' : 'sf_csrf';
}

const TOKEN = /^[A-Za-z0-9_-]{32,128}$/;

/** A fresh token (32 random bytes, base64url). */
export function createCsrfToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The request's CSRF cookie value when well-formed, else null. */
export function readCsrfCookie(request: Request, secure = isHttps(request)): string | null {
  const v = parseCookies(request.headers.get('cookie'))[csrfCookieName(secure)];
  return v && TOKEN.test(v) ? v : null;
}

/** `Set-Cookie` of the CSRF cookie: HttpOnly, SameSite=Lax, Path=/, Secure + `__Host-` on HTTPS. */
export function csrfCookie(token: string, secure: boolean): string {
  return serializeCookie(csrfCookieName(secure), token, { maxAge: CSRF_COOKIE_MAX_AGE_S, httpOnly: true, secure, sameSite: 'Lax', path: '/' });
}

/** Methods that change nothing and are never checked. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/** Why a request was refused. */
export type CsrfFailure = 'crossOrigin' | 'unverifiedOrigin' | 'missingToken' | 'badToken';

/**
 * Does the request carry a customer session (the access or refresh token cookie, plain or
 * `__Host-`)? From then on forms need the double-submit token (issue 11 item 4).
 */
export function hasSession(request: Request): boolean {
  const cookies = parseCookies(request.headers.get('cookie'));
  return Boolean(cookies.sf_at || cookies.sf_rt || cookies['__Host-sf_at'] || cookies['__Host-sf_rt']);
}

/** The origin the request was sent to (`https://host[:port]`). */
export function expectedOrigin(request: Request): string {
  return `${isHttps(request) ? 'https' : 'http'}://${requestHost(request).toLowerCase()}`;
}

/**
 * Check 1: Origin / Sec-Fetch-Site. `same`: one of them says our own origin; `cross`: one says
 * another; `unknown`: neither header (an old browser or a script).
 */
export function originOf(request: Request): 'same' | 'cross' | 'unknown' {
  const origin = request.headers.get('origin');
  if (origin !== null) return origin.toLowerCase() === expectedOrigin(request) ? 'same' : 'cross';
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin' ? 'same' : 'cross';
  return 'unknown';
}

/** Check 1 as a boolean: not from another origin (`unknown` passes: the caller decides). */
export function checkOrigin(request: Request): boolean {
  return originOf(request) !== 'cross';
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The token the request submitted: the header, else the `_csrf` field of a form body. */
export async function submittedToken(request: Request): Promise<string | null> {
  const header = request.headers.get(CSRF_HEADER);
  if (header) return header;
  const type = request.headers.get('content-type') ?? '';
  if (!type.includes('application/x-www-form-urlencoded') && !type.includes('multipart/form-data')) return null;
  try {
    const form = await request.clone().formData();
    const v = form.get(CSRF_FIELD);
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
}

/**
 * Both checks (module comment). Answers null when the request may go on, else the reason of the
 * refusal. Safe methods always pass.
 */
export async function verifyCsrf(request: Request): Promise<CsrfFailure | null> {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  const origin = originOf(request);
  if (origin === 'cross') return 'crossOrigin';
  if (!hasSession(request)) return origin === 'same' ? null : 'unverifiedOrigin';
  const cookie = readCsrfCookie(request);
  const sent = await submittedToken(request);
  if (!cookie || !sent) return 'missingToken';
  return sameToken(cookie, sent) ? null : 'badToken';
}

const TEXT = {
  en: {
    title: 'This form has expired',
    body: 'For your security we could not accept this request. Please go back, reload the page and try again.',
    back: 'Back to the store',
  },
  fr: {
    title: 'Ce formulaire a expiré',
    body: 'Pour votre sécurité, nous n’avons pas pu accepter cette demande. Revenez en arrière, rechargez la page et réessayez.',
    back: 'Retour à la boutique',
  },
} as const;

/**
 * The 403 answer of a refused request: JSON `{errors:[{type:'CsrfError', reason, message}]}` for
 * `/api/*` and data requests, else a small HTML page in the page's language (refusal.server.ts).
 * With a session, the CSRF cookie is (re)issued so a reload gives a working form.
 */
export function csrfRefusal(request: Request, reason: CsrfFailure): Response {
  const headers = new Headers();
  const secure = isHttps(request);
  if (hasSession(request) && !readCsrfCookie(request, secure)) headers.append('Set-Cookie', csrfCookie(createCsrfToken(), secure));
  return refusalResponse(request, { status: 403, type: 'CsrfError', reason, text: TEXT, headers });
}

/** Runs both checks; answers the 403 response when refused, else null. */
export async function csrfGuard(request: Request): Promise<Response | null> {
  const failure = await verifyCsrf(request);
  return failure ? csrfRefusal(request, failure) : null;
}
