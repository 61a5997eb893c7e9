/**
 * Payment intents: the state of the built-in test provider and a local mirror of external
 * (Stripe) intents. Money in minor units. Card numbers are never stored: only
 * `payment_summary` (brand and last 4 digits, JSON).
 */
import type { Kysely } from 'kysely';
import type { Database, PaymentIntentTable } from '../schema.ts';

/** A payment intent row. */
export type PaymentIntentRow = PaymentIntentTable;

/** Inserts a payment intent. */
export async function insertPaymentIntent(db: Kysely<Database>, row: PaymentIntentRow): Promise<void> {
  await db.insertInto('payment_intents').values(row).execute();
}

/** The intent with this id, or undefined. */
export async function findPaymentIntent(db: Kysely<Database>, id: string): Promise<PaymentIntentRow | undefined> {
  return db.selectFrom('payment_intents').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The newest intent of a cart that can still be confirmed (not succeeded nor canceled), or undefined. */
export async function findReusableIntentForCart(db: Kysely<Database>, baseSite: string, cartGuid: string, provider: string): Promise<PaymentIntentRow | undefined> {
  return db
    .selectFrom('payment_intents')
    .selectAll()
    .where('base_site', '=', baseSite)
    .where('cart_guid', '=', cartGuid)
    .where('provider', '=', provider)
    .where('status', 'in', ['requires_payment_method', 'requires_confirmation', 'failed'])
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Patches an intent (status, amount, last error, summary) and bumps `updated_at`. */
export async function updatePaymentIntent(
  db: Kysely<Database>,
  id: string,
  patch: Partial<Pick<PaymentIntentRow, 'status' | 'amount_minor' | 'currency' | 'last_error' | 'payment_summary'>>,
  now: string,
): Promise<void> {
  await db.updateTable('payment_intents').set({ ...patch, updated_at: now }).where('id', '=', id).execute();
}

/**
 * Moves an intent to `to` only if its status is one of `from` (a conditional update, so two
 * confirmations cannot both win). @returns true when this call changed it
 */
export async function transitionPaymentIntent(
  db: Kysely<Database>,
  id: string,
  from: readonly string[],
  to: string,
  patch: Partial<Pick<PaymentIntentRow, 'last_error' | 'payment_summary'>>,
  now: string,
): Promise<boolean> {
  const r = await db
    .updateTable('payment_intents')
    .set({ ...patch, status: to, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}
