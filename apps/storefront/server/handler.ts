/**
 * Storefront request handler: web Request in, web Response out (React Router framework mode,
 * server-rendered; ADR 0005). The API server's catch-all route calls it for every non-API path.
 *
 * This module is the entry of the Vite server build (vite.config.ts, ADR 0020): it is compiled
 * with the route tree into `build/server/index.js`, which the API process (single process) or
 * the storefront-only process loads. Files of `build/client` are served in front of it by
 * @fastify/static, with the brotli / gzip copies made at build time (apps/api storefront-routes.ts).
 *
 * Per request, in order: apex host → 302 to `www.` (spec §2); otherwise React Router renders the
 * page with a load context carrying the API fetch (which sends the shopper's
 * address, `info.clientAddress`, to the API: ADR 0012), the cached machine-to-machine token, the
 * hosts and a fresh CSP nonce; security headers are added to every answer (HSTS over HTTPS), a
 * page of a signed-in visitor (or one that sets session cookies) gets `Cache-Control: private,
 * no-store`, and pages are compressed as they stream when the browser accepts it (compression.ts).
 * When the API is unavailable during a request (its database is down), the answer is the brand's
 * 503 page or a JSON 503, with Retry-After (app/lib/unavailable.server.ts, issue 9 item 4).
 */
import { APEX_REDIRECT_STATUS, apexRedirect, pathIsFrench } from '@store/domain';
import { createRequestHandler } from 'react-router';
import * as build from 'virtual:react-router/server-build';
import type { StorefrontLoadContext } from '../app/lib/load-context.ts';
import { requestHost } from '../app/lib/request-info.ts';
import { createAuthService } from '../app/lib/auth/service.server.ts';
import { createRefreshCoordinator } from '../app/lib/auth/token-lifecycle.ts';
import { authCookieNames } from '../app/lib/auth/cookies.server.ts';
import { parseCookies } from '../app/lib/cookies.server.ts';
import { csrfGuard, expectedOrigin } from '../app/lib/csrf.server.ts';
import { requestGuard } from '../app/lib/request-guard.server.ts';
import { applySecurityHeaders, createNonce } from '../app/lib/security.server.ts';
import { createTokenProvider } from '../app/lib/token.server.ts';
import { createAvailabilityGuard } from '../app/lib/unavailable.server.ts';
import { compressResponse, wholeBodyResponse } from './compression.ts';
import { createMemoryPageStore, createPageCache, pageCacheKey } from './page-cache.ts';
import type { CachedPage, PageCache, PageCacheStore } from './page-cache.ts';
import { pageCacheConfigFromEnv, PAGE_CACHE_PURGE_PATH, purgeEndpoint } from './page-cache-config.ts';
import { createRedisPageStore } from '@store/contracts/page-cache';
import type { PageCacheConfig } from './page-cache-config.ts';
import {
  cachedResponse,
  createRouteMatcher,
  createTagRecorder,
  hasVisitorState,
  isCacheableRoute,
  isComposableRequest,
  isDataRequestPath,
  isSharedVisitorRequest,
  publicCacheControl,
  PUBLIC_PAGE_VARY,
  toCachedPage,
} from './page-cache-http.ts';
import type { TagRecorder } from './page-cache-http.ts';
import { beforeDeadline, createRenderLimiter, LATE, MUTATION_QUEUE_TIMEOUT_MS, releaseWhenDone } from './render-limiter.ts';
import type { RenderLimiter } from './render-limiter.ts';
import { LRUCache } from 'lru-cache';
import { getRequestContext } from '../app/lib/context.server.ts';
import { composeVisitorPage, loadVisitorParts, showsFreeShipping } from './visitor-page.ts';

/** What the server knows of a request beyond the web Request (the API server's StorefrontRequestInfo). */
export interface StorefrontRequestInfo {
  /** the shopper's address (forwarded headers believed only from trusted proxies) */
  clientAddress: string;
}

/**
 * `fetch` with the shopper's address in `X-Forwarded-For` (replacing any value): in process the
 * API turns it into the request's socket address; over HTTP it believes it from trusted proxies
 * only (ADR 0012).
 */
export function withClientAddress(fetch: StorefrontHandlerOptions['apiFetch'], clientAddress: string): StorefrontHandlerOptions['apiFetch'] {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('x-forwarded-for', clientAddress);
    return fetch(input, { ...init, headers });
  };
}

