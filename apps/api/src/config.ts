/**
 * The API server's configuration: environment variables checked by one zod schema at start-up
 * (DESIGN "Stack", epic-stack style). A bad or missing variable stops the start with a message
 * that names it (`Invalid configuration: PORT: must be an integer from 0 to 65535`).
 *
 * Keys keep the variable names; values are parsed (numbers, booleans, host lists).
 */
import { z } from 'zod';
import { DEFAULT_HOSTS } from '@store/domain';

/** Secrets that are fine on a developer machine and refused in production. */
export const DEV_JWT_SECRET = 'dev-only-jwt-secret-change-me-0123456789abcdef';
export const DEV_OAUTH_CLIENT_ID = 'storefront';
export const DEV_OAUTH_CLIENT_SECRET = 'storefront-dev-secret';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const hostList = (fallback: string[]) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((v) =>
        v === undefined
          ? fallback
          : v
              .split(',')
              .map((h) => h.trim().toLowerCase())
              .filter(Boolean),
      ),
  );

const onOff = (fallback: boolean | null) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['on', 'off', 'true', 'false', '1', '0'], { message: 'must be on or off' })
      .optional()
      .transform((v) => (v === undefined ? fallback : v === 'on' || v === 'true' || v === '1')),
  );

const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

const seconds = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'must be a whole number of seconds (at least 1)' })
      .int({ message: 'must be a whole number of seconds (at least 1)' })
      .min(1, { message: 'must be a whole number of seconds (at least 1)' })
      .default(fallback),
  );

/**
 * Points of order placement where the TEST-ONLY `CRASH_AT` hook kills the process (issue 9 item 5,
 * ADR 0014): right after the idempotency key is claimed, after the stock reservation committed,
 * and after the payment provider confirmed the charge (before the order is marked placed).
 */
export const CRASH_POINTS = ['afterClaim', 'afterReserve', 'afterCharge'] as const;
/** One of {@link CRASH_POINTS}. */
export type CrashPoint = (typeof CRASH_POINTS)[number];

