/**
 * Migration 0006: auto-delivery, subscriptions and brewer campaigns (issue 10; ADR 0018).
 *
 * - `products.ad_eligible` (0/1): may be bought on auto-delivery. Backfilled to 1 for beverages
 *   (product_type 'Coffee', not a bundle) so an existing store keeps working; the seed clears it on
 *   the items a brand excludes.
 * - `cart_entries`: the auto-delivery choices of a line: `frequency_weeks` (ADC, ADCF, BBAD),
 *   `pods_at_home_qty` and `cups_per_day` (ADCF; spec §5), `day_of_month` (ADF, MBOX; 31 = last
 *   day), `campaign_code` (BBAD lines added by addCampaignBundle).
 * - `order_entries.frequency_weeks` / `subscription_id`: the parent order's lines and the
 *   subscription each one started (or, on recurring orders, belongs to).
 * - `orders.kind` ('checkout' | 'recurring' | 'clawback') and `orders.subscription_id`. Recurring
 *   and clawback orders have no cart: their `cart_guid` (unique, not null since 0001) is a
 *   synthetic `rc_<subscription>_<date>` / `cb_<commitment>` value.
 * - `subscriptions`: one per customer program; `next_ship_date` is a calendar date in the site's
 *   time zone; `version` grows with every change.
 * - `subscription_items`: unique (subscription, variant); optional backup variant.
 * - `subscription_cycles`: PK (subscription_id, cycle_date) — the scheduler claims a cycle by
 *   inserting it, so each subscription gets at most one order per cycle whatever the number of
 *   scheduler processes (a database constraint, not a lock in memory).
 * - `campaigns`: brewer campaigns per site (FIFTYPERCENTBREWER, FREEBREWER, KSKLITE, KSKBBAD)
 *   with the commitment terms.
 * - `commitments`: one per campaign purchase; at most one `open` commitment per email and per
 *   shipping address (partial unique indexes, both dialects).
 */
import { sql, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('products').addColumn('ad_eligible', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`UPDATE products SET ad_eligible = 1 WHERE product_type = 'Coffee' AND is_bundle = 0`.execute(db);

  for (const column of ['frequency_weeks', 'pods_at_home_qty', 'cups_per_day', 'day_of_month'] as const) {
    await db.schema.alterTable('cart_entries').addColumn(column, 'integer').execute();
  }
  await db.schema.alterTable('cart_entries').addColumn('campaign_code', 'text').execute();

  await db.schema.alterTable('order_entries').addColumn('frequency_weeks', 'integer').execute();
  await db.schema.alterTable('order_entries').addColumn('subscription_id', 'text').execute();
  await db.schema.alterTable('orders').addColumn('kind', 'text', (c) => c.notNull().defaultTo('checkout')).execute();
  await db.schema.alterTable('orders').addColumn('subscription_id', 'text').execute();
  await db.schema.createIndex('orders_subscription_idx').on('orders').columns(['subscription_id', 'created_at']).execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('base_site', 'text', (c) => c.notNull().references('base_sites.uid'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('program', 'text', (c) => c.notNull())
    .addColumn('entry_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('frequency_weeks', 'integer')
    .addColumn('day_of_month', 'integer')
    .addColumn('next_ship_date', 'text', (c) => c.notNull())
    .addColumn('paused_until', 'text')
    .addColumn('shipping_address_json', 'text', (c) => c.notNull())
    .addColumn('address_id', 'text')
    .addColumn('saved_payment_method_id', 'text')
    .addColumn('parent_order_code', 'text')
    .addColumn('campaign_code', 'text')
    .addColumn('rotation', 'text')
    .addColumn('pods_at_home_qty', 'integer')
    .addColumn('cups_per_day', 'integer')
    .addColumn('reminded_for_date', 'text')
    .addColumn('cancel_reason', 'text')
    .addColumn('cancel_note', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('suspended_at', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_customer_idx').on('subscriptions').columns(['customer_id', 'status']).execute();
  // the scheduler's scan: active subscriptions by next ship date
  await db.schema.createIndex('subscriptions_due_idx').on('subscriptions').columns(['status', 'next_ship_date']).execute();

  await db.schema
    .createTable('subscription_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subscription_id', 'text', (c) => c.notNull().references('subscriptions.id').onDelete('cascade'))
    .addColumn('variant_code', 'text', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull().check(sql`qty > 0`))
    .addColumn('backup_variant_code', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('subscription_items_variant_uq', ['subscription_id', 'variant_code'])
    .execute();

  await db.schema
    .createTable('subscription_cycles')
    .addColumn('subscription_id', 'text', (c) => c.notNull().references('subscriptions.id').onDelete('cascade'))
    .addColumn('cycle_date', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('order_code', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('notice_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('subscription_cycles_pk', ['subscription_id', 'cycle_date'])
    .execute();
  await db.schema.createIndex('subscription_cycles_retry_idx').on('subscription_cycles').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('campaigns')
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('base_site', 'text', (c) => c.notNull().references('base_sites.uid'))
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_fr', 'text', (c) => c.notNull())
    .addColumn('brewer_discount_bps', 'integer', (c) => c.notNull().check(sql`brewer_discount_bps BETWEEN 0 AND 10000`))
    .addColumn('brewer_codes', 'text', (c) => c.notNull())
    .addColumn('boxes_required', 'integer', (c) => c.notNull().defaultTo(16))
    .addColumn('min_orders', 'integer', (c) => c.notNull().defaultTo(4))
    .addColumn('min_boxes_per_order', 'integer', (c) => c.notNull().defaultTo(4))
    .addColumn('months', 'integer', (c) => c.notNull().defaultTo(12))
    .addColumn('card_valid_months', 'integer', (c) => c.notNull().defaultTo(6))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('campaigns_pk', ['base_site', 'code'])
    .execute();

  await db.schema
    .createTable('commitments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subscription_id', 'text', (c) => c.notNull().references('subscriptions.id').onDelete('cascade'))
    .addColumn('base_site', 'text', (c) => c.notNull())
    .addColumn('campaign_code', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('address_key', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('brewer_variant_code', 'text', (c) => c.notNull())
    .addColumn('brewer_list_minor', 'integer', (c) => c.notNull())
    .addColumn('brewer_paid_minor', 'integer', (c) => c.notNull())
    .addColumn('boxes_required', 'integer', (c) => c.notNull())
    .addColumn('min_orders', 'integer', (c) => c.notNull())
    .addColumn('min_boxes_per_order', 'integer', (c) => c.notNull())
    .addColumn('boxes_counted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('orders_counted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deadline', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('clawback_minor', 'integer')
    .addColumn('clawback_order_code', 'text')
    .addColumn('parent_order_code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('commitments_subscription_idx').on('commitments').column('subscription_id').execute();
  // one open commitment per email and per shipping address (business-defaults)
  await db.schema.createIndex('commitments_open_email_uq').on('commitments').column('email').unique().where(sql.ref('status'), '=', 'open').execute();
  await db.schema.createIndex('commitments_open_address_uq').on('commitments').column('address_key').unique().where(sql.ref('status'), '=', 'open').execute();
}
