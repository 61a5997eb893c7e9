/**
 * Boots the store for the benchmark the way apps/api/src/server.ts `startServer` does (open the
 * database, migrate, seed, load the storefront build with the in-process API fetch, build the
 * Fastify app with pino at LOG_LEVEL), with two differences the benchmark needs:
 * - the database is opened with extra Kysely plugins (the SQL statement counter);
 * - the app is answered before it listens, so the benchmark routes can be registered on the
 *   same Fastify instance first.
 * Keep it in step with startServer.
 */
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely, KyselyPlugin } from 'kysely';
import { buildApp, createInjectFetch, loadConfig, STOREFRONT_DIR, type AppConfig, type StorefrontHandler } from '@store/api';
import { createDb, ensureSeeded, importCatalog, migrateToLatest, type Database } from '@store/db';
import type { CatalogFileInput } from '@store/contracts';

/** Options of `bootStore`. */
export interface BootOptions {
  databaseUrl: string;
  /** port on 127.0.0.1; also names PUBLIC_URL (canonical links, emails) */
  port: number;
  /** the storefront build directory (apps/storefront/build) */
  buildDir?: string;
  outboxDir: string;
  clientId: string;
  clientSecret: string;
  logLevel: string;
  plugins: KyselyPlugin[];
  onProgress?: (text: string) => void;
}

/** A booted store: built, not yet listening. */
export interface BootedStore {
  app: FastifyInstance;
  config: AppConfig;
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  /** imports a catalogue through the real importer (one transaction) */
  importCatalog(input: CatalogFileInput, onProgress?: (done: number, total: number) => void): Promise<void>;
  /** listens on 127.0.0.1 and the port; answers the origin, e.g. http://127.0.0.1:41234 */
  listen(): Promise<string>;
  /** drains requests, closes the database */
  close(): Promise<void>;
}

/**
 * Starts the store (see module comment) in production mode: NODE_ENV=production, the test
 * payment provider, dev pages off, HOST 127.0.0.1, PORT `opts.port`.
 * @throws when the configuration is refused or the storefront build is missing
 */
export async function bootStore(opts: BootOptions): Promise<BootedStore> {
  const progress = opts.onProgress ?? (() => {});
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(opts.port),
    DATABASE_URL: opts.databaseUrl,
    LOG_LEVEL: opts.logLevel,
    JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789abcdef',
    OAUTH_CLIENT_ID: opts.clientId,
    OAUTH_CLIENT_SECRET: opts.clientSecret,
    PAYMENT_PROVIDER: 'test',
    OUTBOX_DIR: opts.outboxDir,
    DEV_PAGES: 'off',
    STOREFRONT: 'on',
  });
  const dbh = createDb(config.DATABASE_URL, { plugins: opts.plugins });
  progress('migrating');
  await migrateToLatest(dbh);
  progress('seeding the demo catalogue');
  await ensureSeeded(dbh, { oauthClient: { clientId: config.OAUTH_CLIENT_ID, clientSecret: config.OAUTH_CLIENT_SECRET } });

  const holder: { app?: FastifyInstance } = {};
  progress('loading the storefront build');
  const { createStorefrontHandler } = await import('../../apps/storefront/server/handler.ts');
  const storefront: StorefrontHandler = await createStorefrontHandler({
    apiFetch: createInjectFetch(() => {
      if (!holder.app) throw new Error('API not ready');
      return holder.app;
    }),
    apiBaseUrl: `${config.PUBLIC_URL}/rest/v2`,
    clientId: config.OAUTH_CLIENT_ID,
    clientSecret: config.OAUTH_CLIENT_SECRET,
    hosts: { canadianHosts: config.CANADIAN_HOSTS, commercialHosts: config.COMMERCIAL_HOSTS, apexHosts: config.APEX_HOSTS },
    buildDir: opts.buildDir ?? resolve(STOREFRONT_DIR, 'build'),
    devPages: config.DEV_PAGES,
  });
  const built = await buildApp({ config, dbh, logger: true, storefront });
  holder.app = built;
  let closing: Promise<void> | null = null;
  return {
    app: built,
    config,
    db: dbh.db,
    dialect: dbh.dialect,
    async importCatalog(input, onProgress) {
      await importCatalog(dbh.db, input, onProgress ? { onProgress } : {});
    },
    async listen() {
      return built.listen({ port: config.PORT, host: config.HOST });
    },
    close() {
      closing ??= (async () => {
        await built.close();
        await dbh.close();
      })();
      return closing;
    },
  };
}
