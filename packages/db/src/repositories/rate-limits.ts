/**
 * Fixed-window rate limit counters in the database, so every API process shares them (issue 3:
 * sign-in and forgot-password limits). Counting is one atomic upsert
 * (`INSERT ... ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1 RETURNING count`),
 * safe across connections and processes; no read-then-write.
 */
import { sql } from 'kysely';
import type { Executor } from '../connection.ts';

/** Adds one hit to `key` in the window starting at `windowStart` (ISO-8601 UTC); answers the new count. */
export async function hitRateLimit(db: Executor, key: string, windowStart: string): Promise<number> {
  const row = await db
    .insertInto('rate_limit_hits')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql<number>`rate_limit_hits.count + 1` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
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
