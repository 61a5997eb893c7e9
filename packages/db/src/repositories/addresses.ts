/**
 * Customer address book (issue 3; spec §3 customer data). Every function is scoped by
 * `customerId`: a row of another customer is never read, changed nor deleted (callers answer 404).
 * Listing order: the default address first, then newest first. No business rules here (the
 * address is validated by the flow with the domain's `validateAddress`).
 */
import type { Kysely } from 'kysely';
import type { AddressTable, Database } from '../schema.ts';

/** An address book row. */
export type AddressRow = AddressTable;

/** The fields of an address that can change. */
export type AddressFields = Pick<AddressRow, 'first_name' | 'last_name' | 'line1' | 'line2' | 'city' | 'region' | 'postal_code' | 'country' | 'phone'>;

/** A page of a customer's addresses (`offset` rows skipped, at most `limit`). */
export async function listAddresses(db: Kysely<Database>, customerId: string, page: { limit: number; offset: number }): Promise<AddressRow[]> {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Number of addresses of a customer. */
export async function countAddresses(db: Kysely<Database>, customerId: string): Promise<number> {
  const r = await db
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** The customer's address with this id, or undefined (also for another customer's address). */
export async function findAddress(db: Kysely<Database>, customerId: string, id: string): Promise<AddressRow | undefined> {
  return db.selectFrom('addresses').selectAll().where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
}

/** Inserts an address row. */
export async function insertAddress(db: Kysely<Database>, row: AddressRow): Promise<void> {
  await db.insertInto('addresses').values(row).execute();
}

/** Replaces the fields of the customer's address. @returns false when no such address of this customer */
export async function updateAddress(db: Kysely<Database>, customerId: string, id: string, fields: AddressFields, now: string): Promise<boolean> {
  const r = await db
    .updateTable('addresses')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Deletes the customer's address. @returns false when no such address of this customer */
export async function deleteAddress(db: Kysely<Database>, customerId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom('addresses').where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
  return r.numDeletedRows > 0n;
}

/**
 * Makes one address the customer's only default (call inside a transaction).
 * @returns false when no such address of this customer (nothing changed then)
 */
export async function setDefaultAddress(db: Kysely<Database>, customerId: string, id: string, now: string): Promise<boolean> {
  if (!(await findAddress(db, customerId, id))) return false;
  await db.updateTable('addresses').set({ is_default: 0, updated_at: now }).where('customer_id', '=', customerId).where('is_default', '=', 1).where('id', '!=', id).execute();
  await db.updateTable('addresses').set({ is_default: 1, updated_at: now }).where('id', '=', id).where('customer_id', '=', customerId).execute();
  return true;
}

/** The newest remaining address of a customer (to become the default after a delete), or undefined. */
export async function newestAddress(db: Kysely<Database>, customerId: string): Promise<AddressRow | undefined> {
  return db.selectFrom('addresses').selectAll().where('customer_id', '=', customerId).orderBy('created_at', 'desc').orderBy('id').limit(1).executeTakeFirst();
}
