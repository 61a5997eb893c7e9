/**
 * The page cache of the storefront (issue 11 item 4, ADR 0019): whole pages of visitors without
 * per-visitor state (no cart, not signed in, no other store cookie), kept per process and served
 * without rendering. Modelled on SAP Spartacus' SSR optimisation engine (one render shared by
 * concurrent requests for the same page, a rendering cache) and Hydrogen's full-page caching.
 *
 * - An entry is fresh for `ttlMs` (default 60 s), then served stale for `staleMs` more (default
 *   300 s) while ONE background render refreshes it ({@link PageCache.revalidate}).
 * - Concurrent misses of one key share one render ({@link PageCache.fill}); the render's outcome
 *   goes to every waiter when it is cacheable, otherwise each waiter renders on its own (an
 *   uncacheable answer may carry cookies of the visitor who asked).
 * - Entries carry tags (`product:<code>`, `category:<code>`, `content`, `site:<host>`...); a
 *   change of price, stock status, catalogue or content purges the entries of its tags. A purge
 *   also forgets renders in flight: a render that started before it is served to those who
 *   waited for it but never stored, and a request after the purge starts a new render.
 * - Where entries live is a {@link PageCacheStore}: {@link createMemoryPageStore} (an LRU bounded
 *   by bytes, lru-cache) by default, or the shared Redis store of `@store/contracts/page-cache`
 *   (ADR 0038): a purge in any process then reaches every process, and a render started before
 *   a purge anywhere is not stored (the store's purge generation). Single-flight stays per process.
 */
import { LRUCache } from 'lru-cache';

import type { CachedPage, PageCacheStore } from '@store/contracts/page-cache';

export type { CachedPage, PageCacheStore } from '@store/contracts/page-cache';

/** Bytes an entry costs in memory (bodies, headers, tags, key; a small fixed overhead). */
export function pageBytes(key: string, page: CachedPage): number {
  let n = 256 + key.length * 2 + page.body.byteLength + (page.br?.byteLength ?? 0) + (page.gzip?.byteLength ?? 0);
  for (const [name, value] of page.headers) n += (name.length + value.length) * 2;
  for (const tag of page.tags) n += tag.length * 2 + 64;
  return n;
}

/** Options of {@link createMemoryPageStore}. */
export interface MemoryPageStoreOptions {
  /** upper bound of the bytes held, default 64 MiB; least recently used entries go first */
  maxBytes?: number;
  /** clock, epoch ms (tests) */
  now?: () => number;
}

/** Default memory budget of the in-memory store: 64 MiB. */
export const DEFAULT_PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The per-process store: an LRU bounded by bytes (each entry costs {@link pageBytes}; an entry
 * larger than an eighth of the budget is not kept) with a tag index for purges. Entries expire at
 * their `staleUntil`.
 */
export function createMemoryPageStore(opts: MemoryPageStoreOptions = {}): PageCacheStore {
  const maxBytes = opts.maxBytes ?? DEFAULT_PAGE_CACHE_MAX_BYTES;
  const now = opts.now ?? Date.now;
  const byTag = new Map<string, Set<string>>();
  const untag = (key: string, page: CachedPage) => {
    for (const tag of page.tags) {
      const keys = byTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) byTag.delete(tag);
    }
  };
  const lru = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 8)),
    sizeCalculation: (page, key) => pageBytes(key, page),
    dispose: (page, key) => untag(key, page),
  });
  return {
    get(key) {
      const page = lru.get(key);
      if (page && page.staleUntil <= now()) {
        lru.delete(key);
        return undefined;
      }
      return page;
    },
    set(key, page) {
      lru.set(key, page);
      if (lru.peek(key) !== page) return; // too large to keep
      for (const tag of page.tags) {
        let keys = byTag.get(tag);
        if (!keys) byTag.set(tag, (keys = new Set()));
        keys.add(key);
      }
    },
    purgeTags(tags) {
      const keys = new Set<string>();
      for (const tag of tags) for (const key of byTag.get(tag) ?? []) keys.add(key);
      for (const key of keys) lru.delete(key);
      return keys.size;
    },
    purgeAll() {
      const n = lru.size;
      lru.clear();
      byTag.clear();
      return n;
    },
    stats() {
      return { entries: lru.size, bytes: lru.calculatedSize };
    },
  };
}

/** What a lookup found. */
export interface PageLookup {
  page: CachedPage;
  /** false once `freshUntil` has passed (serve it, and refresh it in the background) */
  fresh: boolean;
}

/** Options of {@link createPageCache}. */
export interface PageCacheOptions {
  store?: PageCacheStore;
  /** ms an entry is fresh; default {@link DEFAULT_PAGE_TTL_MS} */
  ttlMs?: number;
  /** ms an entry may be served stale after that; default {@link DEFAULT_PAGE_STALE_MS} */
  staleMs?: number;
  /** clock, epoch ms (tests) */
  now?: () => number;
  /** where failures of background renders go (default console.warn) */
  warn?: (message: string, details: Record<string, unknown>) => void;
}

/** Default freshness of a cached page: 60 s (issue 11 item 4: "entries live a short time"). */
export const DEFAULT_PAGE_TTL_MS = 60_000;
/** Default stale window after it: 300 s (stale-while-revalidate; also what overload may serve). */
export const DEFAULT_PAGE_STALE_MS = 300_000;

/** A render for the cache: a page to keep, or an answer that must not be kept (cookies, errors). */
export type FillRender = () => Promise<CachedPage | Response>;

