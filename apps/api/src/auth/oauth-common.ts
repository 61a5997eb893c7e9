/**
 * Shared pieces of the OAuth2 endpoints (RFC 6749): error answers (§5.2), client
 * authentication (HTTP Basic §2.3.1, or `client_id` / `client_secret` in the body), and the
 * answer to a body that fails its contract schema (issue 9: every parameter is bounded and clean;
 * a bad one answers 400 `invalid_request` naming it, before any database work).
 *
 * Issue 11 item 3 (ADR 0021 amendment): the endpoints answer an {@link OAuthAnswer} (status,
 * headers, body) from an {@link OAuthCall} (the body's fields, the `Authorization` header, the
 * client address, a logger), never a Fastify request or reply, so the same code serves HTTP
 * ({@link registerOAuthEndpoint}) and the direct in-process transport (`app.oauthEndpoints`,
 * http/direct.ts), with the same body schema checked once.
 */
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { INPUT_LIMITS, stringInputProblem } from '@store/contracts';
import { verifyClientCredentials, type OAuthClient } from '@store/db';
import { fieldPath } from '../plugins/errors.ts';
import { isOperatorClientId, verifyOperatorCredentials } from './operator.ts';

/** What an OAuth endpoint answers: status, headers (lower-case names) and the JSON body. */
export interface OAuthAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** One call of an OAuth endpoint, whichever the transport (see module comment). */
export interface OAuthCall {
  app: FastifyInstance;
  /** the body's fields (form or JSON), already checked against the endpoint's schema */
  body: Record<string, unknown>;
  /** the `Authorization` header (HTTP Basic client authentication) */
  authorization: string | undefined;
  /** the client's address (Fastify's `request.ip`, or the address the storefront passed in process) */
  ip: string;
  log: FastifyBaseLogger;
}

/** An OAuth endpoint (token, revoke): its path, body schema and handler. */
export interface OAuthEndpoint {
  /** the full path, e.g. `/authorizationserver/oauth/token` (POST) */
  path: string;
  body: z.ZodType;
  run(call: OAuthCall): Promise<OAuthAnswer>;
}

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

/** An OAuth2 error answer `{error, error_description}` with `Cache-Control: no-store`. */
export function oauthError(status: number, error: string, description: string, headers: Record<string, string> = {}): OAuthAnswer {
  return { status, headers: { ...NO_STORE, ...headers }, body: { error, error_description: description } };
}

/** A 200 answer with `Cache-Control: no-store` and `Pragma: no-cache` (token answers). */
export function oauthSuccess(body: unknown): OAuthAnswer {
  return { status: 200, headers: { ...NO_STORE }, body };
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
 * The 400 `invalid_request` of a body that failed its schema, the description naming the first
 * bad parameter: `username: must be at most 254 characters`. `first` is the first validation
 * item (Fastify's, or a zod issue turned into one by the direct transport).
 */
export function invalidRequest(first: { instancePath: string; message?: string | undefined } | undefined): OAuthAnswer {
  const parameter = first ? fieldPath(first.instancePath, 'request body') : 'request body';
  return oauthError(400, 'invalid_request', `${parameter}: ${first?.message ?? 'invalid'}`);
}

/** The request body as a record of fields (form or JSON). */
export function bodyFields(body: unknown): Record<string, unknown> {
  return (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
}

/** A string field of the body, or undefined. */
export function bodyString(body: Record<string, unknown>, key: string): string | undefined {
  return typeof body[key] === 'string' ? (body[key] as string) : undefined;
}

/**
 * Authenticates the calling client: the client, or the answer refusing it (401
 * `invalid_client` with `WWW-Authenticate: Basic`, or 400 `invalid_request` when the HTTP Basic
 * id or secret is too long or holds a control character).
 */
export async function authenticateClient(call: OAuthCall): Promise<{ client: OAuthClient } | { refusal: OAuthAnswer }> {
  const basic = parseBasic(call.authorization);
  if (basic) {
    // the body's client_id / client_secret were checked by the route schema; HTTP Basic ones here (issue 9)
    const bad = stringInputProblem(basic.id, INPUT_LIMITS.label) ? 'client_id' : stringInputProblem(basic.secret, INPUT_LIMITS.token) ? 'client_secret' : null;
    if (bad) return { refusal: oauthError(400, 'invalid_request', `${bad}: must be at most ${bad === 'client_id' ? INPUT_LIMITS.label : INPUT_LIMITS.token} characters, without control characters`) };
  }
  const clientId = basic?.id ?? bodyString(call.body, 'client_id');
  const clientSecret = basic?.secret ?? bodyString(call.body, 'client_secret');
  // issue 12 (ADR 0027): the configured operator client, never a stored one of the same id
  const config = call.app.config;
  const client =
    clientId && clientSecret !== undefined
      ? isOperatorClientId(config, clientId)
        ? verifyOperatorCredentials(config, clientId, clientSecret)
        : await verifyClientCredentials(call.app.dbh.db, clientId, clientSecret)
      : null;
  if (!client) return { refusal: oauthError(401, 'invalid_client', 'Client authentication failed', { 'www-authenticate': 'Basic realm="store"' }) };
  return { client };
}

/**
 * Registers an OAuth endpoint on `app` (root scope): over HTTP a POST route whose body schema is
 * checked by Fastify with `attachValidation` (a bad body answers {@link invalidRequest}, the
 * OAuth error body rather than the OCC one), and in `app.oauthEndpoints` for the direct
 * transport, which checks the same schema (http/direct.ts).
 */
export function registerOAuthEndpoint(app: FastifyInstance, endpoint: OAuthEndpoint, docs: { tags: string[]; summary: string; description: string }): void {
  app.post(
    endpoint.path,
    {
      schema: { ...docs, consumes: ['application/x-www-form-urlencoded', 'application/json'], body: endpoint.body },
      attachValidation: true,
    },
    async (request: FastifyRequest, reply) => {
      const error = request.validationError as (FastifyError & { validationContext?: string }) | undefined;
      const answer = error
        ? invalidRequest(error.validation?.[0])
        : await endpoint.run({ app, body: bodyFields(request.body), authorization: request.headers.authorization, ip: request.ip, log: request.log });
      return reply.status(answer.status).headers(answer.headers).send(answer.body);
    },
  );
  app.oauthEndpoints.push(endpoint);
}
