/**
 * The per-request context of loaders and actions (DESIGN "app/lib/: per-request context"):
 * brand, language, locale, typed API clients with the machine-to-machine token attached (or the
 * signed-in customer's, issue 3), the cartGuid cookie helpers, `t()`, the localised paths and
 * `auth` (sign-in state, segment, customer token lifecycle, CSRF token).
 *
 * ```ts
 * export async function loader(args: Route.LoaderArgs) {
 *   const { api, commerce, site, lang, cart, t, paths } = getRequestContext(args);
 *   const product = await api.getProduct(site, code, { lang });
 * }
 * ```
 * The context is built once per Request object (memoised in a WeakMap), so the root loader and
 * the route loader share the clients.
 */
import { createApiClient, createApiCore, createCommerceClient } from '@store/contracts';
import type { ApiClient, ApiCore, CommerceCalls } from '@store/contracts';
import type { BaseSiteId, Lang, Locale } from '@store/domain';
import type { AppLoadContext } from 'react-router';
import { cartGuidCookie, clearCartGuidCookie, readCartGuid } from './cookies.server.ts';
import { createTranslator } from './intl.ts';
import type { Translate } from './intl.ts';
import { pathsFor } from './paths.ts';
import type { Paths } from './paths.ts';
import { detectRequestInfo, isHttps, requestHost } from './request-info.ts';
import { SITE_COOKIE, siteCookieUpdate } from './site-preview.server.ts';
import type { StorefrontLoadContext } from './load-context.ts';
import { createAuthContext } from './auth/request.server.ts';
import type { AuthContext } from './auth/request.server.ts';

/** The cart cookie of the request. */
export interface CartCookie {
  /** the cartGuid cookie's value (validated shape), or null */
  readonly guid: string | null;
  /** appends `Set-Cookie: cartGuid=<guid>` (HttpOnly, SameSite=Lax, Secure on HTTPS, 30 days) */
  setGuid(headers: Headers, guid: string): void;
  /** appends a `Set-Cookie` deleting the cart cookie */
  clear(headers: Headers): void;
}

/** What {@link getRequestContext} answers. */
export interface RequestContext {
  request: Request;
  url: URL;
  site: BaseSiteId;
  lang: Lang;
  /** formatting locale: en-US, en-CA or fr-CA */
  locale: Locale;
  /** `<html lang>`: en or fr-CA */
  htmlLang: string;
  /** catalogue and content calls (anonymous; the token is attached where the API wants it) */
  api: ApiClient;
  /**
   * cart and checkout calls: `/users/anonymous/...` with the machine-to-machine token, or, when
   * a customer is signed in, `/users/current/...` with the customer's token (issue 3)
   */
  commerce: CommerceCalls;
  /** always the anonymous commerce calls (machine-to-machine token) */
  anonymousCommerce: CommerceCalls;
  /** the API transport with the machine-to-machine token (anonymous calls of other clients, issue 10) */
  anonymousCore: ApiCore;
  /**
   * Sign-in state, segment (spec §4, §6), the customer's token lifecycle and the CSRF token
   * (app/lib/auth/request.server.ts).
   */
  auth: AuthContext;
  /** the API transport with the customer's bearer token (same as `auth.core`) */
  customerCore: ApiCore;
  cart: CartCookie;
  /** true when the request came over HTTPS (Secure cookies) */
  secure: boolean;
  t: Translate;
  paths: Paths;
  /** the raw storefront load context (hosts, nonce, devPages) */
  storefront: StorefrontLoadContext;
}

/** The arguments of any loader or action (only `request` and `context` are read). */
export interface ContextArgs {
  request: Request;
  context: AppLoadContext;
}

/**
 * Spec §8: a 401 on a call that carried the machine token drops the cached token and retries the
 * call once with a fresh one.
 */
function retryOn401(sf: StorefrontLoadContext): StorefrontLoadContext['apiFetch'] {
  return async (input, init) => {
    const response = await sf.apiFetch(input, init);
    const headers = new Headers(init?.headers);
    if (response.status !== 401 || !headers.has('authorization')) return response;
    sf.invalidateToken();
    headers.set('authorization', `Bearer ${await sf.getToken()}`);
    return sf.apiFetch(input, { ...init, headers });
  };
}

const memo = new WeakMap<Request, RequestContext>();

/**
 * Builds (or returns the memoised) request context.
 * @throws Error when the load context lacks `storefront` (the handler always sets it)
 */
export function getRequestContext(args: ContextArgs): RequestContext {
  const cached = memo.get(args.request);
  if (cached) return cached;
  const sf = args.context.storefront;
  if (!sf) throw new Error('storefront load context missing (is the app served by createStorefrontHandler?)');
  const { request } = args;
  const info = detectRequestInfo(request, sf.hosts);
  const secure = isHttps(request);
  // issue 9 item 9: `?site=` starts (or ends) a site preview kept for the visit
  const siteCookie = siteCookieUpdate(request, requestHost(request), sf.hosts, secure);
  if (siteCookie) (sf.setCookies ??= new Map()).set(SITE_COOKIE, siteCookie);
  const getToken = async (): Promise<string | null> => sf.getToken();
  const options = { baseUrl: sf.apiBaseUrl, fetch: retryOn401(sf), getToken, direct: sf.apiDirect ?? false };
  const core = createApiCore(options);
  const guid = readCartGuid(request);
  const auth = createAuthContext(request, sf, secure);
  const anonymousCommerce = createCommerceClient(core);
  const ctx: RequestContext = {
    request,
    url: new URL(request.url),
    ...info,
    api: createApiClient(options),
    commerce: auth.isLoggedIn ? createCommerceClient(auth.core, { user: 'current' }) : anonymousCommerce,
    anonymousCommerce,
    anonymousCore: core,
    auth,
    customerCore: auth.core,
    cart: {
      guid,
      setGuid(headers, value) {
        headers.append('Set-Cookie', cartGuidCookie(value, secure));
      },
      clear(headers) {
        headers.append('Set-Cookie', clearCartGuidCookie(secure));
      },
    },
    secure,
    t: createTranslator(info.lang),
    paths: pathsFor(info.lang),
    storefront: sf,
  };
  memo.set(request, ctx);
  return ctx;
}
