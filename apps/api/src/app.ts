/**
 * The Fastify application: the commerce API under /rest/v2/{baseSiteId}, the OAuth2 token
 * endpoint, media, probes, the OpenAPI document, and (optionally) the storefront for every other
 * path. Plugins load in a fixed order (fastify/demo style):
 *
 * 1. zod validator compiler (fastify-type-provider-zod) and the schema serializer
 *    (http/serializer.ts: fast-json-stringify from the response schemas, issue 11 item 1);
 * 2. @fastify/swagger (OpenAPI 3.1 from the route schemas) → GET /rest/v2/openapi.json, and the
 *    docs page at /rest/v2/docs (@fastify/swagger-ui);
 * 3. @fastify/cookie, @fastify/formbody;
 * 4. error handler and not-found handler (plugins/errors.ts);
 * 5. correlation id: the `correlationID` request header (letters, digits, `._:-`, ≤ 128) or a
 *    random UUID becomes `request.id`, is echoed in the `correlationID` response header and is
 *    logged as `correlationId` on every log line of the request; every answer also gets
 *    `X-Content-Type-Options: nosniff`, and `Strict-Transport-Security` when served over HTTPS
 *    (TRUST_PROXY decides whether an `X-Forwarded-Proto` is believed, ADR 0012); the request
 *    guard (405 with `Allow` for a method a path has no route for, 400 for a NUL in an API URL;
 *    issue 9);
 * 6. auth: the token endpoint (client_credentials, password, refresh_token), the revoke
 *    endpoint, `app.requireClientToken`, `app.requireCustomer`, `app.requireUser`
 *    (plugins/auth.ts, ADR 0007);
 * 7. routes: probes, media, then `/rest/v2/:baseSiteId` (unknown site → 404
 *    `UnknownBaseSiteError`) with catalogue, content, commerce, account (users, password
 *    reset, customer data) routes; then the storefront catch-all.
 *
 * One mailer (SMTP_URL or file outbox) serves the commerce and account routes; it is closed
 * (after its pending messages) when the app closes.
 *
 * Decorations: `app.dbh`, `app.config`, `app.requireClientToken`, `app.requireCustomer`,
 * `app.requireUser`, `request.baseSite`, `request.auth`, `request.customer` (see types.ts and
 * plugins/auth.ts).
 */
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { requiredFieldsOf } from '@store/contracts';
import { createSerializerCompiler } from './http/serializer.ts';
import { isBaseSiteId, notFound } from '@store/domain';
import { clearReadCache, type DbHandle } from '@store/db';
import type { AppConfig } from './config.ts';
import { createResponseCache } from './http/response-cache.ts';
import { catalogChangesOf } from './catalog-changes.ts';
import { installErrorHandling, notFoundBody } from './plugins/errors.ts';
import { installRequestGuard } from './plugins/request-guard.ts';
import { registerAuth } from './plugins/auth.ts';
import { healthRoutes } from './routes/health.ts';
import { mediaRoutes } from './routes/medias.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { compareRoutes } from './routes/compare.ts';
import { productDataRoutes } from './routes/product-data.ts';
import { cmsRoutes } from './routes/cms.ts';
import { landingRoutes } from './routes/landing.ts';
import { commerceRoutes } from './routes/commerce.ts';
import { userRoutes } from './routes/users.ts';
import { passwordResetRoutes } from './routes/password-reset.ts';
import { customerDataRoutes } from './routes/customer-data.ts';
import { monthlyBoxRoutes } from './routes/monthly-box.ts';
import { marketingRoutes } from './routes/marketing.ts';
import { createMailer } from './email/mailer.ts';
import { isApiPath, registerStorefrontRoutes } from './storefront-routes.ts';
import type { StorefrontHandler } from './types.ts';
import './types.ts';

/** Options of `buildApp`. */
export interface BuildAppOptions {
  config: AppConfig;
  dbh: DbHandle;
  /** false: no logs; true: pino at config.LOG_LEVEL; object: pino options (redaction added) */
  logger?: boolean | Record<string, unknown>;
  /** the storefront handler for every non-API path; null/absent: those paths answer 404 */
  storefront?: StorefrontHandler | null;
  /** the storefront's client build (`build/client`), served by @fastify/static in front of it (ADR 0020) */
  storefrontClientDir?: string | null;
}

export { API_PATH_PREFIXES, STOREFRONT_METHODS } from './storefront-routes.ts';


