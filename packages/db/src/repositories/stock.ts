/**
 * Stock per variant (DESIGN "Concurrency and integrity"): reads, and conditional decrements that
 * never go below zero (`UPDATE stock SET available = available - n WHERE variant_code = v AND
 * available >= n`, checking the row count). Never read-then-write in application code.
 * Several variants at once: one statement, rows locked in variant-code order on PostgreSQL so
 * concurrent checkouts never deadlock (issue 9, ADR 0014).
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** Units available for a variant; 0 when it has no stock row. */
export async function getAvailable(db: Kysely<Database>, variantCode: string): Promise<number> {
  const r = await db.selectFrom('stock').select('available').where('variant_code', '=', variantCode).executeTakeFirst();
  return r ? Number(r.available) : 0;
}

/** Units available for several variants (missing variants are absent from the map). */
export async function getAvailableMap(db: Kysely<Database>, variantCodes: readonly string[]): Promise<Map<string, number>> {
  if (variantCodes.length === 0) return new Map();
  const rows = await db.selectFrom('stock').select(['variant_code', 'available']).where('variant_code', 'in', [...variantCodes]).execute();
  return new Map(rows.map((r) => [r.variant_code, Number(r.available)]));
}

/**
 * Takes `qty` units if at least that many are available, atomically.
 * @param qty positive integer
 * @returns true when the units were taken, false when not enough stock (nothing changed)
 */
export async function tryDecrementStock(db: Kysely<Database>, variantCode: string, qty: number): Promise<boolean> {
  if (!Number.isSafeInteger(qty) || qty <= 0) throw new RangeError(`qty must be a positive integer, got ${qty}`);
  const r = await db
    .updateTable('stock')
    .set((eb) => ({ available: eb('available', '-', qty) }))
    .where('variant_code', '=', variantCode)
    .where('available', '>=', qty)
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/** Positive integer quantities per variant, added up per variant code. @throws RangeError */
function quantitiesOf(items: ReadonlyArray<{ variantCode: string; qty: number }>): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const it of items) {
    if (!Number.isSafeInteger(it.qty) || it.qty <= 0) throw new RangeError(`qty must be a positive integer, got ${it.qty}`);
    wanted.set(it.variantCode, (wanted.get(it.variantCode) ?? 0) + it.qty);
  }
  return wanted;
}

/** Whether `db` talks to PostgreSQL (row locks) rather than SQLite (one writer at a time). */
function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Adds `sign × qty` to the stock of each variant in ONE statement and answers the variant codes it
 * changed. `onlyIfAvailable` adds the condition `available >= qty` (taking stock).
 *
 * Lock order (issue 9: `deadlock detected` on PostgreSQL): a plain `UPDATE … WHERE variant_code IN
 * (…)` locks rows in the order the scan meets them, which follows where their latest versions sit in
 * the table, not the codes; two transactions could each hold a row the other wanted. On PostgreSQL
 * the statement therefore first locks the rows in variant-code order (`WITH locked AS MATERIALIZED
 * (SELECT … ORDER BY variant_code FOR UPDATE)`: the lock step runs after the sort) and updates
 * through that list, so every transaction takes stock rows in the same order and they queue. SQLite
 * has a single writer: the plain statement is enough.
 */
async function addStock(db: Kysely<Database>, wanted: Map<string, number>, sign: 1 | -1, onlyIfAvailable: boolean): Promise<Set<string>> {
  if (wanted.size === 0) return new Set();
  const codes = [...wanted.keys()].sort();
  const qtyCase = (column: string) =>
    sql`CASE ${sql.ref(column)} ${sql.join(
      codes.map((c) => sql`WHEN ${c} THEN ${wanted.get(c) ?? 0}`),
      sql` `,
    )} ELSE 0 END`;
  const op = sql.raw(sign === 1 ? '+' : '-');
  if (isPostgres(db)) {
    const rows = await db
      .with(
        (cte) => cte('locked').materialized(),
        (qb) => qb.selectFrom('stock').select('variant_code').where('variant_code', 'in', codes).orderBy('variant_code').forUpdate(),
      )
      .updateTable('stock')
      .from('locked')
      .set({ available: sql<number>`stock.available ${op} ${qtyCase('stock.variant_code')}` })
      .whereRef('stock.variant_code', '=', 'locked.variant_code')
      .$if(onlyIfAvailable, (qb) => qb.where(sql<boolean>`stock.available >= ${qtyCase('stock.variant_code')}`))
      .returning('stock.variant_code')
      .execute();
    return new Set(rows.map((r) => r.variant_code));
  }
  const rows = await db
    .updateTable('stock')
    .set({ available: sql<number>`available ${op} ${qtyCase('variant_code')}` })
    .where('variant_code', 'in', codes)
    .$if(onlyIfAvailable, (qb) => qb.where(sql<boolean>`available >= ${qtyCase('variant_code')}`))
    .returning('variant_code')
    .execute();
  return new Set(rows.map((r) => r.variant_code));
}

/**
 * Takes the units of several variants at once, atomically: ONE conditional statement whatever the
 * number of lines (`UPDATE stock SET available = available - CASE … END WHERE variant_code IN (…)
 * AND available >= CASE … END RETURNING variant_code`; on PostgreSQL the rows are locked in
 * variant-code order first, see {@link addStock}). Quantities of the same variant are added up
 * first. Run it inside a transaction: when some variant lacks stock the others were still taken, so
 * the caller must roll back (throw) — the answer names the variants that could not be taken.
 * @param items positive integer quantities per variant code
 * @returns the variant codes that lacked stock, sorted (empty = everything was taken)
 * @throws RangeError on a quantity that is not a positive integer
 */
export async function tryDecrementStockMany(db: Kysely<Database>, items: ReadonlyArray<{ variantCode: string; qty: number }>): Promise<string[]> {
  const wanted = quantitiesOf(items);
  const got = await addStock(db, wanted, -1, true);
  return [...wanted.keys()].sort().filter((c) => !got.has(c));
}

/**
 * Gives back the units of several variants (releasing a reservation, cancelling an order) in ONE
 * statement, rows locked in variant-code order on PostgreSQL like {@link tryDecrementStockMany}, so
 * a release never deadlocks with a concurrent reservation (issue 9).
 * @param items positive integer quantities per variant code (the same code twice is added up)
 * @throws RangeError on a quantity that is not a positive integer
 */
export async function incrementStockMany(db: Kysely<Database>, items: ReadonlyArray<{ variantCode: string; qty: number }>): Promise<void> {
  await addStock(db, quantitiesOf(items), 1, false);
}

/** Gives back `qty` units (releasing a reservation). @param qty positive integer */
export async function incrementStock(db: Kysely<Database>, variantCode: string, qty: number): Promise<void> {
  if (!Number.isSafeInteger(qty) || qty <= 0) throw new RangeError(`qty must be a positive integer, got ${qty}`);
  await db
    .updateTable('stock')
    .set((eb) => ({ available: eb('available', '+', qty) }))
    .where('variant_code', '=', variantCode)
    .execute();
}

/** Sets the available units of a variant (tests and back-office; not for checkout). */
export async function setAvailable(db: Kysely<Database>, variantCode: string, available: number): Promise<void> {
  await db.updateTable('stock').set({ available }).where('variant_code', '=', variantCode).execute();
}
