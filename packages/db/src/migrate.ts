/**
 * Schema migrations and first-start seeding.
 *
 * Migrations run through Kysely's own `Migrator` (ADR 0020) from the modules listed in
 * `./migrations/index.ts` (`0001_initial`, ...; each exports `up(db, dialect)`), imported
 * statically so that they survive compilation to `dist/`. The Migrator records each applied
 * migration by name in `kysely_migration` and runs the pending ones in name order inside one
 * transaction, so a failed migration leaves nothing behind (DDL is transactional on both
 * dialects).
 *
 * Databases migrated before (bookkeeping table `schema_migrations`: `version`, `name`,
 * `applied_at`) keep their history: the first `migrateToLatest` copies each row into
 * `kysely_migration` as `<version>_<name>` with its time, then drops `schema_migrations`, in one
 * transaction; nothing is applied twice.
 *
 * Two processes starting at once: the Migrator takes a transaction-scoped advisory lock on
 * PostgreSQL and re-reads its table inside the transaction; on SQLite its transaction begins
 * IMMEDIATE (our driver, connection.ts), so the second process waits, then finds nothing pending.
 * The copy of the old history runs under the same kind of lock.
 */
import { Migrator, sql, type Kysely, type MigrationProvider } from 'kysely';
import { withTransaction, type DbHandle, type Dialect, type Executor } from './connection.ts';
import { MIGRATION_MODULES } from './migrations/index.ts';
import { seedDatabase } from './seed/index.ts';
import { upsertOAuthClient } from './repositories/oauth.ts';

/** One migration. */
export interface Migration {
  /** '0001' */
  version: string;
  /** 'initial' */
  name: string;
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** Kysely's table of applied migrations (name, timestamp). */
export const MIGRATION_TABLE = 'kysely_migration';
/** The bookkeeping table of databases migrated before ADR 0020 (version, name, applied_at). */
export const LEGACY_MIGRATION_TABLE = 'schema_migrations';

/** Advisory lock key shared by every process migrating or seeding this database. */
const MIGRATION_LOCK_KEY = 482_671_903;

/** `0001_initial` → `{ version: '0001', name: 'initial' }`. */
function splitName(id: string): { version: string; name: string } {
  const [, version = id, name = ''] = /^(\d{4})_(.+)$/.exec(id) ?? [];
  return { version, name };
}

/** The migrations of `./migrations/index.ts`, sorted by version. */
export async function loadMigrations(): Promise<Migration[]> {
  return Object.keys(MIGRATION_MODULES)
    .sort()
    .map((id) => ({ ...splitName(id), up: (db: Kysely<unknown>, dialect: Dialect) => MIGRATION_MODULES[id]!.up(db, dialect) }));
}

async function lockIfPostgres(dbh: DbHandle, trx: Executor): Promise<void> {
  if (dbh.dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
}

async function tableExists(dbh: DbHandle, trx: Executor, table: string): Promise<boolean> {
  const rows =
    dbh.dialect === 'sqlite'
      ? await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name = ${table}`.execute(trx)
      : await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ${table}`.execute(trx);
  return rows.rows.length > 0;
}

/**
 * Copies the history of `schema_migrations` into `kysely_migration` and drops the old table
 * (see module comment). Answers the number of migrations it adopted (0 when there is no old table).
 */
export async function adoptLegacyMigrations(dbh: DbHandle): Promise<number> {
  return withTransaction(dbh, async (trx) => {
    await lockIfPostgres(dbh, trx);
    if (!(await tableExists(dbh, trx, LEGACY_MIGRATION_TABLE))) return 0;
    // the same table Kysely's Migrator creates (it skips the creation when the table is there)
    await trx.schema
      .createTable(MIGRATION_TABLE)
      .ifNotExists()
      .addColumn('name', 'varchar(255)', (c) => c.notNull().primaryKey())
      .addColumn('timestamp', 'varchar(255)', (c) => c.notNull())
      .execute();
    const old = await sql<{ version: string; name: string; applied_at: string }>`SELECT version, name, applied_at FROM schema_migrations ORDER BY version`.execute(trx);
    for (const row of old.rows) {
      const id = `${row.version}_${row.name}`;
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${id}, ${row.applied_at}) ON CONFLICT (name) DO NOTHING`.execute(trx);
    }
    await sql`DROP TABLE schema_migrations`.execute(trx);
    return old.rows.length;
  });
}

/**
 * Applies every migration not yet recorded (see module comment). Idempotent; safe when several
 * processes start together. Answers the versions it applied (`['0005', '0006']`).
 * @throws the failing migration's error (its name added to the message); nothing of the batch is kept
 */
export async function migrateToLatest(dbh: DbHandle, migrations?: Migration[]): Promise<string[]> {
  await adoptLegacyMigrations(dbh);
  const all = migrations ?? (await loadMigrations());
  const provider: MigrationProvider = {
    getMigrations: async () =>
      Object.fromEntries(all.map((m) => [`${m.version}_${m.name}`, { up: (db: Kysely<unknown>) => m.up(db, dbh.dialect) }])),
  };
  const migrator = new Migrator({ db: dbh.db as unknown as Kysely<unknown>, provider });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName;
    if (failed && error instanceof Error) error.message = `migration ${failed} failed: ${error.message}`;
    throw error;
  }
  return results.filter((r) => r.status === 'Success').map((r) => splitName(r.migrationName).version);
}

/** Options of `ensureSeeded`. */
export interface EnsureSeededOptions {
  /** the storefront's OAuth client (client_credentials), upserted on every call when given */
  oauthClient?: { clientId: string; clientSecret: string };
}

/**
 * Seeds the demo catalogue and content when the database has no product yet (first start), then
 * upserts the storefront's OAuth client when given. Answers whether it seeded. On PostgreSQL the
 * check and the seed run under the migration advisory lock, so two processes seed once.
 */
export async function ensureSeeded(dbh: DbHandle, opts: EnsureSeededOptions = {}): Promise<{ seeded: boolean }> {
  const hasProducts = async (db: Executor) =>
    (await db.selectFrom('products').select('code').limit(1).executeTakeFirst()) !== undefined;
  let seeded = false;
  if (!(await hasProducts(dbh.db))) {
    seeded = await withTransaction(dbh, async (trx) => {
      await lockIfPostgres(dbh, trx);
      if (await hasProducts(trx)) return false;
      await seedDatabase(trx);
      return true;
    });
  }
  if (opts.oauthClient) {
    const { clientId, clientSecret } = opts.oauthClient;
    await upsertOAuthClient(dbh.db, { clientId, clientSecret, grants: ['client_credentials', 'password', 'refresh_token'], scopes: ['basic'] });
  }
  return { seeded };
}
