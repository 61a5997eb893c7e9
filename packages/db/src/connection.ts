/**
 * Database connection layer: one Kysely instance over SQLite (better-sqlite3) or PostgreSQL (pg),
 * chosen by the URL, and the write-transaction wrapper every flow uses.
 *
 * ## Choosing the database
 * - `file:PATH` (or `file:///abs/path`, or `file::memory:`) opens SQLite at PATH, creating the
 *   parent directory. Pragmas: `journal_mode=WAL`, `foreign_keys=ON`, `synchronous=NORMAL`,
 *   `busy_timeout` = the statement timeout (5000 ms by default).
 * - `postgres://` / `postgresql://` opens a pg Pool (10 connections by default). `int8` and
 *   `numeric` are parsed as JS numbers, so `count(*)` answers a number on both dialects.
 *
 * ## Timeouts and outages (issue 9 item 4, ADR 0013)
 * Every call to the database has a time limit ({@link DbTimeouts}, {@link DEFAULT_DB_TIMEOUTS}):
 * - PostgreSQL: `connectionTimeoutMillis` (opening a connection, and waiting for a free one in a
 *   full pool), the server-side `statement_timeout` and `idle_in_transaction_session_timeout`,
 *   a client-side query timeout of the statement timeout plus {@link CLIENT_TIMEOUT_MARGIN_MS}
 *   (a server that stopped answering never cancels anything itself), and the pool's idle
 *   timeout. A client whose query timed out (or whose connection broke) is destroyed on release,
 *   never handed out again: pg leaves the timed-out query active on that connection.
 * - A per-handle circuit breaker (availability.ts) refuses connections at once for
 *   `breakerCooldownMs` after a connectivity failure, so during an outage requests fail fast
 *   instead of each waiting the connect timeout; one probe after the cooldown closes it again.
 * - SQLite: `busy_timeout` (another process holding the write lock). No breaker: a busy lock is
 *   not an outage of reads.
 * Errors meaning "unavailable" are classified by `unavailableReasonOf` (availability.ts); the
 * API answers them 503 with `Retry-After`.
 *
 * ## Transactions (`withTransaction`)
 * `withTransaction(dbh, async (trx, afterCommit) => { ... })` runs `fn` in ONE transaction and
 * answers its result.
 * - SQLite: better-sqlite3 has a single synchronous connection, but Kysely transactions span
 *   awaits, so two requests could interleave statements. Every write transaction therefore takes
 *   an in-process mutex (async-mutex, FIFO) and runs on the connection reserved by Kysely's transaction, begun
 *   with `BEGIN IMMEDIATE` (our dialect's driver). That takes SQLite's write lock up front, so a
 *   second process (e.g. the catalogue importer) waits up to `busy_timeout` instead of failing
 *   on a read-to-write upgrade. Every `db.transaction()` on this handle, not only
 *   `withTransaction`, begins IMMEDIATE; the SQL counter does not see BEGIN/COMMIT. Kysely's own connection
 *   mutex means plain queries issued while a transaction is open wait for it to finish, so
 *   inside `fn` ALWAYS use `trx`, never `dbh.db` (that would wait on itself and deadlock).
 *   `trx` is a real Kysely `Transaction` (`trx.isTransaction === true`), so code that opens its
 *   own transaction unless given one (the seeder, the importer) joins it.
 * - PostgreSQL: `db.transaction()` with the requested isolation level (default read committed);
 *   with `retries` > 0 a serialization failure (40001) or deadlock (40P01) re-runs `fn`.
 * - Integrity rules stay in SQL (DESIGN "Concurrency and integrity"): conditional updates such as
 *   `UPDATE stock SET available = available - n WHERE variant_code = ? AND available >= n`, with
 *   the row count checked; never read-then-write in application code.
 * - `afterCommit(fn)` queues a side effect (email, event) that runs only after COMMIT succeeded,
 *   in queue order, awaited before `withTransaction` answers. Nothing runs on rollback. A failing
 *   hook does not undo the commit: its error goes to `dbh.onHookError` (default: console.warn)
 *   and the remaining hooks still run. Hooks must use data the transaction returned; if they need
 *   the database they use `dbh.db` (the transaction is over by then).
 *
 * ## Prepared statements (SQLite)
 * Kysely's SQLite driver calls `database.prepare(sql)` for every query, and preparing (parsing and
 * planning) cost more than running the store's small indexed queries. The database handed to
 * Kysely is a thin wrapper whose `prepare` answers a cached statement for SQL text it has seen:
 * an LRU of at most {@link STATEMENT_CACHE_SIZE} statements keyed by the SQL text (the
 * parameters are bound at each run, so the text is the whole key; `IN (?, ?, ...)` lists of
 * different lengths are different texts, hence the bound). SQLite re-prepares a cached statement
 * by itself when the schema changes (migrations). A statement still busy iterating (a stream) is
 * never handed out twice: a fresh one is prepared instead. PostgreSQL needs nothing here.
 *
 * ## Read cache of reference data
 * `createDb(url, { readCacheTtlMs })` gives the handle a per-process cache that `cachedRead`
 * uses for data operators change rarely and that may show a few seconds late: site configuration,
 * base sites, the category tree, CMS pages. Off by default (tests and tools read the database);
 * the server turns it on with a short TTL (5 s, ADR 0011). No invalidation: several processes
 * may run, each sees a change within one TTL. `withTransaction` transactions share it.
 *
 * ## Counting statements
 * `createQueryCounter()` is a Kysely plugin; pass it in `createDb(url, { plugins: [counter] })`
 * and read `counter.count` around an operation to count the SQL statements it ran (benchmarks,
 * N+1 tests). A statement counts once when its result comes back (subqueries are part of their
 * statement; a statement the database refused is not counted). Transaction BEGIN/COMMIT are not
 * counted (driver internals).
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Mutex } from 'async-mutex';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type KyselyPlugin,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type SqliteStatement,
  type PluginTransformQueryArgs,
  type PostgresPool,
  type PostgresPoolClient,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Database } from './schema.ts';
import { CircuitBreaker, DatabaseUnavailableError, isConnectivityFailure, unavailableReasonOf } from './availability.ts';

/** The two supported dialects. */
export type Dialect = 'sqlite' | 'postgres';

