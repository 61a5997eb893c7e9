/**
 * The storefront-only process (`npm run start:storefront`, ADR 0020; DESIGN "One process by
 * default, many in production"): the compiled storefront (`apps/storefront/build`) in its own
 * Fastify server, calling the API process over HTTP at `API_URL` with the same typed client and
 * the same client-credentials token as in the single process. No database, no API routes.
 *
 * Routes: the client build through @fastify/static and the storefront catch-all
 * (storefront-routes.ts); `GET /healthz` (200 while up); `GET /readyz` (200 when the API's
 * `/readyz` answers 200 within {@link API_READY_TIMEOUT_MS}, else 503); `GET|HEAD /medias/*`
 * passed through to the API (product pictures, so the process serves whole pages on its own).
 * Other API paths answer 404 here: route them to the API process at the load balancer.
 *
 * The shopper's address reaches the API as `X-Forwarded-For` (ADR 0012): the API believes it only
 * when this process is one of its TRUST_PROXY peers; set that, or the API's per-address limits
 * see this process's address for every shopper.
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { StorefrontConfig } from './config.ts';
import { installRequestGuard } from './plugins/request-guard.ts';
import { sendWebResponse } from './storefront-bridge.ts';
import { isApiPath, loadStorefrontBuild, registerStorefrontRoutes } from './storefront-routes.ts';

/** How long `/readyz` waits for the API's `/readyz`, ms. */
export const API_READY_TIMEOUT_MS = 2_000;

/** Request headers passed on to the API for a picture. */
const MEDIA_REQUEST_HEADERS = ['accept', 'accept-encoding', 'if-none-match', 'if-modified-since'];

/** Options of {@link startStorefrontServer}. */
export interface StartStorefrontOptions {
  /** the React Router build directory (default apps/storefront/build) */
  buildDir: string;
  /** `fetch` used to reach the API (default the global fetch) */
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
}

/** A running storefront-only server. */
export interface RunningStorefront {
  app: FastifyInstance;
  config: StorefrontConfig;
  /** e.g. http://localhost:3002 */
  url: string;
  /** graceful stop: drain requests */
  stop(): Promise<void>;
}

/** Redacted log paths of this process (credentials and cookies of the shopper). */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'headers.authorization', 'headers.cookie'];

/**
 * Builds the storefront-only app (not listening).
 * @throws Error when the storefront build is missing or broken
 */
export async function buildStorefrontApp(config: StorefrontConfig, opts: StartStorefrontOptions, logger: boolean | Record<string, unknown> = true): Promise<FastifyInstance> {
  const apiFetch = opts.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  const { createStorefrontHandler } = await loadStorefrontBuild(opts.buildDir);
  const handler = await createStorefrontHandler({
    apiFetch,
    apiBaseUrl: `${config.API_URL}/rest/v2`,
    clientId: config.OAUTH_CLIENT_ID,
    clientSecret: config.OAUTH_CLIENT_SECRET,
    hosts: { canadianHosts: config.CANADIAN_HOSTS, commercialHosts: config.COMMERCIAL_HOSTS, apexHosts: config.APEX_HOSTS },
    devPages: config.DEV_PAGES,
  });
  const trustProxy = config.TRUST_PROXY;
  const app = Fastify({
    logger: logger === false ? false : { level: config.LOG_LEVEL, redact: { paths: REDACT, censor: '[redacted]' }, ...(logger === true ? {} : logger) },
    genReqId: () => randomUUID(),
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
  });
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('x-content-type-options')) reply.header('x-content-type-options', 'nosniff');
  });
  installRequestGuard(app, { isApiPath });

  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      const res = await apiFetch(`${config.API_URL}/readyz`, { signal: AbortSignal.timeout(API_READY_TIMEOUT_MS) });
      await res.body?.cancel();
      if (res.ok) return reply.send({ status: 'ready' });
    } catch {
      // the API is not reachable
    }
    return reply.status(503).send({ status: 'unavailable' });
  });
  app.route({
    method: ['GET', 'HEAD'],
    url: '/medias/*',
    handler: async (request, reply) => {
      const headers = new Headers();
      for (const name of MEDIA_REQUEST_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string') headers.set(name, value);
      }
      const res = await apiFetch(`${config.API_URL}${request.url}`, { method: request.method, headers });
      return sendWebResponse(reply, res);
    },
  });

  await registerStorefrontRoutes(app, {
    handler,
    clientDir: resolve(opts.buildDir, 'client'),
    notFound: (method, url) => ({ errors: [{ type: 'NotFoundError', reason: 'notFound', message: `No route ${method} ${url.split('?')[0]}` }] }),
  });
  return app;
}

/**
 * Starts the storefront-only server on HOST:PORT and answers once it listens.
 * @throws Error when the storefront build is missing or the port is taken
 */
export async function startStorefrontServer(config: StorefrontConfig, opts: StartStorefrontOptions): Promise<RunningStorefront> {
  const started = performance.now();
  const app = await buildStorefrontApp(config, opts);
  for (const name of config.generatedSecrets) {
    app.log.info({ variable: name }, `${name} is not set: using the secret kept in ${config.DATA_DIR} (it must be the API's)`);
  }
  if (config.DEV_PAGES) app.log.warn('development pages are on: never in a public deployment');
  try {
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    const url = address.replace('127.0.0.1', config.HOST === '127.0.0.1' ? '127.0.0.1' : 'localhost').replace('[::1]', 'localhost');
    app.log.info({ api: config.API_URL, totalMs: Math.round(performance.now() - started) }, `storefront listening on ${url}, API at ${config.API_URL}`);
    let stopping: Promise<void> | null = null;
    return {
      app,
      config,
      url,
      stop() {
        stopping ??= app.close();
        return stopping;
      },
    };
  } catch (error) {
    await app.close().catch(() => {});
    throw error;
  }
}
