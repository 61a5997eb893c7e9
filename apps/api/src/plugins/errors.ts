/**
 * The one place where errors become HTTP answers (DESIGN "Errors, end to end"), in the OCC body
 * `{"errors":[{type, reason, subject, message}]}`:
 * - DomainError → `httpStatusOf(kind)` with the error's entries (ValidationErrors list each field);
 * - request validation (zod) → 400, one `ValidationError` entry per bad field, `subject` the field
 *   path (`entries[0].qty`), `reason` `invalid` (or `missing` for an absent required field, or the
 *   input check's reason: `tooLong`, `invalidCharacters`, `passwordTooLong`; issue 9);
 * - Fastify's own 4xx (malformed JSON, unsupported media type, body too large) → that status;
 * - unknown routes → 404 `NotFoundError` (or `UnknownBaseSiteError` under an unknown site);
 * - the database unavailable (`isDatabaseUnavailableError` of @store/db: connection refused or
 *   lost, connect or query timeout, server shutting down, SQLite busy; issue 9 item 4, ADR 0013)
 *   → 503 `{errors:[{type:'ServiceUnavailableError', reason:'databaseUnavailable', message,
 *   correlationId}]}` with `Retry-After` ({@link DATABASE_RETRY_AFTER_S}), logged once at warn
 *   level with the correlation id and the reason; nothing of the cause reaches the client;
 * - anything else → 500 `{errors:[{type:'ServerError', message:'Internal error', correlationId}]}`,
 *   logged at error level with the correlation id; nothing of the cause reaches the client.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { httpStatusOf, isBaseSiteId, isDomainError } from '@store/domain';
import { unavailableReasonOf } from '@store/db';
import { inputIssueReason, type OccError, type OccErrorBody } from '@store/contracts';
import { HttpStatusError } from '../http/status-error.ts';

/** `/entries/0/qty` → `entries[0].qty` (a JSON pointer as a field path). */
export function fieldPath(instancePath: string, context?: string): string {
  const parts = instancePath.split('/').filter((p) => p !== '');
  let out = '';
  for (const part of parts) {
    const decoded = part.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(decoded) ? `[${decoded}]` : out === '' ? decoded : `.${decoded}`;
  }
  return out || context || 'request';
}

/** A header name as HTTP writes it: `idempotency-key` → `Idempotency-Key` (header schemas are lower-case). */
function headerName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => `${dash}${c.toUpperCase()}`);
}

/** One failed check of a request part, as fastify-type-provider-zod reports it (a zod issue). */
export interface ValidationItem {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Where a validation failed: Fastify's `validationContext`. */
export type ValidationContext = 'params' | 'body' | 'querystring' | 'headers';

/**
 * The OCC entries of a failed validation (one per bad field; see module comment). Shared by the
 * Fastify error handler and the direct transport (issue 11 item 3), so both name fields alike.
 */
export function validationEntriesOf(items: readonly ValidationItem[], context: string | undefined): OccError[] {
  return items.map((v) => {
    const params = v.params as { input?: unknown };
    const missing = v.keyword === 'invalid_type' && (('input' in params && params.input === undefined) || /received undefined$/.test(v.message ?? ''));
    return {
      type: 'ValidationError',
      // issue 9: the input checks of @store/contracts name their reason (tooLong, invalidCharacters, passwordTooLong)
      reason: inputIssueReason(v.params) ?? (missing ? 'missing' : 'invalid'),
      subject: context === 'headers' ? headerName(fieldPath(v.instancePath, context)) : fieldPath(v.instancePath, context),
      subjectType: context === 'querystring' ? 'parameter' : (context ?? 'body'),
      message: v.message ?? 'Invalid value',
    };
  });
}

/** A zod issue as a {@link ValidationItem} (the mapping of fastify-type-provider-zod). */
export function validationItemOf(issue: { code: string; path: readonly PropertyKey[]; message: string }): ValidationItem {
  const { code, path, message, ...rest } = issue;
  return { keyword: code, instancePath: `/${path.map(String).join('/')}`, message, params: rest };
}

function validationEntries(error: FastifyError): OccError[] {
  const context = (error as { validationContext?: string }).validationContext;
  if (hasZodFastifySchemaValidationErrors(error)) return validationEntriesOf(error.validation as unknown as ValidationItem[], context);
  return (error.validation ?? []).map((v) => ({
    type: 'ValidationError',
    reason: 'invalid',
    subject: fieldPath(v.instancePath, context),
    message: v.message ?? 'Invalid value',
  }));
}

/** The 500 body: nothing but the correlation id. */
export function serverErrorBody(correlationId: string): OccErrorBody {
  return { errors: [{ type: 'ServerError', message: 'Internal error', correlationId }] };
}

const FASTIFY_4XX_TYPES: Record<number, string> = {
  400: 'BadRequestError',
  404: 'NotFoundError',
  405: 'MethodNotAllowedError',
  406: 'NotAcceptableError',
  413: 'PayloadTooLargeError',
  415: 'UnsupportedMediaTypeError',
  429: 'TooManyRequestsError',
};

/** `Retry-After` of a 503 answered because the database is unavailable, seconds (ADR 0013). */
export const DATABASE_RETRY_AFTER_S = 5;

/** The 503 body of a database outage (issue 9 item 4): no cause, only the correlation id. */
export function databaseUnavailableBody(correlationId: string): OccErrorBody {
  return {
    errors: [
      {
        type: 'ServiceUnavailableError',
        reason: 'databaseUnavailable',
        message: 'The store is temporarily unavailable. Please retry shortly.',
        correlationId,
      },
    ],
  };
}

/** An answer as data: status, headers, OCC body (what {@link errorAnswer} gives). */
export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: OccErrorBody;
}

