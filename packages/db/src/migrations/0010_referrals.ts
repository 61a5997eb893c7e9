/**
 * Migration 0010: referrals (issue 12 "Referrals"; spec §7 submitReferral; ADR 0030).
 *
 * - `referrals`: one row per friend a member referred on a site. `friend_email` is normalised
 *   (trimmed, lower-cased). `open_key` is the friend's email while the referral counts (states
 *   `sent`, `used`, `rewarded`) and NULL once it lapsed (`expired`): the unique index
 *   (`base_site`, `open_key`) makes "one referral per friend and site" a database constraint, safe
 *   under concurrent submissions on both dialects (NULLs never collide in a unique index).
 * - `coupon_code`: the friend's one-use coupon (a `coupons` row, max_uses 1, bound to the friend's
 *   email and a first order by the referral flow); unique.
 * - `order_code`: the friend's first order that redeemed the coupon (state `used`); the referrer's
 *   points are granted once when that order ships (state `rewarded`, conditional update).
 * Dates are ISO-8601 UTC text on both dialects, like every other table.
 */
import type { Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('referrals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('base_site', 'text', (c) => c.notNull())
    .addColumn('referrer_id', 'text', (c) => c.notNull())
    .addColumn('friend_email', 'text', (c) => c.notNull())
    .addColumn('open_key', 'text')
    .addColumn('friend_name', 'text')
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('coupon_code', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('order_code', 'text')
    .addColumn('friend_user_id', 'text')
    .addColumn('reward_points', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('rewarded_at', 'text')
    .execute();
  await db.schema.createIndex('referrals_open_uq').on('referrals').columns(['base_site', 'open_key']).unique().execute();
  await db.schema.createIndex('referrals_referrer_idx').on('referrals').columns(['referrer_id', 'base_site', 'created_at']).execute();
  await db.schema.createIndex('referrals_order_idx').on('referrals').columns(['order_code']).execute();
}
