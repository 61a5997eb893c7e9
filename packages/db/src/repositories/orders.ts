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

/**
 * Inserts an order and its lines (one multi-row insert) unless its code is taken: the order row
 * goes in with `ON CONFLICT (code) DO NOTHING`, so drawing a random code needs no read first
 * (issue 11 item 6). Two statements whatever the number of lines.
 * @returns false when the code was taken (nothing written): draw another code
 */
export async function insertOrderIfCodeFree(db: Kysely<Database>, order: OrderRow, entries: readonly OrderEntryRow[]): Promise<boolean> {
  const r = await db.insertInto('orders').values(order).onConflict((oc) => oc.column('code').doNothing()).executeTakeFirst();
  if (!(r.numInsertedOrUpdatedRows !== undefined && r.numInsertedOrUpdatedRows > 0n)) return false;
  if (entries.length > 0) await db.insertInto('order_entries').values([...entries]).execute();
  return true;
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

/**
 * A page of a customer's orders on a base site, newest first, without orders whose payment is
 * still being confirmed (`excludeStatus`). Lines are not loaded.
 */
export async function listCustomerOrders(
  db: Kysely<Database>,
  baseSite: string,
  userId: string,
  page: { limit: number; offset: number; excludeStatus: string },
): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('base_site', '=', baseSite)
    .where('user_id', '=', userId)
    .where('status', '!=', page.excludeStatus)
    .orderBy('created_at', 'desc')
    .orderBy('code', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Number of a customer's orders on a base site (without `excludeStatus`). */
export async function countCustomerOrders(db: Kysely<Database>, baseSite: string, userId: string, excludeStatus: string): Promise<number> {
  const r = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('base_site', '=', baseSite)
    .where('user_id', '=', userId)
    .where('status', '!=', excludeStatus)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Units per order (for order history rows). */
export async function orderUnitCounts(db: Kysely<Database>, codes: readonly string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_entries')
    .select(['order_code', (eb) => eb.fn.sum<number | string>('qty').as('n')])
    .where('order_code', 'in', [...codes])
    .groupBy('order_code')
    .execute();
  return new Map(rows.map((r) => [r.order_code, Number(r.n)]));
}

/** Gives a guest order to a customer (only while it has no owner). @returns true when it changed */
export async function attachOrderToUser(db: Kysely<Database>, code: string, userId: string): Promise<boolean> {
  const r = await db.updateTable('orders').set({ user_id: userId }).where('code', '=', code).where('user_id', 'is', null).executeTakeFirst();
  return r.numUpdatedRows > 0n;
}
