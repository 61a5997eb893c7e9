/**
 * The API under test, driven through `app.inject` (DESIGN "Tests"): a fresh database
 * (`createTestDb`), the test configuration, a client_credentials token, and a typed client whose
 * fetch is the in-process inject adapter.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, createInjectFetch, loadConfig, type AppConfig, type StorefrontHandler } from '@store/api';
import { createApiClient, requestClientToken, type ApiClient } from '@store/contracts';
import type { CreateDbOptions, DbHandle } from '@store/db';
import { createTestDb, TEST_OAUTH_CLIENT, type TestDbKind } from './db.ts';

/** Base URL the test client uses (any host works: requests never leave the process). */
export const TEST_BASE_URL = 'http://localhost';

/**
 * A configuration for tests: NODE_ENV=test, the given DATABASE_URL, a private outbox directory
 * under os.tmpdir(), the test OAuth client, then `env` overrides.
 */
export function testConfig(databaseUrl: string, env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    OUTBOX_DIR: join(tmpdir(), 'store-test-outbox', randomBytes(6).toString('hex')),
    OAUTH_CLIENT_ID: TEST_OAUTH_CLIENT.clientId,
    OAUTH_CLIENT_SECRET: TEST_OAUTH_CLIENT.clientSecret,
    ...env,
  });
}

/** Options of `buildTestApp`. */
export interface TestAppOptions {
  /** environment overrides (e.g. SMTP_URL of a sink) */
  env?: Record<string, string>;
  /** pino options (e.g. `{ level: 'info', stream }` to capture logs); default: no logs */
  logger?: false | Record<string, unknown>;
  storefront?: StorefrontHandler | null;
  /** Kysely plugins for the database handle (e.g. a query counter) */
  dbOptions?: CreateDbOptions;
  /** runs on the app before `ready()` (register extra test routes) */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
}

/** A built test app. */
export interface TestApp {
  app: FastifyInstance;
  dbh: DbHandle;
  config: AppConfig;
  kind: TestDbKind;
  /** a client_credentials access token for the storefront client */
  token: string;
  /** `fetch` answered by `app.inject` */
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** typed API client (base URL http://localhost/rest/v2) sending `token` */
  client: ApiClient;
  /** closes the app and deletes the database */
  close(): Promise<void>;
}

/** Builds the API on a fresh database of `kind` (see module comment). */
export async function buildTestApp(kind: TestDbKind, opts: TestAppOptions = {}): Promise<TestApp> {
  const testDb = await createTestDb(kind, opts.dbOptions);
  const config = testConfig(testDb.url, opts.env);
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, dbh: testDb.dbh, logger: opts.logger ?? false, storefront: opts.storefront ?? null });
    if (opts.beforeReady) await opts.beforeReady(app);
    await app.ready();
  } catch (error) {
    await testDb.close();
    throw error;
  }
  const fetch = createInjectFetch(() => app);
  const { access_token: token } = await requestClientToken({
    tokenUrl: `${TEST_BASE_URL}/authorizationserver/oauth/token`,
    fetch,
    clientId: TEST_OAUTH_CLIENT.clientId,
    clientSecret: TEST_OAUTH_CLIENT.clientSecret,
  });
  const client = createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch, getToken: async () => token });
  return {
    app,
    dbh: testDb.dbh,
    config,
    kind,
    token,
    fetch,
    client,
    async close() {
      await app.close();
      await testDb.close();
    },
  };
}
