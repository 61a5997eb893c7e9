/**
 * The auth part of the per-request context (spec §4 logged-in detection, §6 user segments):
 * the session from the cookies, the token lifecycle around the customer's calls, sign-in and
 * sign-out, the CSRF token of the page, and the `Set-Cookie` headers all of that produces.
 *
 * Cookies written while serving a request go to `storefront.setCookies` (name → header, last
 * write wins); the storefront handler appends them to the response, whatever route answered.
 */
import { decodeJwt } from 'jose';
import { createApiCore } from '@store/contracts';
import type { ApiCore } from '@store/contracts';
import type { StorefrontLoadContext } from '../load-context.ts';
import { createCsrfToken, csrfCookie, csrfCookieName, readCsrfCookie } from '../csrf.server.ts';
import {
  authTokenCookies,
  customerInfoCookie,
  noticeCookie,
  readAuthTokens,
  readCustomerInfo,
  readNotice,
  readWasLoggedIn,
  wasLoggedInCookie,
} from './cookies.server.ts';
import type { AuthNotice, CustomerInfo } from './cookies.server.ts';
import type { CustomerTokenAnswer } from './service.server.ts';
import { NO_TOKENS, TokenLifecycle, createRefreshCoordinator } from './token-lifecycle.ts';
import type { AuthStore, AuthTokens, RotationReason } from './token-lifecycle.ts';

/** User segment of spec §6. */
export type UserSegment = 'anonymous' | 'current';

/** The auth state of a request, `getRequestContext(args).auth`. */
export interface AuthContext {
  /** spec §4: a valid access token, or a refresh token that can renew it */
  readonly isLoggedIn: boolean;
  /** spec §6: 'current' when logged in, else 'anonymous' */
  readonly segment: UserSegment;
  /** the signed-in customer's id, email and first name (null when anonymous) */
  readonly customer: CustomerInfo | null;
  /** the 'user was logged in' cookie is set (spec §9, 30 days) */
  readonly wasLoggedIn: boolean;
  /** set when a rotation was requested (spec §8: refresh refused in single-step checkout) */
  readonly rotationRequested: RotationReason | null;
  /** the CSRF token of the page (the cookie is issued when missing) */
  readonly csrfToken: string;
  /** API transport with the customer's bearer token and the token lifecycle (users/current calls) */
  readonly core: ApiCore;
  /** the lifecycle itself (refresh, validity) */
  readonly lifecycle: TokenLifecycle;
  /** stores a fresh session (after the password grant) and the customer's display data */
  signIn(tokens: CustomerTokenAnswer, customer: CustomerInfo): void;
  /** revokes the refresh token at the API and clears every auth cookie */
  signOut(): Promise<void>;
  /** updates the first name shown in the header (after a profile change) */
  setCustomerInfo(customer: CustomerInfo): void;
  /** the one-shot notice of this request (read once; the cookie is then cleared) */
  takeNotice(): AuthNotice | null;
  /** a notice for the next page */
  setNotice(notice: AuthNotice): void;
  /** appends the pending `Set-Cookie` headers to `headers` (and forgets them) */
  commit(headers: Headers): void;
}

/**
 * Decodes (without verifying: display only — the API verifies, apps/api/src/auth/jwt.ts) the
 * claims of a JWT with jose's `decodeJwt`; null when there is no token or it is not a JWT.
 */
export function jwtClaims(token: string | null): Record<string, unknown> | null {
  if (!token) return null;
  try {
    return decodeJwt(token);
  } catch {
    return null;
  }
}

/** Is the path one of the single-step checkout pages? */
export function isSingleStepCheckoutPath(pathname: string): boolean {
  return /^(\/fr)?\/checkout(\/v2)?\/singlestep\/?$/.test(pathname);
}

const fallbackCoordinator = createRefreshCoordinator();

/**
 * Builds the auth context of a request (called once per request by `getRequestContext`).
 * Without `sf.auth` (tests, or a handler without auth) refreshes fail and sign-in is refused.
 */
export function createAuthContext(request: Request, sf: StorefrontLoadContext, secure: boolean): AuthContext {
  sf.setCookies ??= new Map();
  const jar = sf.setCookies;
  const put = (name: string, header: string) => jar.set(name, header);
  let tokens: AuthTokens = readAuthTokens(request, secure);
  let info: CustomerInfo | null = readCustomerInfo(request, secure);
  let rotation: RotationReason | null = null;
  let notice: AuthNotice | null | undefined;
  const service = sf.auth;

  const store: AuthStore = {
    get: () => tokens,
    set(next) {
      tokens = { ...next };
      for (const [n, h] of authTokenCookies(tokens, secure)) put(n, h);
    },
    clear() {
      tokens = { ...NO_TOKENS };
      info = null;
      for (const [n, h] of authTokenCookies(tokens, secure)) put(n, h);
      put(...customerInfoCookie(null, secure));
    },
  };

  const lifecycle = new TokenLifecycle({
    store,
    coordinator: service?.coordinator ?? fallbackCoordinator,
    refresh: (rt) => (service ? service.refreshGrant(rt) : Promise.reject(Object.assign(new Error('no auth service'), { status: 503 }))),
    fetch: (input, init) => sf.apiFetch(input, init),
    isSingleStepCheckout: () => isSingleStepCheckoutPath(new URL(request.url).pathname),
    onRotationRequested: (reason) => {
      rotation = reason;
      put(...noticeCookie('sessionExpired', secure));
    },
  });

  const core = createApiCore({ baseUrl: sf.apiBaseUrl, fetch: (input, init) => lifecycle.fetch(input, init), direct: sf.apiDirect ?? false });

  let csrf: string | null = readCsrfCookie(request, secure);

  const ctx: AuthContext = {
    get isLoggedIn() {
      return tokens.refreshToken !== null || lifecycle.isTokenValid();
    },
    get segment(): UserSegment {
      return ctx.isLoggedIn ? 'current' : 'anonymous';
    },
    get customer() {
      if (!ctx.isLoggedIn) return null;
      if (info) return info;
      const claims = jwtClaims(tokens.accessToken);
      if (claims && typeof claims.sub === 'string') {
        return { id: claims.sub, email: typeof claims.email === 'string' ? claims.email : '', firstName: '' };
      }
      return null;
    },
    wasLoggedIn: readWasLoggedIn(request),
    get rotationRequested() {
      return rotation;
    },
    get csrfToken() {
      if (!csrf) {
        csrf = createCsrfToken();
        put(csrfCookieName(secure), csrfCookie(csrf, secure));
      }
      return csrf;
    },
    core,
    lifecycle,
    signIn(answer, customer) {
      store.set({
        accessToken: answer.access_token,
        refreshToken: answer.refresh_token,
        expiresAt: Date.now() + answer.expires_in * 1000,
      });
      info = customer;
      put(...customerInfoCookie(customer, secure));
      put(...wasLoggedInCookie(secure));
    },
    async signOut() {
      const rt = tokens.refreshToken;
      store.clear();
      if (rt && service) await service.revoke(rt);
    },
    setCustomerInfo(customer) {
      info = customer;
      put(...customerInfoCookie(customer, secure));
    },
    takeNotice() {
      if (notice === undefined) {
        notice = readNotice(request);
        if (notice && !jar.has('sf_auth_notice')) put(...noticeCookie(null, secure));
      }
      return notice;
    },
    setNotice(n) {
      put(...noticeCookie(n, secure));
    },
    commit(headers) {
      for (const h of jar.values()) headers.append('Set-Cookie', h);
      jar.clear();
    },
  };
  return ctx;
}
