/**
 * One definition per API route (issue 11 item 3, ADR 0021): method, path, auth requirement, the
 * contract schemas of params / query / body / headers / answers, and a handler taking the parsed
 * input and a request context. {@link registerApiRoute} registers it into Fastify (HTTP, OpenAPI)
 * and into the app's route list, from which the direct in-process transport (./direct.ts) builds
 * its router: both run the same auth check (`authenticate` of plugins/auth.ts), the same schema
 * parse (once) and the same handler.
 *
 * Handlers never see a Fastify request or reply: what they need of the request is in
 * {@link ApiContext} (site, who asks, address, correlation id, logger), and they answer an object
 * (the 2xx body, status 200 unless the route's `status` or `ctx.status()` says otherwise).
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { BaseSiteId } from '@store/domain';
import type { CustomerAuth } from '../auth/tokens.ts';
import type { AuthInfo } from '../auth/tokens.ts';
import { ANONYMOUS_USER, bearerOfHeader, type AuthRequirement } from '../plugins/auth.ts';
import type { Shopper } from '../flows/context.ts';
import type { CachedAnswer, ResponseCache } from './response-cache.ts';

/** HTTP methods of API routes. */
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a handler knows of its request beyond the parsed input (Fastify or direct). */
export interface ApiContext {
  app: FastifyInstance;
  /** the validated `:baseSiteId` */
  site: BaseSiteId;
  /** the client token's info (routes requiring `client`, or `user` as `anonymous`) */
  auth: AuthInfo | null;
  /** the verified customer (routes requiring `customer`, or `user` as a customer) */
  customer: CustomerAuth | null;
  /** the raw `:userId` path segment (`user` routes), else undefined */
  userId: string | undefined;
  /** the `Authorization` header (routes that personalise without requiring a token) */
  authorization: string | undefined;
  /** the shopper's address (ADR 0012: Fastify's `request.ip`, or the address the storefront passed in process) */
  ip: string;
  /** the correlation id */
  id: string;
  log: FastifyBaseLogger;
  /** sets an answer header */
  header(name: string, value: string): void;
  /** sets the answer status (default 200) */
  status(code: number): void;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The parsed input of a handler: each part as its contract schema's output. */
export interface ApiInput<P, Q, B, H> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  headers: Out<H>;
}

/** The contract schemas of a route (`response` keyed by status; 200 types the handler's answer). */
export interface ApiRouteSchemas<P, Q, B, H, R extends z.ZodType> {
  params?: P;
  querystring?: Q;
  body?: B;
  headers?: H;
  response: SuccessResponse<R> & Record<number, z.ZodType>;
}

/** The success answer's schema, keyed by the route's success status (200, or `status` 201 / 204). */
export type SuccessResponse<R extends z.ZodType> = { 200: R } | { 201: R } | { 202: R } | { 204: R };

/** OpenAPI documentation of a route. */
export interface ApiRouteDocs {
  tags: string[];
  summary: string;
  description?: string;
  security?: Array<Record<string, string[]>>;
}

/** One API route (see module comment). `url` is relative to its Fastify scope's prefix. */
export interface ApiRoute<P = unknown, Q = unknown, B = unknown, H = unknown, R extends z.ZodType = z.ZodType> {
  method: ApiMethod;
  url: string;
  auth: AuthRequirement;
  docs: ApiRouteDocs;
  schema: ApiRouteSchemas<P, Q, B, H, R>;
  /** fixed answer headers (e.g. `Vary: Authorization` of personalised answers) */
  headers?: Record<string, string>;
  /** the success status when not 200: 201 (created), 202 (accepted) or 204 (no content: the handler's answer is not sent) */
  status?: 201 | 202 | 204;
  /**
   * called when the request schemas refuse the request (400), before the answer, by both
   * transports (Fastify and direct): `field` is the first refused field's path (`email`,
   * `entries.0.qty`), or null. For routes whose refusals must be logged (spec §8 subscribe).
   */
  onInvalid?(log: FastifyBaseLogger, field: string | null): void;
  /**
   * A catalogue read whose answer is the same for every caller of a kind: answered from the
   * app's response cache (http/response-cache.ts, ADR 0037) by both transports. The handler
   * must answer through its return value only (no `ctx.header` / `ctx.status`).
   */
  cache?: RouteCachePolicy;
  handler(input: ApiInput<P, Q, B, H>, ctx: ApiContext): Promise<z.input<R>>;
}

