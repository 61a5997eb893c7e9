/**
 * Schema migrations and first-start seeding.
 *
 * Migrations are the numbered files in `./migrations` (`0001_initial.ts`, ...), each exporting
 * `up(db: Kysely<unknown>, dialect)`. They run in order, each in its own transaction together
 * with its row in the `schema_migrations` bookkeeping table (`version`, `name`, `applied_at`), so
 * a failed migration leaves nothing behind (DDL is transactional on both dialects).
 *
 * Two processes starting at once: on PostgreSQL each migration transaction first takes a
 * transaction-scoped advisory lock (`pg_advisory_xact_lock`) and re-reads `schema_migrations`,
 * so the second process waits, then skips what the first applied. On SQLite the write transaction
 * (`BEGIN IMMEDIATE`) does the same job.
 */
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { withTransaction, type DbHandle, type Dialect, type Executor } from './connection.ts';
import { seedDatabase } from './seed/index.ts';
import { upsertOAuthClient } from './repositories/oauth.ts';

/** One migration module. */
export interface Migration {
  /** '0001' */
  version: string;
  /** 'initial' */
  name: string;
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** Advisory lock key shared by every process migrating or seeding this database. */
const MIGRATION_LOCK_KEY = 482_671_903;

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Loads the migrations in `./migrations`, sorted by version. */
export async function loadMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.ts$/.test(f)).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as { up?: Migration['up'] };
    if (typeof mod.up !== 'function') throw new Error(`migration ${file} does not export up()`);
    const [, version = '', name = ''] = /^(\d{4})_([\w-]+)\.ts$/.exec(file) ?? [];
    migrations.push({ version, name, up: mod.up });
  }
  return migrations;
}

async function ensureBookkeeping(db: Executor): Promise<void> {
  await db.schema
    .createTable('schema_migrations')
    .ifNotExists()
    .addColumn('version', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .execute();
}

async function appliedVersions(db: Executor): Promise<Set<string>> {
  const rows = await sql<{ version: string }>`SELECT version FROM schema_migrations`.execute(db);
  return new Set(rows.rows.map((r) => r.version));
}

async function lockIfPostgres(dbh: DbHandle, trx: Executor): Promise<void> {
  if (dbh.dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
}

/**
 * Applies every migration not yet recorded in `schema_migrations`. Idempotent; safe when several
 * processes start together (see module comment). Answers the versions it applied.
 */
export async function migrateToLatest(dbh: DbHandle, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await loadMigrations());
  await withTransaction(dbh, async (trx) => {
    await lockIfPostgres(dbh, trx);
    await ensureBookkeeping(trx);
  });
  const applied: string[] = [];
  for (const migration of all) {
    await withTransaction(dbh, async (trx) => {
      await lockIfPostgres(dbh, trx);
      if ((await appliedVersions(trx)).has(migration.version)) return;
      await migration.up(trx as unknown as Kysely<unknown>, dbh.dialect);
      await sql`INSERT INTO schema_migrations (version, name, applied_at) VALUES (${migration.version}, ${migration.name}, ${new Date().toISOString()})`.execute(
        trx,
      );
      applied.push(migration.version);
    });
  }
  return applied;
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
