/**
 * Migration 0012: operator returns of shipped units (issue 12; ADR 0027 amendment "Returns").
 *
 * - `order_entries.returned_qty` (integer, default 0): units of the line returned so far. Raised
 *   only by the conditional update `returned_qty += n WHERE shipped_qty - returned_qty >= n`, so
 *   no line is ever returned beyond what shipped, whatever the number of concurrent calls.
 * - `order_returns`: one per return call: `code` (`<order code>-R<seq>`), `order_code`,
 *   `base_site`, `seq` (unique with the order), `reason` (nullable), `refund_minor` (money owed
 *   back for the units, minor units), `card_refund_minor` (part refunded to the card),
 *   `refund_status` (`pending` until the provider answers, then `refunded`, `failed` or `none`),
 *   `points_reversed`, `points_not_recovered` (points the member had already spent), `created_at`.
 * - `order_return_entries`: (`return_code`, `entry_number`) → `qty`, `refund_minor`, `points_reversed`,
 *   `points_not_recovered`, with `order_code` repeated for look-ups by order.
 */
import type { Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('order_entries').addColumn('returned_qty', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('order_returns')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('order_code', 'text', (c) => c.notNull().references('orders.code').onDelete('cascade'))
    .addColumn('base_site', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('refund_minor', 'integer', (c) => c.notNull())
    .addColumn('card_refund_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refund_status', 'text', (c) => c.notNull())
    .addColumn('points_reversed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('points_not_recovered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('order_returns_order_seq_uq', ['order_code', 'seq'])
    .execute();

  await db.schema
    .createTable('order_return_entries')
    .addColumn('return_code', 'text', (c) => c.notNull().references('order_returns.code').onDelete('cascade'))
    .addColumn('order_code', 'text', (c) => c.notNull())
    .addColumn('entry_number', 'integer', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addColumn('refund_minor', 'integer', (c) => c.notNull())
    .addColumn('points_reversed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('points_not_recovered', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('order_return_entries_pk', ['return_code', 'entry_number'])
    .execute();
  await db.schema.createIndex('order_return_entries_order_idx').on('order_return_entries').columns(['order_code', 'entry_number']).execute();
}
