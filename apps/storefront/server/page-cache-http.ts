/**
 * The HTTP side of the page cache (issue 11 item 4, ADR 0019): which requests may be answered
 * from it, the tags a render collects from the API calls it made, turning a rendered answer into
 * a {@link CachedPage} (compressed once, a hash-based Content-Security-Policy instead of the
 * per-request nonce), and answering a request from an entry.
 */
import { createHash } from 'node:crypto';
import { constants } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { matchRoutes } from 'react-router';
import type { ServerBuild } from 'react-router';
import type { ApiFetch } from '../app/lib/load-context.ts';
import { hasVisitorState, isCartOnlyVisitor } from '../app/lib/visitor-state.server.ts';
import { contentSecurityPolicyWithHashes, HSTS_VALUE } from '../app/lib/security.server.ts';
import { brotliAsync, bytesResponse, gzipAsync, MIN_COMPRESS_BYTES, negotiateEncoding } from './compression.ts';
import type { CachedPage } from './page-cache.ts';

export { hasVisitorState };


/**
 * Route ids of the pages a visitor without per-visitor state gets from the cache: home, category,
 * search, content and product pages (both languages). Everything else (cart, checkout, account,
 * sign-in, forms' resource routes) is always rendered.
 */
export const CACHEABLE_ROUTE_IDS: ReadonlySet<string> = new Set(
  ['home', 'search', 'category', 'category-bare', 'product', 'product-bare', 'product-pdp', 'bundle', 'bundle-slug', 'content', 'discontinued', 'pod-id', 'quick-shop', 'catch-all'].flatMap((id) => [id, `${id}-fr`]),
);

/** A function answering the id of the page route a path renders, or null (built once from the server build). */
export function createRouteMatcher(build: Pick<ServerBuild, 'routes'>): (pathname: string) => string | null {
  type Node = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: Node[] };
  const nodes = new Map<string, Node>();
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    nodes.set(r.id, { id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, children: [] });
  }
  const roots: Node[] = [];
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    const node = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  // matchRoutes flattens and ranks the whole route table on every call: remember answers per path
  const memo = new LRUCache<string, { id: string | null }>({ max: 10_000 });
  return (pathname) => {
    let hit = memo.get(pathname);
    if (!hit) {
      const matches = matchRoutes(roots as Parameters<typeof matchRoutes>[0], pathname);
      hit = { id: matches?.at(-1)?.route.id ?? null };
      memo.set(pathname, hit);
    }
    return hit.id;
  };
}

/**
 * Whether a request may be answered from the page cache, before looking at its route: GET or HEAD
 * of a document (not a React Router `.data` request), from a visitor without per-visitor state
 * and without credentials, and without `?coupon=` (applies a coupon: sets a cookie). An entry
 * exists only for a cacheable route, so a lookup needs no route match; a miss checks the route
 * ({@link isCacheableRoute}) before rendering for the cache.
 */
export function isSharedVisitorRequest(request: Request, url: URL): boolean {
  return isPlainPageView(request, url) && !hasVisitorState(request);
}

/** GET or HEAD without credentials, `?coupon=` (sets a cookie) or `?_data`. */
function isPlainPageView(request: Request, url: URL): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (url.searchParams.has('coupon') || url.searchParams.has('_data')) return false;
  return !request.headers.has('authorization');
}

/**
 * May the page be composed from the shared one for its visitor (ADR 0040)? A document (not a
 * `.data` request) of a cacheable route, viewed as {@link isSharedVisitorRequest} asks but by a
 * visitor whose only state is a cart, and without `?site=` (starts a preview: sets a cookie).
 */
export function isComposableRequest(request: Request, url: URL, routeOf: (pathname: string) => string | null): boolean {
  if (!isPlainPageView(request, url) || isDataRequestPath(url.pathname) || url.searchParams.has('site')) return false;
  return isCartOnlyVisitor(request) && isCacheableRoute(url.pathname, routeOf);
}

/**
 * The page path of a React Router data request (a client-side navigation's loader data, issue
 * 11): `/p/X.data` → `/p/X`, `/_root.data` → `/`; other paths as they are.
 */
export function pagePathOf(pathname: string): string {
  if (!pathname.endsWith('.data')) return pathname;
  const page = pathname.slice(0, -'.data'.length);
  return page === '/_root' ? '/' : page;
}

