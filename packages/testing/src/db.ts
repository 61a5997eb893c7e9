/**
 * A fresh database per test file (DESIGN "Tests"), on SQLite and, when TEST_DATABASE_URL is set,
 * on PostgreSQL.
 *
 * - SQLite: a migrated and seeded template file is built once and reused from os.tmpdir(); its
 *   name carries a hash of the sources that shape the data (packages/db/src, packages/contracts,
 *   packages/domain), so a code change builds a new one. Each `createTestDb('sqlite')` copies it
 *   to its own file (milliseconds) and deletes the copy on `close()`. Workers that race to build
 *   the template each build a private file and rename it into place (atomic).
 * - PostgreSQL: a new database `test_<worker>_<random>` is created on the server of
 *   TEST_DATABASE_URL, migrated and seeded, and dropped on `close()` (FORCE, so open connections
 *   do not keep it alive). Nothing a previous run left on the server is used.
 */
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDb, ensureSeeded, migrateToLatest, type CreateDbOptions, type DbHandle } from '@store/db';

/** The storefront OAuth client every test database holds (the API's development defaults). */
export const TEST_OAUTH_CLIENT = { clientId: 'storefront', clientSecret: 'storefront-dev-secret' } as const;

export type TestDbKind = 'sqlite' | 'postgres';

/** The dialects the API tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function dbKinds(): TestDbKind[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** A database for one test file. */
export interface TestDb {
  dbh: DbHandle;
  kind: TestDbKind;
  /** the URL the handle was opened with (for a second handle or a child process) */
  url: string;
  /** closes the handle and deletes the file / drops the database */
  close(): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(here, '../../..');
const SOURCE_DIRS = ['packages/db/src', 'packages/contracts/src', 'packages/domain/src'];

function listSources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listSources(path));
    else if (entry.name.endsWith('.ts') || entry.name.endsWith('.json')) out.push(path);
  }
  return out.sort();
}

/** Hash of the sources that shape a seeded database. */
export function seedSourceHash(): string {
  const hash = createHash('sha256');
  for (const dir of SOURCE_DIRS) {
    for (const file of listSources(join(ROOT, dir))) {
      hash.update(file.slice(ROOT.length));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

function workerId(): string {
  return process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? String(process.pid);
}

function removeSqliteFiles(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
}

let templatePromise: Promise<string> | null = null;

/** The path of the seeded SQLite template, building it when missing. */
export function sqliteTemplate(): Promise<string> {
  templatePromise ??= (async () => {
    const dir = join(tmpdir(), 'store-test-templates');
    mkdirSync(dir, { recursive: true });
    const template = join(dir, `template-${seedSourceHash()}.db`);
    if (existsSync(template) && statSync(template).size > 0) return template;
    const building = `${template}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    const dbh = createDb(`file:${building}`);
    try {
      await migrateToLatest(dbh);
      await ensureSeeded(dbh, { oauthClient: TEST_OAUTH_CLIENT });
    } finally {
      // closing the last connection checkpoints the WAL into the main file
      await dbh.close();
    }
    // one self-contained file: switch the template out of WAL mode before publishing it
    const BetterSqlite3 = (await import('better-sqlite3')).default;
    const raw = new BetterSqlite3(building);
    raw.pragma('journal_mode = DELETE');
    raw.close();
    renameSync(building, template);
    removeSqliteFiles(building);
    return template;
  })().catch((error: unknown) => {
    templatePromise = null;
    throw error;
  });
  return templatePromise;
}

async function createSqliteTestDb(opts: CreateDbOptions): Promise<TestDb> {
  const template = await sqliteTemplate();
  const dir = join(tmpdir(), 'store-test-dbs');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `test-${workerId()}-${process.pid}-${randomBytes(6).toString('hex')}.db`);
  copyFileSync(template, path);
  const url = `file:${path}`;
  const dbh = createDb(url, opts);
  return {
    dbh,
    kind: 'sqlite',
    url,
    async close() {
      await dbh.close();
      removeSqliteFiles(path);
    },
  };
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs one statement on the PostgreSQL server of `adminUrl` (CREATE / DROP DATABASE) on its own connection. */
export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function createPostgresTestDb(opts: CreateDbOptions): Promise<TestDb> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('createTestDb("postgres") needs TEST_DATABASE_URL');
  const name = `test_${workerId().replace(/\W/g, '')}_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  const url = withDatabase(adminUrl, name);
  const dbh = createDb(url, opts);
  try {
    await migrateToLatest(dbh);
    await ensureSeeded(dbh, { oauthClient: TEST_OAUTH_CLIENT });
  } catch (error) {
    await dbh.close();
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    throw error;
  }
  return {
    dbh,
    kind: 'postgres',
    url,
    async close() {
      await dbh.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/**
 * A migrated, seeded database of its own (see module comment). `opts.plugins` adds Kysely plugins
 * (e.g. `createQueryCounter()`).
 */
export async function createTestDb(kind: TestDbKind, opts: CreateDbOptions = {}): Promise<TestDb> {
  return kind === 'sqlite' ? createSqliteTestDb(opts) : createPostgresTestDb(opts);
}