/** The schema of the environment. */
export const EnvSchema = z
  .object({
    NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
    PORT: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ message: 'must be an integer from 0 to 65535' })
        .int({ message: 'must be an integer from 0 to 65535' })
        .min(0, { message: 'must be an integer from 0 to 65535' })
        .max(65535, { message: 'must be an integer from 0 to 65535' })
        .default(3000),
    ),
    HOST: z.preprocess(emptyToUndefined, z.string().default('localhost')),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(file:|postgres:\/\/|postgresql:\/\/)/, { message: 'must start with file: or postgres://' })
        .default('file:./data/store.db'),
    ),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    /** public base URL of the store (emails, absolute links); default http://HOST:PORT */
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ message: 'must be an http(s) URL' }).optional()),
    JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, { message: 'must be at least 32 characters' }).optional()),
    OAUTH_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().default(DEV_OAUTH_CLIENT_ID)),
    OAUTH_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().min(8, { message: 'must be at least 8 characters' }).optional()),
    PAYMENT_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['test', 'stripe'], { message: 'must be test or stripe' }).default('test')),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    /** smtp:// or smtps:// URL; unset → file outbox */
    SMTP_URL: z.preprocess(emptyToUndefined, z.string().regex(/^smtps?:\/\//, { message: 'must start with smtp:// or smtps://' }).optional()),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Brewhaus <orders@brewhaus.example>')),
    OUTBOX_DIR: z.preprocess(emptyToUndefined, z.string().default('./data/outbox')),
    CANADIAN_HOSTS: hostList(DEFAULT_HOSTS.canadianHosts),
    COMMERCIAL_HOSTS: hostList(DEFAULT_HOSTS.commercialHosts),
    APEX_HOSTS: hostList(DEFAULT_HOSTS.apexHosts),
    STOREFRONT: onOff(true),
    /** dev-only pages (outbox); null → on unless production */
    DEV_PAGES: onOff(null),
    /** customer access token lifetime, seconds (issue 3) */
    ACCESS_TOKEN_TTL_S: seconds(900),
    /** refresh token lifetime, seconds (spec §9: 1800, the rotate-token-expiry setting) */
    REFRESH_TOKEN_TTL_S: seconds(1800),
    /** absolute lifetime of a refresh token family (one sign-in), seconds (30 days) */
    REFRESH_TOKEN_MAX_LIFETIME_S: seconds(2_592_000),
    /** base URL of the storefront for links in emails (password reset); default PUBLIC_URL */
    STOREFRONT_PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ message: 'must be an http(s) URL' }).optional()),
    /** TEST-ONLY crash hook (issue 9 item 5): the process kills itself (SIGKILL) at this point of order placement; refused unless NODE_ENV=test */
    CRASH_AT: z.preprocess(emptyToUndefined, z.enum(CRASH_POINTS, { message: `must be one of ${CRASH_POINTS.join(', ')}` }).optional()),
  })
  .superRefine((env, ctx) => {
    if (env.CRASH_AT !== undefined && env.NODE_ENV !== 'test') {
      ctx.addIssue({ code: 'custom', path: ['CRASH_AT'], message: 'is a test-only crash hook: it is refused unless NODE_ENV=test' });
    }
    if (env.NODE_ENV === 'production') {
      if (!env.JWT_SECRET) ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
      if (!env.OAUTH_CLIENT_SECRET)
        ctx.addIssue({ code: 'custom', path: ['OAUTH_CLIENT_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (env.PAYMENT_PROVIDER === 'stripe') {
      if (!env.STRIPE_SECRET_KEY)
        ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'is required when PAYMENT_PROVIDER=stripe' });
      if (!env.STRIPE_PUBLISHABLE_KEY)
        ctx.addIssue({ code: 'custom', path: ['STRIPE_PUBLISHABLE_KEY'], message: 'is required when PAYMENT_PROVIDER=stripe' });
    }
  });

/** The parsed configuration. Secrets are always set (dev defaults outside production). */
export interface AppConfig {
  NODE_ENV: 'development' | 'production' | 'test';
  PORT: number;
  HOST: string;
  DATABASE_URL: string;
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  PUBLIC_URL: string;
  JWT_SECRET: string;
  OAUTH_CLIENT_ID: string;
  OAUTH_CLIENT_SECRET: string;
  PAYMENT_PROVIDER: 'test' | 'stripe';
  STRIPE_SECRET_KEY: string | undefined;
  STRIPE_PUBLISHABLE_KEY: string | undefined;
  SMTP_URL: string | undefined;
  MAIL_FROM: string;
  OUTBOX_DIR: string;
  CANADIAN_HOSTS: string[];
  COMMERCIAL_HOSTS: string[];
  APEX_HOSTS: string[];
  STOREFRONT: boolean;
  DEV_PAGES: boolean;
  /** customer access token lifetime, seconds (default 900) */
  ACCESS_TOKEN_TTL_S: number;
  /** refresh token lifetime, seconds (default 1800, spec §9) */
  REFRESH_TOKEN_TTL_S: number;
  /** absolute lifetime of a refresh token family, seconds (default 2592000 = 30 days) */
  REFRESH_TOKEN_MAX_LIFETIME_S: number;
  /** storefront base URL for email links, no trailing slash (default PUBLIC_URL) */
  STOREFRONT_PUBLIC_URL: string;
  /** TEST-ONLY (NODE_ENV=test): kill the process at this point of order placement; undefined otherwise */
  CRASH_AT: CrashPoint | undefined;
  /** names of the variables that fell back to development defaults (logged as a warning) */
  devDefaultsUsed: string[];
}

/** Thrown by `loadConfig`; `variables` names every bad variable. */
export class ConfigError extends Error {
  readonly variables: string[];
  constructor(issues: Array<{ variable: string; message: string }>) {
    super(`Invalid configuration: ${issues.map((i) => `${i.variable}: ${i.message}`).join('; ')}`);
    this.name = 'ConfigError';
    this.variables = issues.map((i) => i.variable);
  }
}

/**
 * Parses and checks the environment.
 * @throws ConfigError naming every bad variable
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? '(environment)'), message: issue.message })),
    );
  }
  const e = parsed.data;
  const devDefaultsUsed: string[] = [];
  if (!e.JWT_SECRET) devDefaultsUsed.push('JWT_SECRET');
  if (!e.OAUTH_CLIENT_SECRET) devDefaultsUsed.push('OAUTH_CLIENT_SECRET');
  const publicUrl = (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, '');
  return {
    NODE_ENV: e.NODE_ENV,
    PORT: e.PORT,
    HOST: e.HOST,
    DATABASE_URL: e.DATABASE_URL,
    LOG_LEVEL: e.LOG_LEVEL,
    PUBLIC_URL: publicUrl,
    JWT_SECRET: e.JWT_SECRET ?? DEV_JWT_SECRET,
    OAUTH_CLIENT_ID: e.OAUTH_CLIENT_ID,
    OAUTH_CLIENT_SECRET: e.OAUTH_CLIENT_SECRET ?? DEV_OAUTH_CLIENT_SECRET,
    PAYMENT_PROVIDER: e.PAYMENT_PROVIDER,
    STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: e.STRIPE_PUBLISHABLE_KEY,
    SMTP_URL: e.SMTP_URL,
    MAIL_FROM: e.MAIL_FROM,
    OUTBOX_DIR: e.OUTBOX_DIR,
    CANADIAN_HOSTS: e.CANADIAN_HOSTS,
    COMMERCIAL_HOSTS: e.COMMERCIAL_HOSTS,
    APEX_HOSTS: e.APEX_HOSTS,
    STOREFRONT: e.STOREFRONT ?? true,
    DEV_PAGES: e.DEV_PAGES ?? e.NODE_ENV !== 'production',
    ACCESS_TOKEN_TTL_S: e.ACCESS_TOKEN_TTL_S,
    REFRESH_TOKEN_TTL_S: e.REFRESH_TOKEN_TTL_S,
    REFRESH_TOKEN_MAX_LIFETIME_S: e.REFRESH_TOKEN_MAX_LIFETIME_S,
    STOREFRONT_PUBLIC_URL: (e.STOREFRONT_PUBLIC_URL ?? publicUrl).replace(/\/+$/, ''),
    CRASH_AT: e.CRASH_AT,
    devDefaultsUsed,
  };
}
