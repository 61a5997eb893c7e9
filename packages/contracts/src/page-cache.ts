/**
 * The page cache's contract between processes (issue 11 item 4; ADR 0019, ADR 0038): what a
 * cached page is, the store interface every storefront process uses, the shared Redis store, and
 * how another process (the catalogue importer, the jobs process, an API-only process) purges the
 * pages that show what it changed.
 *
 * Redis layout (every key under one prefix, default `pc:`; one Redis database or prefix per store):
 * - `<prefix>p:<page key>`: a hash, `m` = JSON of status, headers, tags and stamps, `b` = the
 *   page, `br` / `gz` = its brotli / gzip bytes when kept; expires at the page's `staleUntil`;
 * - `<prefix>t:<tag>`: a sorted set of the Redis keys of the pages carrying the tag, scored by their
 *   `staleUntil` (members past it are trimmed on each write), expiring with its newest page;
 * - `<prefix>gen`: the purge generation, incremented by every purge. A render reads it before it
 *   starts and stores its page only when it is unchanged (atomically, in the write's script), so a
 *   page rendered before a purge in any process is never stored after it;
 * - channel `<prefix>purge`: every purge is published (`{"tags": [...]}` or `{"all": true}`), so
 *   every storefront process also forgets its renders in flight (its single-flight is per process).
 *
 * A purge deletes the pages of every tag's set and the sets in one script (one Redis instance, no
 * cluster: the script touches keys it was not given). Every Redis call has a timeout; a store
 * whose Redis is down answers "not cached" and renders (logged once per outage), and replays the
 * purges it could not make once Redis is back.
 */
import { Redis } from 'ioredis';
import { z } from 'zod';
import { hasControlCharacters } from './input.ts';

/** One cached page: what is sent, in every encoding, and when it goes stale. */
export interface CachedPage {
  /** HTTP status (always 200 today) */
  status: number;
  /** response headers to send (never `Set-Cookie`), in order */
  headers: Array<[string, string]>;
  /** the page, not compressed */
  body: Uint8Array<ArrayBuffer>;
  /** the page compressed with brotli, when it was worth it */
  br: Uint8Array<ArrayBuffer> | null;
  /** the page compressed with gzip, when it was worth it */
  gzip: Uint8Array<ArrayBuffer> | null;
  /** purge tags, e.g. `product:4000100`, `category:beverages`, `content`, `page` */
  tags: string[];
  /** epoch ms when rendered */
  storedAt: number;
  /** epoch ms until which the entry is fresh */
  freshUntil: number;
  /** epoch ms until which the entry may be served stale (while a render refreshes it, or under overload) */
  staleUntil: number;
}

/**
 * Where cached pages live: in the process ({@link https://github.com/isaacs/node-lru-cache lru-cache},
 * the default) or shared through Redis ({@link createRedisPageStore}). Every call may be
 * asynchronous; a shared store never throws (an outage answers "absent" and stores nothing).
 */
export interface PageCacheStore {
  /** the entry of `key` (undefined when absent or past its `staleUntil`) */
  get(key: string): Promise<CachedPage | undefined> | CachedPage | undefined;
  /**
   * stores (or replaces) the entry of `key`; with `generation` (from {@link generation}), only
   * when no purge happened since
   */
  set(key: string, page: CachedPage, generation?: string | null): Promise<void> | void;
  /** deletes every entry carrying one of `tags`; answers how many */
  purgeTags(tags: readonly string[]): Promise<number> | number;
  /** deletes every entry; answers how many */
  purgeAll(): Promise<number> | number;
  /** entries and bytes held (for logs and the benchmark), when known */
  stats?(): { entries: number; bytes: number };
  /**
   * a shared store's purge generation, read before a render (null: unknown, do not store the
   * render); absent on a per-process store
   */
  generation?(): Promise<string | null>;
  /** a shared store tells of purges made by any process (to forget renders in flight); answers the removal */
  onPurge?(listener: () => void): () => void;
  /** closes connections */
  close?(): Promise<void>;
}

/** Path of the storefront's purge endpoint (`POST`, `Authorization: Bearer <PAGE_CACHE_PURGE_SECRET>`). */
export const PAGE_CACHE_PURGE_PATH = '/__store/page-cache/purge';

