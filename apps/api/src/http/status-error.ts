/**
 * An error answered with a status outside the domain's closed set (issue 12, ADR 0030): 422
 * (a well-formed request the business rules refuse, e.g. a self-referral) and 429 (a rate limit,
 * with `Retry-After`), in the OCC body. The one mapping (plugins/errors.ts `errorAnswer`) answers
 * it for Fastify and the direct transport alike.
 */
import type { ErrorEntry } from '@store/domain';

/** See module comment. */
export class HttpStatusError extends Error {
  readonly status: 422 | 429;
  readonly entries: ErrorEntry[];
  readonly headers: Record<string, string>;

  constructor(status: 422 | 429, entry: ErrorEntry, headers: Record<string, string> = {}) {
    super(entry.message);
    this.name = 'HttpStatusError';
    this.status = status;
    this.entries = [entry];
    this.headers = headers;
  }
}

/** 422 `type`/`reason` on `subject` with an English message. */
export function unprocessable(type: string, reason: string, message: string, subject?: string): HttpStatusError {
  return new HttpStatusError(422, subject === undefined ? { type, reason, message } : { type, reason, message, subject });
}

/** 429 `TooManyAttemptsError` with `Retry-After` (seconds) and `Cache-Control: no-store`. */
export function tooManyAttempts(retryAfterS: number): HttpStatusError {
  return new HttpStatusError(
    429,
    { type: 'TooManyAttemptsError', reason: 'tooManyAttempts', message: 'Too many attempts. Please try again later.' },
    { 'retry-after': String(retryAfterS), 'cache-control': 'no-store' },
  );
}
