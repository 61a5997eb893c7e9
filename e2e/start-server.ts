/**
 * Starts the production store for the end-to-end tests on a fresh database: deletes the SQLite
 * file named by DATABASE_URL (and its WAL/SHM companions) and the outbox, then runs the API
 * server's entry point (which migrates and seeds an empty database on start).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const url = process.env.DATABASE_URL ?? 'file:./test-results/e2e/store.db';
if (!url.startsWith('file:')) throw new Error(`e2e/start-server.ts expects a file: DATABASE_URL, got ${url}`);
const file = resolve(url.slice('file:'.length));
for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
mkdirSync(dirname(file), { recursive: true });
if (process.env.OUTBOX_DIR) rmSync(resolve(process.env.OUTBOX_DIR), { recursive: true, force: true });

await import('../apps/api/src/main.ts');