/** What a cached route tells the response cache (`cache` of a route definition, ADR 0037). */
export interface RouteCachePolicy {
  /**
   * The caller's part of the key ('' for the shared answer; e.g. the price groups of a signed-in
   * customer), or null when this caller's answer must not be shared (the request bypasses the
   * cache). Absent: every caller shares ''.
   */
  variant?(ctx: ApiContext): Promise<string | null>;
  /** the purge tags of an answer: `product:<code>` of every product and variant it shows, `listing` for lists */
  tags(data: unknown): string[];
}

/** Any route definition, whatever its schemas (lists of routes, the direct transport). */
export interface AnyApiRoute {
  method: ApiMethod;
  url: string;
  auth: AuthRequirement;
  docs: ApiRouteDocs;
  schema: {
    params?: z.ZodType;
    querystring?: z.ZodType;
    body?: z.ZodType;
    headers?: z.ZodType;
    response: Record<number, z.ZodType>;
  };
  headers?: Record<string, string>;
  status?: 201 | 202 | 204;
  onInvalid?(log: FastifyBaseLogger, field: string | null): void;
  cache?: RouteCachePolicy;
  handler(input: never, ctx: ApiContext): Promise<unknown>;
}

/** A route as the direct transport keeps it: the definition and its full path. */
export interface RegisteredApiRoute {
  route: AnyApiRoute;
  /** the full find-my-way path, e.g. `/rest/v2/:baseSiteId/products/:code` */
  path: string;
}

/** Types a route definition (identity; infers the schemas' types for the handler). */
export function defineRoute<P extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined, H extends z.ZodType | undefined = undefined, R extends z.ZodType = z.ZodType>(
  route: ApiRoute<P, Q, B, H, R>,
): ApiRoute<P, Q, B, H, R> {
  return route;
}

/** The context of a request served by Fastify. */
export function fastifyContext(request: FastifyRequest, reply: FastifyReply): ApiContext {
  return {
    app: request.server,
    site: request.baseSite,
    auth: request.auth,
    customer: request.customer,
    userId: (request.params as { userId?: string } | undefined)?.userId,
    authorization: request.headers.authorization,
    ip: request.ip,
    id: request.id,
    log: request.log,
    header: (name, value) => {
      reply.header(name, value);
    },
    status: (code) => {
      reply.status(code);
    },
  };
}

/**
 * Registers `route` on `scope` (Fastify: schemas validated by the zod compilers, the auth
 * requirement as an `onRequest` hook) and adds it to the app's list for the direct transport.
 */
export function registerApiRoute(scope: FastifyInstance, route: AnyApiRoute): void {
  const guard =
    route.auth === 'client'
      ? scope.requireClientToken
      : route.auth === 'customer'
        ? scope.requireCustomer
        : route.auth === 'user'
          ? scope.requireUser
          : route.auth === 'operator'
            ? scope.requireOperator
            : route.auth === 'token'
              ? scope.requireAnyToken
              : null;
  const fixed = route.headers;
  const path = `${scope.prefix}${route.url}`;
  scope.route({
    method: route.method,
    url: route.url,
    schema: {
      ...route.docs,
      ...(route.schema.params ? { params: route.schema.params } : {}),
      ...(route.schema.querystring ? { querystring: route.schema.querystring } : {}),
      ...(route.schema.body ? { body: route.schema.body } : {}),
      ...(route.schema.headers ? { headers: route.schema.headers } : {}),
      response: route.schema.response,
    },
    ...(guard ? { onRequest: guard } : {}),
    ...(route.onInvalid
      ? {
          onError: async (request: FastifyRequest, _reply: FastifyReply, error: Error) => {
            const validation = (error as { validation?: Array<{ instancePath?: string }> }).validation;
            if (validation) route.onInvalid?.(request.log, validation[0]?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || null);
          },
        }
      : {}),
    handler: async (request, reply) => {
      if (fixed) reply.headers(fixed);
      if (route.status) reply.status(route.status);
      const input = { params: request.params, query: request.query, body: request.body, headers: request.headers };
      const ctx = fastifyContext(request, reply);
      const cache = route.cache ? request.server.responseCache : null;
      if (cache) {
        const served = await cachedAnswerOf(cache, route, path, ctx, input, () => reply.statusCode);
        if (served) {
          if (!served.entry) return reply.status(served.status).send(served.data);
          const h = cacheHeadersOf(served.entry, ctx.authorization);
          reply.headers(h);
          if (notModified(served.entry, request.headers['if-none-match'])) return reply.status(304).send();
          return reply.header('content-type', 'application/json; charset=utf-8').send(served.entry.body);
        }
      }
      const answer = await route.handler(input as never, ctx);
      return reply.statusCode === 204 ? reply.send() : answer;
    },
  });
  scope.apiRoutes.push({ route, path });
}

