import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, dbTimeoutsOf, loadConfig } from '@store/api';
import { DEFAULT_DB_TIMEOUTS } from '@store/db';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../..');

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has working, safe defaults: generated secrets, no development pages, no trusted proxy', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: null,
      PORT: 3000,
      HOST: 'localhost',
      DATABASE_URL: 'file:./data/store.db',
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://localhost:3000',
      PAYMENT_PROVIDER: 'test',
      OUTBOX_DIR: './data/outbox',
      STOREFRONT: true,
      DEV_PAGES: false,
      TRUST_PROXY: false,
      SMTP_URL: undefined,
    });
    expect(config.CANADIAN_HOSTS.length).toBeGreaterThan(0);
    expect(config.generatedSecrets).toEqual(['JWT_SECRET', 'OAUTH_CLIENT_SECRET']);
    // random, not a documented constant: two configurations never share a secret
    const other = loadConfig({});
    expect(config.JWT_SECRET.length).toBeGreaterThanOrEqual(43);
    expect(other.JWT_SECRET).not.toBe(config.JWT_SECRET);
    expect(other.OAUTH_CLIENT_SECRET).not.toBe(config.OAUTH_CLIENT_SECRET);
  });

  it('development pages: on with NODE_ENV=development, off otherwise, refused in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).DEV_PAGES).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DEV_PAGES: 'off' }).DEV_PAGES).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).DEV_PAGES).toBe(false);
    expect(loadConfig({ DEV_PAGES: 'on' }).DEV_PAGES).toBe(true);
    expect(configError({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), OAUTH_CLIENT_SECRET: 'a-real-secret', DEV_PAGES: 'on' }).message).toContain(
      'DEV_PAGES: cannot be on when NODE_ENV=production',
    );
  });

  it('TRUST_PROXY: addresses, CIDR ranges and keywords, or a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, loopback ' }).TRUST_PROXY).toBe('10.0.0.0/8,loopback');
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(configError({ TRUST_PROXY: 'everyone' }).variables).toEqual(['TRUST_PROXY']);
  });

  it('parses values: ports, host lists, on/off switches, postgres URLs', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db:5432/store',
      CANADIAN_HOSTS: ' Shop.Example.CA , fr.example.ca ,',
      STOREFRONT: 'off',
      DEV_PAGES: 'off',
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      OAUTH_CLIENT_SECRET: 'a-real-secret',
      PUBLIC_URL: 'https://shop.example.com/',
    });
    expect(config).toMatchObject({ PORT: 8080, HOST: '0.0.0.0', STOREFRONT: false, DEV_PAGES: false, PUBLIC_URL: 'https://shop.example.com' });
    expect(config.CANADIAN_HOSTS).toEqual(['shop.example.ca', 'fr.example.ca']);
    expect(config.generatedSecrets).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), OAUTH_CLIENT_SECRET: 'a-real-secret' }).DEV_PAGES).toBe(false);
  });

  it('database time limits (issue 9 item 4): the defaults of @store/db, overridable, refused when not a positive whole number', () => {
    expect(dbTimeoutsOf(loadConfig({}))).toEqual(DEFAULT_DB_TIMEOUTS);
    const config = loadConfig({ DB_CONNECT_TIMEOUT_MS: '1500', DB_STATEMENT_TIMEOUT_MS: '2500', DB_IDLE_TIMEOUT_MS: '60000', DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '9000' });
    expect(dbTimeoutsOf(config)).toEqual({ connectTimeoutMs: 1500, statementTimeoutMs: 2500, idleTimeoutMs: 60000, idleInTransactionTimeoutMs: 9000 });
    expect(configError({ DB_CONNECT_TIMEOUT_MS: '0' }).variables).toEqual(['DB_CONNECT_TIMEOUT_MS']);
    expect(configError({ DB_STATEMENT_TIMEOUT_MS: 'soon' }).variables).toEqual(['DB_STATEMENT_TIMEOUT_MS']);
  });

  it('names the bad variable', () => {
    expect(configError({ PORT: 'abc' }).message).toBe('Invalid configuration: PORT: must be an integer from 0 to 65535');
    expect(configError({ PORT: '70000' }).variables).toEqual(['PORT']);
    expect(configError({ DATABASE_URL: 'mysql://x' }).message).toContain('DATABASE_URL: must start with file: or postgres://');
    expect(configError({ PAYMENT_PROVIDER: 'paypal' }).variables).toEqual(['PAYMENT_PROVIDER']);
    expect(configError({ STOREFRONT: 'maybe' }).message).toContain('STOREFRONT: must be on or off');
    expect(configError({ LOG_LEVEL: 'loud', PORT: '-1' }).variables.sort()).toEqual(['LOG_LEVEL', 'PORT']);
  });

  it('requires secrets in production and Stripe keys with the Stripe provider', () => {
    expect(configError({ NODE_ENV: 'production' }).variables.sort()).toEqual(['JWT_SECRET', 'OAUTH_CLIENT_SECRET']);
    expect(configError({ JWT_SECRET: 'short' }).message).toContain('JWT_SECRET: must be at least 32 characters');
    expect(configError({ PAYMENT_PROVIDER: 'stripe' }).variables.sort()).toEqual(['STRIPE_PUBLISHABLE_KEY', 'STRIPE_SECRET_KEY']);
    expect(loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }).PAYMENT_PROVIDER).toBe('stripe');
  });

  it('the crash hook CRASH_AT is test-only: refused unless NODE_ENV=test (issue 9 item 5)', () => {
    expect(loadConfig({}).CRASH_AT).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', CRASH_AT: 'afterCharge' }).CRASH_AT).toBe('afterCharge');
    expect(configError({ CRASH_AT: 'afterCharge' }).message).toBe('Invalid configuration: CRASH_AT: is a test-only crash hook: it is refused unless NODE_ENV=test');
    expect(configError({ NODE_ENV: 'development', CRASH_AT: 'afterReserve' }).variables).toEqual(['CRASH_AT']);
    expect(configError({ NODE_ENV: 'test', CRASH_AT: 'sometimes' }).message).toContain('CRASH_AT: must be one of afterClaim, afterReserve, afterCharge');
  });

  it('the server refuses to start on a bad variable, naming it, with exit code 1', async () => {
    const result = await run(process.execPath, ['--conditions=source', '--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: 'file:/tmp/never-created/store.db' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid configuration: PORT: must be an integer from 0 to 65535');
  });
});
