/**
 * Migration 0018: the gift-card part of a return's refund (ADR 0027 "Returns", amended in issue 13's
 * session). `order_returns.gift_card_refund_minor` (integer, default 0): the part of `refund_minor`
 * credited back to the order's gift cards in the return's transaction (ledger `refund` rows), so
 * `card_refund_minor + gift_card_refund_minor` is what the shopper got back. Returns recorded
 * before this migration keep 0 (their gift-card part was not refunded).
 */
import type { Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('order_returns').addColumn('gift_card_refund_minor', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}
