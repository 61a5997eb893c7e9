/**
 * @store/testing: a fresh database per test file on SQLite and PostgreSQL, the API under test
 * through `app.inject`, and an SMTP sink. (fail-on-console-error.ts is a vitest setup file.)
 */
export * from './db.ts';
export * from './app.ts';
export * from './smtp.ts';
export * from './tcp-proxy.ts';
export * from './net.ts';
export * from './redis.ts';
