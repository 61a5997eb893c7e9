/**
 * The typed API client used by the storefront server and by tests (DESIGN "The way data travels").
 *
 * `createApiCore(opts)` is the transport: it builds URLs under `baseUrl`
 * (e.g. `http://localhost:3000/rest/v2`), serialises query strings and JSON / form bodies, adds
 * `Authorization: Bearer` from `getToken()`, parses JSON answers and throws `ApiError` for every
 * non-2xx answer. Answers are typed by the call's schema but not validated at run time (issue 11
 * item 1: the server serialises them from the same schemas); `validateAnswers` turns the check
 * on (the API test suite). `createApiClient(opts)` adds the
 * typed catalogue and content calls; other modules extend the core the same way
 * (`{ ...createApiCore(opts), ...myCalls(core) }`).
 *
 * The client only needs a `fetch`: the real one over HTTP, or the API server's in-process
 * adapter when storefront and API share a process. That adapter is the direct transport (issue 11
 * item 3, ADR 0021): with `direct: true` a JSON body travels as the object itself
 * ({@link DIRECT_BODY} on the fetch init, no `JSON.stringify`), and an answer made by
 * {@link directResponse} hands its object over (no `JSON.parse`). Fetch wrappers (client address,
 * token refresh, outage guard) see an ordinary `Response` and pass both through.
 */
import { z } from 'zod';
import { ApiError, OccErrorBodySchema, parseRetryAfter, type OccError } from './errors.ts';
import {
  BundleDataAnswerSchema,
  CategoryAnswerSchema,
  CategoryProductsAnswerSchema,
  ClassificationsAnswerSchema,
  ProductCodesAnswerSchema,
  ProductFullSchema,
  ProductBasicAnswerSchema,
  SearchAnswerSchema,
  VariantOptionsAnswerSchema,
  type BundleDataAnswer,
  type CategoryAnswer,
  type CategoryProductsAnswer,
  type ClassificationsAnswer,
  type Lang,
  type ProductCodesAnswer,
  type ProductFull,
  type SearchAnswer,
  type VariantOptionsAnswer,
} from './catalog.ts';
import { MonthlyProductsAnswerSchema, type MonthlyProductsAnswer } from './monthly-box.ts';
import {
  CmsPageSchema,
  ComponentsAnswerSchema,
  SiteConfigAnswerSchema,
  type CmsPage,
  type ComponentsAnswer,
  type SiteConfigAnswer,
} from './cms.ts';
import type { BaseSiteUid } from './catalog-file.ts';

/** A fetch function: the global one, or an in-process adapter. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * Key of the fetch init property carrying a JSON body as the object itself (direct transport).
 * Object spreads of the init (`{ ...init, headers }`) keep it.
 */
export const DIRECT_BODY: unique symbol = Symbol.for('store.api.directBody') as never;
const DIRECT_DATA = Symbol.for('store.api.directData');

/** A fetch init that may carry a {@link DIRECT_BODY}. */
export type DirectRequestInit = RequestInit & { [DIRECT_BODY]?: unknown };

/** The object body of a fetch init (direct transport), or undefined. */
export function directBodyOf(init: RequestInit | undefined): unknown {
  return (init as DirectRequestInit | undefined)?.[DIRECT_BODY];
}

/**
 * A `Response` carrying an answer object as is (direct transport): no body stream; `json()`
 * answers the object, `text()` its JSON. The API client reads the object without parsing.
 */
export function directResponse(data: unknown, status: number, headers: Record<string, string>): Response {
  const nullBody = status === 204 || status === 205 || status === 304;
  const response = new Response(null, { status, headers });
  Object.defineProperty(response, DIRECT_DATA, { value: nullBody ? undefined : data });
  response.json = async () => data;
  response.text = async () => (data === undefined ? '' : JSON.stringify(data));
  return response;
}

/** Does this response carry an answer object (see {@link directResponse})? */
export function isDirectResponse(response: Response): boolean {
  return DIRECT_DATA in response;
}

