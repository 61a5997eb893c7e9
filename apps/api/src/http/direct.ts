/**
 * The direct in-process transport (issue 11 item 3, ADR 0021): when the storefront and the API
 * share a process, the storefront's API client calls the API's route handlers without HTTP
 * serialisation or JSON parsing. A call goes through exactly what Fastify runs for the route
 * (http/api-route.ts), in the same order:
 *
 * 1. routing with find-my-way (Fastify's own router, same options) over the app's `apiRoutes`;
 *    a call no converted route takes answers null, and the caller falls back to `app.inject`
 *    (the OAuth token and revoke endpoints, `app.oauthEndpoints`, are answered by
 *    {@link dispatchOAuth}: their body schema once, then the endpoint);
 * 2. the base site check (404 `UnknownBaseSiteError`);
 * 3. the route's auth requirement (`authenticate` of plugins/auth.ts: the same 401 / 403);
 * 4. the contract schemas, parsed once, in Fastify's order (params, body, query, headers); a
 *    failure answers the same 400 naming the field (`validationEntriesOf` of plugins/errors.ts);
 * 5. the NUL-in-URL guard of the request guard (400 subject `url`);
 * 6. the handler, or for a cached catalogue read the response cache (ADR 0037: the entry's
 *    frozen answer object, with its ETag and `Cache-Control`); a thrown error becomes the answer Fastify's error handler gives
 *    (`errorAnswer`: domain errors, 503 with `Retry-After` for a database outage, 500).
 *
 * The answer is the handler's object itself, with status and headers. Responses are not
 * validated at run time; under NODE_ENV=test they are checked against the route's response
 * schema (as the HTTP serializer does in tests), so a handler drifting from its contract fails
 * the API suite in both transports. The client address the storefront passes keys the rate
 * limits (ADR 0012), as `request.ip` does over HTTP.
 */
import { randomUUID } from 'node:crypto';
import FindMyWay from 'find-my-way';
import { parse as parseQuery } from 'fast-querystring';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { isBaseSiteId, notFound } from '@store/domain';
import { authenticate, isAuthRefusal } from '../plugins/auth.ts';
import { errorAnswer, validationEntriesOf, validationItemOf, type ValidationContext } from '../plugins/errors.ts';
import { BAD_URL_BODY, hasBadUrlCharacters } from '../plugins/request-guard.ts';
import { bodyFields, invalidRequest, type OAuthEndpoint } from '../auth/oauth-common.ts';
import { cacheHeadersOf, cachedAnswerOf, notModified, type ApiContext, type RegisteredApiRoute } from './api-route.ts';

/** One call of the direct transport. */
export interface DirectRequest {
  method: string;
  /** the path, percent-encoded as in a URL (`/rest/v2/usb2c/products/BH%20X`) */
  path: string;
  /** the query string without `?` ('' for none) */
  search: string;
  /** lower-case header names */
  headers: Record<string, string>;
  /** the body as an object (never a JSON string), undefined for none */
  body: unknown;
  /** the shopper's address (keys rate limits, ADR 0012); default 127.0.0.1 */
  clientAddress?: string;
}

/** The answer of a direct call: status, headers (lower-case names) and the body object. */
export interface DirectAnswer {
  status: number;
  headers: Record<string, string>;
  data: unknown;
}

/**
 * The routes the direct transport leaves to `app.inject`, and why (ADR 0021 amendment). The
 * storefront's API client calls none of them; every other API route is defined with
 * http/api-route.ts, or is an OAuth endpoint (auth/oauth-common.ts). The API suite (test harness, direct mode) fails when a call falls back for
 * a route not listed here, and test/direct-transport.test.ts fails when a route is registered
 * neither through http/api-route.ts nor here.
 */
