/**
 * The API under test, driven in process (DESIGN "Tests"): a fresh database (`createTestDb`), the
 * test configuration, a client_credentials token, and a typed client.
 *
 * Two transports (issue 11 item 3, ADR 0021), chosen by `API_TRANSPORT`:
 * - `inject` (default): `t.fetch`, `t.client` and `t.app.inject` go through Fastify's HTTP
 *   handling (`app.inject`);
 * - `direct`: they go through the direct transport the single process uses (the route handlers
 *   called with parsed objects, http/direct.ts); `t.app.inject` of a converted route is answered
 *   directly too (a light-my-request-like answer), other routes (and calls carrying forwarded
 *   headers: proxy trust is Fastify's, ADR 0012) by `app.inject`.
 *
 * In direct mode a call handed to `app.inject` because no converted route takes it, although the
 * app (before `beforeReady`'s test routes) has a documented route for it outside `INJECT_ONLY_ROUTES` (http/direct.ts), is recorded;
 * `close()` then fails the test file naming the calls (ADR 0021 amendment: the storefront never
 * goes through inject for a route it calls). Fallbacks for unknown paths, malformed or
 * form-encoded bodies and forwarded headers stay allowed: they are what they test.
 *
 * `npm run test:api` runs the suite in both. The typed client validates answers against the
 * contracts (`validateAnswers`), which the storefront's client no longer does at run time.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  buildApp,
  createDirectDispatcher,
  createDirectFetch,
  createInjectFetch,
  isInjectOnlyRoute,
  loadConfig,
  parseFormBody,
  routeMatcher,
  type AppConfig,
  type DirectDispatcher,
  type DirectFallback,
  type StorefrontHandler,
} from '@store/api';
import { createApiClient, requestClientToken, type ApiClient } from '@store/contracts';
import type { CreateDbOptions, DbHandle } from '@store/db';
import { createTestDb, TEST_OAUTH_CLIENT, type TestDbKind } from './db.ts';

/** Base URL the test client uses (any host works: requests never leave the process). */
export const TEST_BASE_URL = 'http://localhost';

/** How the test harness reaches the API (`API_TRANSPORT`, see module comment). */
export type TestTransport = 'inject' | 'direct';

/** The transport of this run: `API_TRANSPORT=direct` or the default `inject`. */
export function testTransport(): TestTransport {
  return process.env.API_TRANSPORT === 'direct' ? 'direct' : 'inject';
}

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
  /** the transport of this run (see module comment) */
  transport: TestTransport;
  /** a client_credentials access token for the storefront client */
  token: string;
  /** direct mode: the calls that fell back to `app.inject` for a documented route outside `INJECT_ONLY_ROUTES` (see module comment) */
  directFallbacks: DirectFallback[];
  /** `fetch` answered in process (by `app.inject`, or the direct transport) */
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
  // the app's own documented routes (test routes added by `beforeReady` are not the storefront's)
  let appRoutes: Array<{ method: string; path: string }> = [];
  try {
    app = await buildApp({ config, dbh: testDb.dbh, logger: opts.logger ?? false, storefront: opts.storefront ?? null });
    appRoutes = [...app.documentedRoutes];
    if (opts.beforeReady) await opts.beforeReady(app);
    await app.ready();
  } catch (error) {
    await testDb.close();
    throw error;
  }
  const transport = testTransport();
  const built = app;
  const directFallbacks: DirectFallback[] = [];
  const documented = routeMatcher(appRoutes);
  const onFallback = (call: DirectFallback) => {
    if (call.reason === 'unrouted' && documented(call.method, call.path) && !isInjectOnlyRoute(call.method, call.path)) directFallbacks.push(call);
  };
  const fetch = transport === 'direct' ? createDirectFetch(() => built, onFallback) : createInjectFetch(() => built);
  if (transport === 'direct') app = withDirectInject(built, onFallback);
  const { access_token: token } = await requestClientToken({
    tokenUrl: `${TEST_BASE_URL}/authorizationserver/oauth/token`,
    fetch,
    clientId: TEST_OAUTH_CLIENT.clientId,
    clientSecret: TEST_OAUTH_CLIENT.clientSecret,
  });
  const client = createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch, getToken: async () => token, direct: transport === 'direct', validateAnswers: true });
  return {
    app,
    dbh: testDb.dbh,
    config,
    kind,
    transport,
    token,
    directFallbacks,
    fetch,
    client,
    async close() {
      await built.close();
      await testDb.close();
      if (directFallbacks.length > 0) {
        const calls = [...new Set(directFallbacks.map((c) => `${c.method} ${c.path}`))].join(', ');
        throw new Error(`direct transport fell back to app.inject for routes not in INJECT_ONLY_ROUTES (define them with http/api-route.ts): ${calls}`);
      }
    },
  };
}

