/**
 * Orders and their lines, prices and totals frozen at placement (money in minor units).
 * An order is written as `pendingPayment` while its payment is confirmed, then `created`
 * (see docs/decisions/0004-checkout-api.md); pending orders are never shown to shoppers.
 */
import type { Kysely } from 'kysely';
import type { Database, OrderEntryTable, OrderTable } from '../schema.ts';

/** An order row. */
export type OrderRow = OrderTable;
/** An order line row. */
export type OrderEntryRow = OrderEntryTable;
/** An order with its lines (by entry number). */
export interface OrderWithEntries {
  order: OrderRow;
  entries: OrderEntryRow[];
}

/** Inserts an order and its lines (call inside a transaction). */
export async function insertOrder(db: Kysely<Database>, order: OrderRow, entries: readonly OrderEntryRow[]): Promise<void> {
  await db.insertInto('orders').values(order).execute();
  if (entries.length > 0) await db.insertInto('order_entries').values([...entries]).execute();
}

/** The order with this code and its lines, or undefined. */
export async function findOrder(db: Kysely<Database>, code: string): Promise<OrderWithEntries | undefined> {
  const order = await db.selectFrom('orders').selectAll().where('code', '=', code).executeTakeFirst();
  if (!order) return undefined;
  const entries = await db.selectFrom('order_entries').selectAll().where('order_code', '=', code).orderBy('entry_number').execute();
  return { order, entries };
}

/** The order placed from a cart, or undefined. */
export async function findOrderByCart(db: Kysely<Database>, cartGuid: string): Promise<OrderWithEntries | undefined> {
  const row = await db.selectFrom('orders').select('code').where('cart_guid', '=', cartGuid).executeTakeFirst();
  return row ? findOrder(db, row.code) : undefined;
}

/** Does an order code exist already? */
export async function orderCodeExists(db: Kysely<Database>, code: string): Promise<boolean> {
  const r = await db.selectFrom('orders').select('code').where('code', '=', code).executeTakeFirst();
  return r !== undefined;
}

/** Moves an order from `from` to `to` status with optional payment fields. @returns true when it changed */
export async function transitionOrderStatus(
  db: Kysely<Database>,
  code: string,
  from: string,
  to: string,
  patch: Partial<Pick<OrderRow, 'payment_summary'>> = {},
): Promise<boolean> {
  const r = await db.updateTable('orders').set({ ...patch, status: to }).where('code', '=', code).where('status', '=', from).executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Deletes an order and its lines (only used to undo a pending order whose payment failed). */
export async function deleteOrder(db: Kysely<Database>, code: string): Promise<void> {
  await db.deleteFrom('order_entries').where('order_code', '=', code).execute();
  await db.deleteFrom('orders').where('code', '=', code).execute();
}

/** Pending orders older than `before` (ISO): candidates for the reconciliation of stale payments. */
export async function listPendingOrdersBefore(db: Kysely<Database>, status: string, before: string): Promise<OrderRow[]> {
  return db.selectFrom('orders').selectAll().where('status', '=', status).where('created_at', '<', before).execute();
}
