/**
 * Perks loyalty data access (issue 12, migration 0008, ADR 0028): members and the points ledger.
 * Functions take the executor first (a transaction inside flows). Timestamps are ISO-8601 UTC
 * strings in both databases (text columns); counts are normalised to numbers.
 */
import { randomUUID } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../connection.ts';
import type { LoyaltyLedgerTable, LoyaltyMemberTable } from '../schema.ts';

/** A member row. */
export type LoyaltyMemberRow = Selectable<LoyaltyMemberTable>;
/** A ledger row. */
export type LoyaltyLedgerRow = Selectable<LoyaltyLedgerTable>;
/** A ledger row to write (the id is generated when absent). */
export type NewLoyaltyLedgerRow = Omit<Insertable<LoyaltyLedgerTable>, 'id'> & { id?: string };

/** The member of `(userId, site)`, or undefined. */
export async function findLoyaltyMember(db: Executor, userId: string, site: string): Promise<LoyaltyMemberRow | undefined> {
  return db.selectFrom('loyalty_members').selectAll().where('user_id', '=', userId).where('base_site', '=', site).executeTakeFirst();
}

/**
 * Enrols a member unless they already are (`ON CONFLICT DO NOTHING` on the primary key, so racing
 * sign-ups leave one row). Answers true when this call created the row.
 */
export async function insertLoyaltyMemberIfAbsent(db: Executor, row: { userId: string; site: string; termsVersion: string; now: string }): Promise<boolean> {
  const res = await db
    .insertInto('loyalty_members')
    .values({ user_id: row.userId, base_site: row.site, enrolled_at: row.now, terms_version: row.termsVersion, perks_opt_in: 1, opted_out_at: null, opt_changed_by: null, updated_at: row.now })
    .onConflict((oc) => oc.columns(['user_id', 'base_site']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/**
 * Sets a member's opt-in (one UPDATE; `opted_out_at` set on opting out, kept on opting back in).
 * Answers false when `(userId, site)` is not a member.
 */
export async function setLoyaltyOptIn(db: Executor, p: { userId: string; site: string; optIn: boolean; agentId: string | null; now: string }): Promise<boolean> {
  const res = await db
    .updateTable('loyalty_members')
    .set((eb) => ({
      perks_opt_in: p.optIn ? 1 : 0,
      opted_out_at: p.optIn ? eb.ref('opted_out_at') : p.now,
      opt_changed_by: p.agentId,
      updated_at: p.now,
    }))
    .where('user_id', '=', p.userId)
    .where('base_site', '=', p.site)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Locks a member's ledger for the rest of the transaction (bumps `version`: a row lock on
 * PostgreSQL; SQLite transactions write one at a time). Answers false when not a member.
 */
export async function lockLoyaltyMember(trx: Executor, userId: string, site: string): Promise<boolean> {
  const res = await trx
    .updateTable('loyalty_members')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('user_id', '=', userId)
    .where('base_site', '=', site)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Every ledger entry of a member, oldest first (balances, expiry, tiers). */
export async function listLoyaltyEntries(db: Executor, userId: string, site: string): Promise<LoyaltyLedgerRow[]> {
  return db.selectFrom('loyalty_ledger').selectAll().where('user_id', '=', userId).where('base_site', '=', site).orderBy('created_at').orderBy('id').execute();
}

/** One page of a member's ledger, newest first, and the number of entries. */
export async function pageLoyaltyEntries(db: Executor, userId: string, site: string, page: { offset: number; limit: number }): Promise<{ rows: LoyaltyLedgerRow[]; total: number }> {
  const rows = await db
    .selectFrom('loyalty_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .where('base_site', '=', site)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await db
    .selectFrom('loyalty_ledger')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('base_site', '=', site)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** The ledger entries of an order, oldest first. */
export async function listOrderLoyaltyEntries(db: Executor, orderCode: string): Promise<LoyaltyLedgerRow[]> {
  return db.selectFrom('loyalty_ledger').selectAll().where('order_code', '=', orderCode).orderBy('created_at').orderBy('id').execute();
}

/**
 * Writes ledger entries; an entry whose `idem_key` is already in the ledger is skipped (that
 * movement happened). Answers the number written.
 */
export async function insertLoyaltyEntries(trx: Executor, rows: readonly NewLoyaltyLedgerRow[]): Promise<number> {
  let written = 0;
  for (const row of rows) {
    const res = await trx
      .insertInto('loyalty_ledger')
      .values({ ...row, id: row.id ?? `lp_${randomUUID().replace(/-/g, '')}` })
      .onConflict((oc) => oc.column('idem_key').doNothing())
      .executeTakeFirst();
    written += Number(res.numInsertedOrUpdatedRows ?? 0n);
  }
  return written;
}