/** The page cache (see module comment). */
export interface PageCache {
  readonly ttlMs: number;
  readonly staleMs: number;
  /** the entry of `key`, fresh or stale, or null */
  lookup(key: string): Promise<PageLookup | null>;
  /**
   * Renders `key` once for all concurrent callers. The first caller's `render` runs: a
   * {@link CachedPage} is stored (unless a purge came meanwhile) and answered to everyone; a
   * `Response` (not cacheable) goes to the first caller only, and the others get null (render
   * on your own).
   */
  fill(key: string, render: FillRender): Promise<CachedPage | Response | null>;
  /** starts one background render of `key` unless one is in flight; never throws */
  revalidate(key: string, render: FillRender): void;
  /** purges the entries of the tags (and forgets renders in flight); answers how many entries went */
  purge(tags: readonly string[]): Promise<number>;
  /** purges everything */
  purgeAll(): Promise<number>;
  /** renders shared so far (waiters that got another caller's render), for tests and logs */
  readonly sharedRenders: number;
  /** the store's figures */
  stats(): { entries: number; bytes: number } | null;
  /**
   * `listener` hears of every purge of a shared store, made by any process (ADR 0038): the API of
   * this process drops its own cached answers then (ADR 0037), since the change that caused the
   * purge may have been made elsewhere (an import). Answers the removal; a per-process store never calls it.
   */
  onSharedPurge(listener: () => void): () => void;
  /** the stamps of a page rendered now: `storedAt`, `freshUntil`, `staleUntil` */
  stamps(): Pick<CachedPage, 'storedAt' | 'freshUntil' | 'staleUntil'>;
  /** closes the store's connections */
  close(): Promise<void>;
}

/** Creates a page cache over a store (in memory by default). */
export function createPageCache(opts: PageCacheOptions = {}): PageCache {
  const now = opts.now ?? Date.now;
  const store = opts.store ?? createMemoryPageStore({ now });
  const ttlMs = opts.ttlMs ?? DEFAULT_PAGE_TTL_MS;
  const staleMs = opts.staleMs ?? DEFAULT_PAGE_STALE_MS;
  const warn = opts.warn ?? ((message, details) => console.warn(message, details));
  const inflight = new Map<string, Promise<CachedPage | null>>();
  let generation = 0;
  let shared = 0;

  // a shared store tells of purges made by other processes: forget the renders in flight here too
  store.onPurge?.(() => {
    generation++;
    inflight.clear();
  });

  async function lead(key: string, render: FillRender): Promise<CachedPage | Response> {
    const started = generation;
    let settle!: (page: CachedPage | null) => void;
    const mine = new Promise<CachedPage | null>((resolve) => (settle = resolve));
    inflight.set(key, mine);
    try {
      // a shared store's purge generation before the render: its page is stored only if no process purged meanwhile
      const sharedGeneration = store.generation ? await store.generation() : undefined;
      const out = await render();
      if (out instanceof Response) {
        settle(null);
        return out;
      }
      if (generation === started && sharedGeneration !== null) await store.set(key, out, sharedGeneration);
      settle(out);
      return out;
    } catch (error) {
      settle(null);
      throw error;
    } finally {
      if (inflight.get(key) === mine) inflight.delete(key);
    }
  }

  const cache: PageCache = {
    ttlMs,
    staleMs,
    async lookup(key) {
      const page = await store.get(key);
      if (!page) return null;
      const t = now();
      if (page.staleUntil <= t) return null;
      return { page, fresh: t < page.freshUntil };
    },
    async fill(key, render) {
      const running = inflight.get(key);
      if (running) {
        const page = await running;
        if (page) shared++;
        return page;
      }
      return lead(key, render);
    },
    revalidate(key, render) {
      if (inflight.has(key)) return;
      lead(key, render).then(
        async (out) => {
          if (out instanceof Response) await out.body?.cancel().catch(() => undefined);
        },
        (error: unknown) => warn('[storefront] page cache: background render failed', { key, error: error instanceof Error ? error.message : String(error) }),
      );
    },
    async purge(tags) {
      generation++;
      inflight.clear();
      return tags.length === 0 ? 0 : store.purgeTags(tags);
    },
    async purgeAll() {
      generation++;
      inflight.clear();
      return store.purgeAll();
    },
    get sharedRenders() {
      return shared;
    },
    stats() {
      return store.stats?.() ?? null;
    },
    onSharedPurge(listener) {
      return store.onPurge?.(listener) ?? (() => undefined);
    },
    stamps() {
      const t = now();
      return { storedAt: t, freshUntil: t + ttlMs, staleUntil: t + ttlMs + staleMs };
    },
    async close() {
      await store.close?.();
    },
  };
  return cache;
}

/**
 * Query parameters that never change a page (campaign tracking, click ids): dropped from the key,
 * so a shared link with `utm_source` hits the same entry.
 */
const IGNORED_PARAMS = /^(utm_[a-z]+|gclid|gbraid|wbraid|fbclid|msclkid|dclid|yclid|mc_cid|mc_eid|_ga|_gl|igshid|ref|ref_src)$/i;

/**
 * The cache key of a page: origin (scheme and host: the brand and the absolute links of the
 * page), path, and the query parameters that may change the page, sorted (`?b=1&a=2` and
 * `?a=2&b=1` are one entry; tracking parameters dropped). The language is in the path.
 */
export function pageCacheKey(origin: string, url: URL): string {
  const params = [...url.searchParams].filter(([name]) => !IGNORED_PARAMS.test(name));
  params.sort(([a, va], [b, vb]) => (a < b ? -1 : a > b ? 1 : va < vb ? -1 : va > vb ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return `${origin.toLowerCase()}${url.pathname}${query ? `?${query}` : ''}`;
}
