/**
 * Settings of the page cache and the render limit (issue 11 items 4 and 5, ADR 0019), from the
 * environment of whichever process serves the storefront (the single process or a storefront-only
 * one), and the purge endpoint other processes call.
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | `PAGE_CACHE` | `on` | `off` renders every page |
 * | `PAGE_CACHE_TTL_MS` | 60000 | freshness of a cached page (`s-maxage`) |
 * | `PAGE_CACHE_STALE_MS` | 300000 | stale window after it (`stale-while-revalidate`) |
 * | `PAGE_CACHE_MAX_BYTES` | 67108864 | memory budget of the in-process cache |
 * | `RENDER_CONCURRENCY` | CPUs × 2 | renders at once |
 * | `RENDER_QUEUE_TIMEOUT_MS` | 1500 | longest wait for a render slot before a stale page or a 503 |
 * | `RENDER_TIMEOUT_MS` | 3000 | longest a page view waits for its page (slot wait and render) before a 503; `0` no limit |
 * | `PAGE_CACHE_PURGE_SECRET` | unset | bearer secret of `POST /__store/page-cache/purge` (unset: endpoint off) |
 * | `PAGE_CACHE_URL` | unset | `redis://host:port/db`: pages shared through Redis by every process (ADR 0038); unset: per process |
 * | `PAGE_CACHE_REDIS_PREFIX` | `pc:` | key prefix in that Redis database |
 * | `PAGE_CACHE_REDIS_TIMEOUT_MS` | 500 | timeout of each Redis call (then: render, as without a cache) |
 */
import { timingSafeEqual } from 'node:crypto';
import { intSettingOf, PAGE_CACHE_PURGE_PATH, PageCachePurgeRequestSchema, redisPageStoreConfigFromEnv } from '@store/contracts/page-cache';
import { DEFAULT_PAGE_CACHE_MAX_BYTES, DEFAULT_PAGE_STALE_MS, DEFAULT_PAGE_TTL_MS } from './page-cache.ts';
import type { PageCache } from './page-cache.ts';
import { DEFAULT_RENDER_QUEUE_TIMEOUT_MS, DEFAULT_RENDER_TIMEOUT_MS, defaultRenderConcurrency } from './render-limiter.ts';

/** The settings. */
export interface PageCacheConfig {
  enabled: boolean;
  /** ms */
  ttlMs: number;
  /** ms */
  staleMs: number;
  /** bytes */
  maxBytes: number;
  renderConcurrency: number;
  /** ms */
  renderQueueTimeoutMs: number;
  /** ms a page view (GET) may take from its arrival to its answer's headers; 0: no limit */
  renderTimeoutMs: number;
  /** null: the purge endpoint answers 404 */
  purgeSecret: string | null;
  /** the shared Redis store (ADR 0038); null: per process */
  redis: { url: string; prefix: string; timeoutMs: number } | null;
}


/**
 * The settings of an environment.
 * @throws Error naming the variable when a value is not a whole number in range, or PAGE_CACHE is not on/off
 */
export function pageCacheConfigFromEnv(env: Record<string, string | undefined>): PageCacheConfig {
  const flag = (env.PAGE_CACHE ?? 'on').trim().toLowerCase();
  if (!['on', 'off', 'true', 'false', '1', '0', ''].includes(flag)) throw new Error('Invalid configuration: PAGE_CACHE: must be on or off');
  const secret = env.PAGE_CACHE_PURGE_SECRET?.trim() ?? '';
  if (secret !== '' && secret.length < 16) throw new Error('Invalid configuration: PAGE_CACHE_PURGE_SECRET: must have at least 16 characters');
  return {
    enabled: !['off', 'false', '0'].includes(flag),
    ttlMs: intSettingOf(env, 'PAGE_CACHE_TTL_MS', DEFAULT_PAGE_TTL_MS, 1_000, 86_400_000),
    staleMs: intSettingOf(env, 'PAGE_CACHE_STALE_MS', DEFAULT_PAGE_STALE_MS, 0, 86_400_000),
    maxBytes: intSettingOf(env, 'PAGE_CACHE_MAX_BYTES', DEFAULT_PAGE_CACHE_MAX_BYTES, 1_048_576, 17_179_869_184),
    renderConcurrency: intSettingOf(env, 'RENDER_CONCURRENCY', defaultRenderConcurrency(), 1, 1_024),
    renderQueueTimeoutMs: intSettingOf(env, 'RENDER_QUEUE_TIMEOUT_MS', DEFAULT_RENDER_QUEUE_TIMEOUT_MS, 0, 60_000),
    renderTimeoutMs: intSettingOf(env, 'RENDER_TIMEOUT_MS', DEFAULT_RENDER_TIMEOUT_MS, 0, 600_000),
    purgeSecret: secret === '' ? null : secret,
    redis: redisPageStoreConfigFromEnv(env),
  };
}

/** Path of the purge endpoint. */
export { PAGE_CACHE_PURGE_PATH };

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
}

/**
 * `POST /__store/page-cache/purge` with `Authorization: Bearer <PAGE_CACHE_PURGE_SECRET>` and a
 * JSON body `{"tags": ["product:4000100", …]}` or `{"all": true}`: purges this process's page
 * cache (a tool that changes the catalogue from another process calls it on every storefront
 * process; a shared store needs one call). Answers `{purged: n}`; 404 when no secret is set, 401
 * on a wrong secret, 400 on a bad body.
 */
export async function purgeEndpoint(request: Request, cache: PageCache | null, secret: string | null): Promise<Response> {
  if (!secret) return json(404, { errors: [{ type: 'NotFoundError', message: 'Not found' }] });
  if (request.method !== 'POST') return json(405, { errors: [{ type: 'MethodNotAllowedError', message: 'POST only' }] });
  const auth = request.headers.get('authorization') ?? '';
  if (!auth.startsWith('Bearer ') || !sameSecret(auth.slice(7).trim(), secret)) return json(401, { errors: [{ type: 'UnauthorizedError', message: 'Bad purge secret' }] });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return json(400, { errors: [{ type: 'ValidationError', subject: 'body', message: 'JSON object expected' }] });
  }
  const parsed = PageCachePurgeRequestSchema.safeParse(body);
  if (!parsed.success) {
    return json(400, { errors: [{ type: 'ValidationError', subject: 'tags', message: 'tags: 1 to 1000 strings of at most 200 characters, or all: true' }] });
  }
  if (!cache) return json(200, { purged: 0 });
  const purged = 'all' in parsed.data ? await cache.purgeAll() : await cache.purge(parsed.data.tags);
  return json(200, { purged });
}
