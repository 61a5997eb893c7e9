/**
 * The brand's 503 page when the API (in practice: its database) is unavailable (issue 9 item 4,
 * ADR 0013), for every page and form post without each loader having to remember it.
 *
 * Loaders often swallow API errors on purpose (a header message bar, a cart count, a carousel
 * fall back to nothing), so a database outage used to give pages that answered 200 with empty
 * content, or 500. Instead, per request:
 *
 * 1. Every call to the API goes through the guard's `fetch` (the handler gives it to the token
 *    provider, the auth service and the load context). The request being served is known through
 *    an `AsyncLocalStorage`, so a call made on its behalf by a process-wide helper counts too.
 *    A call answered 502/503/504, one that cannot reach the API (network error) and one that
 *    takes longer than {@link API_UNAVAILABLE_TIMEOUT_MS} mark the request unavailable (noting
 *    the answer's `Retry-After` and correlation id). From then on every API call of the request
 *    answers a 503 at once (nothing else waits for a timeout). A machine-token fetch shared with
 *    another request marks this one too (`getToken` is wrapped).
 * 2. Once React Router has answered, {@link AvailabilityGuard.handle} looks at the mark. When it
 *    is set, the answer becomes a 503 with `Retry-After` and `Cache-Control: no-store`, keeping
 *    the `Set-Cookie` headers the request produced (a cart created before the failure stays):
 *    - documents (GET pages, form posts without JavaScript, redirects): the page is rendered
 *      again, as a GET of the home page of the same language, brand and query, in unavailable
 *      mode (for a form post: the language and query of the page it was posted from, its
 *      same-origin `Referer`, since `/cart/add` and the like have no language of their own);
 *      the root loader throws a 503 route error carrying the shell data
 *      ({@link throwIfUnavailable}), the root error boundary shows the brand's error page in
 *      its 503 variant, and the layout leaves out the scripts (a static page: nothing to hydrate,
 *      every link is a fresh request). API calls of that render answer 503 at once;
 *    - React Router data requests (`*.data`) and JSON answers: a small JSON 503 body; the
 *      browser's router shows the same 503 page from its error boundary.
 * 3. One warning per unavailable request is logged (method, path, the API's correlation id);
 *    the errors loaders raise because of it are not logged again ({@link requestIsUnavailable}).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { isApiError } from '@store/contracts';
import { pathIsFrench } from '@store/domain';
import { data } from 'react-router';
import type { ContextArgs } from './context.server.ts';
import type { ApiFetch, StorefrontLoadContext } from './load-context.ts';
import { isApiRoutePath } from './refusal.server.ts';
import { loadShell } from './shell.server.ts';
import { UNAVAILABLE_STATUS } from './unavailable.ts';
import type { UnavailablePayload } from './unavailable.ts';

declare module './load-context.ts' {
  interface StorefrontLoadContext {
    /** set by the availability guard for the render of the 503 page (issue 9 item 4) */
    unavailable?: { retryHref: string };
  }
}

/** A call to the API that takes longer than this marks the request unavailable, ms (the API's own database timeouts answer well before). */
export const API_UNAVAILABLE_TIMEOUT_MS = 30_000;

/** `Retry-After` of the 503 answer when the API did not say, seconds. */
export const DEFAULT_RETRY_AFTER_S = 5;

/** API statuses that mean "unavailable, retry later" (the API's 503; a proxy's 502 or 504). */
const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);

/** What one request learned about the API's availability. */
interface RequestAvailability {
  unavailable: boolean;
  retryAfterS: number | null;
  correlationId: string | null;
  cause: string | null;
}

/** Options of {@link createAvailabilityGuard}. */
export interface AvailabilityGuardOptions {
  /** ms; default {@link API_UNAVAILABLE_TIMEOUT_MS} */
  timeoutMs?: number;
  /** where the one warning per unavailable request goes (default console.warn) */
  warn?: (message: string, details: Record<string, unknown>) => void;
}

