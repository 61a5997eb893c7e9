/**
 * Fixed-window rate limit counters in the database, so every API process shares them (issue 3:
 * sign-in and forgot-password limits; issue 9: per client address and account). Counting is one
 * atomic upsert (`INSERT ... ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1
 * [WHERE count < limit] RETURNING count`), safe across connections and processes; no
 * read-then-write. Keys are short and fixed-length (the API hashes the subject, ADR 0012), so any
 * input fits the primary-key index on both dialects.
 */
import { sql } from 'kysely';
import type { Executor } from '../connection.ts';

/**
 * Adds one hit to `key` in the window starting at `windowStart` (ISO-8601 UTC); answers the new
 * count. With `limit`, the hit is only counted while the count is below it: at the limit nothing
 * changes and the answer is null (a refused attempt never counts, so it never extends a lock).
 */
export async function hitRateLimit(db: Executor, key: string, windowStart: string, limit?: number): Promise<number | null> {
  const row = await db
    .insertInto('rate_limit_hits')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) => {
      const update = oc.columns(['key', 'window_start']).doUpdateSet({ count: sql<number>`rate_limit_hits.count + 1` });
      return limit === undefined ? update : update.where('rate_limit_hits.count', '<', limit);
    })
    .returning('count')
    .executeTakeFirst();
  return row ? Number(row.count) : null;
}

/** Takes one hit back (a request that turned out not to count), never below zero. */
export async function refundRateLimit(db: Executor, key: string, windowStart: string): Promise<void> {
  await db
    .updateTable('rate_limit_hits')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', key)
    .where('window_start', '=', windowStart)
    .where('count', '>', 0)
    .execute();
}

/** Forgets every window of `key` (e.g. a successful sign-in resets the account's failures). */
export async function clearRateLimit(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('key', '=', key).execute();
}

/** Deletes windows that started before `before` (housekeeping); answers how many. */
export async function pruneRateLimits(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('rate_limit_hits').where('window_start', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