/** A Kysely executor over the store schema: the database itself or a transaction. */
export type Executor = Kysely<Database>;

/** A side effect queued by `afterCommit`. */
export type AfterCommitHook = () => void | Promise<void>;
/** Queues a side effect to run once the transaction has committed. */
export type AfterCommit = (hook: AfterCommitHook) => void;

/** An open database: the Kysely instance, its dialect, and how to close it. */
export interface DbHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** the URL it was opened with (password masked) */
  url: string;
  /** receives errors thrown by after-commit hooks; default console.warn */
  onHookError: (error: unknown) => void;
  /** closes the pool / file; idempotent */
  close(): Promise<void>;
}

/** Options of `createDb`. */
export interface CreateDbOptions {
  /** Kysely plugins (e.g. a query counter) */
  plugins?: KyselyPlugin[];
  /** PostgreSQL pool size (default 10) */
  poolSize?: number;
  /**
   * Lifetime in ms of the per-process cache of reference data read through {@link cachedRead}
   * (site configuration, base sites, categories); 0 or absent: no cache, every read goes to the
   * database (tests, tools). The server turns it on (ADR 0011).
   */
  readCacheTtlMs?: number;
  /** time limits of every database call, ms (defaults {@link DEFAULT_DB_TIMEOUTS}; issue 9 item 4) */
  timeouts?: Partial<DbTimeouts>;
  /**
   * PostgreSQL: how long the circuit breaker refuses connections after a connectivity failure,
   * ms (default {@link DEFAULT_BREAKER_COOLDOWN_MS}; 0: no breaker).
   */
  breakerCooldownMs?: number;
}

/** Time limits of the database calls, all in ms (issue 9 item 4, ADR 0013). */
export interface DbTimeouts {
  /** PostgreSQL: opening a connection, or waiting for a free one in a full pool */
  connectTimeoutMs: number;
  /**
   * one statement: PostgreSQL `statement_timeout` (and the client-side query timeout, plus
   * {@link CLIENT_TIMEOUT_MARGIN_MS}); SQLite `busy_timeout` (waiting for another process's lock)
   */
  statementTimeoutMs: number;
  /** PostgreSQL: an idle pooled connection is closed after this long */
  idleTimeoutMs: number;
  /** PostgreSQL `idle_in_transaction_session_timeout`: the server ends a session left idle inside a transaction */
  idleInTransactionTimeoutMs: number;
}

/** Default time limits (the API's configuration uses the same: DB_CONNECT_TIMEOUT_MS, ...). */
export const DEFAULT_DB_TIMEOUTS: Readonly<DbTimeouts> = Object.freeze({
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 5_000,
  idleTimeoutMs: 30_000,
  idleInTransactionTimeoutMs: 30_000,
});

