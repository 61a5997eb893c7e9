import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cachedRead,
  cachingSqliteDatabase,
  clearReadCache,
  createDb,
  getSiteConfig,
  getSiteConfigValues,
  hasReadCache,
  createQueryCounter,
  ensureSeeded,
  loadMigrations,
  migrateToLatest,
  pingDb,
  sqlitePathOf,
  tryDecrementStock,
  withTransaction,
  DEMO_CODES,
  type DbHandle,
} from '@store/db';
import { createTestDb, dbKinds, type TestDb } from '@store/testing';

describe('createDb (SQLite)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'store-conn-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the parent directory and sets the pragmas', async () => {
    const path = join(dir, 'nested', 'deeper', 'store.db');
    const dbh = createDb(`file:${path}`);
    try {
      expect(dbh.dialect).toBe('sqlite');
      const pragma = async (name: string) => Object.values((await sql.raw(`PRAGMA ${name}`).execute(dbh.db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
      expect(await pragma('synchronous')).toBe(1); // NORMAL
      expect(existsSync(path)).toBe(true);
      expect(await pingDb(dbh)).toBe(true);
    } finally {
      await dbh.close();
    }
    expect(await pingDb(dbh)).toBe(false);
  });

  it('parses file: URLs and refuses other schemes with a clear message', () => {
    expect(sqlitePathOf('file:///tmp/x.db')).toBe('/tmp/x.db');
    expect(sqlitePathOf('file::memory:')).toBe(':memory:');
    expect(() => createDb('mysql://localhost/x')).toThrow(/DATABASE_URL must start with file: or postgres:\/\//);
  });

  it('migrates idempotently and seeds once', async () => {
    const dbh = createDb(`file:${join(dir, 'migrate.db')}`);
    try {
      const all = (await loadMigrations()).map((m) => m.version);
      expect(all.slice(0, 4)).toEqual(['0001', '0002', '0003', '0004']);
      expect(await migrateToLatest(dbh)).toEqual(all);
      expect(await migrateToLatest(dbh)).toEqual([]);
      const versions = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(dbh.db);
      expect(versions.rows.map((r) => r.name.slice(0, 4))).toEqual(all);
      expect((await ensureSeeded(dbh)).seeded).toBe(true);
      expect((await ensureSeeded(dbh)).seeded).toBe(false);
    } finally {
      await dbh.close();
    }
  });
});

describe('SQLite prepared statement cache', () => {
  it('prepares a SQL text once, keeps the most recently used, and never shares a busy statement', () => {
    const raw = new BetterSqlite3(':memory:');
    const database = cachingSqliteDatabase(raw, 2);
    try {
      const a = database.prepare('SELECT 1 AS n');
      expect(database.prepare('SELECT 1 AS n')).toBe(a);
      const b = database.prepare('SELECT 2 AS n');
      expect(database.prepare('SELECT 1 AS n')).toBe(a); // a is now the most recent
      database.prepare('SELECT 3 AS n'); // evicts b, the least recently used
      expect(database.prepare('SELECT 1 AS n')).toBe(a);
      expect(database.prepare('SELECT 2 AS n')).not.toBe(b);
      // a statement iterating (a stream) is busy: another caller gets its own
      const s = database.prepare('SELECT 1 AS n UNION ALL SELECT 2');
      const rows = s.iterate([]);
      rows.next();
      const other = database.prepare('SELECT 1 AS n UNION ALL SELECT 2');
      expect(other).not.toBe(s);
      expect(other.all([])).toEqual([{ n: 1 }, { n: 2 }]);
      rows.return?.();
      expect(database.prepare('SELECT 1 AS n UNION ALL SELECT 2')).toBe(s);
    } finally {
      database.close();
    }
  });

  it('still answers after the schema changes under a cached statement', async () => {
    const dbh = createDb('file::memory:');
    try {
      await sql`CREATE TABLE t (a INTEGER)`.execute(dbh.db);
      await sql`INSERT INTO t (a) VALUES (1)`.execute(dbh.db);
      const read = () => sql<Record<string, number>>`SELECT * FROM t`.execute(dbh.db);
      expect((await read()).rows).toEqual([{ a: 1 }]);
      await sql`ALTER TABLE t ADD COLUMN b INTEGER DEFAULT 2`.execute(dbh.db);
      expect((await read()).rows).toEqual([{ a: 1, b: 2 }]);
    } finally {
      await dbh.close();
    }
  });
});

describe('read cache (cachedRead)', () => {
  it('is off by default: every read goes to the database', async () => {
    const dbh = createDb('file::memory:');
    try {
      let loads = 0;
      const load = async () => ++loads;
      expect(hasReadCache(dbh.db)).toBe(false);
      expect(await cachedRead(dbh.db, 'k', load)).toBe(1);
      expect(await cachedRead(dbh.db, 'k', load)).toBe(2);
    } finally {
      await dbh.close();
    }
  });

  it('keeps a value for the TTL, shares one load between concurrent callers, forgets failures', async () => {
    const dbh = createDb('file::memory:', { readCacheTtlMs: 60 });
    try {
      let loads = 0;
      const load = async () => {
        loads++;
        await new Promise((r) => setTimeout(r, 5));
        return loads;
      };
      expect(hasReadCache(dbh.db)).toBe(true);
      expect(await Promise.all([cachedRead(dbh.db, 'k', load), cachedRead(dbh.db, 'k', load)])).toEqual([1, 1]);
      expect(await cachedRead(dbh.db, 'k', load)).toBe(1);
      expect(await cachedRead(dbh.db, 'other', load)).toBe(2);
      await new Promise((r) => setTimeout(r, 80));
      expect(await cachedRead(dbh.db, 'k', load)).toBe(3);
      clearReadCache(dbh.db);
      expect(await cachedRead(dbh.db, 'k', load)).toBe(4);
      await expect(cachedRead(dbh.db, 'bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
      expect(await cachedRead(dbh.db, 'bad', async () => 'up')).toBe('up');
      // a withTransaction transaction shares the handle's cache; a bare db.transaction() does not
      await withTransaction(dbh, async (trx) => {
        expect(hasReadCache(trx)).toBe(true);
        expect(await cachedRead(trx, 'k', async () => 'fresh')).toBe(4);
      });
      await dbh.db.transaction().execute(async (trx) => {
        expect(hasReadCache(trx)).toBe(false);
        expect(await cachedRead(trx, 'k', async () => 'fresh')).toBe('fresh');
      });
    } finally {
      await dbh.close();
    }
  });

  it('serves site configuration from the cache until the TTL ends', async () => {
    const dbh = createDb('file::memory:', { readCacheTtlMs: 60_000 });
    try {
      await migrateToLatest(dbh);
      await dbh.db.insertInto('site_config').values({ base_site: 'usb2c', key: 'a', value: '1' }).execute();
      expect(await getSiteConfigValues(dbh.db, 'usb2c', ['a', 'b'])).toEqual(new Map([['a', '1']]));
      await dbh.db.updateTable('site_config').set({ value: '2' }).where('key', '=', 'a').execute();
      expect((await getSiteConfigValues(dbh.db, 'usb2c', ['a'])).get('a')).toBe('1');
      clearReadCache(dbh.db);
      expect((await getSiteConfigValues(dbh.db, 'usb2c', ['a'])).get('a')).toBe('2');
      expect(await getSiteConfig(dbh.db, 'usb2c')).toEqual([{ key: 'a', value: '2' }]);
    } finally {
      await dbh.close();
    }
  });
});

describe.each(dbKinds())('withTransaction on %s', (kind) => {
  let testDb: TestDb;
  let dbh: DbHandle;
  beforeAll(async () => {
    testDb = await createTestDb(kind);
    dbh = testDb.dbh;
  });
  afterAll(async () => {
    await testDb?.close();
  });

  const available = async (variant: string) =>
    Number((await dbh.db.selectFrom('stock').select('available').where('variant_code', '=', variant).executeTakeFirstOrThrow()).available);

  it('commits, then runs the after-commit hooks in order', async () => {
    const events: string[] = [];
    const result = await withTransaction(dbh, async (trx, afterCommit) => {
      await trx.updateTable('stock').set({ available: 500 }).where('variant_code', '=', DEMO_CODES.coffeeVariant24).execute();
      afterCommit(() => {
        events.push('first');
      });
      afterCommit(async () => {
        events.push(`second sees ${await available(DEMO_CODES.coffeeVariant24)}`);
      });
      events.push('body done');
      return 42;
    });
    expect(result).toBe(42);
    expect(events).toEqual(['body done', 'first', 'second sees 500']);
  });

  it('rolls back on error and runs no hook', async () => {
    const before = await available(DEMO_CODES.coffeeVariant24);
    let hookRan = false;
    await expect(
      withTransaction(dbh, async (trx, afterCommit) => {
        await trx.updateTable('stock').set({ available: 1 }).where('variant_code', '=', DEMO_CODES.coffeeVariant24).execute();
        afterCommit(() => {
          hookRan = true;
        });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(hookRan).toBe(false);
    expect(await available(DEMO_CODES.coffeeVariant24)).toBe(before);
  });

  it('gives a real Kysely transaction (code that opens its own transaction joins it)', async () => {
    await withTransaction(dbh, async (trx) => {
      expect(trx.isTransaction).toBe(true);
    });
  });

  it('a failing hook does not undo the commit; the error goes to onHookError', async () => {
    const seen: unknown[] = [];
    const original = dbh.onHookError;
    dbh.onHookError = (e) => seen.push(e);
    try {
      await withTransaction(dbh, async (trx, afterCommit) => {
        await trx.updateTable('stock').set({ available: 77 }).where('variant_code', '=', DEMO_CODES.coffeeVariant48).execute();
        afterCommit(() => {
          throw new Error('mail down');
        });
      });
    } finally {
      dbh.onHookError = original;
    }
    expect(seen).toHaveLength(1);
    expect(await available(DEMO_CODES.coffeeVariant48)).toBe(77);
  });

  it('50 concurrent conditional decrements of 3 units take exactly what exists', async () => {
    await dbh.db.updateTable('stock').set({ available: 10 }).where('variant_code', '=', DEMO_CODES.coffeeVariant96).execute();
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () =>
        withTransaction(dbh, async (trx) => {
          const took = await tryDecrementStock(trx, DEMO_CODES.coffeeVariant96, 3);
          await new Promise((r) => setImmediate(r)); // yield inside the transaction
          return took;
        }),
      ),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(3);
    expect(await available(DEMO_CODES.coffeeVariant96)).toBe(1);
  });

  it('serialises read-then-write transactions (no lost update on SQLite, retried on PostgreSQL)', async () => {
    await dbh.db.updateTable('stock').set({ available: 0 }).where('variant_code', '=', DEMO_CODES.lastUnit).execute();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        withTransaction(
          dbh,
          async (trx) => {
            const row = await trx.selectFrom('stock').select('available').where('variant_code', '=', DEMO_CODES.lastUnit).executeTakeFirstOrThrow();
            await new Promise((r) => setImmediate(r));
            await trx
              .updateTable('stock')
              .set({ available: Number(row.available) + 1 })
              .where('variant_code', '=', DEMO_CODES.lastUnit)
              .execute();
          },
          { isolation: 'serializable', retries: 50 },
        ),
      ),
    );
    expect(await available(DEMO_CODES.lastUnit)).toBe(20);
  });
});

describe.each(dbKinds())('query counter on %s', (kind) => {
  it('counts the statements an operation runs', async () => {
    const counter = createQueryCounter();
    const testDb = await createTestDb(kind, { plugins: [counter] });
    try {
      counter.reset();
      await testDb.dbh.db.selectFrom('products').select('code').limit(1).execute();
      await testDb.dbh.db.selectFrom('variants').select('code').limit(1).execute();
      expect(counter.count).toBe(2);
      expect(counter.kinds).toEqual(['SelectQueryNode', 'SelectQueryNode']);
      counter.reset();
      expect(counter.count).toBe(0);
      // a subquery is part of its statement: one statement, counted once
      await testDb.dbh.db
        .selectFrom('products as p')
        .select('p.code')
        .where((eb) => eb.exists(eb.selectFrom('variants as v').select('v.code').whereRef('v.base_product_code', '=', 'p.code')))
        .limit(1)
        .execute();
      await sql`SELECT 1`.execute(testDb.dbh.db);
      expect(counter.count).toBe(2);
      expect(counter.kinds).toEqual(['SelectQueryNode', 'RawNode']);
      // a statement the database refuses is not counted
      counter.reset();
      await expect(sql`SELECT * FROM no_such_table`.execute(testDb.dbh.db)).rejects.toThrow();
      expect(counter.count).toBe(0);
    } finally {
      await testDb.close();
    }
  });
});

describe.each(dbKinds().filter((k) => k === 'postgres'))('migrations on %s', () => {
  it('two processes migrating and seeding an empty database at once apply everything once', async () => {
    const pg = (await import('pg')).default;
    const admin = process.env.TEST_DATABASE_URL!;
    const name = `test_mig_${process.pid}_${Date.now()}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE "${name}"`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const a = createDb(url.toString());
    const b = createDb(url.toString());
    try {
      const [ra, rb] = await Promise.all([migrateToLatest(a), migrateToLatest(b)]);
      expect([...ra, ...rb].sort()).toEqual((await loadMigrations()).map((m) => m.version));
      const [sa, sb] = await Promise.all([ensureSeeded(a), ensureSeeded(b)]);
      expect([sa.seeded, sb.seeded].filter(Boolean)).toHaveLength(1);
      const products = await a.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(products.n)).toBeGreaterThan(120);
    } finally {
      await a.close();
      await b.close();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    }
  });
});
