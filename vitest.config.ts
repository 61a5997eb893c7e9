import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure code, fast) and `api` (through the HTTP layer and the database, on
 * SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL as well).
 */
export default defineConfig({
  // workspace packages from their TypeScript source (the `source` export condition), never dist/ (ADR 0020)
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/domain/test/**/*.test.ts', 'packages/contracts/test/**/*.test.ts', 'apps/storefront/test/**/*.test.{ts,tsx}'],
          setupFiles: ['./packages/testing/src/fail-on-console-error.ts'],
          // property tests run hundreds of cases; 5 s is too tight on a loaded 2-core machine
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
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
