/**
 * Migration 0009: mailing list and notify-me (issue 12; ADR 0029; spec §5 email rule, §7
 * subscribe / notifyMe, §8 failed subscription logs a reason).
 *
 * - `mailing_subscriptions`: one row per (base site, normalised email). `status` is `pending`
 *   (double opt-in email sent, not confirmed), `confirmed` or `unsubscribed`. The confirmation
 *   token is kept as its sha-256 (`confirm_token_hash`, cleared when used: single use) with its
 *   expiry; `confirm_sent_at` caps confirmation emails (one per address per hour, a conditional
 *   update). Consent: `consent_at` (ISO-8601 UTC), `consent_source` (`footer`, ...) and
 *   `consent_wording` (the wording version the shopper agreed to).
 * - `notify_requests`: one pending "notify me when it's back" per (base site, variant, email)
 *   (unique: the request is idempotent). `claim_id` / `claimed_at` mark a request being sent by
 *   one sweep (conditional update); the row is deleted once its email is sent, or unsent after
 *   90 days. `lang` is the language the shopper used.
 */
import type { Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('mailing_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('base_site', 'text', (c) => c.notNull().references('base_sites.uid'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('confirm_token_hash', 'text')
    .addColumn('confirm_expires_at', 'text')
    .addColumn('confirm_sent_at', 'text')
    .addColumn('consent_at', 'text')
    .addColumn('consent_source', 'text')
    .addColumn('consent_wording', 'text')
    .addColumn('unsubscribed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('mailing_subscriptions_site_email_uq', ['base_site', 'email'])
    .execute();
  await db.schema.createIndex('mailing_subscriptions_token_idx').on('mailing_subscriptions').column('confirm_token_hash').execute();

  await db.schema
    .createTable('notify_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('base_site', 'text', (c) => c.notNull().references('base_sites.uid'))
    .addColumn('variant_code', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('claim_id', 'text')
    .addColumn('claimed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('notify_requests_site_variant_email_uq', ['base_site', 'variant_code', 'email'])
    .execute();
  // the sweep's scan: requests by variant (joined with stock) and by age
  await db.schema.createIndex('notify_requests_variant_idx').on('notify_requests').column('variant_code').execute();
  await db.schema.createIndex('notify_requests_created_idx').on('notify_requests').column('created_at').execute();
}
