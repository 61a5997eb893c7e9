/**
 * The store's process entry (`npm start` / `npm run dev`, `node --import tsx apps/api/src/main.ts`):
 * checks the configuration, then starts the store (server.ts) on HOST:PORT.
 *
 * Secrets that are not configured (outside production) are generated once and kept in
 * `DATA_DIR/secrets.json` (secrets.ts, ADR 0012). `npm run dev` sets `NODE_ENV=development`,
 * which alone turns the development pages on.
 *
 * A bad configuration prints `Invalid configuration: VARIABLE: reason` and exits 1.
 * SIGTERM / SIGINT: stop accepting connections, let in-flight requests finish (`app.close()`),
 * close the database, exit 0. A second signal exits at once with status 1.
 */
import { ConfigError, loadConfig, type AppConfig } from './config.ts';
import { fileSecretStore } from './secrets.ts';

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig(process.env, { secrets: fileSecretStore(process.env.DATA_DIR?.trim() || './data') });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // NODE_ENV chooses the configuration's strictness (production requires real secrets;
  // development turns the development pages on) and, for React and the other libraries, their
  // optimised builds. An unset NODE_ENV means safe defaults for the configuration (checked
  // above: generated secrets, no development pages) and the production builds of the libraries
  // (ADR 0006, ADR 0012).
  process.env.NODE_ENV ??= 'production';
  // loaded after the configuration check, so a bad variable is reported at once
  const { startServer } = await import('./server.ts');
  const server = await startServer(config);
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals++;
    if (signals > 1) process.exit(1);
    server.app.log.info({ signal }, 'stopping: draining requests');
    server.stop().then(
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

main().catch((error: unknown) => {
  console.error('start-up failed', error);
  process.exit(1);
});