/**
 * Does the request carry a customer session (access or refresh token cookie), or does its answer
 * set or clear one (sign-in, refresh, sign-out)?
 */
function touchesSession(request: Request, setCookies: Map<string, string> | undefined, secure: boolean): boolean {
  const names = authCookieNames(secure);
  const isSession = (name: string | undefined) => name === names.at || name === names.rt;
  if ([...(setCookies?.keys() ?? [])].some(isSession)) return true;
  return Object.keys(parseCookies(request.headers.get('cookie'))).some(isSession);
}

export interface StorefrontHandlerOptions {
  /** fetch used to reach the commerce API; in-process (the direct transport) or over HTTP */
  apiFetch: (input: string, init?: RequestInit) => Promise<Response>;
  /**
   * `apiFetch` is the API's direct in-process transport: the API clients pass JSON bodies as
   * objects (issue 11 item 3, ADR 0021). Default false (HTTP).
   */
  apiDirect?: boolean;
  /** absolute base URL of the API, e.g. http://localhost:3000/rest/v2 */
  apiBaseUrl: string;
  /** OAuth2 client credentials of the storefront (machine-to-machine token) */
  clientId: string;
  clientSecret: string;
  /** comma lists of hosts, see @store/domain HostConfig */
  hosts: { canadianHosts: string[]; commercialHosts: string[]; apexHosts: string[] };
  /** show the dev-only pages (outbox) */
  devPages: boolean;
  /** page cache and render limit settings over those of the environment (issue 11, ADR 0019) */
  pageCache?: Partial<PageCacheConfig>;
  /** where cached pages live (default: in memory, bounded by `pageCache.maxBytes`) */
  pageCacheStore?: PageCacheStore;
}

/** The brand's 503 page of an overloaded process, as rendered once (see `overloaded` in the handler). */
interface OverloadPage {
  body: Uint8Array<ArrayBuffer>;
  headers: Array<[string, string]>;
  status: number;
}

/** Stands for the page asked for in the cached 503 page of an overloaded process (its "Try again" link). */
const RETRY_MARKER = '/__store_retry__';

/** `Retry-After` of the 503 answer of an overloaded process, s. */
export const OVERLOAD_RETRY_AFTER_S = 2;

/** The storefront handler and its page cache (issue 11 items 4 and 5). */
export interface StorefrontHandler {
  (request: Request, info?: StorefrontRequestInfo): Promise<Response>;
  /** null when PAGE_CACHE=off */
  pageCache: PageCache | null;
  limiter: RenderLimiter;
  /** purges the cached pages of the tags (`page` purges all); answers how many went */
  purge(tags: readonly string[]): Promise<number>;
  /** closes the page cache store's connections (a shared Redis store) */
  close(): Promise<void>;
}

/**
 * The page store of the settings: shared through Redis when `PAGE_CACHE_URL` is set (ADR 0038),
 * else per process (an LRU bounded by `maxBytes`).
 */
function pageStoreOf(config: PageCacheConfig): PageCacheStore {
  if (!config.redis) return createMemoryPageStore({ maxBytes: config.maxBytes });
  return createRedisPageStore({ ...config.redis, maxEntryBytes: Math.max(1, Math.floor(config.maxBytes / 8)) });
}

/** The token endpoint next to the API: `<origin>/authorizationserver/oauth/token`. */
export function tokenUrlFor(apiBaseUrl: string): string {
  return new URL('/authorizationserver/oauth/token', apiBaseUrl).href;
}

/**
 * The storefront's request handler over the route tree compiled with this module (see module
 * comment).
 */
