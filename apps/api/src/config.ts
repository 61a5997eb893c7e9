/**
 * The API server's configuration: environment variables checked by one zod schema at start-up
 * (DESIGN "Stack", epic-stack style). A bad or missing variable stops the start with a message
 * that names it (`Invalid configuration: PORT: must be an integer from 0 to 65535`).
 *
 * Keys keep the variable names; values are parsed (numbers, booleans, host lists).
 *
 * Modes (ADR 0012, issue 9 item 6): `NODE_ENV=production` requires real secrets and refuses the
 * development pages. Anywhere else, a secret that is not configured comes from a
 * {@link SecretStore}: `npm start` / `npm run dev` keep random secrets generated once in the data
 * folder (secrets.ts), tests get fresh random ones; no secret is ever a documented constant. The
 * development pages (file outbox, crash page) are on only with `NODE_ENV=development`
 * (`npm run dev`) or an explicit `DEV_PAGES=on` outside production.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { DEFAULT_HOSTS } from '@store/domain';
import type { DbTimeouts } from '@store/db';

/** The storefront's OAuth client id when OAUTH_CLIENT_ID is not set. */
export const DEFAULT_OAUTH_CLIENT_ID = 'storefront';

/** The operator client's id when OPERATOR_CLIENT_ID is not set (issue 12, ADR 0027). */
export const DEFAULT_OPERATOR_CLIENT_ID = 'operator';

/** The secrets the configuration can generate when they are not configured. */
export type GeneratedSecretName = 'JWT_SECRET' | 'OAUTH_CLIENT_SECRET';

/** Where unconfigured secrets come from outside production (a file in the data folder, or memory). */
export interface SecretStore {
  /** the secret of that name: the same value every time for one store */
  get(name: GeneratedSecretName): string;
}

/** A new random secret: 32 random bytes, base64url (43 characters). */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** A store of random secrets kept in memory (tests, tools): new values for each store. */
export function memorySecretStore(): SecretStore {
  const values = new Map<GeneratedSecretName, string>();
  return {
    get(name) {
      let value = values.get(name);
      if (!value) values.set(name, (value = randomSecret()));
      return value;
    },
  };
}


const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Trust no proxy: forwarded headers are ignored (the default). */
const NO_PROXY = false as const;

/**
 * TRUST_PROXY: which peers may tell the client address, protocol and host in `X-Forwarded-*`
 * headers (Fastify's `trustProxy`). Unset: none. A whole number: that many proxy hops. Otherwise
 * a comma list of addresses, CIDR ranges or the keywords loopback, linklocal, uniquelocal.
 */
const trustProxy = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      if (v === undefined || /^\d+$/.test(v.trim())) return;
      for (const part of v.split(',').map((p) => p.trim()).filter(Boolean)) {
        if (!/^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/.test(part)) {
          ctx.addIssue({ code: 'custom', message: `must be a hop count or a comma list of addresses, CIDR ranges, loopback, linklocal, uniquelocal (got "${part}")` });
        }
      }
    })
    .transform((v): false | number | string =>
      v === undefined ? NO_PROXY : /^\d+$/.test(v.trim()) ? Number(v.trim()) : v.split(',').map((p) => p.trim()).filter(Boolean).join(','),
    ),
);

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

/** A whole number of `unit` of at least `min`, `fallback` when unset or empty. */
const wholeNumber = (unit: string, fallback: number, min: number) => {
  const message = `must be a whole number of ${unit} (at least ${min})`;
  return z.preprocess(emptyToUndefined, z.coerce.number({ message }).int({ message }).min(min, { message }).default(fallback));
};

/** A duration in ms: a whole number of at least `min` (1 unless 0 means "off"). */
const milliseconds = (fallback: number, min = 1) => wholeNumber('milliseconds', fallback, min);

const bytes = (fallback: number, min: number) => wholeNumber('bytes', fallback, min);

/** Default lifetime of an API response cache entry, ms (ADR 0037: changes made in this process purge at once; other processes' changes show within it). */
export const DEFAULT_API_CACHE_TTL_MS = 10_000;

