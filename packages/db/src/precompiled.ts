/**
 * Precompiled queries for the hot paths (issue 11 item 6; ADR 0022). Building a Kysely query
 * (immutable operation nodes, frozen at every step) and compiling it to SQL costs more CPU than
 * SQLite takes to run the store's small indexed statements from its prepared-statement cache
 * (connection.ts). A query of a fixed shape is therefore built and compiled ONCE per dialect, with
 * marker values where its arguments go, and each call only binds the arguments in place of the
 * markers and executes the SQL text (which also hits SQLite's statement cache every time).
 *
 * Rules:
 * - the shape must not depend on the arguments (no `IN` lists of varying length, no optional
 *   clauses): an argument may only be used as a bound value;
 * - markers are opaque strings: each argument must be bound as it is. An argument transformed in
 *   JavaScript (`.trim()`), inlined in the SQL text, or never bound (a property read of it, which a
 *   marker does not have) throws at first use;
 * - Kysely plugins see the query (`transformQuery`, so statement counters still label it) and its
 *   result, but a plugin that REWRITES queries would not apply: the SQL is fixed. The store uses
 *   none (only counters).
 */
import { createQueryId, PostgresAdapter, type Compilable, type CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import type { Database } from './schema.ts';

/** Where each bound parameter comes from: an argument (its index) or a constant of the query. */
type ParamSource = { arg: number } | { value: unknown };

interface Template {
  compiled: CompiledQuery;
  sources: ParamSource[];
}

const MARKER_PREFIX = '\u0000precompiled:';

function marker(i: number): string {
  return `${MARKER_PREFIX}${i}\u0000`;
}

/** A precompiled query: call it with an executor (database or transaction) and its arguments. */
export type Precompiled<A extends unknown[], R> = (db: Kysely<Database>, ...args: A) => Promise<QueryResult<R>>;

/**
 * Precompiles a query of fixed shape (see module comment). `build` receives the database and one
 * marker per argument (typed as the argument, but only ever a marker string) and returns the query.
 * The SQL is compiled on first use per dialect (SQLite / PostgreSQL) and reused afterwards.
 * @param arity the number of arguments `build` takes
 * @throws Error at first use when an argument is not bound as a plain value
 */
export function precompile<A extends unknown[], R>(arity: number, build: (db: Kysely<Database>, ...args: A) => Compilable<R>): Precompiled<A, R> {
  const templates = new Map<string, Template>();
  const compile = (db: Kysely<Database>): Template => {
    const markers = Array.from({ length: arity }, (_, i) => marker(i));
    const compiled = build(db, ...(markers as unknown as A)).compile();
    const sources = compiled.parameters.map((p): ParamSource => {
      if (typeof p === 'string' && p.includes(MARKER_PREFIX)) {
        const i = markers.indexOf(p);
        if (i < 0) throw new Error('precompile: an argument was transformed before it was bound; bind it as a plain value');
        return { arg: i };
      }
      return { value: p };
    });
    if (compiled.sql.includes(MARKER_PREFIX)) throw new Error('precompile: an argument was inlined in the SQL text; bind it as a value');
    for (let i = 0; i < arity; i++) {
      if (!sources.some((s) => 'arg' in s && s.arg === i)) throw new Error(`precompile: argument ${i} is never bound (read a property of it? pass each value as its own argument)`);
    }
    return { compiled, sources };
  };
  return async (db, ...args) => {
    const executor = db.getExecutor();
    const dialect = executor.adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
    let template = templates.get(dialect);
    if (!template) {
      template = compile(db);
      templates.set(dialect, template);
    }
    const queryId = createQueryId();
    // plugins see the operation node (statement counters label it); the SQL itself is fixed
    executor.transformQuery(template.compiled.query, queryId);
    const parameters = template.sources.map((s) => ('arg' in s ? args[s.arg] : s.value));
    return executor.executeQuery<R>({ sql: template.compiled.sql, parameters, query: template.compiled.query, queryId });
  };
}
