/**
 * Migration 0007: order fulfilment (issue 12; ADR 0027): consignments (shipments) of an order.
 *
 * - `order_entries.shipped_qty` (integer, default 0): units of the line shipped so far. Shipping
 *   is a conditional update `SET shipped_qty = shipped_qty + n WHERE qty - shipped_qty >= n`, so
 *   no line is ever shipped beyond what was ordered, whatever the number of concurrent calls.
 * - `consignments`: one per ship call: `code` (`<order code>-<seq>`), `order_code`, `base_site`,
 *   `seq` (1, 2, ... per order; unique with the order), `tracking_number`, `carrier` (nullable),
 *   `shipped_at` (ISO-8601 UTC text, as every timestamp of the store).
 * - `consignment_entries`: what a consignment holds: (`consignment_code`, `entry_number`) → `qty`,
 *   with the `order_code` repeated for look-ups by order.
 */
import type { Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('order_entries').addColumn('shipped_qty', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('consignments')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('order_code', 'text', (c) => c.notNull().references('orders.code').onDelete('cascade'))
    .addColumn('base_site', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('tracking_number', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text')
    .addColumn('shipped_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('consignments_order_seq_uq', ['order_code', 'seq'])
    .execute();

  await db.schema
    .createTable('consignment_entries')
    .addColumn('consignment_code', 'text', (c) => c.notNull().references('consignments.code').onDelete('cascade'))
    .addColumn('order_code', 'text', (c) => c.notNull())
    .addColumn('entry_number', 'integer', (c) => c.notNull())
    .addColumn('qty', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('consignment_entries_pk', ['consignment_code', 'entry_number'])
    .execute();
  await db.schema.createIndex('consignment_entries_order_idx').on('consignment_entries').columns(['order_code', 'entry_number']).execute();
}
