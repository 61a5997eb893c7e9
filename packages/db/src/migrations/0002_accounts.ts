/**
 * Migration 0002: customer accounts and the token lifecycle (issue 3, spec §3 §4 §6 §9).
 *
 * - `customers`: one row per account; `email` is stored lower-cased and unique; `password_hash`
 *   is an argon2id PHC string; booleans 0/1; `roles` a comma list.
 * - `refresh_tokens`: one row per issued refresh token (sha-256 of the token, never the token);
 *   tokens of one sign-in share `family_id`; `status` 'active' | 'rotated' | 'revoked'.
 * - `password_reset_tokens`: sha-256 of the emailed token, single use (`used_at`), expiring.
 * - `rate_limit_hits`: fixed-window counters keyed by `key` + `window_start`, shared by every API
 *   process (DB-backed rate limits).
 */
import type { Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('perks_opt_in', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_employee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('roles', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('family_expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('rotated_at', 'text')
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_customer_idx').on('refresh_tokens').columns(['customer_id', 'status']).execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_reset_tokens_customer_idx').on('password_reset_tokens').column('customer_id').execute();

  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_hits_pk', ['key', 'window_start'])
    .execute();
}