export async function createStorefrontHandler(opts: StorefrontHandlerOptions): Promise<StorefrontHandler> {
  const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production';
  const handle = createRequestHandler(build, mode);
  // issue 9 item 4: every API call goes through the guard; an unavailable API gives the brand's 503 page
  const availability = createAvailabilityGuard(opts.apiFetch);
  opts = { ...opts, apiFetch: availability.fetch };
  const tokens = createTokenProvider({
    fetch: opts.apiFetch,
    tokenUrl: tokenUrlFor(opts.apiBaseUrl),
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
  });
  // issue 3: customer sign-in, refresh and revocation (one refresh coordinator per process)
  const coordinator = createRefreshCoordinator();

  // issue 11 items 4 and 5 (ADR 0019): page cache for visitors without per-visitor state, render limit
  const cacheConfig = { ...pageCacheConfigFromEnv(process.env), ...opts.pageCache };
  const pageCache = cacheConfig.enabled
    ? createPageCache({ ttlMs: cacheConfig.ttlMs, staleMs: cacheConfig.staleMs, store: opts.pageCacheStore ?? pageStoreOf(cacheConfig) })
    : null;
  const limiter = createRenderLimiter({ concurrency: cacheConfig.renderConcurrency, queueTimeoutMs: cacheConfig.renderQueueTimeoutMs });
  const routeOf = createRouteMatcher(build);
  /**
   * The page cache key of a request: the build's version first (ADR 0039), so a page rendered by
   * one release, which names that release's hashed scripts and route manifest, is never served by
   * another one sharing the Redis store during a rolling deploy; then brand origin, path and query.
   */
  const pageKeyOf = (request: Request, url: URL): string => `${build.assets.version}|${pageCacheKey(expectedOrigin(request), url)}`;
  // the brand's 503 page of an overloaded process, per page and language, for a few seconds
  const overloadPages = new LRUCache<string, Promise<OverloadPage>>({ max: 200, ttl: 5_000 });

  /** The load context of one request (per-request API fetch with the shopper's address; tags recorded for a cache fill). */
  function loadContextFor(info: StorefrontRequestInfo | undefined, nonce: string, recorder?: TagRecorder): StorefrontLoadContext {
    // issue 9 item 1: every API call of this request carries the shopper's address (ADR 0012)
    const clientAddress = info?.clientAddress;
    let apiFetch = clientAddress ? withClientAddress(opts.apiFetch, clientAddress) : opts.apiFetch;
    if (recorder) apiFetch = recorder.wrap(apiFetch);
    const auth = createAuthService({ fetch: apiFetch, tokenUrl: tokenUrlFor(opts.apiBaseUrl), clientId: opts.clientId, clientSecret: opts.clientSecret, coordinator });
    return {
      apiFetch,
      apiDirect: opts.apiDirect ?? false,
      clientAddress,
      apiBaseUrl: opts.apiBaseUrl,
      hosts: opts.hosts,
      getToken: () => tokens.getToken(),
      invalidateToken: () => tokens.invalidate(),
      nonce,
      devPages: opts.devPages,
      auth,
      setCookies: new Map(),
    };
  }

  /**
   * React Router's answer under the render limit, with the cookies the request wrote; null when
   * no slot freed up in time (issue 11 item 5). The slot is held until the body has been read.
   */
  async function renderLimited(request: Request, storefront: StorefrontLoadContext, deadline: number): Promise<Response | null> {
    const slot = await renderHolding(request, storefront, deadline);
    return slot && releaseWhenDone(slot.response, slot.release);
  }

  /**
   * {@link renderLimited}, the caller giving the slot back (a cache fill holds it while it
   * compresses the page). Past `deadline` (epoch ms; 0: none) the answer is null as when no slot
   * freed up; the render goes on and gives its slot back when done, its answer dropped.
   */
  async function renderHolding(request: Request, storefront: StorefrontLoadContext, deadline = 0): Promise<{ response: Response; release: () => void } | null> {
    // a state-changing request (add to cart, sign-in, place order) waits longer than a page view (ADR 0026)
    const mutation = request.method !== 'GET' && request.method !== 'HEAD';
    const release = await limiter.acquire(request.signal, mutation ? MUTATION_QUEUE_TIMEOUT_MS : undefined);
    if (!release) return null;
    try {
      const work = availability.handle(request, storefront, (req) => handle(req, { storefront }));
      const response = await beforeDeadline(work, deadline);
      if (response === LATE) {
        // issue 11 item 5: the shopper gets the 503 page now; the render's answer is dropped when it comes
        work.then((late) => late.body?.cancel().catch(() => undefined), () => undefined).finally(release);
        return null;
      }
      const headers = new Headers(response.headers);
      // issue 3: auth / CSRF cookies written while serving the request (refresh, sign-in, sign-out)
      for (const cookie of storefront.setCookies?.values() ?? []) headers.append('Set-Cookie', cookie);
      return { response: new Response(response.body, { status: response.status, statusText: response.statusText, headers }), release };
    } catch (error) {
      release();
      throw error;
    }
  }

  /** Cache headers, security headers and compression of a rendered answer. */
  function finish(request: Request, url: URL, response: Response, nonce: string, cacheable: boolean): Response {
    const headers = new Headers(response.headers);
    const https = url.protocol === 'https:';
    // issue 9 item 7 / issue 11 item 4: a page of a visitor with a session or a cart (or the answer that sets a cookie) is never stored by a cache
    // (an answer that already forbids storing, such as the 503 page, keeps its own `no-store`)
    const storable = !(headers.get('cache-control') ?? '').includes('no-store');
    if (touchesSession(request, undefined, https) || hasVisitorState(request) || headers.has('set-cookie')) {
      if (storable) headers.set('Cache-Control', 'private, no-store');
    } else if (cacheable && pageCache && response.status === 200 && (headers.get('content-type') ?? '').includes('text/html')) {
      headers.set('Cache-Control', publicCacheControl(pageCache.ttlMs, pageCache.staleMs));
      headers.set('Vary', PUBLIC_PAGE_VARY);
    }
    applySecurityHeaders(headers, nonce, https);
    return compressResponse(request, new Response(response.body, { status: response.status, statusText: response.statusText, headers }));
  }

  /**
   * The answer of an overloaded process: the brand's 503 page (or JSON) with Retry-After, never a
   * long wait (issue 11 item 5). The page is rendered once per origin, language and kind of answer
   * (with every API call answering 503 at once) and kept a few seconds; its "Try again" link is
   * put in per request, so shedding load costs no render.
   */
  async function overloaded(request: Request, url: URL, info: StorefrontRequestInfo | undefined, nonce: string): Promise<Response> {
    const french = pathIsFrench(url.pathname);
    const marker = `${french ? '/fr' : ''}${RETRY_MARKER}`;
    const accept = request.headers.get('accept') ?? '';
    const kind = url.pathname.endsWith('.data') ? 'data' : accept.includes('html') || accept === '' || accept.includes('*/*') ? 'html' : 'other';
    const key = `${expectedOrigin(request)}|${french ? 'fr' : 'en'}|${kind}|${url.pathname.startsWith('/api/') || url.pathname.startsWith('/fr/api/') ? 'api' : 'page'}`;
    let pending = overloadPages.get(key);
    if (!pending) {
      // one render per key for everyone shed meanwhile: a burst must not become a burst of renders
      pending = renderOverloadPage(request, url, info, nonce, marker);
      overloadPages.set(key, pending);
      pending.catch(() => overloadPages.delete(key));
    }
    const page = await pending;
    const headers = new Headers(page.headers);
    headers.set('Retry-After', String(OVERLOAD_RETRY_AFTER_S));
    headers.set('Cache-Control', 'no-store');
    applySecurityHeaders(headers, nonce, url.protocol === 'https:');
    let body: Uint8Array<ArrayBuffer> | string = page.body;
    if ((headers.get('content-type') ?? '').includes('text/html')) {
      const retry = `${url.pathname}${url.search}`.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      body = Buffer.from(page.body).toString('utf8').replaceAll(`href="${marker}"`, `href="${retry}"`);
    }
    return compressResponse(request, new Response(request.method === 'HEAD' ? null : body, { status: page.status, headers }));
  }

  /** Renders the 503 page of an overloaded process with `marker` as its "Try again" link (see `overloaded`). */
  async function renderOverloadPage(request: Request, url: URL, info: StorefrontRequestInfo | undefined, nonce: string, marker: string): Promise<OverloadPage> {
    const storefront = loadContextFor(info, nonce);
    const headers = new Headers(request.headers);
    for (const name of ['cookie', 'content-type', 'content-length', 'referer']) headers.delete(name);
    const probe = new Request(new URL(url.pathname.endsWith('.data') ? `${marker}.data` : marker, url), { method: 'GET', headers });
    const answer = await availability.unavailableAnswer(probe, storefront, (req) => handle(req, { storefront }), OVERLOAD_RETRY_AFTER_S);
    const stored: Array<[string, string]> = [];
    answer.headers.forEach((value, name) => {
      if (name !== 'set-cookie' && name !== 'content-length') stored.push([name, value]);
    });
    return { body: new Uint8Array(await answer.arrayBuffer()), headers: stored, status: answer.status };
  }

  /** A render for the page cache: the page to keep, or the finished answer when it may not be kept. */
  async function renderForCache(request: Request, url: URL, info: StorefrontRequestInfo | undefined): Promise<CachedPage | Response> {
    const nonce = createNonce();
    const recorder = createTagRecorder();
    const storefront = loadContextFor(info, nonce, recorder);
    const slot = await renderHolding(request, storefront);
    if (!slot) return overloaded(request, url, info, nonce);
    const { response, release } = slot;
    // a page, or the loader data of a client-side navigation to it (React Router's turbo-stream, issue 11)
    const type = response.headers.get('content-type') ?? '';
    const keep =
      pageCache !== null &&
      response.status === 200 &&
      !response.headers.has('set-cookie') &&
      !storefront.unavailable &&
      (isDataRequestPath(url.pathname) ? type.includes('text/x-script') : type.includes('text/html'));
    if (!keep || !pageCache) return finish(request, url, releaseWhenDone(response, release), nonce, false);
    try {
      const tags = await recorder.tags();
      // the slot is held until the page is compressed: compression counts as rendering work
      return await toCachedPage(response, { https: url.protocol === 'https:', ttlMs: pageCache.ttlMs, staleMs: pageCache.staleMs, tags, stamps: pageCache.stamps() });
    } finally {
      release();
    }
  }

  /** The same request without a body or anything of the visitor, for a background refresh. */
  function backgroundRequest(request: Request): Request {
    const headers = new Headers(request.headers);
    headers.delete('cookie');
    return new Request(request.url, { method: 'GET', headers });
  }

  /**
   * Renders the shared page of `key` in the background, from `request` without anything of its
   * visitor (a stale entry's refresh, or the fill after a cart visitor's miss, ADR 0040); one
   * render however many callers ask (PageCache.revalidate).
   */
  function refreshInBackground(cache: PageCache, key: string, request: Request, url: URL, info: StorefrontRequestInfo | undefined): void {
    cache.revalidate(key, () => renderForCache(backgroundRequest(request), url, info));
  }

  /**
   * ADR 0040: the page of a visitor whose only state is a cart, composed from the shared page in
   * the cache (fresh, or stale and refreshed in the background as for any visitor) and the
   * visitor's cart count and free-shipping progress. `'miss'` when no shared page is cached: the
   * caller renders the page for the visitor and, once that render has shown the API answering,
   * has the shared page rendered in the background for the next visitors (a miss never waits for
   * a shared render here: in an outage that would be one more render waiting for the API). Null
   * when it cannot be composed otherwise: the API fails, the page's header is not where the
   * composer looks; the caller then renders the page for the visitor.
   */
  async function composedPage(request: Request, url: URL, info: StorefrontRequestInfo | undefined, nonce: string): Promise<Response | 'miss' | null> {
    if (!pageCache) return null;
    const key = pageKeyOf(request, url);
    const hit = await pageCache.lookup(key);
    if (!hit) return 'miss';
    if (!hit.fresh) refreshInBackground(pageCache, key, request, url, info);
    const page = hit.page;
    const storefront = loadContextFor(info, nonce);
    const ctx = getRequestContext({ request, context: { storefront } });
    const guid = ctx.cart.guid;
    if (!guid || (storefront.setCookies?.size ?? 0) > 0) return null;
    // the parts' API calls under the availability guard (issue 9 item 4), as a render's are: its
    // time limit, and when the API is unavailable the brand's 503 page (not a render for the
    // visitor, which would wait for the API again)
    const guarded = await availability.guard(
      request,
      storefront,
      () => loadVisitorParts(ctx, guid, showsFreeShipping(page.body)).catch(() => null),
      (req) => handle(req, { storefront }),
    );
    if ('unavailable' in guarded) return finish(request, url, guarded.unavailable, nonce, false);
    const parts = guarded.value;
    if (!parts) return null;
    const body = composeVisitorPage(page.body, parts, ctx.lang);
    if (body === null) return null;
    // the shared page's headers (security headers, the CSP allowing its inline scripts by hash), private
    const headers = new Headers(page.headers);
    headers.set('Cache-Control', 'private, no-store');
    headers.set('x-page-parts', 'visitor');
    return wholeBodyResponse(request, body, { status: page.status, headers });
  }

  const handler = async (request: Request, info?: StorefrontRequestInfo): Promise<Response> => {
    const arrived = Date.now();
    const url = new URL(request.url);
    const apex = apexRedirect(requestHost(request), url, opts.hosts);
    if (apex) return new Response(null, { status: APEX_REDIRECT_STATUS, headers: { Location: apex } });

    // issue 11 item 4: purges from another process (the importer), with the shared secret
    if (url.pathname === PAGE_CACHE_PURGE_PATH) return purgeEndpoint(request, pageCache, cacheConfig.purgeSecret);

    const nonce = createNonce();
    // issue 9: methods, NUL in the URL, unreadable bodies; issue 3 / 11: CSRF check of every state-changing request, before any action runs
    const refused = (await requestGuard(request)) ?? (await csrfGuard(request));
    if (refused) {
      applySecurityHeaders(refused.headers, nonce, url.protocol === 'https:');
      return refused;
    }

    const shared = isSharedVisitorRequest(request, url);
    if (pageCache && shared) {
      const key = pageKeyOf(request, url);
      const hit = await pageCache.lookup(key);
      if (hit) {
        if (!hit.fresh) refreshInBackground(pageCache, key, request, url, info);
        return cachedResponse(request, hit.page, hit.fresh ? 'hit' : 'stale');
      }
    }
    const cacheable = shared && isCacheableRoute(url.pathname, routeOf);
    // issue 11 item 5 (SAP Spartacus' SSR timeout): a page view answers within RENDER_TIMEOUT_MS of
    // its arrival, the brand's 503 page with Retry-After when its page is not ready by then. Not for
    // state-changing requests, nor for a signed-in visitor's page (its render may rotate the session
    // cookies, which a dropped answer would lose).
    const pageView = request.method === 'GET' || request.method === 'HEAD';
    const deadline = pageView && cacheConfig.renderTimeoutMs > 0 && !touchesSession(request, undefined, url.protocol === 'https:') ? arrived + cacheConfig.renderTimeoutMs : 0;
    let sharedPageMissing = false;
    if (pageCache && isComposableRequest(request, url, routeOf)) {
      const composed = await composedPage(request, url, info, nonce);
      if (composed instanceof Response) return composed;
      sharedPageMissing = composed === 'miss';
    }
    if (pageCache && cacheable) {
      const key = pageKeyOf(request, url);
      let leader = false;
      const fill = pageCache.fill(key, () => {
        leader = true;
        return renderForCache(request, url, info);
      });
      const out = await beforeDeadline(fill, deadline);
      if (out === LATE) {
        // the shared render goes on and stores the page for the next visitors; an answer it cannot keep is dropped
        fill.then((late) => (late instanceof Response ? late.body?.cancel().catch(() => undefined) : undefined), () => undefined);
        return overloaded(request, url, info, nonce);
      }
      if (out instanceof Response) return out;
      if (out) return cachedResponse(request, out, leader ? 'miss' : 'shared');
      // the shared render could not be kept (cookies, an error): render for this visitor
    }

    const storefront = loadContextFor(info, nonce);
    const response = await renderLimited(request, storefront, deadline);
    if (!response) return overloaded(request, url, info, nonce);
    // ADR 0040: the API answered this visitor's render, so the shared page is rendered in the
    // background (once, however many visitors miss it) and the next visitors with a cart get theirs composed
    if (sharedPageMissing && pageCache && response.status === 200) refreshInBackground(pageCache, pageKeyOf(request, url), request, url, info);
    return finish(request, url, response, nonce, cacheable);
  };
  return Object.assign(handler, {
    pageCache,
    limiter,
    /** purges the pages of the tags (`product:<code>`, `category:<code>`, `content`, `page` = all) */
    async purge(tags: readonly string[]): Promise<number> {
      if (!pageCache) return 0;
      return tags.includes('page') ? pageCache.purgeAll() : pageCache.purge(tags);
    },
    async close(): Promise<void> {
      await pageCache?.close();
    },
    /** see {@link PageCache.onSharedPurge}; never called without a shared store */
    onSharedPurge(listener: () => void): () => void {
      return pageCache?.onSharedPurge(listener) ?? (() => undefined);
    },
  });
}
