/**
 * End-to-end tests in Chromium (DESIGN "Tests"): the production build of the whole store (API +
 * storefront in one process, `npm run build` first) on a fresh SQLite database, driven through
 * roles and labels. Chromium is Debian's `/usr/bin/chromium`; no browser is downloaded.
 *
 * Brands by host (DEFAULT_HOSTS): http://localhost:3210 → usb2c, http://ca.localhost:3210 →
 * cab2c (Chromium resolves *.localhost to the loopback address).
 */
import { defineConfig, devices } from '@playwright/test';

/** Port of the e2e server (fixed, not the developer's 3000). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
/**
 * Port of the SMTP sink started once for the run by e2e/smtp-sink.ts (globalSetup): emails
 * (forgot password, e-gift cards) arrive over real SMTP and specs read them with `readMails()`.
 */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/smtp-sink.ts',
  outputDir: './test-results/e2e/artifacts',
  fullyParallel: false,
  forbidOnly: true,
  // ADR 0026: one retry; a test that passes only on retry is listed as flaky (and counted by .ci/run)
  retries: 1,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node --conditions=source --import tsx e2e/start-server.ts',
    url: `http://localhost:${E2E_PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: 'localhost',
      // NODE_ENV unset, as `npm start` (production React; ADR 0012), with explicit secrets, the
      // dev-only pages (the crash page checks the 500 page), and loopback as a trusted proxy so a
      // spec can play shoppers at different addresses with X-Forwarded-For (e2e/security.spec.ts)
      JWT_SECRET: 'e2e-only-jwt-secret-0123456789abcdef0123456789',
      OAUTH_CLIENT_SECRET: 'e2e-only-storefront-secret',
      DEV_PAGES: 'true',
      TRUST_PROXY: 'loopback',
      DATABASE_URL: 'file:./test-results/e2e/store.db',
      OUTBOX_DIR: './test-results/e2e/outbox',
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      PAYMENT_PROVIDER: 'test',
      LOG_LEVEL: 'warn',
      // issue 11 item 4: the purge endpoint (e2e/page-cache.spec.ts changes a price in the database, then purges)
      PAGE_CACHE_PURGE_SECRET: 'e2e-only-page-cache-purge-secret',
      // ADR 0026: two browser workers share the CPUs with this server; page views are not shed
      // after 1.5 s here (the limiter's shedding is unit-tested)
      RENDER_QUEUE_TIMEOUT_MS: '10000',
      // issue 11 item 5: nor answered 503 after 3 s (a cold render on a busy CI machine may take
      // that); the deadline has its own spec with a server of its own (e2e/render-deadline.spec.ts)
      RENDER_TIMEOUT_MS: '30000',
      // issue 12 (ADR 0027): the operator client e2e/fulfilment.spec.ts ships orders with
      OPERATOR_CLIENT_SECRET: 'e2e-only-operator-secret-0123456789abcdef',
    },
  },
});
