/**
 * Database availability (issue 9 item 4, ADR 0013): which errors mean "the database is
 * unavailable right now" (the API answers 503 with `Retry-After`, not a 500: nothing is wrong
 * with the request, retrying later will work), the error the connection layer raises itself, and
 * the per-process circuit breaker that makes an outage answer fast.
 *
 * ## Classification ({@link unavailableReasonOf})
 * One place for every driver's way of saying it, looked for on the error, its `cause` chain and
 * the members of an `AggregateError` (Node's connect with several addresses):
 * - Node socket errors: `ECONNREFUSED` → `connectionRefused`; `ECONNRESET`, `EPIPE`,
 *   `ETIMEDOUT`, `EHOSTUNREACH`, `ENETUNREACH`, `ENOTFOUND`, `EAI_AGAIN`, `ECONNABORTED` →
 *   `connectionLost`;
 * - node-postgres messages (it has no codes for these): `Connection terminated due to connection
 *   timeout` / `timeout expired` → `connectTimeout`; `timeout exceeded when trying to connect`
 *   (waiting for a free pool client) → `poolTimeout`; `Query read timeout` (the client-side
 *   query timeout) → `queryTimeout`; `Connection terminated`, `... is not queryable` →
 *   `connectionLost`;
 * - PostgreSQL SQLSTATEs: class `08` (connection exception) and `25P03` (idle in transaction
 *   session timeout) → `connectionLost`; `57P01` admin shutdown, `57P02` crash shutdown, `57P03`
 *   cannot connect now → `shuttingDown`; `53300` too many connections → `tooManyConnections`;
 *   `57014` query canceled (our `statement_timeout`) → `statementTimeout`;
 * - SQLite (better-sqlite3 `code`): `SQLITE_BUSY*`, `SQLITE_LOCKED*` (another connection holds
 *   the lock longer than `busy_timeout`) → `busy`;
 * - {@link DatabaseUnavailableError}: its own `reason` (`circuitOpen`, `connectionLost`).
 *
 * ## Circuit breaker ({@link CircuitBreaker})
 * Without it, every request during an outage waits the full connect or query timeout, and the
 * requests pile up behind the pool. The breaker is per process and per database handle:
 * - closed: everything goes through;
 * - a failure that shows the server cannot be reached ({@link isConnectivityFailure}: connect
 *   timeout, refused, lost connection, query timeout, shutting down, too many connections) opens
 *   it for `cooldownMs`: connections are refused at once with `DatabaseUnavailableError`
 *   (`circuitOpen`);
 * - after the cooldown one caller (the probe) goes through, the others are still refused; the
 *   probe's answer closes the breaker (the server answered, even with an SQL error) or opens it
 *   again. A probe that never settles is replaced after `probeTimeoutMs`.
 * So the store recovers by itself within about one cooldown of the database coming back.
 */

/** Why the database is unavailable (see module comment). */
export type UnavailableReason =
  | 'connectTimeout'
  | 'connectionRefused'
  | 'connectionLost'
  | 'queryTimeout'
  | 'poolTimeout'
  | 'statementTimeout'
  | 'shuttingDown'
  | 'tooManyConnections'
  | 'busy'
  | 'circuitOpen';

/**
 * Raised by the connection layer itself: the circuit breaker refusing a connection during an
 * outage (`circuitOpen`), or a query on a connection abandoned after a timeout
 * (`connectionLost`). `code` is `DB_UNAVAILABLE`.
 */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DB_UNAVAILABLE';
  readonly reason: UnavailableReason;
  constructor(reason: UnavailableReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
    this.reason = reason;
  }
}

const SOCKET_CODES: Record<string, UnavailableReason> = {
  ECONNREFUSED: 'connectionRefused',
  ECONNRESET: 'connectionLost',
  EPIPE: 'connectionLost',
  ETIMEDOUT: 'connectionLost',
  EHOSTUNREACH: 'connectionLost',
  ENETUNREACH: 'connectionLost',
  ENOTFOUND: 'connectionLost',
  EAI_AGAIN: 'connectionLost',
  ECONNABORTED: 'connectionLost',
};

const PG_MESSAGES: Array<[RegExp, UnavailableReason]> = [
  [/^Connection terminated due to connection timeout/, 'connectTimeout'],
  [/^timeout expired$/, 'connectTimeout'],
  [/^timeout exceeded when trying to connect/, 'poolTimeout'],
  [/^Query read timeout/, 'queryTimeout'],
  [/^Connection terminated/, 'connectionLost'],
  [/is not queryable$/, 'connectionLost'],
];

