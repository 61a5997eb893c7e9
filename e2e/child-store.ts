/**
 * A store process of its own for the specs that need other settings than the shared e2e server
 * (split processes, render deadline, database outage): spawned with an explicit environment, its
 * last output kept for the failure message, polled until `/readyz` answers 200, stopped with
 * SIGTERM (SIGKILL after 10 s).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { expect } from './fixtures.ts';

/** A running store process and its last 200 chunks of output. */
export interface ChildStore {
  child: ChildProcess;
  logs: string[];
}

/** Builds the compiled store when out of date (`scripts/build.mjs --if-stale`) and empties `dir` for the store's data. */
export function prepareStoreRun(dir: string): void {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'pipe', encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the build failed:\n${build.stdout}\n${build.stderr}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}

/** Starts `node <args>` with exactly `env` (plus PATH and HOME). */
export function spawnStore(args: string[], env: Record<string, string>): ChildStore {
  const logs: string[] = [];
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    logs.push(chunk.toString('utf8'));
    if (logs.length > 200) logs.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, logs };
}

/** `/readyz` of `origin`'s status (0 when it does not answer); throws with the logs when one of `running` exited. */
export async function readyzStatus(origin: string, running: ChildStore[]): Promise<number> {
  for (const r of running) if (r.child.exitCode !== null) throw new Error(`a store process exited (${r.child.exitCode}):\n${r.logs.join('')}`);
  return fetch(`${origin}/readyz`).then(
    (res) => res.status,
    () => 0,
  );
}

/** Waits until `origin` is ready (`timeoutMs`, default 120 s). */
export async function waitUntilReady(origin: string, running: ChildStore[], timeoutMs = 120_000): Promise<void> {
  await expect.poll(() => readyzStatus(origin, running), { timeout: timeoutMs, intervals: [250] }).toBe(200);
}

/** Stops the process (SIGTERM, then SIGKILL after 10 s); nothing when it already exited. */
export async function stopStore(r: ChildStore | undefined): Promise<void> {
  if (!r || r.child.exitCode !== null) return;
  const exited = new Promise((done) => r.child.once('exit', done));
  r.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
  if (r.child.exitCode === null) r.child.kill('SIGKILL');
}