/** Body of the purge endpoint and of the purge channel: tags to purge, or everything. */
export const PageCachePurgeRequestSchema = z.union([
  z.object({ all: z.literal(true) }),
  z.object({
    tags: z
      .array(
        z
          .string()
          .min(1)
          .max(200)
          .refine((tag) => !hasControlCharacters(tag)),
      )
      .min(1)
      .max(1000),
  }),
]);
/** Parsed body of a purge. */
export type PageCachePurgeRequest = z.infer<typeof PageCachePurgeRequestSchema>;

/** Default key prefix of the Redis store. */
export const DEFAULT_PAGE_CACHE_REDIS_PREFIX = 'pc:';
/** Default timeout of one Redis call, ms. */
export const DEFAULT_PAGE_CACHE_REDIS_TIMEOUT_MS = 500;
/** Default timeout of a purge made by another process (Redis or HTTP), ms. */
export const DEFAULT_PAGE_CACHE_PURGE_TIMEOUT_MS = 3_000;
/** A page larger than this is not stored in Redis (8 MiB). */
export const DEFAULT_REDIS_MAX_ENTRY_BYTES = 8 * 1024 * 1024;

/** Where log lines go (never a secret: URLs are logged without their password). */
export type PageCacheLog = (level: 'info' | 'warn', message: string, details?: Record<string, unknown>) => void;

/** Default log: both levels on stderr (`console.warn`), a line per outage and per recovery. */
const defaultLog: PageCacheLog = (level, message, details) => console.warn(message, details ?? {});

/** A Redis URL without its password, for logs. */
export function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.href;
  } catch {
    return 'redis://?';
  }
}

/** Is `url` a Redis URL (`redis://` or `rediss://`)? */
export function isRedisUrl(url: string): boolean {
  return /^rediss?:\/\/[^/]/i.test(url);
}

// KEYS[1] generation, KEYS[2] page, KEYS[3..] tag sets.
// ARGV: generation expected ('' = do not check), staleUntil ms, now ms, page key, meta, body, br, gzip
const SET_SCRIPT = `
if ARGV[1] ~= '' and (redis.call('GET', KEYS[1]) or '0') ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[2], 'm', ARGV[5], 'b', ARGV[6])
if ARGV[7] ~= '' then redis.call('HSET', KEYS[2], 'br', ARGV[7]) end
if ARGV[8] ~= '' then redis.call('HSET', KEYS[2], 'gz', ARGV[8]) end
redis.call('PEXPIREAT', KEYS[2], ARGV[2])
local left = tonumber(ARGV[2]) - tonumber(ARGV[3])
for i = 3, #KEYS do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', ARGV[3])
  redis.call('ZADD', KEYS[i], ARGV[2], ARGV[4])
  local ttl = redis.call('PTTL', KEYS[i])
  if ttl < left then redis.call('PEXPIREAT', KEYS[i], ARGV[2]) end
end
return 1
`;

// KEYS[1] generation, KEYS[2..] tag sets: deletes their pages and the sets, bumps the generation.
const PURGE_SCRIPT = `
local n = 0
for i = 2, #KEYS do
  local members = redis.call('ZRANGE', KEYS[i], 0, -1)
  for _, m in ipairs(members) do n = n + redis.call('DEL', m) end
  redis.call('DEL', KEYS[i])
end
redis.call('INCR', KEYS[1])
return n
`;

function globEscape(s: string): string {
  return s.replace(/[*?[\]\\]/g, '\\$&');
}

/** Keys of a prefix. */
function keysOf(prefix: string) {
  return {
    gen: `${prefix}gen`,
    channel: `${prefix}purge`,
    page: (key: string) => `${prefix}p:${key}`,
    tag: (tag: string) => `${prefix}t:${tag}`,
  };
}

/**
 * Purges through a connected client (the store's, or a purging process's): the pages of `tags`
 * (or everything), the generation bumped, the purge published to every store.
 * @returns pages deleted
 * @throws the client's error (timeout, connection)
 */
async function purgeWith(client: Redis, prefix: string, what: readonly string[] | 'all'): Promise<number> {
  const k = keysOf(prefix);
  let n = 0;
  if (what === 'all') {
    await client.incr(k.gen);
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${globEscape(prefix)}[pt]:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) {
        n += keys.filter((key) => key.startsWith(`${prefix}p:`)).length;
        await client.unlink(...keys);
      }
    } while (cursor !== '0');
    await client.publish(k.channel, JSON.stringify({ all: true }));
  } else {
    if (what.length === 0) return 0;
    n = Number(await client.eval(PURGE_SCRIPT, what.length + 1, k.gen, ...what.map(k.tag)));
    await client.publish(k.channel, JSON.stringify({ tags: what }));
  }
  return n;
}

