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
import { unavailableReasonOf, type UnavailableReason } from '@store/db';
import { inputIssueReason, type OccError, type OccErrorBody } from '@store/contracts';

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

function validationEntries(error: FastifyError): OccError[] {
  const context = (error as { validationContext?: string }).validationContext;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return error.validation.map((v) => {
      const params = v.params as { input?: unknown };
      const missing =
        v.keyword === 'invalid_type' && (('input' in params && params.input === undefined) || /received undefined$/.test(v.message ?? ''));
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

/** Answers 503 for a database outage and logs it once (see module comment). */
function replyDatabaseUnavailable(request: FastifyRequest, reply: FastifyReply, error: Error, reason: UnavailableReason): FastifyReply {
  const code = (error as { code?: unknown }).code;
  // the request's logger already carries the correlation id
  request.log.warn({ reason, code: typeof code === 'string' ? code : undefined, message: error.message }, 'database unavailable');
  return reply
    .status(503)
    .header('retry-after', String(DATABASE_RETRY_AFTER_S))
    .header('cache-control', 'no-store')
    .send(databaseUnavailableBody(request.id));
}

/** Installs the error handler and the not-found handler on `app` (root scope). */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // issue 9 item 4: a database outage is a 503 to retry, not a 500
    const unavailable = unavailableReasonOf(error);
    if (unavailable) return replyDatabaseUnavailable(request, reply, error, unavailable);
    if (isDomainError(error)) {
      return reply.status(httpStatusOf(error.kind)).send({ errors: error.toEntries() });
    }
    if (error.validation) {
      return reply.status(400).send({ errors: validationEntries(error) });
    }
    const status = error.statusCode ?? 500;
    if (!isResponseSerializationError(error) && status >= 400 && status < 500) {
      const entry: OccError = {
        type: FASTIFY_4XX_TYPES[status] ?? 'BadRequestError',
        reason: error.code ? error.code.replace(/^FST_ERR_/, '').toLowerCase() : 'badRequest',
        message: error.message,
      };
      if (status === 401 || status === 403) entry.type = status === 401 ? 'UnauthorizedError' : 'ForbiddenError';
      return reply.status(status).send({ errors: [entry] });
    }
    request.log.error({ err: error, correlationId: request.id }, 'request failed');
    return reply.status(status >= 500 && status < 600 && status !== 500 ? status : 500).send(serverErrorBody(request.id));
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
