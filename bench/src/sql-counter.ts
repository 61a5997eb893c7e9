/**
 * Counts SQL statements through a Kysely plugin (issue 5, measure 3). Every query executed through
 * a Kysely instance carrying the plugin (including `sql` raw queries and queries inside
 * transactions) is counted once, when its result comes back: subqueries are part of their
 * statement, and a statement the database rejects is not counted. Transaction control (BEGIN,
 * COMMIT, ROLLBACK, SAVEPOINT, RELEASE) is counted apart, whether it is sent as raw SQL (the
 * SQLite write transactions of @store/db) or by Kysely's transaction machinery (not seen at all),
 * so the statement count is the same on SQLite and PostgreSQL.
 *
 * Like `createQueryCounter` of @store/db it counts in `transformResult`, once per executed
 * statement; this one also labels each statement (`select site_config`) and sets transaction
 * control apart.
 */
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** A short description of one statement: `select products`, `insert cart_entries`, `raw: SELECT ...`. */
export type StatementLabel = string;

/** The running count and the labels of the statements since the last reset (at most `maxLog`). */
export interface SqlCounter {
  readonly plugin: KyselyPlugin;
  /** statements executed since the last reset, transaction control excluded */
  count(): number;
  /** BEGIN / COMMIT / ROLLBACK / SAVEPOINT statements sent as raw SQL since the last reset */
  transactionControl(): number;
  statements(): StatementLabel[];
  reset(): void;
  /** while disabled (the default is enabled) the plugin passes queries through without bookkeeping */
  enable(on: boolean): void;
}

const KIND_VERB: Record<string, string> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
  MergeQueryNode: 'merge',
};

const TRANSACTION_CONTROL = /^raw: (BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|END)\b/i;

/** The first table name found under a node (depth-first), or null. */
function firstTable(node: unknown, depth = 0): string | null {
  if (node === null || typeof node !== 'object' || depth > 8) return null;
  const record = node as Record<string, unknown>;
  if (record.kind === 'TableNode') {
    const table = record.table as { identifier?: { name?: unknown } } | undefined;
    const name = table?.identifier?.name;
    return typeof name === 'string' ? name : null;
  }
  for (const key of ['from', 'into', 'table', 'froms', 'using']) {
    const child = record[key];
    if (child === undefined) continue;
    if (Array.isArray(child)) {
      for (const item of child) {
        const found = firstTable(item, depth + 1);
        if (found) return found;
      }
    } else {
      const found = firstTable(child, depth + 1);
      if (found) return found;
    }
  }
  if (record.kind === 'AliasNode') return firstTable(record.node, depth + 1);
  return null;
}

/** Describes a root operation node for the statement log. */
export function describeNode(node: RootOperationNode): StatementLabel {
  if (node.kind === 'RawNode') {
    const text = node.sqlFragments.join('?').replace(/\s+/g, ' ').trim();
    return `raw: ${text.length > 80 ? `${text.slice(0, 77)}...` : text}`;
  }
  const verb = KIND_VERB[node.kind] ?? node.kind;
  const table = firstTable(node);
  return table ? `${verb} ${table}` : verb;
}

/**
 * Creates a counter and its plugin. Attach with `db.withPlugin(counter.plugin)` (the returned
 * instance shares the connection pool) and hand that instance to the code under test.
 */
export function createSqlCounter(maxLog = 500): SqlCounter {
  let enabled = true;
  let total = 0;
  let control = 0;
  let log: StatementLabel[] = [];
  // transformQuery also runs for subqueries (each with its own queryId); only the root query's
  // id comes back through transformResult, so that is where statements are counted.
  const labels = new WeakMap<object, StatementLabel>();
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      if (!enabled) return args.node;
      labels.set(args.queryId, describeNode(args.node));
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (!enabled) return args.result;
      const label = labels.get(args.queryId) ?? 'statement';
      if (TRANSACTION_CONTROL.test(label)) {
        control += 1;
      } else {
        total += 1;
        if (log.length < maxLog) log.push(label);
      }
      return args.result;
    },
  };
  return {
    plugin,
    count: () => total,
    transactionControl: () => control,
    statements: () => [...log],
    reset: () => {
      total = 0;
      control = 0;
      log = [];
    },
    enable: (on: boolean) => {
      enabled = on;
    },
  };
}
