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
 * - Tokens are HS256 JWTs signed with JWT_SECRET (auth/tokens.ts over auth/jwt.ts): `sub` = client
 *   id, `scope`, `iss` `store-api`, `aud` `store-occ`, 1 h lifetime. Stateless, so any API process
 *   verifies them.
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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isRefreshFamilyOpen } from '@store/db';
import { ACCESS_TOKEN_TTL_S, signClientToken, verifyClientToken, verifyCustomerToken, type AuthInfo, type CustomerAuth } from '../auth/tokens.ts';
import { OAuthTokenRequestSchema, type OccErrorBody } from '@store/contracts';
import { authenticateClient, bodyString, oauthError, oauthSuccess, registerOAuthEndpoint, type OAuthAnswer, type OAuthCall } from '../auth/oauth-common.ts';
import { passwordGrant, refreshTokenGrant, registerRevokeEndpoint } from '../auth/oauth-grants.ts';
import { OPERATOR_SCOPE } from '../auth/operator.ts';

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
    /** preHandler: a client token with the `operator` scope (issue 12), else 401 / 403 */
    requireOperator: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
    /** a client (machine) token or a customer token (issue 11 item 3: coupon data) */
    requireAnyToken: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  }
  interface FastifyRequest {
    /** set by app.requireCustomer / app.requireUser (non-anonymous); else null */
    customer: CustomerAuth | null;
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

/** An answer refusing a request (401 / 403), as status, headers and OCC body. */
export interface AuthRefusal {
  status: 401 | 403;
  headers: Record<string, string>;
  body: OccErrorBody;
}

/** Who a request is, once its requirement is met: the client token's info or the customer. */
export interface AuthGrant {
  auth: AuthInfo | null;
  customer: CustomerAuth | null;
}

/**
 * What a route asks of the caller (ADR 0007): `none`; `client` (a machine-to-machine token);
 * `customer` (a customer access token whose session is open); `user` (`:userId` routes:
 * `anonymous` → a client token, `current` or a customer id → that customer's token, else 403);
 * `operator` (a client token with the operator scope); `token` (a client token or a customer
 * token whose session is open: calls that need no cart nor account, such as coupon data).
 */
export type AuthRequirement = 'none' | 'client' | 'customer' | 'user' | 'operator' | 'token';

const MISSING_TOKEN: AuthRefusal = {
  status: 401,
  headers: { 'www-authenticate': 'Bearer' },
  body: { errors: [{ type: 'UnauthorizedError', reason: 'missingToken', message: 'Full authentication is required to access this resource' }] },
};
const INVALID_TOKEN: AuthRefusal = {
  status: 401,
  headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
  body: { errors: [{ type: 'InvalidTokenError', reason: 'invalidToken', message: 'Invalid or expired access token' }] },
};
const FORBIDDEN_USER: AuthRefusal = {
  status: 403,
  headers: {},
  body: { errors: [{ type: 'ForbiddenError', reason: 'forbidden', subject: 'userId', message: 'Access is denied' }] },
};

const FORBIDDEN_OPERATOR: AuthRefusal = {
  status: 403,
  headers: {},
  body: { errors: [{ type: 'ForbiddenError', reason: 'operatorOnly', message: 'This call needs an operator token (scope operator)' }] },
};

/** The bearer token of an `Authorization` header value, or null. */
export function bearerOfHeader(header: string | undefined): string | null {
  const match = header ? /^bearer\s+(\S+)$/i.exec(header) : null;
  return match ? match[1]! : null;
}

function sendRefusal(reply: FastifyReply, refusal: AuthRefusal): FastifyReply {
  return reply.status(refusal.status).headers(refusal.headers).send(refusal.body);
}

/**
 * The one check of a request's credentials (issue 11 item 3: the Fastify preHandlers and the
 * direct in-process transport both call it). `authorization` is the `Authorization` header,
 * `userId` the raw `:userId` path parameter of `user` routes.
 * @returns the grant, or the refusal to answer (401 `UnauthorizedError` / `InvalidTokenError`,
 *   403 `ForbiddenError` subject `userId`)
 */
export async function authenticate(
  app: FastifyInstance,
  requirement: AuthRequirement,
  authorization: string | undefined,
  userId: string | undefined,
): Promise<AuthGrant | AuthRefusal> {
  if (requirement === 'none') return { auth: null, customer: null };
  const token = bearerOfHeader(authorization);
  if (!token) return MISSING_TOKEN;
  if (requirement === 'token') {
    const info = await verifyClientToken(app.config.JWT_SECRET, token);
    if (info) return { auth: info, customer: null };
    const customer = await app.verifyCustomer(token);
    return customer ? { auth: null, customer } : INVALID_TOKEN;
  }
  if (requirement === 'operator') {
    const info = await verifyClientToken(app.config.JWT_SECRET, token);
    if (info) return info.scopes.includes(OPERATOR_SCOPE) ? { auth: info, customer: null } : FORBIDDEN_OPERATOR;
    return (await app.verifyCustomer(token)) ? FORBIDDEN_OPERATOR : INVALID_TOKEN;
  }
  if (requirement === 'client' || (requirement === 'user' && userId === ANONYMOUS_USER)) {
    const info = await verifyClientToken(app.config.JWT_SECRET, token);
    return info ? { auth: info, customer: null } : INVALID_TOKEN;
  }
  const customer = await app.verifyCustomer(token);
  if (!customer) return INVALID_TOKEN;
  if (requirement === 'user' && userId !== CURRENT_USER && userId !== customer.id) return FORBIDDEN_USER;
  return { auth: null, customer };
}

/** Is this outcome of {@link authenticate} a refusal? */
export function isAuthRefusal(outcome: AuthGrant | AuthRefusal): outcome is AuthRefusal {
  return 'status' in outcome;
}

/**
 * `POST /authorizationserver/oauth/token` (see module comment), served over HTTP and by the direct
 * transport (auth/oauth-common.ts `registerOAuthEndpoint`).
 */
export async function tokenEndpoint(call: OAuthCall): Promise<OAuthAnswer> {
  const grantType = bodyString(call.body, 'grant_type');
  if (!grantType) return oauthError(400, 'invalid_request', 'grant_type is required');
  if (!SUPPORTED_GRANTS.includes(grantType)) return oauthError(400, 'unsupported_grant_type', `grant_type ${grantType} is not supported`);
  const authenticated = await authenticateClient(call);
  if ('refusal' in authenticated) return authenticated.refusal;
  const { client } = authenticated;
  if (grantType === 'password') return passwordGrant(call, client);
  if (grantType === 'refresh_token') return refreshTokenGrant(call, client);
  if (!client.grants.includes('client_credentials')) return oauthError(400, 'unauthorized_client', 'The client may not use this grant type');
  const requested = (bodyString(call.body, 'scope') ?? '').split(' ').filter(Boolean);
  const unknownScope = requested.find((sc) => !client.scopes.includes(sc));
  if (unknownScope) return oauthError(400, 'invalid_scope', `Scope ${unknownScope} is not allowed`);
  const scopes = requested.length > 0 ? requested : client.scopes;
  const accessToken = await signClientToken(call.app.config.JWT_SECRET, client.clientId, scopes);
  return oauthSuccess({ access_token: accessToken, token_type: 'bearer', expires_in: ACCESS_TOKEN_TTL_S, scope: scopes.join(' ') });
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
  /** A preHandler enforcing `requirement` (see {@link authenticate}). */
  const guard = (requirement: AuthRequirement) => async (request: FastifyRequest, reply: FastifyReply) => {
    const userId = (request.params as { userId?: string } | undefined)?.userId;
    const outcome = await authenticate(app, requirement, request.headers.authorization, userId);
    if (isAuthRefusal(outcome)) return sendRefusal(reply, outcome);
    if (outcome.auth) request.auth = outcome.auth;
    if (outcome.customer) request.customer = outcome.customer;
  };
  app.decorate('requireClientToken', guard('client'));
  app.decorate('requireCustomer', guard('customer'));
  app.decorate('requireUser', guard('user'));
  app.decorate('requireOperator', guard('operator'));
  app.decorate('requireAnyToken', guard('token'));

  registerOAuthEndpoint(
    app,
    { path: '/authorizationserver/oauth/token', body: OAuthTokenRequestSchema, run: tokenEndpoint },
    {
      tags: ['auth'],
      summary: 'OAuth2 token endpoint (client_credentials, password, refresh_token grants)',
      description:
        'Form-encoded or JSON body: grant_type=client_credentials (optional scope) | password (username=email, password; storefront client only) | refresh_token (refresh_token); client_id, client_secret (or HTTP Basic). Errors per RFC 6749 §5.2; refresh errors answer 401 invalid_grant; sign-in rate limits answer 429 with Retry-After; a parameter too long or holding a control character answers 400 invalid_request naming it.',
    },
  );

  registerRevokeEndpoint(app);
}