/** Whether a path is a React Router data request (see {@link pagePathOf}). */
export function isDataRequestPath(pathname: string): boolean {
  return pathname.endsWith('.data');
}

/**
 * Whether the page of a path is one the cache keeps (home, category, search, content, product);
 * the data request of such a page too (a client-side navigation to it, keyed with its `_routes`
 * query), since it holds the same shared loader data.
 */
export function isCacheableRoute(pathname: string, routeOf: (pathname: string) => string | null): boolean {
  const id = routeOf(pagePathOf(pathname));
  return id !== null && CACHEABLE_ROUTE_IDS.has(id);
}

/** {@link isSharedVisitorRequest} and {@link isCacheableRoute}. */
export function isCacheableRequest(request: Request, url: URL, routeOf: (pathname: string) => string | null): boolean {
  return isSharedVisitorRequest(request, url) && isCacheableRoute(url.pathname, routeOf);
}

/** `Cache-Control` of a cacheable page: shared caches keep it `ttl`, then serve it stale while they refresh. */
export function publicCacheControl(ttlMs: number, staleMs: number): string {
  return `public, max-age=0, s-maxage=${Math.round(ttlMs / 1000)}, stale-while-revalidate=${Math.round(staleMs / 1000)}`;
}

/**
 * `Vary` of a cacheable page: the encoding, and the cookies (a visitor with a cart or a session
 * gets another, private page; a CDN should reduce `Cookie` to the store's cookies before keying).
 */
export const PUBLIC_PAGE_VARY = 'Accept-Encoding, Cookie';

/** Collects purge tags from the API calls of one render (see {@link createTagRecorder}). */
export interface TagRecorder {
  /** the same fetch, noting what each successful call was about */
  wrap(fetch: ApiFetch): ApiFetch;
  /** the tags, once every answer has been looked at */
  tags(): Promise<string[]>;
}

/** Keys of API answers that name a product or variant (cards, product, variants, entries). */
const CODE_KEYS = new Set(['code', 'baseProduct', 'defaultVariantCode']);

function collectCodes(value: unknown, out: Set<string>, depth = 0): void {
  if (depth > 8 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const v of value) collectCodes(v, out, depth + 1);
    return;
  }
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === 'string') {
      if (CODE_KEYS.has(k) && v.length > 0 && v.length <= 100) out.add(`product:${v}`);
    } else if (typeof v === 'object') collectCodes(v, out, depth + 1);
  }
}

/**
 * Tags of a render, from the API calls it made (`/rest/v2/<site>/…`): `product:<code>` for a
 * product and for every product or variant code in a product, listing, search, carousel or
 * recommendation answer (their prices and stock show on the page), `category:<code>` for a
 * category, `content` for CMS pages and site configuration. A page is also tagged `page` (purge everything).
 */
export function createTagRecorder(): TagRecorder {
  const tags = new Set<string>(['page']);
  const pending: Array<Promise<void>> = [];
  const note = (input: string, response: Response) => {
    let rest: string;
    try {
      const m = /\/rest\/v2\/[^/]+\/(.*)$/.exec(new URL(input).pathname);
      if (!m) return;
      rest = m[1]!;
    } catch {
      return;
    }
    const [head, second, third] = rest.split('/').map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
    let parse = false;
    if (head === 'products' && second) {
      tags.add(`product:${second}`);
      parse = true;
    } else if (head === 'categories' && second) {
      tags.add(`category:${second}`);
      parse = third === 'products';
    } else if (head === 'search' || head === 'productCodesData' || head === 'monthlyBox') {
      tags.add('listing');
      parse = true;
    } else if (head === 'users' && third === 'recommendations') {
      // issue 13 (ADR 0033): the PDP's recommendation carousel shows prices and stock of its cards
      tags.add('listing');
      parse = true;
    } else if (head === 'cms' || head === 'siteConfig' || head === 'siteconfig' || head === 'cmsPages') {
      tags.add('content');
    }
    if (!parse || response.status !== 200 || !(response.headers.get('content-type') ?? '').includes('json')) return;
    pending.push(
      response
        .clone()
        .json()
        .then((body: unknown) => collectCodes(body, tags))
        .catch(() => undefined),
    );
  };
  return {
    wrap(fetch) {
      return async (input, init) => {
        const response = await fetch(input, init);
        if ((init?.method ?? 'GET').toUpperCase() === 'GET') note(input, response);
        return response;
      };
    },
    async tags() {
      await Promise.all(pending);
      return [...tags];
    },
  };
}

