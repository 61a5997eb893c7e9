/**
 * The payment provider's customer objects and saved payment methods (issue 3; spec §7
 * fetchStripeCustomerId, saveStripeCustomerId, paymentdetails). Card numbers are never stored:
 * brand, last 4 and expiry only. Every read or change of a saved method is scoped by `customerId`.
 */
import type { Kysely } from 'kysely';
import type { Database, PaymentCustomerTable, SavedPaymentMethodTable } from '../schema.ts';

/** A provider customer row. */
export type PaymentCustomerRow = PaymentCustomerTable;
/** A saved payment method row. */
export type SavedPaymentMethodRow = SavedPaymentMethodTable;

/** The provider's customer id of a customer, or undefined. */
export async function findPaymentCustomer(db: Kysely<Database>, customerId: string, provider: string): Promise<PaymentCustomerRow | undefined> {
  return db.selectFrom('payment_customers').selectAll().where('customer_id', '=', customerId).where('provider', '=', provider).executeTakeFirst();
}

/** The customer owning a provider customer id, or undefined. */
export async function findPaymentCustomerByProviderId(db: Kysely<Database>, provider: string, providerCustomerId: string): Promise<PaymentCustomerRow | undefined> {
  return db.selectFrom('payment_customers').selectAll().where('provider', '=', provider).where('provider_customer_id', '=', providerCustomerId).executeTakeFirst();
}

/**
 * Records the provider customer of a customer unless one is recorded already (first writer wins).
 * @returns the recorded row (the existing one when another request won)
 */
export async function savePaymentCustomer(db: Kysely<Database>, row: PaymentCustomerRow): Promise<PaymentCustomerRow> {
  await db
    .insertInto('payment_customers')
    .values(row)
    .onConflict((oc) => oc.columns(['customer_id', 'provider']).doNothing())
    .execute();
  const saved = await findPaymentCustomer(db, row.customer_id, row.provider);
  if (!saved) throw new Error('payment customer vanished');
  return saved;
}

/** The customer's saved methods of a provider: the default first, then newest first. */
export async function listSavedPaymentMethods(db: Kysely<Database>, customerId: string, provider: string): Promise<SavedPaymentMethodRow[]> {
  return db
    .selectFrom('saved_payment_methods')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('provider', '=', provider)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** The customer's saved method with this id, or undefined (also for another customer's). */
export async function findSavedPaymentMethod(db: Kysely<Database>, customerId: string, id: string): Promise<SavedPaymentMethodRow | undefined> {
  return db.selectFrom('saved_payment_methods').selectAll().where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
}

/** The saved method with this provider payment method id, or undefined. */
export async function findSavedPaymentMethodByProviderId(db: Kysely<Database>, provider: string, providerPaymentMethodId: string): Promise<SavedPaymentMethodRow | undefined> {
  return db
    .selectFrom('saved_payment_methods')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_payment_method_id', '=', providerPaymentMethodId)
    .executeTakeFirst();
}

/** Inserts a saved method (the same provider method saved twice keeps the first row). @returns the stored row */
export async function insertSavedPaymentMethod(db: Kysely<Database>, row: SavedPaymentMethodRow): Promise<SavedPaymentMethodRow> {
  await db
    .insertInto('saved_payment_methods')
    .values(row)
    .onConflict((oc) => oc.columns(['provider', 'provider_payment_method_id']).doNothing())
    .execute();
  const stored = await findSavedPaymentMethodByProviderId(db, row.provider, row.provider_payment_method_id);
  if (!stored) throw new Error('saved payment method vanished');
  return stored;
}

/** Deletes the customer's saved method. @returns false when no such method of this customer */
export async function deleteSavedPaymentMethod(db: Kysely<Database>, customerId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom('saved_payment_methods').where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
  return r.numDeletedRows > 0n;
}

/**
 * Makes one saved method the customer's only default for its provider (call inside a transaction).
 * @returns false when no such method of this customer
 */
export async function setDefaultSavedPaymentMethod(db: Kysely<Database>, customerId: string, id: string): Promise<boolean> {
  const row = await findSavedPaymentMethod(db, customerId, id);
  if (!row) return false;
  await db.updateTable('saved_payment_methods').set({ is_default: 0 }).where('customer_id', '=', customerId).where('provider', '=', row.provider).where('id', '!=', id).execute();
  await db.updateTable('saved_payment_methods').set({ is_default: 1 }).where('id', '=', id).where('customer_id', '=', customerId).execute();
  return true;
}