/** Keys whose values never reach the logs, wherever {@link REDACT_PATHS} looks for them. */
export const SECRET_LOG_KEYS = [
  'password',
  'oldPassword',
  'newPassword',
  'client_secret',
  'access_token',
  'refresh_token',
  'token',
  'cardNumber',
  'testCardNumber',
  'cvc',
  'cvv',
] as const;

/**
 * The objects a log line may carry secrets in: a request body (ours or one handed to a log call),
 * an error (the `err` serializer copies an error's own fields), and the payment shapes.
 */
const SECRET_CONTAINERS = ['body', 'req.body', 'err', 'data', 'paymentDetails', 'card', 'customer'];

/**
 * Log paths redacted by pino: credentials, cookies, passwords and card fields, at the top level
 * of a log object, one level down in the {@link SECRET_CONTAINERS}, and two levels down as
 * `<container>.card.*` / `<container>.paymentDetails.*`.
 *
 * All explicit: no path starts with a wildcard. A leading `*` makes pino run the wildcard
 * redactor over every binding of every child logger, i.e. over the correlation id of every
 * request, even at a level that logs nothing; that cost about 7 % of a small request (ADR 0011).
 */
export const REDACT_PATHS: string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_LOG_KEYS,
  ...SECRET_CONTAINERS.flatMap((container) => [
    ...SECRET_LOG_KEYS.map((key) => `${container}.${key}`),
    `${container}.card.number`,
    `${container}.card.cvc`,
    ...['card', 'paymentDetails']
      .filter((inner) => inner !== container)
      .flatMap((inner) => SECRET_LOG_KEYS.map((key) => `${container}.${inner}.${key}`)),
  ]),
];

