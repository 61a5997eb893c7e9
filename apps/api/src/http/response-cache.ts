/**
 * The API's response cache of catalogue reads (issue 11 targets "API product ?fields=FULL >= 25 %
 * of hello world", ADR 0037; the sub-request caching of Hydrogen). A catalogue answer that is the
 * same for every caller of a kind (anonymous shoppers, or shoppers of the same price groups) is
 * computed once, kept a short time, and answered from memory by both transports:
 *
 * - **key**: the route, the base site (which fixes the currency and the stock of the site), the
 *   parsed path parameters and query (language, fields level, paging, facets: whatever the
 *   contract schema keeps, after its defaults), and the route's `variant` of the caller (the
 *   price groups of a signed-in customer; '' for anonymous). A route's `variant` answering null
 *   means "this caller's answer is their own": no cache at all for that request.
 * - **entry**: the answer object, deep-frozen (the direct transport hands it to the storefront,
 *   which must never change it), its JSON bytes serialised once from the route's response schema
 *   (the HTTP transport sends them as they are: no serialisation per hit), a strong ETag (SHA-1 of
 *   the bytes) and the purge tags of the answer (`product:<code>` of every product and variant it
 *   shows, `listing` for lists).
 * - **bounds**: an lru-cache by bytes (`maxBytes`, each entry counted as twice its JSON: the bytes
 *   and the object), entries live `ttlMs`; concurrent misses of one key share one read (single
 *   flight).
 * - **purge**: the catalogue change bus of the handle (catalog-changes.ts): a `products` change
 *   drops the entries tagged with its codes and every listing, and with `fbt` every answer
 *   carrying frequently-bought-together lists (a partner back in stock joins them); `catalogue` and `content` drop
 *   everything. A read that started before a purge is answered to its callers but not kept
 *   (generation count), so the next request after a change reads the change.
 *
 * Only answers with status 200 are kept; errors (404 unknown product) are computed each time.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import type { CatalogChange } from '../catalog-changes.ts';
import { schemaSerializer } from './serializer.ts';

/** The purge tag of every list answer (category products, search, product codes data). */
export const LISTING_TAG = 'listing';

/** The purge tag of answers carrying frequently-bought-together lists (partners shown only while in stock). */
export const FBT_TAG = 'fbt';

/** One cached answer (immutable). */
export interface CachedAnswer {
  /** the answer object, deep-frozen */
  readonly data: unknown;
  /** its JSON, serialised from the route's 200 response schema */
  readonly body: Buffer;
  /** strong validator of the bytes, quoted (`"…"`) */
  readonly etag: string;
  /** purge tags (`product:<code>`, `listing`) */
  readonly tags: readonly string[];
}

/** Counters of a cache (tests, diagnostics). */
export interface ResponseCacheStats {
  hits: number;
  misses: number;
  /** entries kept now */
  entries: number;
  /** bytes counted now (see module comment) */
  bytes: number;
}

/** The cache of one app. */
export interface ResponseCache {
  /**
   * The cached answer under `key`, or the answer of `fill()` (which becomes the entry when it
   * answers status 200 and no purge happened meanwhile; `tagsOf` gives its purge tags). Concurrent callers of a missing key
   * share one `fill()`; its failure reaches each of them and is not kept.
   */
  answer(key: string, schema: z.ZodType | undefined, tagsOf: (data: unknown) => string[], fill: () => Promise<{ status: number; data: unknown }>): Promise<{ status: number; entry: CachedAnswer | null; data: unknown }>;
  /** drops what a change makes stale (see module comment) */
  purge(change: CatalogChange): void;
  /** empties the cache */
  clear(): void;
  stats(): ResponseCacheStats;
}

/** Settings of {@link createResponseCache}. */
export interface ResponseCacheOptions {
  /** entry lifetime, ms (> 0) */
  ttlMs: number;
  /** memory budget, bytes */
  maxBytes: number;
  /** check each filled answer against its schema first (NODE_ENV=test, as the HTTP serializer does) */
  check?: boolean;
}

/** Freezes an answer object and everything in it (plain objects and arrays). */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value as Record<string, unknown>)) deepFreeze(child);
  return value;
}

/** A strong ETag of bytes. */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Builds a cache (see module comment). */
export function createResponseCache(opts: ResponseCacheOptions): ResponseCache {
  /** tag → keys of the entries carrying it */
  const byTag = new Map<string, Set<string>>();
  const lru = new LRUCache<string, CachedAnswer>({
    maxSize: opts.maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.body.length * 2),
    ttl: opts.ttlMs,
    // an expired entry is never answered; lru-cache drops it when it is read or evicted
    ttlAutopurge: false,
    // evicted, expired, purged or replaced: out of the tag index too, so the index stays bounded
    dispose: (entry, key) => {
      for (const tag of entry.tags) {
        const keys = byTag.get(tag);
        keys?.delete(key);
        if (keys?.size === 0) byTag.delete(tag);
      }
    },
  });
  const inflight = new Map<string, Promise<{ status: number; entry: CachedAnswer | null; data: unknown }>>();
  let generation = 0;
  let hits = 0;
  let misses = 0;

  function index(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      let keys = byTag.get(tag);
      if (!keys) byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  function dropTag(tag: string): void {
    const keys = byTag.get(tag);
    if (!keys) return;
    byTag.delete(tag);
    for (const key of [...keys]) lru.delete(key);
  }

  return {
    answer(key, schema, tagsOf, fill) {
      const hit = lru.get(key);
      if (hit) {
        hits++;
        return Promise.resolve({ status: 200, entry: hit, data: hit.data });
      }
      const pending = inflight.get(key);
      if (pending) {
        hits++;
        return pending;
      }
      misses++;
      const startedAt = generation;
      // `run` is in `inflight` before `fill()` starts (a callback, not run at once)
      const run: Promise<{ status: number; entry: CachedAnswer | null; data: unknown }> = Promise.resolve().then(async () => {
        try {
          const { status, data } = await fill();
          if (status !== 200) return { status, entry: null, data };
          if (opts.check && schema) {
            const result = schema.safeParse(data);
            if (!result.success) throw new Error(`cached answer does not match its schema: ${result.error.message}`);
          }
          const body = Buffer.from(schema ? schemaSerializer(schema)(data) : JSON.stringify(data));
          const entry: CachedAnswer = Object.freeze({ data: deepFreeze(data), body, etag: etagOf(body), tags: Object.freeze(tagsOf(data)) });
          // a purge while this read ran: answer it to its callers, keep nothing
          if (startedAt === generation) {
            lru.set(key, entry);
            index(key, entry.tags);
          }
          return { status, entry, data: entry.data };
        } finally {
          if (inflight.get(key) === run) inflight.delete(key);
        }
      });
      inflight.set(key, run);
      return run;
    },
    purge(change) {
      generation++;
      inflight.clear();
      if (change.kind !== 'products') {
        lru.clear();
        byTag.clear();
        return;
      }
      dropTag(LISTING_TAG);
      if (change.fbt) dropTag(FBT_TAG);
      for (const code of new Set(change.codes)) dropTag(`product:${code}`);
    },
    clear() {
      generation++;
      inflight.clear();
      lru.clear();
      byTag.clear();
    },
    stats() {
      return { hits, misses, entries: lru.size, bytes: lru.calculatedSize };
    },
  };
}
