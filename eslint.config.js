import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/build/**', '**/dist/**', '**/.react-router/**', 'data/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // issue 11 item 8 (ADR 0024): JWTs are signed and verified in apps/api/src/auth/jwt.ts only
    // (tests may forge tokens with jose; the storefront only decodes, never verifies)
    files: ['apps/api/src/**/*.ts', 'apps/storefront/app/**/*.{ts,tsx}', 'apps/storefront/server/**/*.ts', 'packages/*/src/**/*.ts'],
    ignores: ['apps/api/src/auth/jwt.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'jose', allowImportNames: ['decodeJwt'], message: 'Sign and verify JWTs through apps/api/src/auth/jwt.ts (ADR 0024).' }] },
      ],
    },
  },
  {
    files: ['**/cli/**', 'bench/**', 'scripts/**', 'e2e/**', '**/*.config.*'],
    rules: { 'no-console': 'off' },
  },
  {
    // build scripts in plain JavaScript (they run without dev tooling; ADR 0020)
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', performance: 'readonly' } },
  },
);