/** The per-process guard (see module comment). */
export interface AvailabilityGuard {
  /** the API fetch to use everywhere (token provider, auth service, load context) */
  fetch: ApiFetch;
  /**
   * Serves one request: `render(request)` is React Router's handler with `context` as the load
   * context; answers its response, or the 503 answer when the API was unavailable (module
   * comment, step 2). Wraps `context.getToken` and may set `context.unavailable`.
   */
  handle(request: Request, context: StorefrontLoadContext, render: (request: Request) => Promise<Response>): Promise<Response>;
  /**
   * The same 503 answer without asking the API at all (every API call of the render answers 503
   * at once): the storefront's own refusal when it is overloaded (issue 11 item 5, ADR 0019).
   * `retryAfterS` goes into `Retry-After`; nothing is logged.
   */
  unavailableAnswer(request: Request, context: StorefrontLoadContext, render: (request: Request) => Promise<Response>, retryAfterS: number): Promise<Response>;
  /**
   * API calls made for a request outside a render (ADR 0040: the parts of a composed page) under
   * the same guard: `work`'s value, or, when the API was unavailable, the 503 answer of
   * {@link handle} (the page rendered by `render` in unavailable mode). Wraps `context.getToken`
   * and may set `context.unavailable`.
   */
  guard<T>(request: Request, context: StorefrontLoadContext, work: () => Promise<T>, render: (request: Request) => Promise<Response>): Promise<{ value: T } | { unavailable: Response }>;
}

/**
 * The request being served. One per process, kept on `globalThis`: this module is loaded twice,
 * by the handler (source) and inside the server build (root loader, logger).
 */
const STORE_KEY = Symbol.for('@store/storefront/request-availability');
const current: AsyncLocalStorage<RequestAvailability> = ((globalThis as Record<symbol, unknown>)[STORE_KEY] ??=
  new AsyncLocalStorage<RequestAvailability>()) as AsyncLocalStorage<RequestAvailability>;

/** True while serving a request that found the API unavailable (its errors need no more logging). */
export function requestIsUnavailable(): boolean {
  return current.getStore()?.unavailable === true;
}

function markUnavailable(state: RequestAvailability, cause: string, response?: Response): void {
  if (state.unavailable) return;
  state.unavailable = true;
  state.cause = cause;
  const retryAfter = Number(response?.headers.get('retry-after'));
  state.retryAfterS = Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : null;
  state.correlationId = response?.headers.get('correlationid') ?? null;
}

/** The OCC-style body of a 503 answered by the storefront itself. */
function unavailableBody(): string {
  return JSON.stringify({
    errors: [{ type: 'ServiceUnavailableError', reason: 'unavailable', message: 'The store is temporarily unavailable. Please retry shortly.' }],
  });
}

function unavailableApiResponse(state: RequestAvailability): Response {
  return new Response(unavailableBody(), {
    status: UNAVAILABLE_STATUS,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'retry-after': String(state.retryAfterS ?? DEFAULT_RETRY_AFTER_S),
      ...(state.correlationId ? { correlationid: state.correlationId } : {}),
    },
  });
}

/** Did the caller itself abort (the shopper went away), as opposed to a time-out? */
function abortedByCaller(init: RequestInit | undefined): boolean {
  const signal = init?.signal;
  if (!signal?.aborted) return false;
  const reason = signal.reason as { name?: unknown } | undefined;
  return reason?.name !== 'TimeoutError';
}

/** The page a request stands for: itself, or for a form post the same-origin page it was posted from (`Referer`). */
function shownPage(request: Request, url: URL): URL {
  if (request.method === 'GET' || request.method === 'HEAD') return url;
  const referer = request.headers.get('referer');
  if (!referer) return url;
  try {
    const from = new URL(referer);
    return from.origin === url.origin ? from : url;
  } catch {
    return url;
  }
}