export const INJECT_ONLY_ROUTES: ReadonlyArray<{ method: string; path: string; why: string }> = [
  { method: 'GET', path: '/medias/:name', why: 'SVG bytes with ETag / 304, fetched by browsers from <img> links, never by the API client' },
  { method: 'GET', path: '/healthz', why: 'load-balancer probe over HTTP' },
  { method: 'GET', path: '/readyz', why: 'load-balancer probe over HTTP' },
  { method: 'GET', path: '/dev/outbox', why: 'developer HTML page (DEV_PAGES), read in a browser' },
  { method: 'GET', path: '/rest/v2/openapi.json', why: 'API documentation for people and tools' },
  { method: 'GET', path: '/rest/v2/docs/*', why: 'Swagger UI pages and assets' },
];

/**
 * A matcher of URL paths against route patterns (find-my-way, as Fastify routes): true when
 * `method path` is one of `routes`. A malformed path matches nothing.
 */
export function routeMatcher(routes: ReadonlyArray<{ method: string; path: string }>): (method: string, path: string) => boolean {
  const router = FindMyWay({ maxParamLength: 200 });
  for (const r of routes) {
    const method = r.method.toUpperCase() as FindMyWay.HTTPMethod;
    if (router.hasRoute(method, r.path)) continue;
    router.on(method, r.path, () => undefined);
  }
  return (method, path) => {
    try {
      return router.find(method.toUpperCase() as FindMyWay.HTTPMethod, path) !== null;
    } catch {
      return false;
    }
  };
}

/** Is `method path` (a URL path) one of {@link INJECT_ONLY_ROUTES}? */
export const isInjectOnlyRoute = routeMatcher(INJECT_ONLY_ROUTES);

/** Why a direct call went to `app.inject`: no converted route takes it, or its body is not a JSON object. */
export type DirectFallbackReason = 'unrouted' | 'body';

/** One call the direct transport handed to `app.inject` (see {@link DirectFallbackReason}). */
export interface DirectFallback {
  method: string;
  /** the URL path */
  path: string;
  reason: DirectFallbackReason;
}

/** The dispatcher over an app's converted routes. */
export interface DirectDispatcher {
  /** Answers the call, or null when no converted route takes it (then use `app.inject`). */
  dispatch(request: DirectRequest): Promise<DirectAnswer | null>;
}

const CORRELATION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Answer headers every API answer carries (app.ts `onSend`), so callers see the same. */
function baseHeaders(id: string): Record<string, string> {
  return { 'content-type': 'application/json; charset=utf-8', correlationid: id, 'x-content-type-options': 'nosniff' };
}

/**
 * Builds the dispatcher over `app.apiRoutes` (call once the app is ready: every route is
 * registered by then). See module comment.
 */