/** Default memory budget of the API response cache, bytes (ADR 0037). */
export const DEFAULT_API_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Points of order placement where the TEST-ONLY `CRASH_AT` hook kills the process (issue 9 item 5,
 * ADR 0014): right after the idempotency key is claimed, after the stock reservation committed,
 * and after the payment provider confirmed the charge (before the order is marked placed).
 */
export const CRASH_POINTS = ['afterClaim', 'afterReserve', 'afterCharge'] as const;
/** One of {@link CRASH_POINTS}. */
export type CrashPoint = (typeof CRASH_POINTS)[number];

/** The variables of the environment (the store's process; see {@link EnvSchema}). */
const EnvObject = z.object({
    NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).optional()),
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
    OAUTH_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().default(DEFAULT_OAUTH_CLIENT_ID)),
    OAUTH_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().min(8, { message: 'must be at least 8 characters' }).optional()),
    /** issue 12 (ADR 0027): the operator client's id (client_credentials tokens with scope `operator`) */
    OPERATOR_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().max(128, { message: 'must be at most 128 characters' }).regex(/^[A-Za-z0-9._-]+$/, { message: 'must be letters, digits, dot, dash or underscore' }).default(DEFAULT_OPERATOR_CLIENT_ID)),
    /** issue 12: its secret (≥ 32 characters); unset → no operator client, in every mode */
    OPERATOR_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, { message: 'must be at least 32 characters' }).optional()),
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
    /** dev-only pages (outbox, crash page); null → on only with NODE_ENV=development */
    DEV_PAGES: onOff(null),
    /** the recurring-order scheduler in the server process (issue 10, ADR 0018); null → on except with NODE_ENV=test */
    AD_SCHEDULER: onOff(null),
    /** peers trusted to forward the client address, protocol and host (ADR 0012) */
    TRUST_PROXY: trustProxy,
    /** where generated secrets are kept when none is configured (outside production) */
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
    /** first wait of the per-account sign-in slowdown, ms (ADR 0012) */
    SIGN_IN_DELAY_BASE_MS: milliseconds(1000, 0),
    /** longest wait of the per-account sign-in slowdown, ms */
    SIGN_IN_DELAY_MAX_MS: milliseconds(10_000, 0),
    /** customer access token lifetime, seconds (issue 3) */
    ACCESS_TOKEN_TTL_S: seconds(900),
    /** refresh token lifetime, seconds (spec §9: 1800, the rotate-token-expiry setting) */
    REFRESH_TOKEN_TTL_S: seconds(1800),
    /** absolute lifetime of a refresh token family (one sign-in), seconds (30 days) */
    REFRESH_TOKEN_MAX_LIFETIME_S: seconds(2_592_000),
    /**
     * database time limits, ms (issue 9 item 4, ADR 0013); the defaults are DEFAULT_DB_TIMEOUTS of
     * @store/db (repeated here so that checking the configuration loads no database driver)
     */
    DB_CONNECT_TIMEOUT_MS: milliseconds(5_000),
    DB_STATEMENT_TIMEOUT_MS: milliseconds(5_000),
    DB_IDLE_TIMEOUT_MS: milliseconds(30_000),
    DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds(30_000),
    /** base URL of the storefront for links in emails (password reset); default PUBLIC_URL */
    STOREFRONT_PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ message: 'must be an http(s) URL' }).optional()),
    /** lifetime of an entry of the API response cache, ms; 0 turns the cache off (ADR 0037) */
    API_CACHE_TTL_MS: milliseconds(DEFAULT_API_CACHE_TTL_MS, 0),
    /** memory budget of the API response cache, bytes (ADR 0037) */
    API_CACHE_MAX_BYTES: bytes(DEFAULT_API_CACHE_MAX_BYTES, 1_048_576),
    /** TEST-ONLY crash hook (issue 9 item 5): the process kills itself (SIGKILL) at this point of order placement; refused unless NODE_ENV=test */
    CRASH_AT: z.preprocess(emptyToUndefined, z.enum(CRASH_POINTS, { message: `must be one of ${CRASH_POINTS.join(', ')}` }).optional()),
  });

