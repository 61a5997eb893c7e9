/**
 * Migration 0008: Brewhaus Perks loyalty (issue 12; ADR 0028).
 *
 * - `loyalty_members`: one row per customer and base site that joined Perks (primary key
 *   `(user_id, base_site)`, so 50 racing sign-ups leave one row): when they joined, the terms
 *   version they accepted, whether they earn (`perks_opt_in`) and when they last opted out. The
 *   row is also the lock of the member's ledger: every ledger write first bumps `version` with an
 *   UPDATE (a row lock on PostgreSQL; SQLite writes one at a time). `welcome_coupon_code` is the
 *   member's one-use welcome coupon, made when they join.
 * - `loyalty_ledger`: every movement of points (signed integer `points`, `bucket` pending or
 *   available, `kind` of ADR 0028); the balance is the sum. `idem_key` (unique, null allowed) makes
 *   each movement of an order line happen once (placement, shipment per consignment, cancel).
 *   Indexed by member and time (balance, history, expiry) and by order (ship, cancel).
 */
import type { Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('loyalty_members')
    .addColumn('user_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('base_site', 'text', (c) => c.notNull().references('base_sites.uid'))
    .addColumn('enrolled_at', 'text', (c) => c.notNull())
    .addColumn('terms_version', 'text', (c) => c.notNull())
    .addColumn('perks_opt_in', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('opted_out_at', 'text')
    .addColumn('opt_changed_by', 'text')
    // the member's personal welcome coupon (ADR 0028 amendment: the PDP promise "save N% on your next order")
    .addColumn('welcome_coupon_code', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('loyalty_members_pk', ['user_id', 'base_site'])
    .execute();

  await db.schema
    .createTable('loyalty_ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('base_site', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('order_code', 'text')
    .addColumn('entry_number', 'integer')
    .addColumn('quantity', 'integer')
    .addColumn('consignment_code', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('idem_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addForeignKeyConstraint('loyalty_ledger_member_fk', ['user_id', 'base_site'], 'loyalty_members', ['user_id', 'base_site'], (c) => c.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('loyalty_ledger_member_idx').on('loyalty_ledger').columns(['user_id', 'base_site', 'created_at']).execute();
  await db.schema.createIndex('loyalty_ledger_order_idx').on('loyalty_ledger').columns(['order_code', 'entry_number']).execute();
  await db.schema.createIndex('loyalty_ledger_idem_idx').on('loyalty_ledger').column('idem_key').unique().execute();
}