/**
 * The client-side query timeout is the statement timeout plus this (ms): a live server cancels
 * the statement first (SQLSTATE 57014, the connection stays usable); only a server that stopped
 * answering reaches the client-side limit.
 */
export const CLIENT_TIMEOUT_MARGIN_MS = 1_000;

/** Default cooldown of the PostgreSQL circuit breaker, ms. */
export const DEFAULT_BREAKER_COOLDOWN_MS = 2_000;

const sqliteWriteLocks = new WeakMap<Kysely<Database>, Mutex>();

/** A read cache of one database handle (see {@link cachedRead}). */
interface ReadCache {
  ttlMs: number;
  entries: Map<string, { expiresAt: number; value: Promise<unknown> }>;
}

/** Reference-data caches by Kysely instance; a transaction is another instance, so it has none. */
const readCaches = new WeakMap<object, ReadCache>();

/** At most this many cached reads per handle (site configuration and categories are a handful; CMS pages one per page). */
const READ_CACHE_MAX_ENTRIES = 1000;

/**
 * Answers `load()`, cached for the handle's `readCacheTtlMs` under `key` (ADR 0011). For
 * reference data that operators change rarely and that may be seen up to the TTL late: site
 * configuration, base sites, the category tree. Several processes each keep their own copy, so a
 * change shows everywhere within one TTL, with no invalidation to coordinate.
 *
 * - Without a cache (`readCacheTtlMs` 0, or `db` a transaction opened with `db.transaction()`)
 *   it simply calls `load()`. A `withTransaction` transaction shares its handle's cache: the
 *   data read through it is by definition allowed to be a TTL late, inside a transaction too
 *   (an order is priced with the shipping rates the shopper saw a moment earlier).
 * - Concurrent callers of a missing or expired key share one `load()`; a failed load is not kept.
 * - The cached value is shared: callers must not mutate it (answer copies where in doubt).
 */
export function cachedRead<T>(db: Executor, key: string, load: () => Promise<T>): Promise<T> {
  const cache = readCaches.get(db);
  if (!cache) return load();
  const now = Date.now();
  const hit = cache.entries.get(key);
  if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
  const value = load();
  cache.entries.delete(key);
  // full: drop the oldest entry (insertion order), so one kind of key cannot flush the others for long
  if (cache.entries.size >= READ_CACHE_MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
  cache.entries.set(key, { expiresAt: now + cache.ttlMs, value });
  value.catch(() => {
    if (cache.entries.get(key)?.value === value) cache.entries.delete(key);
  });
  return value;
}

/** True when `db` reads through a cache ({@link cachedRead}): a cached handle or a `withTransaction` transaction of one. */
export function hasReadCache(db: Executor): boolean {
  return readCaches.has(db);
}

/** Empties the read cache of a handle (after writing reference data in the same process). */
export function clearReadCache(db: Executor): void {
  readCaches.get(db)?.entries.clear();
}

function enableReadCache(db: Kysely<Database>, ttlMs: number | undefined): void {
  if (ttlMs !== undefined && ttlMs > 0) readCaches.set(db, { ttlMs, entries: new Map() });
}

/** A `withTransaction` transaction reads reference data through its handle's cache (if any). */
function withReadCacheOf(db: Kysely<Database>, trx: Executor): Executor {
  const cache = readCaches.get(db);
  if (cache) readCaches.set(trx, cache);
  return trx;
}

/** better-sqlite3 driver whose transactions start with BEGIN IMMEDIATE (write lock up front). */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * Kysely's SQLite adapter, saying that SQLite's DDL is transactional (it is): Kysely's `Migrator`
 * then runs the pending migrations in one (IMMEDIATE) transaction, all or nothing, and a second
 * process waits for it (migrate.ts, ADR 0020).
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** Kysely's SQLite dialect with BEGIN IMMEDIATE transactions and transactional DDL. */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** How many prepared statements the SQLite statement cache keeps (least recently used dropped first). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The better-sqlite3 database as Kysely sees it, with a bounded LRU cache of prepared statements
 * keyed by SQL text (see module comment "Prepared statements").
 */
export function cachingSqliteDatabase(database: BetterSqlite3.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(text: string): SqliteStatement {
      const cached = statements.get(text);
      if (cached && !cached.busy) {
        // most recently used goes last
        statements.delete(text);
        statements.set(text, cached);
        return cached as unknown as SqliteStatement;
      }
      const statement = database.prepare(text);
      if (!cached) {
        statements.set(text, statement);
        if (statements.size > size) statements.delete(statements.keys().next().value!);
      }
      return statement as unknown as SqliteStatement;
    },
  };
}

function maskUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

/** Parses `file:PATH` into a filesystem path (or ':memory:'). */
export function sqlitePathOf(url: string): string {
  let path = url.slice('file:'.length);
  if (path.startsWith('//')) path = path.slice(2); // file:///abs → /abs
  if (path === ':memory:' || path === '') return ':memory:';
  return resolve(path);
}

/**
 * The pg pool as Kysely sees it, guarded (see module comment "Timeouts and outages"): the circuit
 * breaker is asked before every connection, every outcome settles it, and a client that saw a
 * connectivity failure (query timeout, broken connection) is destroyed on release.
 */
function guardedPool(pool: pg.Pool, breaker: CircuitBreaker | null): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      breaker?.enter();
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        breaker?.settle(unavailableReasonOf(error));
        throw error;
      }
      return guardedClient(client, breaker);
    },
    end: () => pool.end(),
  };
}

function guardedClient(client: pg.PoolClient, breaker: CircuitBreaker | null): PostgresPoolClient {
  let broken: Error | null = null;
  // pg emits 'error' on a checked-out client whose connection breaks (after failing its queries);
  // pg-pool only listens while the client is idle, and an unheard 'error' would crash the process.
  const onError = (error: Error): void => {
    broken ??= error;
  };
  client.on('error', onError);
  const query = (text: unknown, parameters?: ReadonlyArray<unknown>): unknown => {
    if (typeof text !== 'string') return client.query(text as never); // a cursor (streaming)
    if (broken) {
      return Promise.reject(new DatabaseUnavailableError('connectionLost', 'The database connection was abandoned after a failure', { cause: broken }));
    }
    return client.query(text, parameters as unknown[]).then(
      (result) => {
        breaker?.succeeded();
        return result;
      },
      (error: unknown) => {
        const reason = unavailableReasonOf(error);
        if (isConnectivityFailure(reason)) broken = error instanceof Error ? error : new Error(String(error));
        breaker?.settle(reason);
        throw error;
      },
    );
  };
  return {
    query: query as PostgresPoolClient['query'],
    // release(error) makes pg-pool destroy the client instead of pooling it
    release: () => {
      client.off('error', onError);
      client.release(broken ?? undefined);
    },
  };
}

function pgTypes(): { getTypeParser: typeof pg.types.getTypeParser } {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
      if (oid === 20 || oid === 1700) return (value: string) => Number(value);
      return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid);
    }) as typeof pg.types.getTypeParser,
  };
}

/**
 * Opens the database named by `url` (see module comment). Throws on an unsupported URL scheme
 * (`DATABASE_URL must start with file: or postgres://`).
 */
export function createDb(url: string, opts: CreateDbOptions = {}): DbHandle {
  const plugins = opts.plugins ?? [];
  const timeouts: DbTimeouts = { ...DEFAULT_DB_TIMEOUTS, ...opts.timeouts };
  let closed = false;
  if (url.startsWith('file:')) {
    const path = sqlitePathOf(url);
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    const database = new BetterSqlite3(path);
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma(`busy_timeout = ${Math.max(0, Math.round(timeouts.statementTimeoutMs))}`);
    database.pragma('synchronous = NORMAL');
    const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: cachingSqliteDatabase(database) }), plugins });
    sqliteWriteLocks.set(db, new Mutex());
    enableReadCache(db, opts.readCacheTtlMs);
    return {
      db,
      dialect: 'sqlite',
      url,
      onHookError: (error) => console.warn('after-commit hook failed', error),
      async close() {
        if (closed) return;
        closed = true;
        await db.destroy();
      },
    };
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({
      connectionString: url,
      max: opts.poolSize ?? 10,
      types: pgTypes(),
      connectionTimeoutMillis: timeouts.connectTimeoutMs,
      idleTimeoutMillis: timeouts.idleTimeoutMs,
      statement_timeout: timeouts.statementTimeoutMs,
      query_timeout: timeouts.statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs,
    });
    const cooldownMs = opts.breakerCooldownMs ?? DEFAULT_BREAKER_COOLDOWN_MS;
    const breaker =
      cooldownMs > 0
        ? new CircuitBreaker({
            cooldownMs,
            probeTimeoutMs: timeouts.connectTimeoutMs + timeouts.statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
          })
        : null;
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', (error) => {
      if (!closed) console.warn('pg pool error', error.message);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: guardedPool(pool, breaker) }), plugins });
    enableReadCache(db, opts.readCacheTtlMs);
    return {
      db,
      dialect: 'postgres',
      url: maskUrl(url),
      onHookError: (error) => console.warn('after-commit hook failed', error),
      async close() {
        if (closed) return;
        closed = true;
        await db.destroy();
      },
    };
  }
  throw new Error(`DATABASE_URL must start with file: or postgres:// (got "${maskUrl(url)}")`);
}

