/**
 * OAuth2 machine-to-machine tokens (spec §6: anonymous checkout calls use a machine-to-machine
 * token held by the storefront server).
 *
 * - `POST /authorizationserver/oauth/token` (RFC 6749 §4.4 client_credentials): form-encoded or
 *   JSON body; the client authenticates with HTTP Basic (RFC 6749 §2.3.1) or `client_id` /
 *   `client_secret` in the body. Answers `{access_token, token_type:'bearer', expires_in:3600,
 *   scope}` with `Cache-Control: no-store`. Errors per RFC 6749 §5.2: `invalid_request` 400,
 *   `invalid_client` 401 (with `WWW-Authenticate`), `unsupported_grant_type` 400,
 *   `unauthorized_client` 400, `invalid_scope` 400.
 * - Tokens are HS256 JWTs signed with JWT_SECRET (jose): `sub` = client id, `scope`, `iss`
 *   `store-api`, `aud` `store-occ`, 1 h lifetime. Stateless, so any API process verifies them.
 * - `app.requireClientToken` is a preHandler: it answers 401 OCC (`UnauthorizedError` when the
 *   header is missing, `InvalidTokenError` when the token is bad or expired) or sets
 *   `request.auth = { clientId, scopes }`. Customer tokens are not client tokens (`typ` claim).
 *
 * Customers (issue 3, ADR 0007; grants in ../auth/oauth-grants.ts):
 * - `grant_type=password` (storefront's confidential client only), `grant_type=refresh_token`
 *   (rotation, reuse detection), `POST /authorizationserver/oauth/revoke` (logout).
 * - `app.verifyCustomer(token)`: the one check of a customer access token: the JWT, and its
 *   session (`sid`, the refresh token family) still open in the database, so signing out, a
 *   password change or a reset ends the access tokens of that session at once, not 15 minutes
 *   later (issue 9 item 7, ADR 0012). A token without a session is refused.
 * - `app.requireCustomer` preHandler: a valid customer access token, else 401; sets
 *   `request.customer = { id, email, clientId }`.
 * - `app.requireUser` preHandler for routes with a `:userId` param: `anonymous` → the client
 *   token (as requireClientToken); `current` or a customer id → a customer token (401 otherwise)
 *   whose `sub` is that id ('current' is the token's customer), else 403 `ForbiddenError`.
 * - {@link userIdOf}: the customer id the request acts for, null for anonymous.
 */
import { SignJWT, jwtVerify } from 'jose';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isRefreshFamilyOpen } from '@store/db';
import { verifyCustomerToken, type CustomerAuth } from '../auth/tokens.ts';
import { OAuthTokenRequestSchema } from '@store/contracts';
import { authenticateClient, bodyFields, bodyString, oauthError, sendInvalidRequestIfInvalid } from '../auth/oauth-common.ts';
import { passwordGrant, refreshTokenGrant, registerRevokeEndpoint } from '../auth/oauth-grants.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Verifies a customer access token: signature, expiry, and its sign-in session still open
     * (not signed out, not revoked by a password change or reset). Null when any fails.
     */
    verifyCustomer: (token: string) => Promise<CustomerAuth | null>;
    /** preHandler: a valid customer access token, else 401 (sets `request.customer`) */
    requireCustomer: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
    /** preHandler for `:userId` routes (see plugins/auth.ts module comment) */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  }
  interface FastifyRequest {
    /** set by app.requireCustomer / app.requireUser (non-anonymous); else null */
    customer: CustomerAuth | null;
  }
}

/** Access token lifetime, seconds (OAuth `expires_in`). */
export const ACCESS_TOKEN_TTL_S = 3600;
export const TOKEN_ISSUER = 'store-api';
export const TOKEN_AUDIENCE = 'store-occ';

/** What a verified token says. */
export interface AuthInfo {
  clientId: string;
  scopes: string[];
}

/** Signs an access token for a client. */
export async function signClientToken(secret: string, clientId: string, scopes: string[], nowMs = Date.now()): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ scope: scopes.join(' '), typ: 'client' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(clientId)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
    .sign(new TextEncoder().encode(secret));
}

/** Verifies an access token; null when invalid or expired. */
export async function verifyClientToken(secret: string, token: string): Promise<AuthInfo | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
    });
    if (typeof payload.sub !== 'string' || payload.typ !== 'client') return null;
    const scope = typeof payload.scope === 'string' ? payload.scope : '';
    return { clientId: payload.sub, scopes: scope.split(' ').filter(Boolean) };
  } catch {
    return null;
  }
}

const SUPPORTED_GRANTS = ['client_credentials', 'password', 'refresh_token'];

/** The `userId` path segment meaning the anonymous (machine-token) user. */
export const ANONYMOUS_USER = 'anonymous';
/** The `userId` path segment meaning the customer of the bearer token. */
export const CURRENT_USER = 'current';

/**
 * The customer id a request acts for: null for anonymous requests (`users/anonymous/...` or no
 * customer token), else the verified token's customer id. Use after `app.requireUser` or
 * `app.requireCustomer`.
 */