/** The schema of the environment. */
export const EnvSchema = EnvObject
  .superRefine((env, ctx) => {
    if (env.CRASH_AT !== undefined && env.NODE_ENV !== 'test') {
      ctx.addIssue({ code: 'custom', path: ['CRASH_AT'], message: 'is a test-only crash hook: it is refused unless NODE_ENV=test' });
    }
    if (env.NODE_ENV === 'production') {
      if (!env.JWT_SECRET) ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when NODE_ENV=production' });
      if (!env.OAUTH_CLIENT_SECRET)
        ctx.addIssue({ code: 'custom', path: ['OAUTH_CLIENT_SECRET'], message: 'is required when NODE_ENV=production' });
      if (env.DEV_PAGES === true) ctx.addIssue({ code: 'custom', path: ['DEV_PAGES'], message: 'cannot be on when NODE_ENV=production' });
    }
    if (env.OPERATOR_CLIENT_ID === env.OAUTH_CLIENT_ID) {
      ctx.addIssue({ code: 'custom', path: ['OPERATOR_CLIENT_ID'], message: 'must differ from OAUTH_CLIENT_ID (the storefront client never gets the operator scope)' });
    }
    if (env.OPERATOR_CLIENT_SECRET !== undefined && env.OPERATOR_CLIENT_SECRET === env.OAUTH_CLIENT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['OPERATOR_CLIENT_SECRET'], message: 'must differ from OAUTH_CLIENT_SECRET' });
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
  /** as set; null when unset (`npm start`: safe defaults, ADR 0012) */
  NODE_ENV: 'development' | 'production' | 'test' | null;
  PORT: number;
  HOST: string;
  DATABASE_URL: string;
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  PUBLIC_URL: string;
  JWT_SECRET: string;
  OAUTH_CLIENT_ID: string;
  OAUTH_CLIENT_SECRET: string;
  /** issue 12 (ADR 0027): the operator client (scope `operator`) */
  OPERATOR_CLIENT_ID: string;
  /** undefined: no operator client (no token carries the operator scope) */
  OPERATOR_CLIENT_SECRET: string | undefined;
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
  /** the recurring-order scheduler runs in the server process (issue 10; AD_SCHEDULER, default on except NODE_ENV=test) */
  AD_SCHEDULER: boolean;
  /** Fastify `trustProxy`: false (none), a hop count, or a comma list of addresses / CIDR / keywords */
  TRUST_PROXY: false | number | string;
  /** the data folder (generated secrets) */
  DATA_DIR: string;
  /** per-account sign-in slowdown: first wait and cap, ms */
  SIGN_IN_DELAY_BASE_MS: number;
  SIGN_IN_DELAY_MAX_MS: number;
  /** customer access token lifetime, seconds (default 900) */
  ACCESS_TOKEN_TTL_S: number;
  /** refresh token lifetime, seconds (default 1800, spec §9) */
  REFRESH_TOKEN_TTL_S: number;
  /** absolute lifetime of a refresh token family, seconds (default 2592000 = 30 days) */
  REFRESH_TOKEN_MAX_LIFETIME_S: number;
  /** storefront base URL for email links, no trailing slash (default PUBLIC_URL) */
  STOREFRONT_PUBLIC_URL: string;
  /** PostgreSQL: opening a connection or waiting for a free one, ms (default 5000; issue 9 item 4) */
  DB_CONNECT_TIMEOUT_MS: number;
  /** one statement, ms: PostgreSQL statement_timeout (+1 s client-side), SQLite busy_timeout (default 5000) */
  DB_STATEMENT_TIMEOUT_MS: number;
  /** PostgreSQL: idle pooled connections are closed after this, ms (default 30000) */
  DB_IDLE_TIMEOUT_MS: number;
  /** PostgreSQL idle_in_transaction_session_timeout, ms (default 30000) */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: number;
  /** API response cache (ADR 0037): entry lifetime, ms (0: off; default 10000) */
  API_CACHE_TTL_MS: number;
  /** API response cache memory budget, bytes (default 32 MiB) */
  API_CACHE_MAX_BYTES: number;
  /** TEST-ONLY (NODE_ENV=test): kill the process at this point of order placement; undefined otherwise */
  CRASH_AT: CrashPoint | undefined;
  /** names of the secrets that were generated because they are not configured (logged at start-up) */
  generatedSecrets: GeneratedSecretName[];
}

