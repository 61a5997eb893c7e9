/**
 * A fresh database per benchmark scenario: a SQLite file in a new temporary directory, or, when
 * `DATABASE_URL` is `postgres://...`, a new database created on that server (named
 * `store_bench_<scenario>_<random>`) and dropped afterwards. The server process migrates and seeds
 * it; the harness only creates and removes it, so a crashed server never leaves it behind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database made for one scenario. */
export interface BenchDatabase {
  kind: 'sqlite' | 'postgres';
  /** the DATABASE_URL handed to the server (`file:/tmp/.../store.db` or `postgres://.../store_bench_...`) */
  url: string;
  /** a temporary directory for the scenario's other files (logs, catalogue file) */
  workDir: string;
  /** removes the database and the work directory; idempotent */
  dispose(): Promise<void>;
}

/** Which database the benchmark runs on, from `DATABASE_URL` (unset or `file:` → SQLite). */
export function databaseKind(databaseUrl: string | undefined): 'sqlite' | 'postgres' {
  return databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl) ? 'postgres' : 'sqlite';
}

/**
 * Creates the database of one scenario. `databaseUrl` is the user's `DATABASE_URL`: with
 * PostgreSQL it names the server (and the maintenance database to connect to for CREATE/DROP
 * DATABASE); anything else gives a temporary SQLite file. Throws when PostgreSQL refuses.
 */
export async function createBenchDatabase(databaseUrl: string | undefined, scenario: string): Promise<BenchDatabase> {
  const workDir = mkdtempSync(join(tmpdir(), `store-bench-${scenario}-`));
  const removeDir = () => rmSync(workDir, { recursive: true, force: true });
  if (databaseKind(databaseUrl) === 'sqlite') {
    let disposed = false;
    return {
      kind: 'sqlite',
      url: `file:${join(workDir, 'store.db')}`,
      workDir,
      async dispose() {
        if (disposed) return;
        disposed = true;
        removeDir();
      },
    };
  }
  const admin = new URL(databaseUrl as string);
  const name = `store_bench_${scenario.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const target = new URL(admin.toString());
  target.pathname = `/${name}`;
  let disposed = false;
  return {
    kind: 'postgres',
    url: target.toString(),
    workDir,
    async dispose() {
      if (disposed) return;
      disposed = true;
      removeDir();
      const drop = new pg.Client({ connectionString: admin.toString() });
      await drop.connect();
      try {
        await drop.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await drop.end();
      }
    },
  };
}
