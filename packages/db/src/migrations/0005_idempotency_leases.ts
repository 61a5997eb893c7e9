/**
 * Migration 0005: crash leftovers and idempotency (issue 9 items 5 and 7; ADR 0014).
 *
 * - `idempotency_keys.request_hash`: SHA-256 (hex) of the canonical placeOrder request the key was
 *   first used with; the same key with another request answers 422 `idempotencyKeyReused`. Rows
 *   written before this migration have none and are compared by cart guid, as before.
 * - `idempotency_keys.lease_expires_at`: ISO-8601 UTC end of the lease of an `in_progress` key. A
 *   retry after it takes the key over with a conditional update (a request that died with the key
 *   no longer answers 409 forever). Older rows have none: their lease ends `created_at` + the lease
 *   length (apps/api/src/flows/place-order.ts).
 * - `orders_status_created_idx`: the pending-order sweeper lists `pendingPayment` orders older than
 *   the grace period every few seconds; the index keeps that a range read.
 */
import type { Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('request_hash', 'text').execute();
  await db.schema.alterTable('idempotency_keys').addColumn('lease_expires_at', 'text').execute();
  await db.schema.createIndex('orders_status_created_idx').on('orders').columns(['status', 'created_at']).execute();
}
