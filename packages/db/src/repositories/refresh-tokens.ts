/**
 * Refresh tokens (issue 3, spec §4 §9): stored as sha-256 hex, one row per issued token, grouped
 * by `family_id` (one sign-in). Rotation is a conditional update (DESIGN "Concurrency and
 * integrity"): `UPDATE refresh_tokens SET status='rotated' WHERE token_hash=? AND status='active'
 * AND ...not expired`, with the row count checked, so of N concurrent uses of one token at most
 * one wins. Callers run rotation and the successor's insert in one transaction.
 */
import { randomBytes } from 'node:crypto';
import type { Executor } from '../connection.ts';
import type { RefreshTokenTable } from '../schema.ts';

/** A stored refresh token. */
export interface RefreshTokenRecord {
  id: string;
  familyId: string;
  customerId: string;
  clientId: string;
  /** 'active' | 'rotated' | 'revoked' */
  status: string;
  /** ISO-8601 UTC */
  expiresAt: string;
  familyExpiresAt: string;
  createdAt: string;
  rotatedAt: string | null;
}

/** Input of {@link insertRefreshToken}. */
export interface NewRefreshToken {
  familyId: string;
  customerId: string;
  clientId: string;
  /** sha-256 hex of the token */
  tokenHash: string;
  expiresAt: string;
  familyExpiresAt: string;
  now: string;
}

/** A new random id ('rt_...' for tokens, 'rf_...' for families). */
export function newRefreshId(prefix: 'rt' | 'rf'): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function toRecord(row: RefreshTokenTable): RefreshTokenRecord {
  return {
    id: row.id,
    familyId: row.family_id,
    customerId: row.customer_id,
    clientId: row.client_id,
    status: row.status,
    expiresAt: row.expires_at,
    familyExpiresAt: row.family_expires_at,
    createdAt: row.created_at,
    rotatedAt: row.rotated_at,
  };
}

/** Stores a new active refresh token; answers its id. */
export async function insertRefreshToken(db: Executor, input: NewRefreshToken): Promise<string> {
  const id = newRefreshId('rt');
  await db
    .insertInto('refresh_tokens')
    .values({
      id,
      family_id: input.familyId,
      customer_id: input.customerId,
      client_id: input.clientId,
      token_hash: input.tokenHash,
      status: 'active',
      expires_at: input.expiresAt,
      family_expires_at: input.familyExpiresAt,
      created_at: input.now,
      rotated_at: null,
    })
    .execute();
  return id;
}

/** The token stored under a hash, or null. */
export async function findRefreshToken(db: Executor, tokenHash: string): Promise<RefreshTokenRecord | null> {
  const row = await db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/**
 * Marks an active, unexpired token of `clientId` as rotated (the conditional update). Answers
 * true when this call rotated it (exactly one row changed), false otherwise (unknown, already
 * rotated or revoked, expired, or another client's).
 */
export async function markRefreshTokenRotated(db: Executor, tokenHash: string, clientId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ status: 'rotated', rotated_at: now })
    .where('token_hash', '=', tokenHash)
    .where('status', '=', 'active')
    .where('client_id', '=', clientId)
    .where('expires_at', '>', now)
    .where('family_expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Is the sign-in session `familyId` still open at `now` (ISO-8601 UTC): it has a token that is
 * not revoked and its absolute end is later? Access tokens carry their family as `sid` and die
 * with it (issue 9 item 7: sign-out ends the access token too). One indexed read.
 */
export async function isRefreshFamilyOpen(db: Executor, familyId: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('family_id', '=', familyId)
    .where('status', '<>', 'revoked')
    .where('family_expires_at', '>', now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Revokes every token of a family that is not revoked yet; answers how many changed. */
export async function revokeRefreshFamily(db: Executor, familyId: string): Promise<number> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ status: 'revoked' })
    .where('family_id', '=', familyId)
    .where('status', '<>', 'revoked')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Revokes every token of a customer (password reset, password change), except the family
 * `exceptFamilyId` when given (the session that changed the password). Answers how many changed.
 */
export async function revokeCustomerRefreshTokens(db: Executor, customerId: string, exceptFamilyId?: string): Promise<number> {
  let query = db.updateTable('refresh_tokens').set({ status: 'revoked' }).where('customer_id', '=', customerId).where('status', '<>', 'revoked');
  if (exceptFamilyId !== undefined) query = query.where('family_id', '<>', exceptFamilyId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes tokens whose family ended before `before` (housekeeping); answers how many. */
export async function pruneRefreshTokens(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('refresh_tokens').where('family_expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
