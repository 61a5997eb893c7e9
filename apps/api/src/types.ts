/**
 * Fastify decorations of the store API (set up by app.ts):
 * - `app.dbh` the database handle, `app.config` the parsed configuration;
 * - `app.requireClientToken` preHandler verifying the OAuth2 bearer token (plugins/auth.ts);
 * - `request.baseSite` the validated `:baseSiteId` (routes under /rest/v2/:baseSiteId only);
 * - `request.auth` the verified token (after `requireClientToken`), else null.
 */
import type { FastifyReply } from 'fastify';
import type { DbHandle } from '@store/db';
import type { BaseSiteId } from '@store/domain';
import type { AppConfig } from './config.ts';
import type { AuthInfo } from './plugins/auth.ts';

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
  }
  interface FastifyRequest {
    /** validated base site of routes under /rest/v2/:baseSiteId */
    baseSite: BaseSiteId;
    /** set by app.requireClientToken */
    auth: AuthInfo | null;
  }
}
