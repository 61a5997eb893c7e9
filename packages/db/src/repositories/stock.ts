/**
 * Stock per variant (DESIGN "Concurrency and integrity"): reads, and conditional decrements that
 * never go below zero (`UPDATE stock SET available = available - n WHERE variant_code = v AND
 * available >= n`, checking the row count). Never read-then-write in application code.
 */
import { sql, type Kysely } from 'kysely';
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

/**
 * Takes the units of several variants at once, atomically: ONE conditional statement whatever the
 * number of lines (`UPDATE stock SET available = available - CASE … END WHERE variant_code IN (…)
 * AND available >= CASE … END RETURNING variant_code`). Quantities of the same variant are added up
 * first. Run it inside a transaction: when some variant lacks stock the others were still taken, so
 * the caller must roll back (throw) — the answer names the variants that could not be taken.
 * @param items positive integer quantities per variant code
 * @returns the variant codes that lacked stock (empty = everything was taken)
 */
export async function tryDecrementStockMany(db: Kysely<Database>, items: ReadonlyArray<{ variantCode: string; qty: number }>): Promise<string[]> {
  const wanted = new Map<string, number>();
  for (const it of items) {
    if (!Number.isSafeInteger(it.qty) || it.qty <= 0) throw new RangeError(`qty must be a positive integer, got ${it.qty}`);
    wanted.set(it.variantCode, (wanted.get(it.variantCode) ?? 0) + it.qty);
  }
  if (wanted.size === 0) return [];
  const codes = [...wanted.keys()].sort();
  const qtyCase = sql`CASE variant_code ${sql.join(
    codes.map((c) => sql`WHEN ${c} THEN ${wanted.get(c) ?? 0}`),
    sql` `,
  )} ELSE 0 END`;
  const taken = await db
    .updateTable('stock')
    .set({ available: sql<number>`available - ${qtyCase}` })
    .where('variant_code', 'in', codes)
    .where(sql<boolean>`available >= ${qtyCase}`)
    .returning('variant_code')
    .execute();
  const got = new Set(taken.map((r) => r.variant_code));
  return codes.filter((c) => !got.has(c));
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