/** What {@link errorAnswer} logs with: the request's logger (it carries the correlation id). */
interface ErrorLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The answer of an error thrown while serving an API request (see module comment), logged as
 * the module comment says. The one mapping of the Fastify error handler and the direct
 * in-process transport (issue 11 item 3): a database outage answers 503 with `Retry-After` in
 * both (ADR 0013).
 */
export function errorAnswer(error: FastifyError | Error, correlationId: string, log: ErrorLog): ErrorAnswer {
  const fastifyError = error as FastifyError;
  // issue 9 item 4: a database outage is a 503 to retry, not a 500
  const unavailable = unavailableReasonOf(error);
  if (unavailable) {
    const code = (error as { code?: unknown }).code;
    log.warn({ reason: unavailable, code: typeof code === 'string' ? code : undefined, message: error.message }, 'database unavailable');
    return {
      status: 503,
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_S), 'cache-control': 'no-store' },
      body: databaseUnavailableBody(correlationId),
    };
  }
  if (isDomainError(error)) return { status: httpStatusOf(error.kind), headers: {}, body: { errors: error.toEntries() } };
  // issue 12 (ADR 0030): 422 business refusals and 429 rate limits of the newer calls
  if (error instanceof HttpStatusError) return { status: error.status, headers: error.headers, body: { errors: error.entries } };
  if (fastifyError.validation) return { status: 400, headers: {}, body: { errors: validationEntries(fastifyError) } };
  const status = fastifyError.statusCode ?? 500;
  if (!isResponseSerializationError(fastifyError) && status >= 400 && status < 500) {
    const entry: OccError = {
      type: FASTIFY_4XX_TYPES[status] ?? 'BadRequestError',
      reason: fastifyError.code ? fastifyError.code.replace(/^FST_ERR_/, '').toLowerCase() : 'badRequest',
      message: error.message,
    };
    if (status === 401 || status === 403) entry.type = status === 401 ? 'UnauthorizedError' : 'ForbiddenError';
    return { status, headers: {}, body: { errors: [entry] } };
  }
  log.error({ err: error, correlationId }, 'request failed');
  return { status: status >= 500 && status < 600 && status !== 500 ? status : 500, headers: {}, body: serverErrorBody(correlationId) };
}

/** Installs the error handler and the not-found handler on `app` (root scope). */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const answer = errorAnswer(error, request.id, request.log);
    return reply.status(answer.status).headers(answer.headers).send(answer.body);
  });

  app.setNotFoundHandler(async (request, reply) => {
    return reply.status(404).send(notFoundBody(request.method, request.url));
  });
}

/** The 404 body of an unknown route (UnknownBaseSiteError when the path names an unknown site). */
export function notFoundBody(method: string, url: string): OccErrorBody {
  const path = url.split('?')[0] ?? url;
  const site = /^\/rest\/v2\/([^/]+)\/.+/.exec(path)?.[1];
  if (site !== undefined && !isBaseSiteId(decodeURIComponent(site)) && site !== 'docs') {
    return {
      errors: [{ type: 'UnknownBaseSiteError', reason: 'notFound', subject: 'baseSiteId', message: `Base site ${decodeURIComponent(site)} does not exist` }],
    };
  }
  return { errors: [{ type: 'NotFoundError', reason: 'notFound', message: `No route ${method} ${path}` }] };
}
