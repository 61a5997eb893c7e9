/**
 * Starting and stopping the store (used by main.ts, benchmarks and tests): opens the
 * database (SQLite at ./data/store.db by default), migrates and seeds it on first start, loads
 * the compiled storefront (`apps/storefront/build`, ADR 0020), and serves API and storefront on
 * one port (HOST:PORT, default localhost:3000). The storefront calls the API in process through
 * the direct transport (route handlers called with objects, no HTTP serialisation; issue 11 item
 * 3, ADR 0021), no loopback hop.
 *
 * `stop()`: stop accepting connections, let in-flight requests finish (`app.close()`), close the
 * database.
 *
 * The database handle reads reference data (site configuration, base sites, categories, CMS
 * pages) through a per-process cache of {@link READ_CACHE_TTL_MS} (ADR 0011): an operator's
 * change shows within that time in every process, with nothing to invalidate.
 *
 * Options for embedders (the benchmark): extra Kysely plugins on the database (`dbPlugins`, e.g.
 * a statement counter) and a `beforeListen` hook that runs once the app is built, before it
 * listens (to load data or add routes).
 */
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { clearReadCache, createDb, ensureSeeded, migrateToLatest, type DbHandle } from '@store/db';
import { dbTimeoutsOf, type AppConfig } from './config.ts';
import { buildApp } from './app.ts';
import { createDirectFetch } from './storefront-bridge.ts';
import { isInjectOnlyRoute } from './http/direct.ts';
import { STOREFRONT_DIR } from './storefront-dir.ts';
import { loadStorefrontBuild } from './storefront-routes.ts';
import type { StorefrontHandler } from './types.ts';
import { catalogChangesOf, purgeTagsOf } from './catalog-changes.ts';
import type { ResponseCache } from './http/response-cache.ts';
import { purgePageCache, purgeTargetFromEnv } from '@store/contracts/page-cache';

export { STOREFRONT_DIR } from './storefront-dir.ts';

/** How long reference data read through the database's read cache may be served, in ms (ADR 0011). */
export const READ_CACHE_TTL_MS = 5_000;

/** Options of {@link startServer} beyond the configuration. */
export interface StartServerOptions {
  /** extra Kysely plugins on the database handle (e.g. a statement counter) */
  dbPlugins?: KyselyPlugin[];
  /** the read-cache TTL in ms (default {@link READ_CACHE_TTL_MS}; 0 turns the cache off) */
  readCacheTtlMs?: number;
  /** the React Router build directory (default apps/storefront/build) */
  buildDir?: string;
  /** runs after the app is built and before it listens: add routes, load data */
  beforeListen?: (server: { app: FastifyInstance; dbh: DbHandle; config: AppConfig }) => Promise<void> | void;
}

/** Everything `startServer` started, to stop it again. */
export interface RunningServer {
  app: FastifyInstance;
  dbh: DbHandle;
  config: AppConfig;
  /** e.g. http://localhost:3000 */
  url: string;
  /** graceful stop: drain requests, close the database */
  stop(): Promise<void>;
}

/**
 * Starts the store with `config` (see module comment) and answers once it listens.
 * Logs each start-up step with its duration in ms.
 * @throws when the database cannot be opened or migrated, or `beforeListen` throws (the database
 *   is closed first)
 */