/** Options of `createApiCore` / `createApiClient`. */
export interface ApiClientOptions {
  /** absolute base URL of the API, up to and including `/rest/v2` */
  baseUrl: string;
  fetch: FetchLike;
  /** bearer token for authenticated calls (machine-to-machine or customer); null for none */
  getToken?: () => Promise<string | null>;
  /** headers added to every call (e.g. `correlationID`) */
  headers?: Record<string, string> | (() => Record<string, string>);
  /** per-call time-out in ms (spec §9: 60000) */
  timeoutMs?: number;
  /**
   * the fetch is the direct in-process transport: JSON bodies go as objects ({@link DIRECT_BODY}),
   * never stringified (issue 11 item 3). Over HTTP leave it off.
   */
  direct?: boolean;
  /**
   * validate each 2xx answer with its call's schema (tests; default off: answers are serialised
   * from the same schemas by the API, issue 11 item 1)
   */
  validateAnswers?: boolean;
}

/** A query value: undefined/null are skipped, arrays joined by commas. */
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

/** Options of one `request`. */
export interface RequestOptions<T> {
  query?: Record<string, QueryValue>;
  /** JSON body */
  body?: unknown;
  /** form-encoded body (instead of `body`) */
  form?: Record<string, string>;
  /** types the 2xx answer (validated only with `validateAnswers`) */
  schema?: z.ZodType<T>;
  headers?: Record<string, string>;
  /** send the bearer token from `getToken` (default: true when `getToken` is set) */
  auth?: boolean;
  signal?: AbortSignal;
}

/** The transport every typed call is built on. */
export interface ApiCore {
  readonly baseUrl: string;
  /**
   * One call. `path` is relative to `baseUrl` and starts with `/` (`/usb2c/products/123`).
   * Answers the parsed JSON (undefined for 204). Throws `ApiError` for non-2xx answers.
   */
  request<T = unknown>(method: string, path: string, options?: RequestOptions<T>): Promise<T>;
}

/** Builds a query string (`?a=1&b=x,y`), or '' when nothing is set. */
export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function readBody(response: Response): Promise<unknown> {
  if (isDirectResponse(response)) return (response as unknown as Record<symbol, unknown>)[DIRECT_DATA];
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function toApiError(response: Response, body: unknown): ApiError {
  const parsed = OccErrorBodySchema.safeParse(body);
  let errors: OccError[];
  if (parsed.success && parsed.data.errors.length > 0) {
    errors = parsed.data.errors;
  } else if (body && typeof body === 'object' && 'error' in body) {
    // RFC 6749 token endpoint errors: { error, error_description }
    const oauth = body as { error: unknown; error_description?: unknown };
    errors = [{ type: 'OAuthError', reason: String(oauth.error), message: String(oauth.error_description ?? oauth.error) }];
  } else {
    errors = [{ type: 'HttpError', reason: String(response.status), message: response.statusText || `HTTP ${response.status}` }];
  }
  const correlationId =
    response.headers.get('correlationid') ?? errors.find((e) => e.correlationId)?.correlationId ?? null;
  return new ApiError(response.status, errors, correlationId, body, parseRetryAfter(response.headers.get('retry-after')));
}

/** Creates the transport (see module comment). */
export function createApiCore(opts: ApiClientOptions): ApiCore {
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 60_000;
  return {
    baseUrl,
    async request<T = unknown>(method: string, path: string, options: RequestOptions<T> = {}): Promise<T> {
      const headers: Record<string, string> = { accept: 'application/json' };
      const common = typeof opts.headers === 'function' ? opts.headers() : opts.headers;
      Object.assign(headers, common, options.headers);
      let body: string | undefined;
      let directBody: unknown;
      if (options.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(options.form).toString();
      } else if (options.body !== undefined) {
        headers['content-type'] = 'application/json';
        if (opts.direct) directBody = options.body;
        else body = JSON.stringify(options.body);
      }
      const useAuth = options.auth ?? opts.getToken !== undefined;
      if (useAuth && opts.getToken) {
        const token = await opts.getToken();
        if (token) headers.authorization = `Bearer ${token}`;
      }
      const signal = options.signal ?? AbortSignal.timeout(timeoutMs);
      const url = `${baseUrl}${path.startsWith('/') ? path : `/${path}`}${buildQuery(options.query)}`;
      const init: DirectRequestInit = { method, headers, body, signal };
      if (directBody !== undefined) init[DIRECT_BODY] = directBody;
      const response = await opts.fetch(url, init);
      const parsed = await readBody(response);
      if (!response.ok) throw toApiError(response, parsed);
      return (opts.validateAnswers && options.schema ? options.schema.parse(parsed) : parsed) as T;
    },
  };
}

/** Answer of the OAuth2 token endpoint (RFC 6749 §5.1). */
export const OAuthTokenAnswerSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** seconds */
  expires_in: z.number().int(),
  scope: z.string(),
});
export type OAuthTokenAnswer = z.infer<typeof OAuthTokenAnswerSchema>;

