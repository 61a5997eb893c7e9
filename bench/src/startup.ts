/**
 * Start-up of the compiled store (issue 11 item 2, ADR 0020): `node apps/api/dist/main.js`, what
 * `npm start` runs once the build is up to date, timed from spawn to the first `200` of
 * `/readyz`, on a fresh SQLite database in a temporary folder (first start: migrate, seed the
 * demo catalogue, load the storefront) and again on the same database (a restart). Also the
 * process's CPU time at that moment (Linux `/proc`, user + system; a figure other load on the
 * machine does not inflate) and the time of `scripts/build.mjs --if-stale` when nothing changed
 * (what `npm start` adds in front). The target: first start ready in under {@link STARTUP_TARGET_MS}.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Target of issue 11: `npm start` from a fresh clone ready in under 5 s after install. */
export const STARTUP_TARGET_MS = 5_000;

/** One timed start. */
export interface StartFigure {
  /** spawn to the first 200 of /readyz, ms */
  readyMs: number;
  /** CPU time of the server process at that moment (user + system), ms; null off Linux */
  cpuMs: number | null;
}

/** What {@link measureStartup} answers. */
export interface StartupFigure {
  /** fresh database: migrations, demo seed, storefront */
  first: StartFigure;
  /** the same database again */
  restart: StartFigure;
  /** `node scripts/build.mjs --if-stale` with an up-to-date build, ms */
  staleCheckMs: number;
}

function cpuMsOf(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat (index 11 and 12 after the command name), in clock ticks (100 Hz)
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function timedStart(root: string, env: NodeJS.ProcessEnv, port: number, timeoutMs: number): Promise<StartFigure> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'apps/api/dist/main.js')], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
      if (performance.now() - started > timeoutMs) throw new Error(`not ready after ${timeoutMs} ms`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`);
        if (res.status === 200) {
          const readyMs = Math.round(performance.now() - started);
          return { readyMs, cpuMs: child.pid ? cpuMsOf(child.pid) : null };
        }
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

/**
 * Measures the compiled store's start (see module comment) on `port`.
 * @throws Error when the build is missing or the server does not get ready within 60 s
 */
export async function measureStartup(root: string, port: number): Promise<StartupFigure> {
  if (!existsSync(join(root, 'apps/api/dist/main.js'))) throw new Error('apps/api/dist/main.js is missing: run `npm run build`');
  const t = performance.now();
  const check = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--if-stale'], { cwd: root, stdio: 'ignore' });
  const staleCheckMs = Math.round(performance.now() - t);
  if (check.status !== 0) throw new Error('scripts/build.mjs --if-stale failed');
  const dir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    DATABASE_URL: `file:${join(dir, 'store.db')}`,
    OUTBOX_DIR: join(dir, 'outbox'),
    LOG_LEVEL: 'warn',
  };
  try {
    const first = await timedStart(root, env, port, 60_000);
    const restart = await timedStart(root, env, port, 60_000);
    return { first, restart, staleCheckMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