function reasonOfOne(error: object): UnavailableReason | null {
  if (error instanceof DatabaseUnavailableError) return error.reason;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code in SOCKET_CODES) return SOCKET_CODES[code]!;
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
    if (/^08[0-9A-Z]{3}$/.test(code) || code === '25P03') return 'connectionLost';
    if (code === '57P01' || code === '57P02' || code === '57P03') return 'shuttingDown';
    if (code === '53300') return 'tooManyConnections';
    if (code === '57014') return 'statementTimeout';
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string') {
    for (const [pattern, reason] of PG_MESSAGES) if (pattern.test(message)) return reason;
  }
  return null;
}

/**
 * Why `error` means the database is unavailable, or null when it does not (a bug, a constraint,
 * bad SQL: those stay 500s or their own 4xx). Looks at the error, its `cause` chain and the
 * errors of an `AggregateError` (see module comment for the table).
 */
export function unavailableReasonOf(error: unknown): UnavailableReason | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 16) {
    const current = queue.shift();
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const reason = reasonOfOne(current);
    if (reason) return reason;
    queue.push((current as { cause?: unknown }).cause);
    const members = (current as { errors?: unknown }).errors;
    if (Array.isArray(members)) queue.push(...members);
  }
  return null;
}

/** True when `error` means the database is unavailable (see {@link unavailableReasonOf}). */
export function isDatabaseUnavailableError(error: unknown): boolean {
  return unavailableReasonOf(error) !== null;
}

const CONNECTIVITY: ReadonlySet<UnavailableReason> = new Set([
  'connectTimeout',
  'connectionRefused',
  'connectionLost',
  'queryTimeout',
  'shuttingDown',
  'tooManyConnections',
]);

/**
 * True for the reasons that show the server cannot be reached or is going away (they open the
 * circuit breaker). Not: a busy pool (`poolTimeout`), a statement the server cancelled
 * (`statementTimeout`: the server answered), SQLite's `busy`, the breaker's own `circuitOpen`.
 */
export function isConnectivityFailure(reason: UnavailableReason | null): boolean {
  return reason !== null && CONNECTIVITY.has(reason);
}

/** Options of {@link CircuitBreaker}. */
export interface CircuitBreakerOptions {
  /** how long the breaker stays open after a connectivity failure, ms */
  cooldownMs: number;
  /** after this long without an answer, a half-open probe is replaced by the next caller, ms */
  probeTimeoutMs: number;
  /** clock in ms (tests) */
  now?: () => number;
}

/** The breaker's state: `closed` (all through), `open` (all refused), `halfOpen` (one probe out). */
export type CircuitState = 'closed' | 'open' | 'halfOpen';

/** A per-process circuit breaker over one database (see module comment "Circuit breaker"). */
export class CircuitBreaker {
  readonly #cooldownMs: number;
  readonly #probeTimeoutMs: number;
  readonly #now: () => number;
  #state: CircuitState = 'closed';
  #openUntil = 0;
  #probeSince = 0;

  constructor(opts: CircuitBreakerOptions) {
    this.#cooldownMs = opts.cooldownMs;
    this.#probeTimeoutMs = opts.probeTimeoutMs;
    this.#now = opts.now ?? Date.now;
  }

  /** The current state (an open breaker whose cooldown is over still says `open` until asked). */
  get state(): CircuitState {
    return this.#state;
  }

  /**
   * Asks to use the database. Returns when allowed (closed, or this caller is the half-open
   * probe).
   * @throws DatabaseUnavailableError (`circuitOpen`) while open, or while another probe is out
   */
  enter(): void {
    if (this.#state === 'closed') return;
    const now = this.#now();
    if (this.#state === 'open' && now >= this.#openUntil) {
      this.#state = 'halfOpen';
      this.#probeSince = now;
      return;
    }
    if (this.#state === 'halfOpen' && now - this.#probeSince >= this.#probeTimeoutMs) {
      this.#probeSince = now;
      return;
    }
    throw new DatabaseUnavailableError('circuitOpen', 'The database is unavailable (recent connection failures); not trying again yet');
  }

  /** The database answered (a result or an SQL error): close the breaker. */
  succeeded(): void {
    this.#state = 'closed';
  }

  /** A connectivity failure: open the breaker for the cooldown. */
  failed(): void {
    this.#state = 'open';
    this.#openUntil = this.#now() + this.#cooldownMs;
  }

  /**
   * Settles one outcome: null (an answer) closes, a connectivity failure opens; any other
   * unavailability (busy pool, cancelled statement) changes nothing, except that a half-open
   * probe ending that way opens the breaker again (it proved nothing).
   */
  settle(reason: UnavailableReason | null): void {
    if (reason === null) this.succeeded();
    else if (isConnectivityFailure(reason) || this.#state === 'halfOpen') this.failed();
  }
}
