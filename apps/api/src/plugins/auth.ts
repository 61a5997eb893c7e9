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
 *   `request.auth = { clientId, scopes }`.
 */
import { SignJWT, jwtVerify } from 'jose';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { verifyClientCredentials } from '@store/db';

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
    if (typeof payload.sub !== 'string') return null;
    const scope = typeof payload.scope === 'string' ? payload.scope : '';
    return { clientId: payload.sub, scopes: scope.split(' ').filter(Boolean) };
  } catch {
    return null;
  }
}

function oauthError(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  return reply.status(status).header('cache-control', 'no-store').header('pragma', 'no-cache').send({ error, error_description: description });
}

function parseBasic(header: string | undefined): { id: string; secret: string } | null {
  if (!header || !/^basic /i.test(header)) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    // RFC 6749 §2.3.1: id and secret are form-urlencoded before base64
    return { id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')), secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')) };
  } catch {
    return null;
  }
}

/** Registers the token endpoint and the `requireClientToken` decoration (root scope). */
export async function registerAuth(app: FastifyInstance): Promise<void> {
  const secret = app.config.JWT_SECRET;

  app.decorateRequest('auth', null);
  app.decorate('requireClientToken', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    const match = header ? /^bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ errors: [{ type: 'UnauthorizedError', reason: 'missingToken', message: 'Full authentication is required to access this resource' }] });
    }
    const info = await verifyClientToken(secret, match[1]!);
    if (!info) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer error="invalid_token"')
        .send({ errors: [{ type: 'InvalidTokenError', reason: 'invalidToken', message: 'Invalid or expired access token' }] });
    }
    request.auth = info;
  });

  app.post(
    '/authorizationserver/oauth/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'OAuth2 token endpoint (client_credentials grant)',
        description:
          'Form-encoded or JSON body: grant_type=client_credentials, client_id, client_secret (or HTTP Basic), optional scope. Errors per RFC 6749 §5.2.',
      },
    },
    async (request, reply) => {
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
      const str = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : undefined);
      const grantType = str('grant_type');
      if (!grantType) return oauthError(reply, 400, 'invalid_request', 'grant_type is required');
      if (grantType !== 'client_credentials') return oauthError(reply, 400, 'unsupported_grant_type', `grant_type ${grantType} is not supported`);

      const basic = parseBasic(request.headers.authorization);
      const clientId = basic?.id ?? str('client_id');
      const clientSecret = basic?.secret ?? str('client_secret');
      if (!clientId || clientSecret === undefined) {
        reply.header('www-authenticate', 'Basic realm="store"');
        return oauthError(reply, 401, 'invalid_client', 'Client authentication failed');
      }
      const client = await verifyClientCredentials(app.dbh.db, clientId, clientSecret);
      if (!client) {
        reply.header('www-authenticate', 'Basic realm="store"');
        return oauthError(reply, 401, 'invalid_client', 'Client authentication failed');
      }
      if (!client.grants.includes('client_credentials')) {
        return oauthError(reply, 400, 'unauthorized_client', 'The client may not use this grant type');
      }
      const requested = (str('scope') ?? '').split(' ').filter(Boolean);
      const unknownScope = requested.find((s) => !client.scopes.includes(s));
      if (unknownScope) return oauthError(reply, 400, 'invalid_scope', `Scope ${unknownScope} is not allowed`);
      const scopes = requested.length > 0 ? requested : client.scopes;
      const accessToken = await signClientToken(secret, client.clientId, scopes);
      return reply
        .header('cache-control', 'no-store')
        .header('pragma', 'no-cache')
        .send({ access_token: accessToken, token_type: 'bearer', expires_in: ACCESS_TOKEN_TTL_S, scope: scopes.join(' ') });
    },
  );
}