function bytes(b: Buffer | undefined): Uint8Array<ArrayBuffer> | null {
  if (!b || b.byteLength === 0) return null;
  const out = new Uint8Array(b.byteLength);
  out.set(b);
  return out;
}

/** Options of {@link createRedisPageStore}. */
export interface RedisPageStoreOptions {
  /** `redis://[user:password@]host:port/db` or `rediss://…` */
  url: string;
  /** key prefix, default {@link DEFAULT_PAGE_CACHE_REDIS_PREFIX} */
  prefix?: string;
  /** timeout of every Redis call, ms (default {@link DEFAULT_PAGE_CACHE_REDIS_TIMEOUT_MS}) */
  timeoutMs?: number;
  /** pages larger than this (bytes of all encodings) are not stored */
  maxEntryBytes?: number;
  log?: PageCacheLog;
  /** clock, epoch ms (tests) */
  now?: () => number;
}

/**
 * The shared store: pages in Redis, purged by tag across every process on the same Redis (see the
 * module comment for the layout). Never throws: while Redis is unreachable or slow (each call is
 * bounded by `timeoutMs`, and after a failure Redis is left alone for a second), `get` answers
 * undefined, `set` stores nothing, purges answer 0 and are replayed once Redis answers again;
 * the outage is logged once, its end once.
 */
export function createRedisPageStore(opts: RedisPageStoreOptions): PageCacheStore & { close(): Promise<void> } {
  const prefix = opts.prefix ?? DEFAULT_PAGE_CACHE_REDIS_PREFIX;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_PAGE_CACHE_REDIS_TIMEOUT_MS;
  const maxEntryBytes = opts.maxEntryBytes ?? DEFAULT_REDIS_MAX_ENTRY_BYTES;
  const log = opts.log ?? defaultLog;
  const now = opts.now ?? Date.now;
  const k = keysOf(prefix);
  const common = {
    connectTimeout: Math.max(timeoutMs, 1_000),
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: (times: number) => Math.min(times * 200, 5_000),
  };
  // commands fail at once while disconnected (no queue to wait in)
  const client = new Redis(opts.url, { ...common, enableOfflineQueue: false });
  const subscriber = new Redis(opts.url, { ...common, enableOfflineQueue: true });
  const listeners = new Set<() => void>();
  let healthy = true;
  let closed = false;
  let pauseUntil = 0;
  let pendingAll = false;
  const pendingTags = new Set<string>();

  function down(error: unknown): void {
    pauseUntil = now() + 1_000;
    if (!healthy || closed) return;
    healthy = false;
    log('warn', '[page cache] Redis unavailable: pages render without the shared cache until it answers again', {
      url: redactedUrl(opts.url),
      error: error instanceof Error ? error.message : String(error),
    });
  }
  function up(): void {
    if (healthy) return;
    healthy = true;
    pauseUntil = 0;
    log('info', '[page cache] Redis answers again', { url: redactedUrl(opts.url) });
    void replay();
  }
  async function replay(): Promise<void> {
    if (!pendingAll && pendingTags.size === 0) return;
    const what: readonly string[] | 'all' = pendingAll ? 'all' : [...pendingTags];
    pendingAll = false;
    pendingTags.clear();
    await purge(what);
  }
  client.on('error', down);
  client.on('ready', up);
  subscriber.on('error', () => undefined); // the command client reports the outage
  subscriber.on('message', (channel: string) => {
    if (channel !== k.channel) return;
    for (const listener of listeners) {
      try {
        listener();
      } catch {
        // a listener's failure is its own
      }
    }
  });
  subscriber.subscribe(k.channel).catch(() => undefined);

  /** Runs a Redis call, or answers `fallback` when Redis is down, slow or closed. */
  async function call<T>(fallback: T, fn: () => Promise<T>): Promise<T> {
    if (closed || client.status !== 'ready' || now() < pauseUntil) return fallback;
    try {
      const out = await fn();
      up();
      return out;
    } catch (error) {
      down(error);
      return fallback;
    }
  }

  async function purge(what: readonly string[] | 'all'): Promise<number> {
    const n = await call<number | null>(null, () => purgeWith(client, prefix, what));
    if (n !== null) return n;
    // not made: replayed when Redis answers again (its pages may outlive the outage otherwise)
    if (what === 'all' || pendingTags.size + what.length > 10_000) pendingAll = true;
    else for (const tag of what) pendingTags.add(tag);
    return 0;
  }

  return {
    async get(key) {
      const h = await call<Record<string, Buffer> | null>(null, () => client.hgetallBuffer(k.page(key)));
      if (!h?.m || !h.b) return undefined;
      let meta: Pick<CachedPage, 'status' | 'headers' | 'tags' | 'storedAt' | 'freshUntil' | 'staleUntil'>;
      try {
        meta = JSON.parse(h.m.toString('utf8')) as typeof meta;
      } catch {
        return undefined;
      }
      if (meta.staleUntil <= now()) return undefined;
      return { ...meta, body: bytes(h.b) ?? new Uint8Array(0), br: bytes(h.br), gzip: bytes(h.gz) };
    },
    async set(key, page, generation) {
      const size = page.body.byteLength + (page.br?.byteLength ?? 0) + (page.gzip?.byteLength ?? 0);
      if (size > maxEntryBytes || page.staleUntil <= now()) return;
      const meta = JSON.stringify({ status: page.status, headers: page.headers, tags: page.tags, storedAt: page.storedAt, freshUntil: page.freshUntil, staleUntil: page.staleUntil });
      const tags = [...new Set(page.tags)];
      await call(undefined, async () => {
        await client.eval(
          SET_SCRIPT,
          2 + tags.length,
          k.gen,
          k.page(key),
          ...tags.map(k.tag),
          generation ?? '',
          String(page.staleUntil),
          String(now()),
          k.page(key),
          meta,
          Buffer.from(page.body.buffer, page.body.byteOffset, page.body.byteLength),
          page.br ? Buffer.from(page.br.buffer, page.br.byteOffset, page.br.byteLength) : '',
          page.gzip ? Buffer.from(page.gzip.buffer, page.gzip.byteOffset, page.gzip.byteLength) : '',
        );
        return undefined;
      });
    },
    purgeTags(tags) {
      return purge([...new Set(tags)]);
    },
    purgeAll() {
      return purge('all');
    },
    async generation() {
      return call<string | null>(null, async () => (await client.get(k.gen)) ?? '0');
    },
    onPurge(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      listeners.clear();
      subscriber.disconnect();
      client.disconnect();
    },
  };
}