/**
 * Asks the token endpoint for a machine-to-machine token (client_credentials grant).
 * `tokenUrl` is absolute, e.g. `http://localhost:3000/authorizationserver/oauth/token`.
 * Throws `ApiError` (type `OAuthError`, reason `invalid_client` ...) when refused.
 */
export async function requestClientToken(opts: {
  tokenUrl: string;
  fetch: FetchLike;
  clientId: string;
  clientSecret: string;
  scope?: string;
}): Promise<OAuthTokenAnswer> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: opts.clientId,
    client_secret: opts.clientSecret,
  });
  if (opts.scope) form.set('scope', opts.scope);
  const response = await opts.fetch(opts.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form.toString(),
  });
  const body = await readBody(response);
  if (!response.ok) throw toApiError(response, body);
  return OAuthTokenAnswerSchema.parse(body);
}

/** Options shared by the catalogue calls. */
export interface LangOption {
  lang?: Lang;
}

/** Options of list calls (category products, search). `page` is 0-based; `facets` become `q`. */
export interface ListOptions extends LangOption {
  page?: number;
  pageSize?: number;
  /** facet filters: `{ roast: ['dark'], brand: ['MAPLE'] }`, or a raw `q` string */
  facets?: Record<string, readonly string[]> | string;
  sort?: 'relevance' | 'name-asc' | 'price-asc' | 'price-desc';
}

/** Turns `{ roast: ['dark'] }` into `roast:dark` (the `q` parameter). */
export function facetsToQuery(facets: ListOptions['facets']): string | undefined {
  if (facets === undefined) return undefined;
  if (typeof facets === 'string') return facets || undefined;
  const parts: string[] = [];
  for (const [code, values] of Object.entries(facets)) for (const v of values) parts.push(`${code}:${v}`);
  return parts.length ? parts.join(',') : undefined;
}

/** Typed catalogue and content calls (spec §7 "Catalogue and content"). */
export interface CatalogCalls {
  /** GET /{site}/products/{code}?fields=FULL. A variant code answers its base product with `baseOptions.selected`. */
  getProduct(site: BaseSiteUid, code: string, opts?: LangOption): Promise<ProductFull>;
  /** GET /{site}/products/{code}?fields=BASIC */
  getProductBasic(site: BaseSiteUid, code: string, opts?: LangOption): Promise<z.infer<typeof ProductBasicAnswerSchema>>;
  getVariantOptions(site: BaseSiteUid, code: string, opts?: LangOption): Promise<VariantOptionsAnswer>;
  getBundleData(site: BaseSiteUid, code: string, opts?: LangOption): Promise<BundleDataAnswer>;
  getClassifications(site: BaseSiteUid, code: string, opts?: LangOption): Promise<ClassificationsAnswer>;
  getCategory(site: BaseSiteUid, code: string, opts?: LangOption): Promise<CategoryAnswer>;
  getCategoryProducts(site: BaseSiteUid, code: string, opts?: ListOptions): Promise<CategoryProductsAnswer>;
  search(site: BaseSiteUid, opts: ListOptions & { term: string }): Promise<SearchAnswer>;
  getProductCodesData(site: BaseSiteUid, codes: readonly string[], opts?: LangOption): Promise<ProductCodesAnswer>;
  /** GET /{site}/autoDelivery/monthlyProducts: monthly boxes (box counts 20, 22, 24; issue 10, spec §9); page 0-based */
  getMonthlyProducts(site: BaseSiteUid, opts?: Omit<ListOptions, 'facets'> & { boxCount?: number }): Promise<MonthlyProductsAnswer>;
  /** GET /{site}/cms/pages (pageType default ContentPage; pageLabelOrId default homepage) */
  getCmsPage(
    site: BaseSiteUid,
    opts?: LangOption & { pageType?: string; code?: string; pageLabelOrId?: string },
  ): Promise<CmsPage>;
  /** GET /{site}/cms/siteConfig (pageLabelOrId default NAVIGATIONHEADER) */
  getSiteConfig(site: BaseSiteUid, opts?: LangOption & { pageLabelOrId?: string }): Promise<SiteConfigAnswer>;
  getComponents(
    site: BaseSiteUid,
    opts: LangOption & { componentIds: readonly string[]; pageSize?: number },
  ): Promise<ComponentsAnswer>;
}