/** Options of `withTransaction`. */
export interface TransactionOptions {
  /** PostgreSQL isolation level (default 'read committed'); ignored on SQLite (always serializable) */
  isolation?: 'read committed' | 'repeatable read' | 'serializable';
  /** PostgreSQL: how many times to re-run `fn` after a serialization failure or deadlock (default 0) */
  retries?: number;
}

function isRetryablePgError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40001' || code === '40P01';
}

async function runHooks(dbh: DbHandle, hooks: AfterCommitHook[]): Promise<void> {
  for (const hook of hooks) {
    try {
      await hook();
    } catch (error) {
      dbh.onHookError(error);
    }
  }
}

/**
 * Runs `fn` in one write transaction (see module comment): SQLite serialised by an in-process
 * mutex with BEGIN IMMEDIATE; PostgreSQL through `db.transaction()`. Rolls back and rethrows when
 * `fn` throws; otherwise commits, runs the after-commit hooks, and answers `fn`'s result.
 */
export async function withTransaction<T>(
  dbh: DbHandle,
  fn: (trx: Executor, afterCommit: AfterCommit) => Promise<T>,
  opts: TransactionOptions = {},
): Promise<T> {
  if (dbh.dialect === 'sqlite') {
    const lock = sqliteWriteLocks.get(dbh.db) ?? new Mutex();
    const hooks: AfterCommitHook[] = [];
    const result = await lock.runExclusive(() => dbh.db.transaction().execute((trx) => fn(withReadCacheOf(dbh.db, trx), (hook) => hooks.push(hook))));
    await runHooks(dbh, hooks);
    return result;
  }

  const retries = opts.retries ?? 0;
  for (let attempt = 0; ; attempt++) {
    const hooks: AfterCommitHook[] = [];
    try {
      let builder = dbh.db.transaction();
      if (opts.isolation) builder = builder.setIsolationLevel(opts.isolation);
      const result = await builder.execute((trx) => fn(withReadCacheOf(dbh.db, trx), (hook) => hooks.push(hook)));
      await runHooks(dbh, hooks);
      return result;
    } catch (error) {
      if (attempt < retries && isRetryablePgError(error)) continue;
      throw error;
    }
  }
}

/** A Kysely plugin that counts executed statements (see module comment). */
export interface QueryCounter extends KyselyPlugin {
  /** statements executed since creation or the last reset */
  readonly count: number;
  /** the operation kinds seen (SelectQueryNode, InsertQueryNode, RawNode, ...), in order */
  readonly kinds: readonly string[];
  reset(): void;
}

/**
 * Creates a statement counter plugin (see module comment "Counting statements"). Kysely runs
 * `transformQuery` for every subquery too (each with its own query id), so the kind of each
 * query is noted there and the statement is counted in `transformResult`, which only the
 * executed root query reaches.
 */
export function createQueryCounter(): QueryCounter {
  let count = 0;
  let kinds: string[] = [];
  const kindOf = new WeakMap<object, string>();
  return {
    get count() {
      return count;
    },
    get kinds() {
      return kinds;
    },
    reset() {
      count = 0;
      kinds = [];
    },
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      kindOf.set(args.queryId, args.node.kind);
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      count++;
      kinds.push(kindOf.get(args.queryId) ?? 'unknown');
      return args.result;
    },
  };
}

/** How long {@link pingDb} waits by default, ms. */
export const PING_TIMEOUT_MS = 2_000;

/**
 * `SELECT 1`: answers true when the database answers within `timeoutMs` (readiness probe; issue
 * 9 item 4: a database that stopped answering must not hang the probe), false otherwise. The
 * query itself is still bounded by the handle's own timeouts.
 */
export async function pingDb(dbh: DbHandle, timeoutMs: number = PING_TIMEOUT_MS): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = sql`SELECT 1`.execute(dbh.db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
