/**
 * Shared pieces of the OAuth2 endpoints (RFC 6749): error answers (§5.2) and client
 * authentication (HTTP Basic §2.3.1, or `client_id` / `client_secret` in the body).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { verifyClientCredentials, type Executor, type OAuthClient } from '@store/db';

/** Answers an OAuth2 error `{error, error_description}` with `Cache-Control: no-store`. */
export function oauthError(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  return reply.status(status).header('cache-control', 'no-store').header('pragma', 'no-cache').send({ error, error_description: description });
}

/** Parses `Authorization: Basic` (id and secret form-urlencoded before base64); null when absent or malformed. */
export function parseBasic(header: string | undefined): { id: string; secret: string } | null {
  if (!header || !/^basic /i.test(header)) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    return { id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')), secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')) };
  } catch {
    return null;
  }
}

/** The request body as a record of fields (form or JSON). */
export function bodyFields(request: FastifyRequest): Record<string, unknown> {
  return (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
}

/** A string field of the body, or undefined. */
export function bodyString(body: Record<string, unknown>, key: string): string | undefined {
  return typeof body[key] === 'string' ? (body[key] as string) : undefined;
}

/**
 * Authenticates the calling client. Answers the client, or null after sending 401
 * `invalid_client` with `WWW-Authenticate: Basic`.
 */
export async function authenticateClient(db: Executor, request: FastifyRequest, reply: FastifyReply): Promise<OAuthClient | null> {
  const body = bodyFields(request);
  const basic = parseBasic(request.headers.authorization);
  const clientId = basic?.id ?? bodyString(body, 'client_id');
  const clientSecret = basic?.secret ?? bodyString(body, 'client_secret');
  const client = clientId && clientSecret !== undefined ? await verifyClientCredentials(db, clientId, clientSecret) : null;
  if (!client) {
    reply.header('www-authenticate', 'Basic realm="store"');
    oauthError(reply, 401, 'invalid_client', 'Client authentication failed');
    return null;
  }
  return client;
}