export async function startServer(config: AppConfig, opts: StartServerOptions = {}): Promise<RunningServer> {
  const t0 = performance.now();
  const timings: Record<string, number> = {};
  const step = async <T>(name: string, fn: () => Promise<T> | T): Promise<T> => {
    const start = performance.now();
    const value = await fn();
    timings[name] = Math.round(performance.now() - start);
    return value;
  };

  const dbh = await step('openDb', () =>
    createDb(config.DATABASE_URL, {
      plugins: opts.dbPlugins ?? [],
      readCacheTtlMs: opts.readCacheTtlMs ?? READ_CACHE_TTL_MS,
      timeouts: dbTimeoutsOf(config),
    }),
  );
  let app: FastifyInstance | undefined;
  try {
    const applied = await step('migrate', () => migrateToLatest(dbh));
    const { seeded } = await step('seed', () =>
      ensureSeeded(dbh, { oauthClient: { clientId: config.OAUTH_CLIENT_ID, clientSecret: config.OAUTH_CLIENT_SECRET } }),
    );
    app = await buildStore(config, dbh, opts, step);
    if (opts.beforeListen) await step('beforeListen', () => opts.beforeListen!({ app: app!, dbh, config }));
    const address = await step('listen', () => app!.listen({ port: config.PORT, host: config.HOST }));
    const url = address.replace('127.0.0.1', config.HOST === '127.0.0.1' ? '127.0.0.1' : 'localhost').replace('[::1]', 'localhost');
    app.log.info(
      { migrationsApplied: applied, seeded, database: dbh.dialect, timingsMs: timings, totalMs: Math.round(performance.now() - t0) },
      `store listening on ${url}`,
    );

    let stopping: Promise<void> | null = null;
    const runningApp = app;
    return {
      app: runningApp,
      dbh,
      config,
      url,
      stop() {
        stopping ??= (async () => {
          await runningApp.close();
          await dbh.close();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await app?.close().catch(() => {});
    await dbh.close();
    throw error;
  }
}

/** The storefront's purge endpoint (apps/storefront/server/page-cache-config.ts; repeated: compiled apart, ADR 0020). */
const PAGE_CACHE_PURGE_PATH = '/__store/page-cache/purge';

/**
 * The storefront handler, with its purge endpoint purging this process's API caches too once it
 * accepted a purge (ADR 0037): a tool that changed prices or stock from another process calls it,
 * and the page re-rendered next must not read the old answer from the API's response cache or the
 * read cache. `product:<code>` tags drop those products' answers (with `fbt`), anything else
 * (`all`, `page`) every answer. Not told on the change bus: the bus would purge the pages again,
 * after the endpoint's purge, and could drop a page rendered in between with the new data.
 */
function withApiPurge(storefront: StorefrontHandler, dbh: DbHandle, responseCache: () => ResponseCache | null | undefined): StorefrontHandler {
  return async (request, info) => {
    if (request.method !== 'POST' || new URL(request.url).pathname !== PAGE_CACHE_PURGE_PATH) return storefront(request, info);
    const copy = request.clone();
    const response = await storefront(request, info);
    if (response.status !== 200) return response;
    try {
      const body = (await copy.json()) as { tags?: unknown; all?: unknown } | null;
      const tags = Array.isArray(body?.tags) ? body.tags.filter((t): t is string => typeof t === 'string') : [];
      const codes = tags.filter((t) => t.startsWith('product:')).map((t) => t.slice('product:'.length));
      clearReadCache(dbh.db);
      if (body?.all === true || codes.length < tags.length) responseCache()?.purge({ kind: 'catalogue' });
      else if (codes.length > 0) responseCache()?.purge({ kind: 'products', codes, fbt: true });
    } catch {
      // the storefront accepted the body; nothing more to tell
    }
    return response;
  };
}

/** Loads the storefront handler (when enabled) and builds the Fastify app with it. */
async function buildStore(
  config: AppConfig,
  dbh: DbHandle,
  opts: StartServerOptions,
  step: <T>(name: string, fn: () => Promise<T> | T) => Promise<T>,
): Promise<FastifyInstance> {
  const ref: { app?: FastifyInstance } = {};
  let storefront: StorefrontHandler | null = null;
  let storefrontError: string | null = null;
  const buildDir = opts.buildDir ?? resolve(STOREFRONT_DIR, 'build');
  if (config.STOREFRONT) {
    storefront = await step('storefront', async () => {
      try {
        const { createStorefrontHandler } = await loadStorefrontBuild(buildDir);
        return await createStorefrontHandler({
          apiFetch: createDirectFetch(
            () => {
              if (!ref.app) throw new Error('API not ready');
              return ref.app;
            },
            // ADR 0021 amendment: every route the storefront calls is direct; a fallback for a
            // route outside INJECT_ONLY_ROUTES is a defect worth a line in the log (path only)
            (call) => {
              if (call.reason === 'unrouted' && !isInjectOnlyRoute(call.method, call.path)) ref.app?.log.warn({ event: 'directFallback', method: call.method, path: call.path }, 'direct transport fell back to app.inject');
            },
          ),
          apiDirect: true,
          apiBaseUrl: `${config.PUBLIC_URL}/rest/v2`,
          clientId: config.OAUTH_CLIENT_ID,
          clientSecret: config.OAUTH_CLIENT_SECRET,
          hosts: { canadianHosts: config.CANADIAN_HOSTS, commercialHosts: config.COMMERCIAL_HOSTS, apexHosts: config.APEX_HOSTS },
          devPages: config.DEV_PAGES,
        });
      } catch (error) {
        storefrontError = error instanceof Error ? error.message : String(error);
        return null;
      }
    });
  }

  const app = await step('buildApp', () =>
    buildApp({ config, dbh, logger: true, storefront: storefront ? withApiPurge(storefront, dbh, () => ref.app?.responseCache) : null, storefrontClientDir: storefront ? resolve(buildDir, 'client') : null }),
  );
  ref.app = app;
  // issue 11 item 4 (ADR 0019): a change of price, stock, catalogue or content purges the storefront's cached pages
  const sf = storefront as (StorefrontHandler & { purge?: (tags: readonly string[]) => Promise<number>; onSharedPurge?: (listener: () => void) => () => void }) | null;
  if (sf?.purge) {
    const purge = sf.purge;
    catalogChangesOf(dbh).subscribe(async (change) => {
      clearReadCache(dbh.db); // listings read through the 5-second read cache (ADR 0011): the next render reads the change
      await purge(purgeTagsOf(change));
    });
    // ADR 0037/0038: a purge of the shared page store by any process (the importer, the jobs, another
    // API) may follow a change this process's bus never heard of: the pages re-rendered next must not
    // read the old answer from this API's response cache or read cache. Not told on the bus (the bus
    // purges the store, which would tell us again).
    sf.onSharedPurge?.(() => {
      clearReadCache(dbh.db);
      app.responseCache?.clear();
    });
  } else {
    // an API-only process (or one whose storefront did not load) tells the storefronts elsewhere:
    // the shared Redis store or their purge endpoints, when configured (ADR 0038)
    const target = purgeTargetFromEnv(process.env);
    if (target.kind !== 'none') {
      catalogChangesOf(dbh).subscribe(async (change) => {
        const tags = purgeTagsOf(change);
        const outcome = await purgePageCache(target, tags.includes('page') ? 'all' : tags);
        if (!outcome.ok) app.log.warn({ failures: outcome.failures, change: change.kind }, 'page cache purge failed; the change shows within the page cache TTL');
      });
    }
  }
  for (const name of config.generatedSecrets) {
    app.log.info({ variable: name }, `${name} is not set: using a random secret kept in ${config.DATA_DIR} (set it in production)`);
  }
  if (config.DEV_PAGES) app.log.warn('development pages are on (outbox, crash page): never in a public deployment');
  if (storefrontError) app.log.error({ err: storefrontError }, 'storefront could not be loaded; serving the API only');
  return app;
}
