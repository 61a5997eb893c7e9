/**
 * Idempotency keys of order placement (DESIGN "Concurrency and integrity"): the first request
 * with a (base site, key) pair claims it by inserting the row; later requests read what the first
 * one recorded (in progress, done with an order code, or failed with its error answer).
 */
import type { Kysely } from 'kysely';
import type { Database, IdempotencyKeyTable } from '../schema.ts';

/** An idempotency record. `status`: 'in_progress' | 'done' | 'failed'. */
export type IdempotencyRow = IdempotencyKeyTable;

/** Result of {@link claimIdempotencyKey}. */
export type ClaimResult = { claimed: true } | { claimed: false; existing: IdempotencyRow };

/**
 * Claims a key: inserts an `in_progress` row unless one exists (`ON CONFLICT DO NOTHING`, safe
 * under concurrency on both dialects). When another request holds the key, returns its row.
 */
export async function claimIdempotencyKey(
  db: Kysely<Database>,
  input: { baseSite: string; key: string; cartGuid: string; now: string },
): Promise<ClaimResult> {
  const r = await db
    .insertInto('idempotency_keys')
    .values({ base_site: input.baseSite, key: input.key, cart_guid: input.cartGuid, status: 'in_progress', order_code: null, response_json: null, created_at: input.now })
    .onConflict((oc) => oc.columns(['base_site', 'key']).doNothing())
    .executeTakeFirst();
  if (r.numInsertedOrUpdatedRows !== undefined && r.numInsertedOrUpdatedRows > 0n) return { claimed: true };
  const existing = await findIdempotencyKey(db, input.baseSite, input.key);
  // Deleted between our insert and read (the holder failed before any side effect): try once more.
  if (!existing) return claimIdempotencyKey(db, input);
  return { claimed: false, existing };
}

/** The record of a key, or undefined. */
export async function findIdempotencyKey(db: Kysely<Database>, baseSite: string, key: string): Promise<IdempotencyRow | undefined> {
  return db.selectFrom('idempotency_keys').selectAll().where('base_site', '=', baseSite).where('key', '=', key).executeTakeFirst();
}

/** Records success: the key now answers this order. */
export async function markIdempotencyDone(db: Kysely<Database>, baseSite: string, key: string, orderCode: string): Promise<void> {
  await db.updateTable('idempotency_keys').set({ status: 'done', order_code: orderCode, response_json: null }).where('base_site', '=', baseSite).where('key', '=', key).execute();
}

/** Records a final failure answer (JSON of the error body) that the key answers from now on. */
export async function markIdempotencyFailed(db: Kysely<Database>, baseSite: string, key: string, responseJson: string): Promise<void> {
  await db.updateTable('idempotency_keys').set({ status: 'failed', response_json: responseJson }).where('base_site', '=', baseSite).where('key', '=', key).execute();
}

/** Forgets a key (a failure before any side effect: the same key may be used again). */
export async function releaseIdempotencyKey(db: Kysely<Database>, baseSite: string, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('base_site', '=', baseSite).where('key', '=', key).where('status', '=', 'in_progress').execute();
}
