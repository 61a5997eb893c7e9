/**
 * Password reset tokens (issue 3): the emailed token is random; only its sha-256 hex is stored.
 * A token is single use and expiring: consuming it is one conditional update
 * (`SET used_at WHERE token_hash=? AND used_at IS NULL AND expires_at > now`), so two concurrent
 * uses give one success.
 */
import type { Executor } from '../connection.ts';

/** Stores a reset token (hash) for a customer, valid until `expiresAt` (ISO-8601 UTC). */
export async function insertPasswordResetToken(db: Executor, input: { tokenHash: string; customerId: string; expiresAt: string }): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({ token_hash: input.tokenHash, customer_id: input.customerId, expires_at: input.expiresAt, used_at: null })
    .execute();
}

/**
 * Uses a reset token: answers the customer id when the token existed, was unused and unexpired
 * (and marks it used), null otherwise.
 */
export async function consumePasswordResetToken(db: Executor, tokenHash: string, now: string): Promise<string | null> {
  const row = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('customer_id')
    .executeTakeFirst();
  return row?.customer_id ?? null;
}

/** Marks every unused reset token of a customer as used (after a reset or a password change). */
export async function invalidateCustomerResetTokens(db: Executor, customerId: string, now: string): Promise<number> {
  const result = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('customer_id', '=', customerId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A stored reset token (by hash), or null. */
export async function findPasswordResetToken(
  db: Executor,
  tokenHash: string,
): Promise<{ customerId: string; expiresAt: string; usedAt: string | null } | null> {
  const row = await db.selectFrom('password_reset_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  return row ? { customerId: row.customer_id, expiresAt: row.expires_at, usedAt: row.used_at } : null;
}