/** Where another process sends its purges: a shared Redis store, or the storefront processes' purge endpoints. */
export type PageCachePurgeTarget =
  | { kind: 'redis'; url: string; prefix: string; timeoutMs: number }
  | { kind: 'http'; urls: string[]; secret: string; timeoutMs: number }
  | { kind: 'none' };

/**
 * A whole-number setting of an environment: `fallback` when unset or blank.
 * @throws Error naming the variable when the value is not a whole number from `min` to `max`
 */
export function intSettingOf(env: Record<string, string | undefined>, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new Error(`Invalid configuration: ${name}: must be an integer from ${min} to ${max}`);
  return n;
}

/**
 * The shared store's settings of an environment: `PAGE_CACHE_URL` (a `redis://` URL; unset: per
 * process), `PAGE_CACHE_REDIS_PREFIX`, `PAGE_CACHE_REDIS_TIMEOUT_MS`.
 * @throws Error naming the variable when a value is invalid
 */
export function redisPageStoreConfigFromEnv(env: Record<string, string | undefined>): { url: string; prefix: string; timeoutMs: number } | null {
  const url = env.PAGE_CACHE_URL?.trim() ?? '';
  const prefix = env.PAGE_CACHE_REDIS_PREFIX?.trim() || DEFAULT_PAGE_CACHE_REDIS_PREFIX;
  const timeoutMs = intSettingOf(env, 'PAGE_CACHE_REDIS_TIMEOUT_MS', DEFAULT_PAGE_CACHE_REDIS_TIMEOUT_MS, 10, 60_000);
  if (url === '' || url.toLowerCase() === 'memory') return null;
  if (!isRedisUrl(url)) throw new Error('Invalid configuration: PAGE_CACHE_URL: must be redis://host:port/db, rediss://… or unset (per process)');
  if (prefix.length > 100) throw new Error('Invalid configuration: PAGE_CACHE_REDIS_PREFIX: at most 100 characters');
  return { url, prefix, timeoutMs };
}