/** The catalogue calls built on a core (for composing bigger clients). */
export function catalogCalls(core: ApiCore): CatalogCalls {
  const enc = encodeURIComponent;
  const noAuth = { auth: false } as const;
  return {
    getProduct: (site, code, opts = {}) =>
      core.request('GET', `/${site}/products/${enc(code)}`, {
        ...noAuth,
        query: { fields: 'FULL', lang: opts.lang },
        schema: ProductFullSchema,
      }),
    getProductBasic: (site, code, opts = {}) =>
      core.request('GET', `/${site}/products/${enc(code)}`, {
        ...noAuth,
        query: { fields: 'BASIC', lang: opts.lang },
        schema: ProductBasicAnswerSchema,
      }),
    getVariantOptions: (site, code, opts = {}) =>
      core.request('GET', `/${site}/products/${enc(code)}/variantOptions`, {
        ...noAuth,
        query: { lang: opts.lang },
        schema: VariantOptionsAnswerSchema,
      }),
    getBundleData: (site, code, opts = {}) =>
      core.request('GET', `/${site}/products/${enc(code)}/bundleData`, {
        ...noAuth,
        query: { lang: opts.lang },
        schema: BundleDataAnswerSchema,
      }),
    getClassifications: (site, code, opts = {}) =>
      core.request('GET', `/${site}/products/${enc(code)}/productClassifications`, {
        ...noAuth,
        query: { lang: opts.lang },
        schema: ClassificationsAnswerSchema,
      }),
    getCategory: (site, code, opts = {}) =>
      core.request('GET', `/${site}/categories/${enc(code)}`, {
        ...noAuth,
        query: { lang: opts.lang },
        schema: CategoryAnswerSchema,
      }),
    getCategoryProducts: (site, code, opts = {}) =>
      core.request('GET', `/${site}/categories/${enc(code)}/products`, {
        ...noAuth,
        query: { lang: opts.lang, page: opts.page, pageSize: opts.pageSize, q: facetsToQuery(opts.facets), sort: opts.sort },
        schema: CategoryProductsAnswerSchema,
      }),
    search: (site, opts) =>
      core.request('GET', `/${site}/search`, {
        ...noAuth,
        query: {
          term: opts.term,
          lang: opts.lang,
          page: opts.page,
          pageSize: opts.pageSize,
          q: facetsToQuery(opts.facets),
          sort: opts.sort,
        },
        schema: SearchAnswerSchema,
      }),
    getMonthlyProducts: (site, opts = {}) =>
      core.request('GET', `/${site}/autoDelivery/monthlyProducts`, {
        ...noAuth,
        query: { lang: opts.lang, page: opts.page, pageSize: opts.pageSize, sort: opts.sort, boxCount: opts.boxCount },
        schema: MonthlyProductsAnswerSchema,
      }),
    getProductCodesData: (site, codes, opts = {}) =>
      core.request('GET', `/${site}/productCodesData`, {
        ...noAuth,
        query: { productCodes: codes, lang: opts.lang },
        schema: ProductCodesAnswerSchema,
      }),
    getCmsPage: (site, opts = {}) =>
      core.request('GET', `/${site}/cms/pages`, {
        ...noAuth,
        query: { pageType: opts.pageType, code: opts.code, pageLabelOrId: opts.pageLabelOrId, lang: opts.lang },
        schema: CmsPageSchema,
      }),
    getSiteConfig: (site, opts = {}) =>
      core.request('GET', `/${site}/cms/siteConfig`, {
        ...noAuth,
        query: { pageLabelOrId: opts.pageLabelOrId, lang: opts.lang },
        schema: SiteConfigAnswerSchema,
      }),
    getComponents: (site, opts) =>
      core.request('GET', `/${site}/cms/components`, {
        ...noAuth,
        query: { componentIds: opts.componentIds, lang: opts.lang, pageSize: opts.pageSize },
        schema: ComponentsAnswerSchema,
      }),
  };
}

/** The API client: the core plus the catalogue and content calls. */
export type ApiClient = ApiCore & CatalogCalls;

/** Creates the API client (see module comment). */
export function createApiClient(opts: ApiClientOptions): ApiClient {
  const core = createApiCore(opts);
  return { baseUrl: core.baseUrl, request: core.request, ...catalogCalls(core) };
}
