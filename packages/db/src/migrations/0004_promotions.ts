/**
 * Migration 0004: promotions, coupons, price lists and gift cards (issue 4; spec §3, §6, §7;
 * ADR 0010).
 *
 * - `promotions`: rules the domain engine evaluates (kind + JSON parameters), automatic or behind
 *   a coupon; `priority` (higher first) and `exclusive`.
 * - `coupons`: codes (stored upper-case) bound to a promotion, with dates and usage limits.
 *   `used_count` is raised with a conditional update (`used_count < max_uses`) inside the order
 *   transaction; `coupon_customer_uses` holds the per-customer count the same way (conditional
 *   upsert), so limits hold under concurrent checkouts. `coupon_redemptions` records which order
 *   used which coupon.
 * - `cart_coupons`: coupons a shopper applied to a cart.
 * - `order_promotions`: the applied promotions frozen on the order, one line each.
 * - `price_lists`: per price group / user group prices of variants (spec §3, §6);
 *   `customers.price_group` and `customers.user_group` say which group prices a customer (the
 *   employee flag adds the EMPLOYEE group). Never read from the browser.
 * - `gift_cards`: codes stored as a SHA-256 hash (the code itself is only ever emailed), the last
 *   4 characters for display, balance in minor units changed only by conditional updates;
 *   `gift_card_ledger` records every movement (issue, hold, release, redeem, refund) so that
 *   Σ ledger = balance; `cart_gift_cards` are cards applied to a cart (optional partial amount);
 *   `order_gift_cards` what each card pays on an order and its state (held, redeemed, released,
 *   refunded).
 * - `orders.gift_card_minor`: paid by gift cards; the card is charged `total_minor − gift_card_minor`.
 */
import { sql, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('promotions')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('base_site', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_fr', 'text', (c) => c.notNull())
    .addColumn('params_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('exclusive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('requires_coupon', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_groups', 'text')
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('promotions_site_idx').on('promotions').columns(['base_site', 'active']).execute();

  await db.schema
    .createTable('coupons')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('base_site', 'text', (c) => c.notNull())
    .addColumn('promotion_code', 'text', (c) => c.notNull().references('promotions.code'))
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_fr', 'text', (c) => c.notNull())
    .addColumn('page_name', 'text')
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('max_uses', 'integer')
    .addColumn('max_uses_per_customer', 'integer')
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`used_count >= 0`))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('coupon_customer_uses')
    .addColumn('coupon_code', 'text', (c) => c.notNull().references('coupons.code'))
    .addColumn('customer_key', 'text', (c) => c.notNull())
    .addColumn('uses', 'integer', (c) => c.notNull().check(sql`uses >= 0`))
    .addPrimaryKeyConstraint('coupon_customer_uses_pk', ['coupon_code', 'customer_key'])
    .execute();

  await db.schema
    .createTable('coupon_redemptions')
    .addColumn('coupon_code', 'text', (c) => c.notNull().references('coupons.code'))
    .addColumn('order_code', 'text', (c) => c.notNull())
    .addColumn('customer_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('coupon_redemptions_pk', ['coupon_code', 'order_code'])
    .execute();

  await db.schema
    .createTable('cart_coupons')
    .addColumn('cart_guid', 'text', (c) => c.notNull())
    .addColumn('coupon_code', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_coupons_pk', ['cart_guid', 'coupon_code'])
    .execute();

  await db.schema
    .createTable('order_promotions')
    .addColumn('order_code', 'text', (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('promotion_code', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('coupon_code', 'text')
    .addColumn('description_en', 'text', (c) => c.notNull())
    .addColumn('description_fr', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('entry_numbers', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gift_variant_code', 'text')
    .addPrimaryKeyConstraint('order_promotions_pk', ['order_code', 'line_no'])
    .execute();

  await db.schema
    .createTable('price_lists')
    .addColumn('base_site', 'text', (c) => c.notNull())
    .addColumn('group_code', 'text', (c) => c.notNull())
    .addColumn('variant_code', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('price_minor', 'integer', (c) => c.notNull().check(sql`price_minor >= 0`))
    .addPrimaryKeyConstraint('price_lists_pk', ['base_site', 'group_code', 'variant_code'])
    .execute();
  await db.schema.alterTable('customers').addColumn('price_group', 'text').execute();
  await db.schema.alterTable('customers').addColumn('user_group', 'text').execute();

  await db.schema
    .createTable('gift_cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('base_site', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('initial_minor', 'integer', (c) => c.notNull())
    .addColumn('balance_minor', 'integer', (c) => c.notNull().check(sql`balance_minor >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('issued_order_code', 'text')
    .addColumn('recipient_email', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('gift_card_ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('gift_card_id', 'text', (c) => c.notNull().references('gift_cards.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('order_code', 'text')
    .addColumn('cart_guid', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gift_card_ledger_card_idx').on('gift_card_ledger').columns(['gift_card_id', 'created_at']).execute();

  await db.schema
    .createTable('cart_gift_cards')
    .addColumn('cart_guid', 'text', (c) => c.notNull())
    .addColumn('gift_card_id', 'text', (c) => c.notNull().references('gift_cards.id'))
    .addColumn('requested_minor', 'integer')
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_gift_cards_pk', ['cart_guid', 'gift_card_id'])
    .execute();

  await db.schema
    .createTable('order_gift_cards')
    .addColumn('order_code', 'text', (c) => c.notNull())
    .addColumn('gift_card_id', 'text', (c) => c.notNull().references('gift_cards.id'))
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_gift_cards_pk', ['order_code', 'gift_card_id'])
    .execute();

  await db.schema.alterTable('orders').addColumn('gift_card_minor', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}
