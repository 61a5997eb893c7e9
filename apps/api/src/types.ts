/**
 * Fastify decorations of the store API (set up by app.ts):
 * - `app.dbh` the database handle, `app.config` the parsed configuration;
 * - `app.requireClientToken` preHandler verifying the OAuth2 bearer token (plugins/auth.ts);
 * - `request.baseSite` the validated `:baseSiteId` (routes under /rest/v2/:baseSiteId only);
 * - `request.auth` the verified token (after `requireClientToken`), else null;
 * - `app.apiRoutes` the routes defined once (http/api-route.ts) for the direct transport;
 * - `app.responseCache` the response cache of catalogue reads (http/response-cache.ts, ADR 0037).
 */
import type { FastifyReply } from 'fastify';
import type { DbHandle } from '@store/db';
import type { BaseSiteId } from '@store/domain';
import type { AppConfig } from './config.ts';
import type { AuthInfo } from './auth/tokens.ts';
import type { RegisteredApiRoute } from './http/api-route.ts';
import type { ResponseCache } from './http/response-cache.ts';
import type { OAuthEndpoint } from './auth/oauth-common.ts';

/** What the server knows of a storefront request beyond the web Request. */
export interface StorefrontRequestInfo {
  /** the shopper's address (Fastify `request.ip`, forwarded headers believed only from TRUST_PROXY) */
  clientAddress: string;
}

/** The storefront's request handler (web Request in, web Response out). */
export type StorefrontHandler = (request: Request, info: StorefrontRequestInfo) => Promise<Response>;

declare module 'fastify' {
  interface FastifyInstance {
    dbh: DbHandle;
    config: AppConfig;
    requireClientToken: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
    /** routes defined once (http/api-route.ts), served over HTTP and by the direct transport (issue 11 item 3) */
    apiRoutes: RegisteredApiRoute[];
    /** the response cache of catalogue reads (ADR 0037); null when API_CACHE_TTL_MS=0 */
    responseCache: ResponseCache | null;
    /** the OAuth endpoints (token, revoke), served over HTTP and by the direct transport (auth/oauth-common.ts) */
    oauthEndpoints: OAuthEndpoint[];
    /** every route not hidden from the OpenAPI document (method and full path), see app.ts */
    documentedRoutes: Array<{ method: string; path: string }>;
  }
  interface FastifyRequest {
    /** validated base site of routes under /rest/v2/:baseSiteId */
    baseSite: BaseSiteId;
    /** set by app.requireClientToken */
    auth: AuthInfo | null;
  }
}

/**
 * What the storefront build's `createStorefrontHandler` takes (apps/storefront/server/handler.ts,
 * compiled into `build/server/index.js`; repeated here because the API is compiled apart from the
 * storefront, ADR 0020).
 */
export interface StorefrontHandlerOptions {
  /** fetch used to reach the commerce API: in process (single process) or over HTTP (storefront-only) */
  apiFetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** `apiFetch` is the API's direct in-process transport (JSON bodies as objects; ADR 0021); default false (HTTP) */
  apiDirect?: boolean;
  /** absolute base URL of the API, e.g. http://localhost:3000/rest/v2 */
  apiBaseUrl: string;
  /** OAuth2 client credentials of the storefront (machine-to-machine token) */
  clientId: string;
  clientSecret: string;
  /** host lists deciding the base site (see @store/domain HostConfig) */
  hosts: { canadianHosts: string[]; commercialHosts: string[]; apexHosts: string[] };
  /** show the development pages (outbox) */
  devPages: boolean;
}

/** The module `build/server/index.js` of the storefront build. */
export interface StorefrontBuildModule {
  createStorefrontHandler(opts: StorefrontHandlerOptions): Promise<
    ((request: Request, info?: StorefrontRequestInfo) => Promise<Response>) & {
      /** purges the cached pages of the tags (`page` purges all); answers how many went (ADR 0019) */
      purge?: (tags: readonly string[]) => Promise<number>;
    }
  >;
}
