/**
 * The error body of every API answer that is not 2xx (DESIGN "Errors, end to end"), in the SAP
 * Commerce OCC style:
 *
 * ```json
 * {"errors":[{"type":"CartError","reason":"insufficientStock","subject":"entries[0].qty","message":"Only 3 left"}]}
 * ```
 *
 * - `type`: the error class (`ValidationError`, `UnknownIdentifierError`, `UnknownBaseSiteError`,
 *   `NotFoundError`, `InvalidTokenError`, `ServerError`, or a domain type such as `CartError`);
 * - `reason`: a stable machine code (`invalid`, `notFound`, `insufficientStock`, ...);
 * - `subject`: the field path or identifier concerned (`entries[0].qty`, `code`);
 * - `message`: English text for logs and developers (the storefront localises by `reason`);
 * - `correlationId`: present on 5xx answers; the same id is in the server logs and in the
 *   `correlationID` response header.
 */
import { z } from 'zod';

/** One error of an OCC error body. */
export const OccErrorSchema = z.object({
  type: z.string(),
  reason: z.string().optional(),
  subject: z.string().optional(),
  subjectType: z.string().optional(),
  message: z.string(),
  correlationId: z.string().optional(),
});
export type OccError = z.infer<typeof OccErrorSchema>;

/** The error body: `{ errors: OccError[] }`. */
export const OccErrorBodySchema = z.object({ errors: z.array(OccErrorSchema) });
export type OccErrorBody = z.infer<typeof OccErrorBodySchema>;

/** Error types the API itself answers (domain errors add their own `type`). */
export const API_ERROR_TYPES = {
  validation: 'ValidationError',
  unknownIdentifier: 'UnknownIdentifierError',
  unknownBaseSite: 'UnknownBaseSiteError',
  notFound: 'NotFoundError',
  invalidToken: 'InvalidTokenError',
  server: 'ServerError',
} as const;

/**
 * Thrown by the typed API client for every non-2xx answer.
 * `status` is the HTTP status, `errors` the OCC errors (a single synthetic `HttpError` when the
 * body was not an OCC body), `correlationId` the `correlationID` response header or the id in
 * the body (null when neither is present), `body` the parsed JSON body (or raw text).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: OccError[];
  readonly correlationId: string | null;
  readonly body: unknown;
  /** seconds to wait before trying again (the answer's `Retry-After`, e.g. on 429 or 503), or null */
  readonly retryAfterS: number | null;

  constructor(status: number, errors: OccError[], correlationId: string | null, body: unknown, retryAfterS: number | null = null) {
    super(errors[0]?.message ? `HTTP ${status}: ${errors[0].message}` : `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.correlationId = correlationId;
    this.body = body;
    this.retryAfterS = retryAfterS;
  }

  /** The first error's `reason` (or `type` when it has none). */
  get reason(): string | undefined {
    return this.errors[0]?.reason ?? this.errors[0]?.type;
  }

  /** True for 4xx answers (business and validation errors). */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/**
 * Seconds of a `Retry-After` header value (delay-seconds, or an HTTP date measured from `nowMs`),
 * at least 1; null when absent or unreadable (RFC 9110 §10.2.3).
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number = Date.now()): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.max(1, Number(text));
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(1, Math.ceil((at - nowMs) / 1000));
}

/** Type guard usable across module copies (checks the name, not only `instanceof`). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError || (error instanceof Error && error.name === 'ApiError' && 'status' in error);
}