/** Registers several routes (see {@link registerApiRoute}). */
export function registerApiRoutes(scope: FastifyInstance, routes: readonly AnyApiRoute[]): void {
  for (const route of routes) registerApiRoute(scope, route);
}

/** Who a `users/{userId}` request acts for (after the `user` requirement): the customer, or anonymous. */
export function shopperOfContext(ctx: ApiContext): Shopper {
  if (ctx.userId === ANONYMOUS_USER || !ctx.customer) return { userId: null };
  return { userId: ctx.customer.id, email: ctx.customer.email ?? null };
}

/**
 * The customer of a verified customer bearer token, when the request carries one (routes that
 * personalise without requiring a token: catalogue prices); null for none, a client token or a
 * bad token.
 */
export async function optionalCustomerIdOf(ctx: ApiContext): Promise<string | null> {
  const token = bearerOfHeader(ctx.authorization);
  if (!token) return null;
  const customer = await ctx.app.verifyCustomer(token);
  return customer?.id ?? null;
}

/**
 * The answer of a cached route (`route.cache`, ADR 0037) for this request: from the app's
 * response cache, or read once by `route.handler` for every concurrent caller of the same key;
 * null when the route's `variant` says this caller's answer is their own (run the handler).
 * `statusOf` reads the status the handler set (200 unless it said otherwise). The key: the
 * route's full path, the site, the parsed params and query, the caller's variant.
 */
export async function cachedAnswerOf(
  cache: ResponseCache,
  route: AnyApiRoute,
  path: string,
  ctx: ApiContext,
  input: { params: unknown; query: unknown; body: unknown; headers: unknown },
  statusOf: () => number,
): Promise<{ status: number; entry: CachedAnswer | null; data: unknown } | null> {
  const policy = route.cache;
  if (!policy) return null;
  const variant = policy.variant ? await policy.variant(ctx) : '';
  if (variant === null) return null;
  const key = JSON.stringify([route.method, path, ctx.site, input.params, input.query, variant]);
  return cache.answer(key, route.schema.response[200], (data) => policy.tags(data), async () => {
    const data = await route.handler(input as never, ctx);
    return { status: statusOf(), data };
  });
}

/**
 * Validator and caching headers of a cached answer: its ETag, and `Cache-Control` `no-cache`
 * (a client or CDN may keep it but asks again with `If-None-Match`: our purges cannot reach
 * them), `public` without an `Authorization` header, `private` with one (the answer may carry
 * the customer's prices; `Vary: Authorization` is set on every catalogue answer too).
 */
export function cacheHeadersOf(entry: CachedAnswer, authorization: string | undefined): Record<string, string> {
  return { etag: entry.etag, 'cache-control': authorization ? 'private, no-cache' : 'public, no-cache' };
}

/** True when an `If-None-Match` header names the entry's ETag (or `*`). */
export function notModified(entry: CachedAnswer, ifNoneMatch: string | undefined): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === entry.etag || t === `W/${entry.etag}`;
  });
}
