/**
 * The domain's typed errors (DESIGN "Errors, end to end"). One closed set of kinds; each error
 * carries a stable machine `reason`, the `type` shown in the OCC-style error body, the `subject`
 * it concerns (a field path such as `entries[0].qty`) and an English `message` (the storefront
 * translates by `reason`). The API maps `kind` to an HTTP status in one place with
 * {@link httpStatusOf}.
 */

/** The closed set of error kinds. */
export type ErrorKind = 'NotFound' | 'InvalidInput' | 'Conflict' | 'Forbidden' | 'Unauthorized';

/** Every kind, in a stable order (useful for exhaustive tests and OpenAPI docs). */
export const ERROR_KINDS: readonly ErrorKind[] = ['NotFound', 'InvalidInput', 'Conflict', 'Forbidden', 'Unauthorized'];

/** One entry of the error body: `{"errors":[{type, reason, subject?, message}]}`. */
export interface ErrorEntry {
  type: string;
  reason: string;
  subject?: string;
  message: string;
}

/** Options of {@link DomainError}. */
export interface DomainErrorOptions {
  /** OCC error type, e.g. `CartError`, `InsufficientStockError`, `ValidationError` */
  type: string;
  /** stable machine code, e.g. `insufficientStock` */
  reason: string;
  /** what the error concerns, e.g. `entries[0].qty` or `postalCode` */
  subject?: string;
  /** English, human-readable */
  message: string;
}

/**
 * A business-rule failure. Raised by the domain and the flows; never carries internals.
 */
export class DomainError extends Error {
  readonly kind: ErrorKind;
  readonly type: string;
  readonly reason: string;
  readonly subject?: string;

  constructor(kind: ErrorKind, opts: DomainErrorOptions) {
    super(opts.message);
    this.name = 'DomainError';
    this.kind = kind;
    this.type = opts.type;
    this.reason = opts.reason;
    if (opts.subject !== undefined) this.subject = opts.subject;
  }

  /** The entries of the error body for this error (one entry; {@link ValidationErrors} gives several). */
  toEntries(): ErrorEntry[] {
    const entry: ErrorEntry = { type: this.type, reason: this.reason, message: this.message };
    if (this.subject !== undefined) entry.subject = this.subject;
    return [entry];
  }
}

/** One field failure inside {@link ValidationErrors}. */
export interface FieldError {
  subject: string;
  reason: string;
  message: string;
}

/**
 * Several field failures at once (kind InvalidInput, HTTP 400): validation lists every bad
 * field (DESIGN "Errors"). `reason` and `subject` of the error itself are those of the first
 * field; {@link DomainError.toEntries} lists them all, each with this error's `type`.
 * @throws RangeError when `errors` is empty (a programming error).
 */
export class ValidationErrors extends DomainError {
  readonly errors: readonly FieldError[];

  constructor(errors: readonly FieldError[], type = 'ValidationError') {
    const first = errors[0];
    if (first === undefined) throw new RangeError('ValidationErrors needs at least one field error');
    super('InvalidInput', { type, reason: first.reason, subject: first.subject, message: first.message });
    this.name = 'ValidationErrors';
    this.errors = [...errors];
  }

  override toEntries(): ErrorEntry[] {
    return this.errors.map((e) => ({ type: this.type, reason: e.reason, subject: e.subject, message: e.message }));
  }
}

function make(kind: ErrorKind, type: string, reason: string, message: string, subject?: string): DomainError {
  return new DomainError(kind, subject === undefined ? { type, reason, message } : { type, reason, message, subject });
}

/** A NotFound error (HTTP 404). */
export function notFound(type: string, reason: string, message: string, subject?: string): DomainError {
  return make('NotFound', type, reason, message, subject);
}
/** An InvalidInput error (HTTP 400). */
export function invalidInput(type: string, reason: string, message: string, subject?: string): DomainError {
  return make('InvalidInput', type, reason, message, subject);
}
/** A Conflict error (HTTP 409). */
export function conflict(type: string, reason: string, message: string, subject?: string): DomainError {
  return make('Conflict', type, reason, message, subject);
}
/** A Forbidden error (HTTP 403). */
export function forbidden(type: string, reason: string, message: string, subject?: string): DomainError {
  return make('Forbidden', type, reason, message, subject);
}
/** An Unauthorized error (HTTP 401). */
export function unauthorized(type: string, reason: string, message: string, subject?: string): DomainError {
  return make('Unauthorized', type, reason, message, subject);
}

/** The HTTP status of an error kind: NotFound 404, InvalidInput 400, Conflict 409, Forbidden 403, Unauthorized 401. */
export function httpStatusOf(kind: ErrorKind): number {
  switch (kind) {
    case 'NotFound':
      return 404;
    case 'InvalidInput':
      return 400;
    case 'Conflict':
      return 409;
    case 'Forbidden':
      return 403;
    case 'Unauthorized':
      return 401;
  }
}

/** Type guard: is `x` a {@link DomainError} (including {@link ValidationErrors})? */
export function isDomainError(x: unknown): x is DomainError {
  return x instanceof DomainError;
}
