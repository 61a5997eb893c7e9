import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure code, fast) and `api` (through the HTTP layer and the database, on
 * SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL as well).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/domain/test/**/*.test.ts', 'packages/contracts/test/**/*.test.ts', 'apps/storefront/test/**/*.test.{ts,tsx}'],
          setupFiles: ['./packages/testing/src/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['packages/db/test/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          setupFiles: ['./packages/testing/src/fail-on-console-error.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
    ],
  },
});