/** Creates the guard around the API fetch (see module comment). */
export function createAvailabilityGuard(apiFetch: ApiFetch, opts: AvailabilityGuardOptions = {}): AvailabilityGuard {
  const timeoutMs = opts.timeoutMs ?? API_UNAVAILABLE_TIMEOUT_MS;
  const warn = opts.warn ?? ((message, details) => console.warn(message, details));

  const fetch: ApiFetch = async (input, init) => {
    const state = current.getStore();
    if (!state) return apiFetch(input, init);
    if (state.unavailable) return unavailableApiResponse(state);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      const answer = await Promise.race([apiFetch(input, init), timedOut]);
      if (answer === 'timeout') {
        markUnavailable(state, `no answer within ${timeoutMs} ms`);
        return unavailableApiResponse(state);
      }
      if (UNAVAILABLE_STATUSES.has(answer.status)) markUnavailable(state, `API answered ${answer.status}`, answer);
      return answer;
    } catch (error) {
      if (abortedByCaller(init)) throw error;
      markUnavailable(state, `API not reachable: ${error instanceof Error ? error.message : String(error)}`);
      return unavailableApiResponse(state);
    } finally {
      clearTimeout(timer);
    }
  };

  async function answerUnavailable(
    request: Request,
    first: Response,
    state: RequestAvailability,
    context: StorefrontLoadContext,
    render: (request: Request) => Promise<Response>,
    quiet = false,
  ): Promise<Response> {
    const url = new URL(request.url);
    const headers = new Headers();
    for (const cookie of first.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
    headers.set('Retry-After', String(state.retryAfterS ?? DEFAULT_RETRY_AFTER_S));
    headers.set('Cache-Control', 'no-store');
    const type = first.headers.get('content-type') ?? '';
    const isDocument = !url.pathname.endsWith('.data') && !type.includes('json') && !type.includes('text/x-script');
    await first.body?.cancel().catch(() => undefined);
    if (!quiet) warn('[storefront] API unavailable: answering 503', {
      method: request.method,
      path: url.pathname,
      cause: state.cause,
      correlationId: state.correlationId,
    });
    if (!isDocument) {
      headers.set('Content-Type', 'application/json; charset=utf-8');
      return new Response(unavailableBody(), { status: UNAVAILABLE_STATUS, headers });
    }
    const shown = shownPage(request, url);
    context.unavailable = { retryHref: `${shown.pathname}${shown.search}` };
    const pageUrl = new URL(pathIsFrench(shown.pathname) ? '/fr' : '/', url);
    pageUrl.search = shown.search;
    const pageHeaders = new Headers(request.headers);
    for (const name of ['content-type', 'content-length', 'transfer-encoding']) pageHeaders.delete(name);
    const page = await current.run(state, () =>
      render(new Request(pageUrl, { method: request.method === 'HEAD' ? 'HEAD' : 'GET', headers: pageHeaders, signal: request.signal })),
    );
    page.headers.forEach((value, name) => {
      if (name !== 'set-cookie' && name !== 'location' && !headers.has(name)) headers.set(name, value);
    });
    for (const cookie of page.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
    return new Response(page.body, { status: UNAVAILABLE_STATUS, headers });
  }

  /** A request's availability state; `context.getToken` wrapped so a token failure counts too. */
  function watch(context: StorefrontLoadContext): RequestAvailability {
    const getToken = context.getToken;
    context.getToken = () =>
      getToken().catch((error: unknown) => {
        // a token fetch shared with another request: its failure is this request's too
        const mine = current.getStore();
        if (mine && isApiError(error) && UNAVAILABLE_STATUSES.has(error.status)) markUnavailable(mine, `token: API answered ${error.status}`);
        throw error;
      });
    return { unavailable: false, retryAfterS: null, correlationId: null, cause: null };
  }

  return {
    fetch,
    async handle(request, context, render) {
      const state = watch(context);
      const first = await current.run(state, () => render(request));
      if (!state.unavailable) return first;
      return answerUnavailable(request, first, state, context, render);
    },
    async guard(request, context, work, render) {
      const state = watch(context);
      const value = await current.run(state, work);
      if (!state.unavailable) return { value };
      // a document's answer: the brand's 503 page
      const first = new Response(null, { headers: { 'content-type': 'text/html; charset=utf-8' } });
      return { unavailable: await answerUnavailable(request, first, state, context, render) };
    },
    async unavailableAnswer(request, context, render, retryAfterS) {
      const state: RequestAvailability = { unavailable: true, retryAfterS, correlationId: null, cause: 'overloaded' };
      const url = new URL(request.url);
      const document = !url.pathname.endsWith('.data') && !isApiRoutePath(url.pathname) && (request.headers.get('accept') ?? 'text/html').includes('html');
      const first = new Response(null, { headers: { 'content-type': document ? 'text/html' : 'application/json' } });
      return answerUnavailable(request, first, state, context, render, true);
    },
  };
}

/**
 * The root loader's first step: in unavailable mode (the guard's second render), throws the 503
 * route error with the shell data (brand, language; its API calls answer at once). Otherwise
 * does nothing.
 * @throws the `data(UnavailablePayload, { status: 503 })` route error
 */
export async function throwIfUnavailable(args: ContextArgs): Promise<void> {
  const mode = args.context.storefront?.unavailable;
  if (!mode) return;
  const { shell } = await loadShell(args);
  const payload: UnavailablePayload = { unavailable: true, shell: { ...shell, flash: null }, retryHref: mode.retryHref };
  throw data(payload, { status: UNAVAILABLE_STATUS });
}