/** The database time limits of a configuration, as `createDb` takes them (issue 9 item 4). */
export function dbTimeoutsOf(config: AppConfig): DbTimeouts {
  return {
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    idleTimeoutMs: config.DB_IDLE_TIMEOUT_MS,
    idleInTransactionTimeoutMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
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

/** Options of {@link loadConfig}. */
export interface LoadConfigOptions {
  /** where unconfigured secrets come from outside production (default: fresh random ones in memory) */
  secrets?: SecretStore;
}

/**
 * Parses and checks the environment.
 * @throws ConfigError naming every bad variable
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, opts: LoadConfigOptions = {}): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? '(environment)'), message: issue.message })),
    );
  }
  const e = parsed.data;
  const generatedSecrets: GeneratedSecretName[] = [];
  const secrets = opts.secrets ?? memorySecretStore();
  const secret = (name: GeneratedSecretName, configured: string | undefined): string => {
    if (configured) return configured;
    generatedSecrets.push(name);
    return secrets.get(name);
  };
  const publicUrl = (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, '');
  return {
    NODE_ENV: e.NODE_ENV ?? null,
    PORT: e.PORT,
    HOST: e.HOST,
    DATABASE_URL: e.DATABASE_URL,
    LOG_LEVEL: e.LOG_LEVEL,
    PUBLIC_URL: publicUrl,
    JWT_SECRET: secret('JWT_SECRET', e.JWT_SECRET),
    OAUTH_CLIENT_ID: e.OAUTH_CLIENT_ID,
    OAUTH_CLIENT_SECRET: secret('OAUTH_CLIENT_SECRET', e.OAUTH_CLIENT_SECRET),
    OPERATOR_CLIENT_ID: e.OPERATOR_CLIENT_ID,
    // never a default or generated operator secret, in any mode (ADR 0027)
    OPERATOR_CLIENT_SECRET: e.OPERATOR_CLIENT_SECRET,
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
    DEV_PAGES: e.DEV_PAGES ?? e.NODE_ENV === 'development',
    AD_SCHEDULER: e.AD_SCHEDULER ?? e.NODE_ENV !== 'test',
    TRUST_PROXY: e.TRUST_PROXY,
    DATA_DIR: e.DATA_DIR,
    SIGN_IN_DELAY_BASE_MS: e.SIGN_IN_DELAY_BASE_MS,
    SIGN_IN_DELAY_MAX_MS: e.SIGN_IN_DELAY_MAX_MS,
    ACCESS_TOKEN_TTL_S: e.ACCESS_TOKEN_TTL_S,
    REFRESH_TOKEN_TTL_S: e.REFRESH_TOKEN_TTL_S,
    REFRESH_TOKEN_MAX_LIFETIME_S: e.REFRESH_TOKEN_MAX_LIFETIME_S,
    STOREFRONT_PUBLIC_URL: (e.STOREFRONT_PUBLIC_URL ?? publicUrl).replace(/\/+$/, ''),
    DB_CONNECT_TIMEOUT_MS: e.DB_CONNECT_TIMEOUT_MS,
    DB_STATEMENT_TIMEOUT_MS: e.DB_STATEMENT_TIMEOUT_MS,
    DB_IDLE_TIMEOUT_MS: e.DB_IDLE_TIMEOUT_MS,
    DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    API_CACHE_TTL_MS: e.API_CACHE_TTL_MS,
    API_CACHE_MAX_BYTES: e.API_CACHE_MAX_BYTES,
    CRASH_AT: e.CRASH_AT,
    generatedSecrets,
  };
}

/**
 * The environment of the storefront-only process (`npm run start:storefront`, ADR 0020): where it
 * listens, the API it calls over HTTP (`API_URL`, required), the storefront's OAuth client (the
 * secret must be the API's: set it, or share the API's DATA_DIR outside production), the host
 * lists, the development pages, the trusted proxies and the log level. Nothing of the database,
 * payments or email: that is the API's.
 */
export const StorefrontEnvSchema = EnvObject.pick({
  NODE_ENV: true,
  PORT: true,
  HOST: true,
  LOG_LEVEL: true,
  OAUTH_CLIENT_ID: true,
  OAUTH_CLIENT_SECRET: true,
  CANADIAN_HOSTS: true,
  COMMERCIAL_HOSTS: true,
  APEX_HOSTS: true,
  DEV_PAGES: true,
  TRUST_PROXY: true,
  DATA_DIR: true,
})
  .extend({
    /** base URL of the API process, e.g. http://127.0.0.1:3001 (its /rest/v2, token endpoint, /medias) */
    API_URL: z.preprocess(emptyToUndefined, z.url({ message: 'must be an http(s) URL (the API process, e.g. http://127.0.0.1:3001)' })),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production') {
      if (!env.OAUTH_CLIENT_SECRET)
        ctx.addIssue({ code: 'custom', path: ['OAUTH_CLIENT_SECRET'], message: 'is required when NODE_ENV=production' });
      if (env.DEV_PAGES === true) ctx.addIssue({ code: 'custom', path: ['DEV_PAGES'], message: 'cannot be on when NODE_ENV=production' });
    }
  });

/** The parsed configuration of the storefront-only process. */
export interface StorefrontConfig {
  NODE_ENV: 'development' | 'production' | 'test' | null;
  PORT: number;
  HOST: string;
  LOG_LEVEL: AppConfig['LOG_LEVEL'];
  /** the API's base URL, no trailing slash */
  API_URL: string;
  OAUTH_CLIENT_ID: string;
  OAUTH_CLIENT_SECRET: string;
  CANADIAN_HOSTS: string[];
  COMMERCIAL_HOSTS: string[];
  APEX_HOSTS: string[];
  DEV_PAGES: boolean;
  TRUST_PROXY: false | number | string;
  DATA_DIR: string;
  /** names of the secrets that were generated because they are not configured */
  generatedSecrets: GeneratedSecretName[];
}

/**
 * Parses and checks the storefront-only process's environment ({@link StorefrontEnvSchema}).
 * @throws ConfigError naming every bad variable
 */
export function loadStorefrontConfig(env: Record<string, string | undefined> = process.env, opts: LoadConfigOptions = {}): StorefrontConfig {
  const parsed = StorefrontEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? '(environment)'), message: issue.message })),
    );
  }
  const e = parsed.data;
  const generatedSecrets: GeneratedSecretName[] = [];
  let clientSecret = e.OAUTH_CLIENT_SECRET;
  if (!clientSecret) {
    generatedSecrets.push('OAUTH_CLIENT_SECRET');
    clientSecret = (opts.secrets ?? memorySecretStore()).get('OAUTH_CLIENT_SECRET');
  }
  return {
    NODE_ENV: e.NODE_ENV ?? null,
    PORT: e.PORT,
    HOST: e.HOST,
    LOG_LEVEL: e.LOG_LEVEL,
    API_URL: e.API_URL.replace(/\/+$/, ''),
    OAUTH_CLIENT_ID: e.OAUTH_CLIENT_ID,
    OAUTH_CLIENT_SECRET: clientSecret,
    CANADIAN_HOSTS: e.CANADIAN_HOSTS,
    COMMERCIAL_HOSTS: e.COMMERCIAL_HOSTS,
    APEX_HOSTS: e.APEX_HOSTS,
    DEV_PAGES: e.DEV_PAGES ?? e.NODE_ENV === 'development',
    TRUST_PROXY: e.TRUST_PROXY,
    DATA_DIR: e.DATA_DIR,
    generatedSecrets,
  };
}
