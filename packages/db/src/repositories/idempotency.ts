/**
 * Idempotency keys of order placement (DESIGN "Concurrency and integrity"; ADR 0004, ADR 0014):
 * the first request with a (base site, key) pair claims it by inserting the row with the hash of
 * its request and a lease; later requests read what the first one recorded (in progress, done with
 * an order code, or failed with its error answer).
 *
 * Leases (issue 9 item 5): a request that dies (`kill -9`) leaves its key `in_progress`. Once the
 * lease is over, a retry of the same request takes the key over with a conditional update on the
 * lease it read ({@link takeOverIdempotencyKey}): when two retries race, exactly one wins and the
 * other still sees a live lease. The caller decides what "over" means and how long a lease lasts.
 */
import type { Kysely } from 'kysely';
import type { Database, IdempotencyKeyTable } from '../schema.ts';

/** An idempotency record. `status`: 'in_progress' | 'done' | 'failed'. */
export type IdempotencyRow = IdempotencyKeyTable;

/** Result of {@link claimIdempotencyKey}. */
export type ClaimResult = { claimed: true } | { claimed: false; existing: IdempotencyRow };

/** Input of {@link claimIdempotencyKey}. Times are ISO-8601 UTC strings. */
export interface ClaimInput {
  baseSite: string;
  key: string;
  cartGuid: string;
  /** SHA-256 hex of the canonical request */
  requestHash: string;
  now: string;
  /** end of the lease of the new `in_progress` row */
  leaseUntil: string;
}

/**
 * Claims a key: inserts an `in_progress` row (hash, lease) unless one exists (`ON CONFLICT DO
 * NOTHING`, safe under concurrency on both dialects). When the key is already known, answers its
 * row for the caller to judge (same request? done, failed, lease over?).
 */
export async function claimIdempotencyKey(db: Kysely<Database>, input: ClaimInput): Promise<ClaimResult> {
  const r = await db
    .insertInto('idempotency_keys')
    .values({
      base_site: input.baseSite,
      key: input.key,
      cart_guid: input.cartGuid,
      status: 'in_progress',
      order_code: null,
      response_json: null,
      created_at: input.now,
      request_hash: input.requestHash,
      lease_expires_at: input.leaseUntil,
    })
    .onConflict((oc) => oc.columns(['base_site', 'key']).doNothing())
    .executeTakeFirst();
  if (r.numInsertedOrUpdatedRows !== undefined && r.numInsertedOrUpdatedRows > 0n) return { claimed: true };
  const existing = await findIdempotencyKey(db, input.baseSite, input.key);
  // Deleted between our insert and read (the holder failed before any side effect): try once more.
  if (!existing) return claimIdempotencyKey(db, input);
  return { claimed: false, existing };
}

/**
 * Takes over an `in_progress` key whose lease is over: sets a new lease only if the row still has
 * the lease the caller read (`previousLease`, null for rows written before leases existed) and is
 * still in progress. One conditional UPDATE: of two concurrent callers exactly one gets true.
 * @returns true when this caller now holds the key
 */
export async function takeOverIdempotencyKey(
  db: Kysely<Database>,
  input: { baseSite: string; key: string; previousLease: string | null; leaseUntil: string },
): Promise<boolean> {
  const r = await db
    .updateTable('idempotency_keys')
    .set({ lease_expires_at: input.leaseUntil })
    .where('base_site', '=', input.baseSite)
    .where('key', '=', input.key)
    .where('status', '=', 'in_progress')
    .where((eb) => (input.previousLease === null ? eb('lease_expires_at', 'is', null) : eb('lease_expires_at', '=', input.previousLease)))
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/** The record of a key, or undefined. */
export async function findIdempotencyKey(db: Kysely<Database>, baseSite: string, key: string): Promise<IdempotencyRow | undefined> {
  return db.selectFrom('idempotency_keys').selectAll().where('base_site', '=', baseSite).where('key', '=', key).executeTakeFirst();
}

/**
 * The key that is placing an order (`in_progress` with this order code, see
 * {@link markIdempotencyReserved}); for rows written before the code was recorded, the
 * `in_progress` key of the order's cart. Undefined when none.
 */
export async function findIdempotencyKeyOfPendingOrder(
  db: Kysely<Database>,
  order: { baseSite: string; code: string; cartGuid: string },
): Promise<IdempotencyRow | undefined> {
  const byCode = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('base_site', '=', order.baseSite)
    .where('order_code', '=', order.code)
    .where('status', '=', 'in_progress')
    .executeTakeFirst();
  if (byCode) return byCode;
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('base_site', '=', order.baseSite)
    .where('cart_guid', '=', order.cartGuid)
    .where('status', '=', 'in_progress')
    .where('order_code', 'is', null)
    .executeTakeFirst();
}

/** Records, in the reservation's transaction, the pending order an `in_progress` key is placing. */
export async function markIdempotencyReserved(db: Kysely<Database>, baseSite: string, key: string, orderCode: string): Promise<void> {
  await db.updateTable('idempotency_keys').set({ order_code: orderCode }).where('base_site', '=', baseSite).where('key', '=', key).where('status', '=', 'in_progress').execute();
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
