/**
 * Shared pieces of the OAuth2 endpoints (RFC 6749): error answers (§5.2), client
 * authentication (HTTP Basic §2.3.1, or `client_id` / `client_secret` in the body), and the
 * answer to a body that fails its contract schema (issue 9: every parameter is bounded and clean;
 * a bad one answers 400 `invalid_request` naming it, before any database work).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { INPUT_LIMITS, stringInputProblem } from '@store/contracts';
import { verifyClientCredentials, type Executor, type OAuthClient } from '@store/db';
import { fieldPath } from '../plugins/errors.ts';
import { isOperatorClientId, verifyOperatorCredentials } from './operator.ts';

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

/**
 * Answers 400 `invalid_request` when the body failed its schema (`attachValidation` routes), the
 * description naming the first bad parameter: `username: must be at most 254 characters`.
 * Answers null when the body is valid.
 */
export function sendInvalidRequestIfInvalid(request: FastifyRequest, reply: FastifyReply): FastifyReply | null {
  const error = request.validationError as (FastifyError & { validationContext?: string }) | undefined;
  if (!error) return null;
  const first = error.validation?.[0];
  const parameter = first ? fieldPath(first.instancePath, 'request body') : 'request body';
  return oauthError(reply, 400, 'invalid_request', `${parameter}: ${first?.message ?? 'invalid'}`);
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
 * `invalid_client` with `WWW-Authenticate: Basic` (or 400 `invalid_request` when the HTTP Basic
 * id or secret is too long or holds a control character).
 */
export async function authenticateClient(db: Executor, request: FastifyRequest, reply: FastifyReply): Promise<OAuthClient | null> {
  const body = bodyFields(request);
  const basic = parseBasic(request.headers.authorization);
  if (basic) {
    // the body's client_id / client_secret were checked by the route schema; HTTP Basic ones here (issue 9)
    const bad = stringInputProblem(basic.id, INPUT_LIMITS.label) ? 'client_id' : stringInputProblem(basic.secret, INPUT_LIMITS.token) ? 'client_secret' : null;
    if (bad) {
      oauthError(reply, 400, 'invalid_request', `${bad}: must be at most ${bad === 'client_id' ? INPUT_LIMITS.label : INPUT_LIMITS.token} characters, without control characters`);
      return null;
    }
  }
  const clientId = basic?.id ?? bodyString(body, 'client_id');
  const clientSecret = basic?.secret ?? bodyString(body, 'client_secret');
  // issue 12 (ADR 0027): the configured operator client, never a stored one of the same id
  const operatorConfig = request.server.config;
  const client =
    clientId && clientSecret !== undefined
      ? isOperatorClientId(operatorConfig, clientId)
        ? verifyOperatorCredentials(operatorConfig, clientId, clientSecret)
        : await verifyClientCredentials(db, clientId, clientSecret)
      : null;
  if (!client) {
    reply.header('www-authenticate', 'Basic realm="store"');
    oauthError(reply, 401, 'invalid_client', 'Client authentication failed');
    return null;
  }
  return client;
}