/** Query parameters whose values never reach the logs (reset links, tokens). */
const SECRET_QUERY_PARAMS = /([?&](?:token|refresh_token|access_token|code|password)=)[^&#]*/gi;

/** A URL with the values of secret query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  headers?: Record<string, string | string[] | undefined>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

const CORRELATION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * `Strict-Transport-Security` of every answer served over HTTPS (directly, or behind a trusted
 * proxy that says so): one year, subdomains included.
 */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** pino options for the app: level, redaction, correlation id label. */
export function loggerOptions(config: AppConfig, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // Fastify's default request fields, with secret query parameters redacted from the URL
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        version: req.headers?.['accept-version'],
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    ...extra,
  };
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY: false (believe no forwarded header), a comma list of
 * addresses / CIDR ranges / keywords, or a hop count (the nearest `n` peers are trusted).
 */
export function trustProxyOption(value: AppConfig['TRUST_PROXY']): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

/** Builds the application (not listening). See module comment. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, dbh } = opts;
  const logger: FastifyServerOptions['logger'] =
    opts.logger === false || opts.logger === undefined
      ? false
      : opts.logger === true
        ? loggerOptions(config)
        : loggerOptions(config, opts.logger);

  const app = Fastify({
    logger,
    logController: new LogController({ requestIdLogLabel: 'correlationId' }),
    genReqId: (req) => {
      const header = req.headers.correlationid;
      const value = Array.isArray(header) ? header[0] : header;
      return value && CORRELATION_ID.test(value) ? value : randomUUID();
    },
    // forwarded client address, protocol and host believed only from configured proxies (ADR 0012)
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    routerOptions: { maxParamLength: 200 },
  });

  app.decorate('dbh', dbh);
  app.decorate('config', config);
  // issue 11 item 3: routes defined once, for the direct in-process transport (http/direct.ts)
  app.decorate('apiRoutes', []);
  // ADR 0037: catalogue reads answered from memory, purged by the catalogue change bus (after commit)
  const responseCache =
    config.API_CACHE_TTL_MS > 0 ? createResponseCache({ ttlMs: config.API_CACHE_TTL_MS, maxBytes: config.API_CACHE_MAX_BYTES, check: config.NODE_ENV === 'test' }) : null;
  app.decorate('responseCache', responseCache);
  if (responseCache) {
    const unsubscribe = catalogChangesOf(dbh).subscribe((change) => {
      // listings read through the 5-second read cache (ADR 0011): the next fill reads the change
      clearReadCache(dbh.db);
      responseCache.purge(change);
    });
    app.addHook('onClose', async () => {
      unsubscribe();
    });
  }
  // the OAuth token and revoke endpoints, for the same transport (auth/oauth-common.ts)
  app.decorate('oauthEndpoints', []);
  // the app's documented routes (method, full path), so the direct transport's fallbacks can be
  // told apart from unknown paths (ADR 0021 amendment; hidden routes are the storefront's)
  app.decorate('documentedRoutes', []);
  app.addHook('onRoute', (route) => {
    if ((route.schema as { hide?: boolean } | undefined)?.hide) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') app.documentedRoutes.push({ method, path: route.url });
  });

  // 1. zod validation (the one check of a request, issue 11 item 1); answers serialised from their
  // schemas by fast-json-stringify, checked against them only under NODE_ENV=test (http/serializer.ts)
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ check: config.NODE_ENV === 'test' }));

  // 2. OpenAPI
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Brewhaus commerce API',
        description:
          'OCC-style commerce API of the coffee store (spec §7). Every catalogue and commerce path is under /rest/v2/{baseSiteId} with baseSiteId one of usb2c, cab2c, usafh. Errors answer {"errors":[{type, reason, subject, message}]}.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          clientToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'client_credentials token from POST /authorizationserver/oauth/token' },
          customerToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'customer token from POST /authorizationserver/oauth/token (grant_type=password or refresh_token)' },
        },
      },
    },
    transform: withRequiredFields(createJsonSchemaTransform({ skipList: ['/rest/v2/openapi.json', '/*', '/'] })),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/rest/v2/docs' });
  app.get('/rest/v2/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // 3. cookies and forms
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);

  // 4. errors
  installErrorHandling(app);

  // 5. correlation id echoed on every answer; no MIME sniffing; HSTS over HTTPS (issue 9 item 7)
  app.addHook('onSend', async (request, reply) => {
    reply.header('correlationID', request.id);
    if (!reply.hasHeader('x-content-type-options')) reply.header('x-content-type-options', 'nosniff');
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
  });
  // issue 9: 405 with Allow for a method a path has no route for; NUL in an API URL → 400
  installRequestGuard(app, { isApiPath });

  // 6. auth
  await registerAuth(app);

  // 7. routes
  const mailer = createMailer(config, app.log);
  app.addHook('onClose', async () => {
    await mailer.close();
  });
  await app.register(healthRoutes);
  await app.register(mediaRoutes);
  app.decorateRequest('baseSite', 'usb2c');
  await app.register(
    async (site) => {
      site.addHook('onRequest', async (request) => {
        const id = (request.params as { baseSiteId?: string }).baseSiteId;
        if (!isBaseSiteId(id)) throw notFound('UnknownBaseSiteError', 'notFound', `Base site ${String(id)} does not exist`, 'baseSiteId');
        request.baseSite = id;
      });
      await site.register(catalogRoutes);
      // issue 13 (ADR 0031): compare and search suggestions
      await site.register(compareRoutes);
      await site.register(cmsRoutes);
      await site.register(commerceRoutes, { mailer });
      await site.register(userRoutes);
      await site.register(passwordResetRoutes, { mailer });
      await site.register(customerDataRoutes);
      await site.register(monthlyBoxRoutes);
      // issue 12: mailing list and notify-me (ADR 0029)
      await site.register(marketingRoutes, { mailer });
      // issue 13: pod-id products and starter-kit landing pages (ADR 0035)
      await site.register(landingRoutes);
      // issue 13 (ADR 0035): productData and search product codes
      await site.register(productDataRoutes);
    },
    { prefix: '/rest/v2/:baseSiteId' },
  );

  if (opts.storefront) {
    await registerStorefrontRoutes(app, { handler: opts.storefront, clientDir: opts.storefrontClientDir, notFound: notFoundBody });
  }

  return app;
}

type SchemaTransform = ReturnType<typeof createJsonSchemaTransform>;

/**
 * The OpenAPI transform with the fields of `requireFields` schemas listed as required (issue 11
 * item 1: the `Idempotency-Key` header of placeOrder, the delivery mode...). Those fields are
 * optional in zod so that their absence answers their own reason; the document must still say a
 * client has to send them.
 */
function withRequiredFields(transform: SchemaTransform): SchemaTransform {
  return (input) => {
    const out = transform(input);
    const source = input.schema as Record<string, unknown> | undefined;
    const target = out.schema as Record<string, unknown> | undefined;
    if (!source || !target) return out;
    for (const part of ['body', 'querystring', 'params', 'headers']) {
      const fields = requiredFieldsOf(source[part]);
      const json = target[part] as { required?: string[] } | undefined;
      if (fields.length === 0 || !json || typeof json !== 'object') continue;
      json.required = [...new Set([...(json.required ?? []), ...fields])];
    }
    return out;
  };
}
