/**
 * Kysely's Migrator over the statically listed migrations (ADR 0020, issue 11 item 8): every file
 * of src/migrations is listed; a database migrated by the former migrator (`schema_migrations`)
 * keeps its history and gets only what it lacks, on SQLite and on PostgreSQL; a failing
 * migration leaves nothing behind and is named.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, loadMigrations, migrateToLatest, withTransaction, type DbHandle, type Migration } from '@store/db';
import { dbKinds } from '@store/testing';
import { postgresTestDb } from './fixtures/test-db.ts';

const here = dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'store-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An empty database of `kind`, and how to drop it. */
async function emptyDb(kind: 'sqlite' | 'postgres'): Promise<{ dbh: DbHandle; close(): Promise<void> }> {
  if (kind === 'sqlite') {
    const dbh = createDb(`file:${join(dir, `m-${Math.random().toString(36).slice(2)}.db`)}`);
    return { dbh, close: () => dbh.close() };
  }
  const pg = await postgresTestDb(process.env.TEST_DATABASE_URL!, { migrate: false });
  await pg.db.destroy();
  const dbh = createDb(pg.url!);
  return {
    dbh,
    async close() {
      await dbh.close();
      await pg.close();
    },
  };
}

/** Migrates the way the former migrator did: each migration, then its `schema_migrations` row. */
async function migrateTheOldWay(dbh: DbHandle, migrations: Migration[]): Promise<void> {
  await sql`CREATE TABLE schema_migrations (version text PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)`.execute(dbh.db);
  for (const m of migrations) {
    await withTransaction(dbh, async (trx) => {
      await m.up(trx as unknown as Kysely<unknown>, dbh.dialect);
      await sql`INSERT INTO schema_migrations (version, name, applied_at) VALUES (${m.version}, ${m.name}, ${'2025-01-02T03:04:05.000Z'})`.execute(trx);
    });
  }
}

async function recorded(dbh: DbHandle): Promise<Array<{ name: string; timestamp: string }>> {
  return (await sql<{ name: string; timestamp: string }>`SELECT name, timestamp FROM kysely_migration ORDER BY name`.execute(dbh.db)).rows;
}

async function hasTable(dbh: DbHandle, table: string): Promise<boolean> {
  return (await dbh.db.introspection.getTables({ withInternalKyselyTables: true })).some((t) => t.name === table);
}

describe('the migration list', () => {
  it('lists every migration file of src/migrations, in order', async () => {
    const files = readdirSync(join(here, '..', 'src', 'migrations'))
      .filter((f) => /^\d{4}_[\w-]+\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(files.length).toBeGreaterThanOrEqual(6);
    expect((await loadMigrations()).map((m) => `${m.version}_${m.name}`)).toEqual(files);
  });
});

describe.each(dbKinds())('Kysely Migrator on %s', (kind) => {
  it('migrates an empty database, records every migration by name, and has nothing left the second time', async () => {
    const { dbh, close } = await emptyDb(kind);
    try {
      const all = await loadMigrations();
      expect(await migrateToLatest(dbh)).toEqual(all.map((m) => m.version));
      expect((await recorded(dbh)).map((r) => r.name)).toEqual(all.map((m) => `${m.version}_${m.name}`));
      expect(await migrateToLatest(dbh)).toEqual([]);
      expect(await hasTable(dbh, 'schema_migrations')).toBe(false);
    } finally {
      await close();
    }
  });

  it('keeps the history of a database migrated by the former migrator and applies only what it lacks', async () => {
    const { dbh, close } = await emptyDb(kind);
    try {
      const all = await loadMigrations();
      await migrateTheOldWay(dbh, all.slice(0, 4));
      // (0001-0004 applied a second time would fail: their tables exist)
      expect(await migrateToLatest(dbh)).toEqual(all.slice(4).map((m) => m.version));
      const rows = await recorded(dbh);
      expect(rows.map((r) => r.name)).toEqual(all.map((m) => `${m.version}_${m.name}`));
      // the adopted rows keep the time they were applied
      expect(rows.slice(0, 4).every((r) => r.timestamp === '2025-01-02T03:04:05.000Z')).toBe(true);
      expect(await hasTable(dbh, 'schema_migrations')).toBe(false);
      expect(await migrateToLatest(dbh)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('applies nothing to a database the former migrator brought up to date', async () => {
    const { dbh, close } = await emptyDb(kind);
    try {
      const all = await loadMigrations();
      await migrateTheOldWay(dbh, all);
      expect(await migrateToLatest(dbh)).toEqual([]);
      expect((await recorded(dbh)).length).toBe(all.length);
    } finally {
      await close();
    }
  });

  it('rolls a failing batch back and names the failing migration', async () => {
    const { dbh, close } = await emptyDb(kind);
    try {
      const broken: Migration[] = [
        { version: '0001', name: 'one', up: async (db) => void (await db.schema.createTable('t_one').addColumn('id', 'integer').execute()) },
        { version: '0002', name: 'broken', up: async (db) => void (await sql`SELECT * FROM no_such_table`.execute(db)) },
      ];
      await expect(migrateToLatest(dbh, broken)).rejects.toThrow(/migration 0002_broken failed/);
      expect(await hasTable(dbh, 't_one')).toBe(false);
      expect(await recorded(dbh)).toEqual([]);
    } finally {
      await close();
    }
  });
});
