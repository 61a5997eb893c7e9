/**
 * Consignments (shipments) of orders (issue 12, migration 0007, ADR 0027). Every write runs inside
 * the ship transaction of the API (`shipOrder`):
 * 1. {@link lockShippableOrder} touches the order row while it is in a shippable status: on
 *    PostgreSQL the row stays locked until COMMIT, so ship calls (and a cancel) of one order run
 *    one after the other; on SQLite every write transaction is serialised already (BEGIN IMMEDIATE).
 * 2. {@link addShippedQty}: a conditional update that never ships a line beyond its quantity, a
 *    second guard that holds even without the lock.
 * 3. {@link insertConsignment} with the next {@link nextConsignmentSeq} (unique per order).
 */
import type { Kysely } from 'kysely';
import type { ConsignmentEntryTable, ConsignmentTable, Database } from '../schema.ts';

/** A consignment row. */
export type ConsignmentRow = ConsignmentTable;
/** A consignment line row. */
export type ConsignmentEntryRow = ConsignmentEntryTable;
/** A consignment with its lines (by entry number). */
export interface ConsignmentWithEntries {
  consignment: ConsignmentRow;
  entries: ConsignmentEntryRow[];
}

/**
 * Locks the order for a ship call: a no-op update of the row of `code` on `baseSite` while its
 * status is one of `statuses` (row lock until COMMIT on PostgreSQL).
 * @returns false when no such order is in such a status (nothing locked)
 */
export async function lockShippableOrder(db: Kysely<Database>, code: string, baseSite: string, statuses: readonly string[]): Promise<boolean> {
  const r = await db
    .updateTable('orders')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('code', '=', code)
    .where('base_site', '=', baseSite)
    .where('status', 'in', [...statuses])
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/**
 * Ships `qty` more units of a line: `shipped_qty += qty` only while `qty` units are left
 * (`qty - shipped_qty >= qty`).
 * @returns false when fewer units are left (nothing changed)
 */
export async function addShippedQty(db: Kysely<Database>, orderCode: string, entryNumber: number, qty: number): Promise<boolean> {
  const r = await db
    .updateTable('order_entries')
    .set((eb) => ({ shipped_qty: eb('shipped_qty', '+', qty) }))
    .where('order_code', '=', orderCode)
    .where('entry_number', '=', entryNumber)
    .where((eb) => eb(eb('qty', '-', eb.ref('shipped_qty')), '>=', qty))
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Units ordered and shipped per line of an order, by entry number. */
export async function orderFulfilmentLines(db: Kysely<Database>, orderCode: string): Promise<Array<{ entryNumber: number; qty: number; shippedQty: number }>> {
  const rows = await db
    .selectFrom('order_entries')
    .select(['entry_number', 'qty', 'shipped_qty'])
    .where('order_code', '=', orderCode)
    .orderBy('entry_number')
    .execute();
  return rows.map((r) => ({ entryNumber: Number(r.entry_number), qty: Number(r.qty), shippedQty: Number(r.shipped_qty ?? 0) }));
}

/** The next consignment number of an order (1 for the first). Read under the order lock. */
export async function nextConsignmentSeq(db: Kysely<Database>, orderCode: string): Promise<number> {
  const r = await db
    .selectFrom('consignments')
    .select((eb) => eb.fn.max<number | string | null>('seq').as('n'))
    .where('order_code', '=', orderCode)
    .executeTakeFirst();
  return Number(r?.n ?? 0) + 1;
}

/** Inserts a consignment and its lines (call inside the ship transaction). */
export async function insertConsignment(db: Kysely<Database>, consignment: ConsignmentRow, entries: readonly ConsignmentEntryRow[]): Promise<void> {
  await db.insertInto('consignments').values(consignment).execute();
  if (entries.length > 0) await db.insertInto('consignment_entries').values([...entries]).execute();
}

/** Sets an order's status (call under the order lock of {@link lockShippableOrder}). */
export async function setOrderStatus(db: Kysely<Database>, code: string, status: string): Promise<void> {
  await db.updateTable('orders').set({ status }).where('code', '=', code).execute();
}

/** The consignments of these orders, oldest first, with their lines; keyed by order code. */
export async function listConsignments(db: Kysely<Database>, orderCodes: readonly string[]): Promise<Map<string, ConsignmentWithEntries[]>> {
  const out = new Map<string, ConsignmentWithEntries[]>();
  if (orderCodes.length === 0) return out;
  const codes = [...orderCodes];
  // one after the other: `db` may be a transaction (one connection)
  const consignments = await db.selectFrom('consignments').selectAll().where('order_code', 'in', codes).orderBy('order_code').orderBy('seq').execute();
  if (consignments.length === 0) return out;
  const entries = await db.selectFrom('consignment_entries').selectAll().where('order_code', 'in', codes).orderBy('consignment_code').orderBy('entry_number').execute();
  const byConsignment = new Map<string, ConsignmentEntryRow[]>();
  for (const e of entries) {
    const list = byConsignment.get(e.consignment_code) ?? [];
    list.push({ ...e, entry_number: Number(e.entry_number), qty: Number(e.qty) });
    byConsignment.set(e.consignment_code, list);
  }
  for (const c of consignments) {
    const list = out.get(c.order_code) ?? [];
    list.push({ consignment: { ...c, seq: Number(c.seq) }, entries: byConsignment.get(c.code) ?? [] });
    out.set(c.order_code, list);
  }
  return out;
}