/**
 * Where a process that changes the catalogue sends its purges: the shared Redis store when
 * `PAGE_CACHE_URL` is set; else the purge endpoint of every storefront in `PAGE_CACHE_PURGE_URL`
 * (comma-separated base URLs, e.g. `http://127.0.0.1:3000`) with `PAGE_CACHE_PURGE_SECRET`; else
 * none. `PAGE_CACHE_PURGE_TIMEOUT_MS` bounds the whole purge (default 3 s).
 * @throws Error naming the variable when a value is invalid
 */
export function purgeTargetFromEnv(env: Record<string, string | undefined>): PageCachePurgeTarget {
  const timeoutMs = intSettingOf(env, 'PAGE_CACHE_PURGE_TIMEOUT_MS', DEFAULT_PAGE_CACHE_PURGE_TIMEOUT_MS, 100, 120_000);
  const redis = redisPageStoreConfigFromEnv(env);
  if (redis) return { kind: 'redis', url: redis.url, prefix: redis.prefix, timeoutMs };
  const urls = (env.PAGE_CACHE_PURGE_URL ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter((u) => u !== '');
  if (urls.length === 0) return { kind: 'none' };
  for (const u of urls) {
    if (!/^https?:\/\/[^/]/i.test(u)) throw new Error('Invalid configuration: PAGE_CACHE_PURGE_URL: comma-separated http(s):// base URLs of the storefront processes');
  }
  const secret = env.PAGE_CACHE_PURGE_SECRET?.trim() ?? '';
  if (secret.length < 16) throw new Error('Invalid configuration: PAGE_CACHE_PURGE_SECRET: needed (at least 16 characters) with PAGE_CACHE_PURGE_URL');
  return { kind: 'http', urls, secret, timeoutMs };
}

/** What a purge from another process did. */
export interface PurgeOutcome {
  ok: boolean;
  /** pages purged, when known */
  purged: number;
  /** per failed target: the URL (without password) and the reason */
  failures: Array<{ target: string; error: string }>;
}

/**
 * Purges the pages of `tags` (or everything) from another process (see {@link purgeTargetFromEnv}),
 * bounded by the target's timeout. Never throws: a failure is in the outcome (the caller logs it;
 * the change is already committed and shows anyway within the page cache's TTL and stale window).
 */
export async function purgePageCache(target: PageCachePurgeTarget, what: readonly string[] | 'all'): Promise<PurgeOutcome> {
  if (target.kind === 'none' || (what !== 'all' && what.length === 0)) return { ok: true, purged: 0, failures: [] };
  if (target.kind === 'redis') {
    const client = new Redis(target.url, {
      lazyConnect: true,
      connectTimeout: target.timeoutMs,
      commandTimeout: target.timeoutMs,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    client.on('error', () => undefined); // reported through the outcome
    let timer: NodeJS.Timeout | undefined;
    try {
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${target.timeoutMs} ms`)), target.timeoutMs);
      });
      const purged = await Promise.race([
        (async () => {
          await client.connect();
          return purgeWith(client, target.prefix, what);
        })(),
        deadline,
      ]);
      return { ok: true, purged, failures: [] };
    } catch (error) {
      return { ok: false, purged: 0, failures: [{ target: redactedUrl(target.url), error: error instanceof Error ? error.message : String(error) }] };
    } finally {
      clearTimeout(timer);
      client.disconnect();
    }
  }
  const body = JSON.stringify(what === 'all' || what.length > 1000 ? { all: true } : { tags: what });
  const outcomes = await Promise.all(
    target.urls.map(async (base) => {
      const url = new URL(PAGE_CACHE_PURGE_PATH, base).href;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${target.secret}`, 'content-type': 'application/json', origin: new URL(base).origin },
          body,
          signal: AbortSignal.timeout(target.timeoutMs),
        });
        const text = await res.text();
        if (!res.ok) return { target: url, error: `HTTP ${res.status}` };
        const purged = (JSON.parse(text) as { purged?: unknown }).purged;
        return typeof purged === 'number' ? purged : 0;
      } catch (error) {
        return { target: url, error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  const failures = outcomes.filter((o): o is { target: string; error: string } => typeof o !== 'number');
  const purged = outcomes.reduce<number>((n, o) => n + (typeof o === 'number' ? o : 0), 0);
  return { ok: failures.length === 0, purged, failures };
}