/** The SHA-256 sources of every inline `<script>` of a page (CSP `'sha256-…'`). */
export function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (/\bsrc\s*=/i.test(m[1] ?? '')) continue;
    out.add(`'sha256-${createHash('sha256').update(m[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return [...out];
}

/** Response headers that are per answer or re-made for the cached copy, so never stored. */
const NOT_STORED = new Set(['set-cookie', 'content-length', 'content-encoding', 'date', 'cache-control', 'vary', 'content-security-policy', 'transfer-encoding', 'connection', 'keep-alive']);

/** Options of {@link toCachedPage}. */
export interface ToCachedPageOptions {
  https: boolean;
  ttlMs: number;
  staleMs: number;
  tags: string[];
  stamps: Pick<CachedPage, 'storedAt' | 'freshUntil' | 'staleUntil'>;
}

/**
 * A rendered answer as a cache entry: the body read to the end, compressed once (brotli quality
 * 5, gzip level 9, on zlib's thread pool: for a 55 KB page, 1.3 ms and 0.9 ms, within 1 % of
 * brotli 9's size at a twentieth of its 31 ms), the public `Cache-Control` and `Vary`, the security
 * headers, and a Content-Security-Policy that allows the page's inline scripts by hash: the
 * nonce of the render must not be reused for other visitors' answers.
 */
export async function toCachedPage(response: Response, opts: ToCachedPageOptions): Promise<CachedPage> {
  const body = new Uint8Array(await response.arrayBuffer());
  const html = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  const headers: Array<[string, string]> = [];
  response.headers.forEach((value, name) => {
    if (!NOT_STORED.has(name)) headers.push([name, value]);
  });
  headers.push(['cache-control', publicCacheControl(opts.ttlMs, opts.staleMs)]);
  headers.push(['vary', PUBLIC_PAGE_VARY]);
  headers.push(['content-security-policy', contentSecurityPolicyWithHashes(inlineScriptHashes(html))]);
  if (!headers.some(([n]) => n === 'x-content-type-options')) headers.push(['x-content-type-options', 'nosniff']);
  if (!headers.some(([n]) => n === 'referrer-policy')) headers.push(['referrer-policy', 'strict-origin-when-cross-origin']);
  if (!headers.some(([n]) => n === 'x-frame-options')) headers.push(['x-frame-options', 'DENY']);
  if (opts.https) headers.push(['strict-transport-security', HSTS_VALUE]);
  let br: Uint8Array<ArrayBuffer> | null = null;
  let gz: Uint8Array<ArrayBuffer> | null = null;
  if (body.byteLength >= MIN_COMPRESS_BYTES) {
    const [b, g] = await Promise.all([
      brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
      gzipAsync(body, { level: 9 }),
    ]);
    br = new Uint8Array(b);
    gz = new Uint8Array(g);
  }
  return { status: response.status, headers, body, br, gzip: gz, tags: opts.tags, ...opts.stamps };
}

/** How an answer from the cache came about (header `X-Page-Cache`). */
export type CacheOutcome = 'hit' | 'stale' | 'miss' | 'shared' | 'overload-stale';

/** The answer to `request` from a cache entry, in the encoding the browser accepts. */
export function cachedResponse(request: Request, page: CachedPage, outcome: CacheOutcome, now = Date.now()): Response {
  const headers = new Headers(page.headers);
  const encoding = negotiateEncoding(request.headers.get('accept-encoding'));
  let body = page.body;
  if (encoding === 'br' && page.br) {
    body = page.br;
    headers.set('content-encoding', 'br');
  } else if (encoding === 'gzip' && page.gzip) {
    body = page.gzip;
    headers.set('content-encoding', 'gzip');
  }
  headers.set('content-length', String(body.byteLength));
  headers.set('age', String(Math.max(0, Math.floor((now - page.storedAt) / 1000))));
  headers.set('x-page-cache', outcome);
  return bytesResponse(request.method === 'HEAD' ? null : body, { status: page.status, headers });
}
