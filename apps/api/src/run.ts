/**
 * What the process entries share (ADR 0020): main.ts (the single process, API and storefront on
 * one port), main-api.ts (the API only) and main-storefront.ts (the storefront only, calling the
 * API over HTTP at API_URL).
 *
 * Each checks its configuration first (a bad one prints `Invalid configuration: VARIABLE:
 * reason` and exits 1), then loads the server modules (so a bad variable is reported at once)
 * and starts. Secrets that are not configured (outside production) are generated once and kept
 * in `DATA_DIR/secrets.json` (secrets.ts, ADR 0012). SIGTERM / SIGINT: stop accepting
 * connections, let in-flight requests finish, close the database, exit 0; a second signal exits
 * at once with status 1.
 */
import { resolve } from 'node:path';
import { ConfigError, loadConfig, loadStorefrontConfig, type AppConfig, type StorefrontConfig } from './config.ts';
import { fileSecretStore } from './secrets.ts';

/**
 * Run from TypeScript sources (tsx: `npm run dev`, tests, the e2e server), the workspace packages
 * must resolve to their sources too: without `--conditions=source` Node would take their
 * compiled `dist/`, stale or missing (ADR 0020). Refuse to start then, saying how to run it.
 */
function assertSourcesResolveToSources(): void {
  if (!import.meta.url.endsWith('.ts')) return;
  const db = import.meta.resolve('@store/db');
  if (!db.includes('/dist/')) return;
  console.error(
    'The API runs from its TypeScript sources but @store/db resolves to its compiled dist/ (maybe stale): ' +
      'run it as `node --conditions=source --import tsx ...` (ADR 0020), or run the compiled entry (`npm start`).',
  );
  process.exit(1);
}

assertSourcesResolveToSources();

/** The configuration `load` answers, or exit 1 printing why it is bad. */
function configOrExit<T>(load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * NODE_ENV chooses the configuration's strictness (production requires real secrets;
 * development turns the development pages on) and, for React and the other libraries, their
 * optimised builds. An unset NODE_ENV means safe defaults for the configuration (checked before
 * this) and the production builds of the libraries (ADR 0006, ADR 0012).
 */
function defaultNodeEnv(): void {
  process.env.NODE_ENV ??= 'production';
}

/** Stops on SIGTERM / SIGINT (see module comment). */
function stopOnSignals(stop: () => Promise<void>, log: { info(obj: object, msg: string): void }): void {
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals++;
    if (signals > 1) process.exit(1);
    log.info({ signal }, 'stopping: draining requests');
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('error while stopping', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

function secretsOf(env: NodeJS.ProcessEnv) {
  return fileSecretStore(env.DATA_DIR?.trim() || './data');
}

/**
 * Starts the store (server.ts) with the environment plus `overrides` (main-api.ts passes
 * `STOREFRONT=off`).
 */
export async function runStore(overrides: Record<string, string> = {}): Promise<void> {
  const env = { ...process.env, ...overrides };
  const config: AppConfig = configOrExit(() => loadConfig(env, { secrets: secretsOf(env) }));
  defaultNodeEnv();
  const { startServer } = await import('./server.ts');
  const server = await startServer(config);
  stopOnSignals(() => server.stop(), server.app.log);
}

/** Starts the storefront-only process (storefront-server.ts) on the compiled storefront build. */
export async function runStorefront(): Promise<void> {
  const config: StorefrontConfig = configOrExit(() => loadStorefrontConfig(process.env, { secrets: secretsOf(process.env) }));
  defaultNodeEnv();
  const [{ startStorefrontServer }, { STOREFRONT_DIR }] = await Promise.all([import('./storefront-server.ts'), import('./storefront-dir.ts')]);
  const server = await startStorefrontServer(config, { buildDir: resolve(STOREFRONT_DIR, 'build') });
  stopOnSignals(() => server.stop(), server.app.log);
}

/** Runs `start`, printing a start-up failure and exiting 1. */
export function runMain(start: () => Promise<void>): void {
  start().catch((error: unknown) => {
    console.error('start-up failed', error);
    process.exit(1);
  });
}