type InjectArgs = InjectOptions | string;
type InjectAnswer = LightMyRequestResponse;

/** Headers a proxy adds; a call carrying one tests HTTP proxy trust and goes through `app.inject`. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded', 'x-real-ip'];

/** Lower-case string headers of an inject call. */
function injectHeaders(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers || typeof headers !== 'object') return out;
  for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
    if (value !== undefined) out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

/**
 * `app` with `inject` answered by the direct transport for the routes it takes (see module
 * comment): the call becomes a direct request (a JSON or form payload parsed to its object, the
 * `remoteAddress` as the client address), the answer a light-my-request-like object. Other calls
 * (no converted route, form or malformed bodies) go to the real `inject`.
 */
function withDirectInject(app: FastifyInstance, onFallback: (call: DirectFallback) => void): FastifyInstance {
  let dispatcher: DirectDispatcher | undefined;
  const realInject = app.inject.bind(app);
  const inject = async (args: InjectArgs): Promise<InjectAnswer> => {
    const opts = (typeof args === 'string' ? { url: args } : args) as InjectOptions & { url?: string; path?: string; query?: Record<string, string> | string };
    const target = opts.url ?? opts.path ?? '/';
    const url = new URL(typeof target === 'string' ? target : String(target), TEST_BASE_URL);
    if (opts.query) for (const [k, v] of Object.entries(typeof opts.query === 'string' ? new URLSearchParams(opts.query) : opts.query)) url.searchParams.append(k, String(v));
    const headers = injectHeaders(opts.headers);
    // forwarded headers are about Fastify's proxy trust (ADR 0012), an HTTP matter: real inject
    if (FORWARDING_HEADERS.some((name) => name in headers)) return realInject(args);
    const payload = opts.payload as unknown;
    let body: unknown;
    if (payload !== undefined && payload !== null) {
      if (typeof payload === 'string') {
        const type = headers['content-type'] ?? '';
        if (type.includes('application/x-www-form-urlencoded')) {
          body = parseFormBody(payload); // the OAuth endpoints' form bodies, as @fastify/formbody parses them
        } else if (!type.includes('application/json')) {
          return realInject(args);
        } else {
          try {
            body = JSON.parse(payload) as unknown;
          } catch {
            return realInject(args);
          }
        }
      } else if (typeof payload === 'object' && !Buffer.isBuffer(payload) && !(payload instanceof Uint8Array) && typeof (payload as { pipe?: unknown }).pipe !== 'function') {
        body = payload;
      } else {
        return realInject(args);
      }
    }
    dispatcher ??= createDirectDispatcher(app);
    const method = String(opts.method ?? 'GET').toUpperCase();
    const answer = await dispatcher.dispatch({
      method,
      path: url.pathname,
      search: url.search.slice(1),
      headers,
      body,
      ...(opts.remoteAddress ? { clientAddress: opts.remoteAddress } : {}),
    });
    if (!answer) {
      onFallback({ method, path: url.pathname, reason: 'unrouted' });
      return realInject(args);
    }
    const text = answer.data === undefined || method === 'HEAD' ? '' : JSON.stringify(answer.data);
    const raw = Buffer.from(text);
    return {
      statusCode: answer.status,
      statusMessage: '',
      headers: { ...answer.headers, 'content-length': String(raw.length) },
      body: text,
      payload: text,
      rawPayload: raw,
      trailers: {},
      cookies: [],
      raw: {} as InjectAnswer['raw'],
      json: <T>() => JSON.parse(text) as T,
      stream: () => {
        throw new Error('stream() is not available on a direct answer');
      },
    } as unknown as InjectAnswer;
  };
  return new Proxy(app, {
    get(target, prop) {
      if (prop === 'inject') return inject;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