export function createDirectDispatcher(app: FastifyInstance): DirectDispatcher {
  const router = FindMyWay({ maxParamLength: 200 });
  const noop = () => undefined;
  for (const entry of app.apiRoutes) router.on(entry.route.method, entry.path, noop, entry);
  const checkAnswers = app.config.NODE_ENV === 'test';
  const oauth = new Map(app.oauthEndpoints.map((e) => [e.path, e]));

  return {
    async dispatch(req) {
      let found: ReturnType<typeof router.find>;
      try {
        found = router.find(req.method as FindMyWay.HTTPMethod, req.path);
      } catch {
        return null; // a malformed escape: Fastify's own 400
      }
      if (!found) {
        const endpoint = req.method === 'POST' ? oauth.get(req.path) : undefined;
        return endpoint ? dispatchOAuth(app, endpoint, req) : null;
      }
      const { route, path } = found.store as RegisteredApiRoute;
      const params = found.params as Record<string, string | undefined>;
      const header = req.headers.correlationid;
      const id = header && CORRELATION_ID.test(header) ? header : randomUUID();
      const log = app.log.child({ correlationId: id });
      const answerHeaders = baseHeaders(id);
      const fail = (status: number, headers: Record<string, string>, data: unknown): DirectAnswer => ({ status, headers: { ...answerHeaders, ...headers }, data });
      try {
        const site = params.baseSiteId;
        if (!isBaseSiteId(site)) throw notFound('UnknownBaseSiteError', 'notFound', `Base site ${String(site)} does not exist`, 'baseSiteId');
        const outcome = await authenticate(app, route.auth, req.headers.authorization, params.userId);
        if (isAuthRefusal(outcome)) return fail(outcome.status, outcome.headers, outcome.body);

        const parts: Array<[ValidationContext, z.ZodType | undefined, unknown]> = [
          ['params', route.schema.params, params],
          ['body', route.schema.body, req.body],
          ['querystring', route.schema.querystring, route.schema.querystring ? parseQuery(req.search) : undefined],
          ['headers', route.schema.headers, req.headers],
        ];
        const parsed: unknown[] = [];
        for (const [context, schema, value] of parts) {
          if (!schema) {
            parsed.push(value);
            continue;
          }
          const result = schema.safeParse(value);
          if (!result.success) {
            route.onInvalid?.(log, result.error.issues[0]?.path.map(String).join('.') || null);
            return fail(400, {}, { errors: validationEntriesOf(result.error.issues.map(validationItemOf), context) });
          }
          parsed.push(result.data);
        }
        if (hasBadUrlCharacters(req.search ? `${req.path}?${req.search}` : req.path)) return fail(400, {}, BAD_URL_BODY);

        let status: number = route.status ?? 200;
        const headers: Record<string, string> = { ...answerHeaders, ...route.headers };
        const ctx: ApiContext = {
          app,
          site,
          auth: outcome.auth,
          customer: outcome.customer,
          userId: params.userId,
          authorization: req.headers.authorization,
          ip: req.clientAddress ?? '127.0.0.1',
          id,
          log,
          header: (name, value) => {
            headers[name.toLowerCase()] = value;
          },
          status: (code) => {
            status = code;
          },
        };
        const [p, b, q, h] = parsed;
        const input = { params: p, query: q, body: b, headers: h };
        // ADR 0037: a cached catalogue read answers the entry's frozen object
        const served = route.cache && app.responseCache ? await cachedAnswerOf(app.responseCache, route, path, ctx, input, () => status) : null;
        if (served?.entry) {
          Object.assign(headers, cacheHeadersOf(served.entry, req.headers.authorization));
          if (notModified(served.entry, req.headers['if-none-match'])) return { status: 304, headers, data: undefined };
          return { status: 200, headers, data: served.entry.data };
        }
        if (served) status = served.status;
        const data: unknown = served ? served.data : await route.handler(input as never, ctx);
        if (checkAnswers) {
          const schema = route.schema.response[status];
          const check = schema?.safeParse(data);
          if (check && !check.success) throw new Error(`answer of ${route.method} ${route.url} does not match its schema: ${check.error.message}`);
        }
        // 204: no body, as Fastify answers it
        return { status, headers, data: status === 204 ? undefined : data };
      } catch (error) {
        const answer = errorAnswer(error as Error, id, log);
        return fail(answer.status, answer.headers, answer.body);
      }
    },
  };
}

/**
 * Answers a call of an OAuth endpoint (token, revoke) in process: the endpoint's body schema
 * (a failure answers the same 400 `invalid_request` naming the parameter as over HTTP), then the
 * endpoint itself; a thrown error answers as Fastify's error handler would.
 */
async function dispatchOAuth(app: FastifyInstance, endpoint: OAuthEndpoint, req: DirectRequest): Promise<DirectAnswer> {
  const header = req.headers.correlationid;
  const id = header && CORRELATION_ID.test(header) ? header : randomUUID();
  const log = app.log.child({ correlationId: id });
  const base = baseHeaders(id);
  try {
    const parsed = endpoint.body.safeParse(req.body);
    const answer = parsed.success
      ? await endpoint.run({ app, body: bodyFields(parsed.data), authorization: req.headers.authorization, ip: req.clientAddress ?? '127.0.0.1', log })
      : invalidRequest(parsed.error.issues[0] ? validationItemOf(parsed.error.issues[0]) : undefined);
    return { status: answer.status, headers: { ...base, ...answer.headers }, data: answer.body };
  } catch (error) {
    const answer = errorAnswer(error as Error, id, log);
    return { status: answer.status, headers: { ...base, ...answer.headers }, data: answer.body };
  }
}