export function userIdOf(request: FastifyRequest): string | null {
  const userId = (request.params as { userId?: string } | undefined)?.userId;
  if (userId === ANONYMOUS_USER) return null;
  return request.customer?.id ?? null;
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^bearer\s+(\S+)$/i.exec(header) : null;
  return match ? match[1]! : null;
}

function missingToken(reply: FastifyReply): FastifyReply {
  return reply
    .status(401)
    .header('www-authenticate', 'Bearer')
    .send({ errors: [{ type: 'UnauthorizedError', reason: 'missingToken', message: 'Full authentication is required to access this resource' }] });
}

function invalidToken(reply: FastifyReply): FastifyReply {
  return reply
    .status(401)
    .header('www-authenticate', 'Bearer error="invalid_token"')
    .send({ errors: [{ type: 'InvalidTokenError', reason: 'invalidToken', message: 'Invalid or expired access token' }] });
}

/** Registers the token endpoint and the `requireClientToken` decoration (root scope). */
export async function registerAuth(app: FastifyInstance): Promise<void> {
  const secret = app.config.JWT_SECRET;

  app.decorateRequest('auth', null);
  app.decorateRequest('customer', null);
  const verifyCustomer = async (token: string): Promise<CustomerAuth | null> => {
    const customer = await verifyCustomerToken(secret, token);
    if (!customer?.sessionId) return null;
    return (await isRefreshFamilyOpen(app.dbh.db, customer.sessionId, new Date().toISOString())) ? customer : null;
  };
  app.decorate('verifyCustomer', verifyCustomer);
  const requireClientToken = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerOf(request);
    if (!token) return missingToken(reply);
    const info = await verifyClientToken(secret, token);
    if (!info) return invalidToken(reply);
    request.auth = info;
  };
  const requireCustomer = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerOf(request);
    if (!token) return missingToken(reply);
    const customer = await verifyCustomer(token);
    if (!customer) return invalidToken(reply);
    request.customer = customer;
  };
  app.decorate('requireClientToken', requireClientToken);
  app.decorate('requireCustomer', requireCustomer);
  app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
    const userId = (request.params as { userId?: string } | undefined)?.userId;
    if (userId === ANONYMOUS_USER) return requireClientToken(request, reply);
    const token = bearerOf(request);
    if (!token) return missingToken(reply);
    const customer = await verifyCustomer(token);
    if (!customer) return invalidToken(reply);
    if (userId !== CURRENT_USER && userId !== customer.id) {
      return reply
        .status(403)
        .send({ errors: [{ type: 'ForbiddenError', reason: 'forbidden', subject: 'userId', message: 'Access is denied' }] });
    }
    request.customer = customer;
  });

  app.post(
    '/authorizationserver/oauth/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'OAuth2 token endpoint (client_credentials, password, refresh_token grants)',
        description:
          'Form-encoded or JSON body: grant_type=client_credentials (optional scope) | password (username=email, password; storefront client only) | refresh_token (refresh_token); client_id, client_secret (or HTTP Basic). Errors per RFC 6749 §5.2; refresh errors answer 401 invalid_grant; sign-in rate limits answer 429 with Retry-After; a parameter too long or holding a control character answers 400 invalid_request naming it.',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: OAuthTokenRequestSchema,
      },
      // issue 9: the OAuth error body (RFC 6749 §5.2), not the OCC one, for a bad parameter
      attachValidation: true,
    },
    async (request, reply) => {
      const invalid = sendInvalidRequestIfInvalid(request, reply);
      if (invalid) return invalid;
      const body = bodyFields(request);
      const grantType = bodyString(body, 'grant_type');
      if (!grantType) return oauthError(reply, 400, 'invalid_request', 'grant_type is required');
      if (!SUPPORTED_GRANTS.includes(grantType)) return oauthError(reply, 400, 'unsupported_grant_type', `grant_type ${grantType} is not supported`);
      const client = await authenticateClient(app.dbh.db, request, reply);
      if (!client) return reply;
      if (grantType === 'password') return passwordGrant(app, request, reply, client);
      if (grantType === 'refresh_token') return refreshTokenGrant(app, request, reply, client);
      if (!client.grants.includes('client_credentials')) {
        return oauthError(reply, 400, 'unauthorized_client', 'The client may not use this grant type');
      }
      const requested = (bodyString(body, 'scope') ?? '').split(' ').filter(Boolean);
      const unknownScope = requested.find((sc) => !client.scopes.includes(sc));
      if (unknownScope) return oauthError(reply, 400, 'invalid_scope', `Scope ${unknownScope} is not allowed`);
      const scopes = requested.length > 0 ? requested : client.scopes;
      const accessToken = await signClientToken(secret, client.clientId, scopes);
      return reply
        .header('cache-control', 'no-store')
        .header('pragma', 'no-cache')
        .send({ access_token: accessToken, token_type: 'bearer', expires_in: ACCESS_TOKEN_TTL_S, scope: scopes.join(' ') });
    },
  );

  registerRevokeEndpoint(app);
}
