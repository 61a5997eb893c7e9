/**
 * Saved payment methods through the payment provider's customer object (issue 3; spec §7
 * fetchStripeCustomerId, saveStripeCustomerId, paymentdetails, updatePaymentDetails).
 *
 * - The provider customer (Stripe `cus_...`, test `cus_test_...`) is created on first need and
 *   recorded in `payment_customers` (first writer wins); clients never send a customer id, so one
 *   customer can never point at another's provider object.
 * - Saved methods are mirrored in `saved_payment_methods` (brand, last 4, expiry; never a card
 *   number). Listing reconciles the mirror with the provider's own list (methods removed on the
 *   provider's side disappear; methods attached there — e.g. by a checkout with `saveCard` — appear).
 * - Ids of another customer's methods answer 404 `UnknownIdentifierError` `paymentMethodNotFound`.
 */
import { randomBytes } from 'node:crypto';
import type { PaymentDetailsListResponse, SavedPaymentMethod, SavePaymentDetailsRequest, StripeCustomerIdResponse } from '@store/contracts';
import type { SavedPaymentMethodRow } from '@store/db';
import {
  deleteSavedPaymentMethod,
  findPaymentCustomer,
  findSavedPaymentMethod,
  insertSavedPaymentMethod,
  listSavedPaymentMethods,
  savePaymentCustomer,
  setDefaultSavedPaymentMethod,
  withTransaction,
} from '@store/db';
import { invalidInput, notFound } from '@store/domain';
import type { CustomerPaymentProvider, SavedMethodInfo, SavePaymentMethodInput } from '../payments/provider.ts';
import { supportsCustomers } from '../payments/provider.ts';
import type { CommerceContext } from './context.ts';

/** The customer a payment call acts for. */
export interface PaymentCustomer {
  id: string;
  email: string;
}

/** The provider, when it supports customer objects. @throws 400 `PaymentError` `notSupported` */
export function customerProvider(ctx: CommerceContext): CustomerPaymentProvider {
  const p = ctx.payments;
  if (!supportsCustomers(p)) throw invalidInput('PaymentError', 'notSupported', 'Saved payment methods are not available', 'paymentMethod');
  return p;
}

function methodNotFound(id: string): Error {
  return notFound('UnknownIdentifierError', 'paymentMethodNotFound', `Payment method ${id} not found`, 'paymentMethodId');
}

/** The answer form of a saved method row. */
export function savedMethodView(row: SavedPaymentMethodRow): SavedPaymentMethod {
  return {
    id: row.id,
    provider: row.provider === 'stripe' ? 'stripe' : 'test',
    brand: row.brand,
    last4: row.last4,
    expMonth: Number(row.exp_month),
    expYear: Number(row.exp_year),
    defaultPaymentMethod: Number(row.is_default) === 1,
  };
}

/** The provider customer id of a customer, creating the provider object when missing. */
export async function ensurePaymentCustomer(ctx: CommerceContext, customer: PaymentCustomer): Promise<string> {
  const provider = customerProvider(ctx);
  const existing = await findPaymentCustomer(ctx.dbh.db, customer.id, provider.name);
  if (existing) return existing.provider_customer_id;
  const providerCustomerId = await provider.createCustomer({ customerId: customer.id, email: customer.email });
  const saved = await savePaymentCustomer(ctx.dbh.db, { customer_id: customer.id, provider: provider.name, provider_customer_id: providerCustomerId });
  return saved.provider_customer_id;
}

/** `GET /users/current/fetchStripeCustomerId`: the provider customer id, or null when none yet. */
export async function fetchProviderCustomerId(ctx: CommerceContext, customerId: string): Promise<StripeCustomerIdResponse> {
  const row = await findPaymentCustomer(ctx.dbh.db, customerId, ctx.payments.name);
  return { stripeCustomerId: row?.provider_customer_id ?? null, provider: ctx.payments.name };
}

/** `PUT /users/current/saveStripeCustomerId`: creates the provider customer when missing; answers its id. */
export async function saveProviderCustomerId(ctx: CommerceContext, customer: PaymentCustomer): Promise<StripeCustomerIdResponse> {
  return { stripeCustomerId: await ensurePaymentCustomer(ctx, customer), provider: ctx.payments.name };
}

/**
 * Records a method the provider saved on the customer (mirror row); the first saved method, or
 * one saved with `makeDefault`, becomes the default.
 */
export async function recordSavedMethod(ctx: CommerceContext, customerId: string, info: SavedMethodInfo, makeDefault: boolean): Promise<SavedPaymentMethodRow> {
  const provider = ctx.payments.name;
  return withTransaction(ctx.dbh, async (trx) => {
    const first = (await listSavedPaymentMethods(trx, customerId, provider)).length === 0;
    const row = await insertSavedPaymentMethod(trx, {
      id: `spm_${randomBytes(12).toString('hex')}`,
      customer_id: customerId,
      provider,
      provider_payment_method_id: info.providerPaymentMethodId,
      brand: info.brand,
      last4: info.last4,
      exp_month: info.expMonth,
      exp_year: info.expYear,
      is_default: 0,
      created_at: ctx.now().toISOString(),
    });
    if (row.customer_id !== customerId) throw new Error('payment method already saved for another customer');
    if (makeDefault || first) {
      await setDefaultSavedPaymentMethod(trx, customerId, row.id);
      return { ...row, is_default: 1 };
    }
    return row;
  });
}

/** `GET /users/current/paymentdetails` (see module comment for the reconciliation). */
export async function listPaymentDetails(ctx: CommerceContext, customerId: string): Promise<PaymentDetailsListResponse> {
  const db = ctx.dbh.db;
  const provider = ctx.payments;
  const pc = await findPaymentCustomer(db, customerId, provider.name);
  if (pc && supportsCustomers(provider)) {
    const remote = await provider.listPaymentMethods(pc.provider_customer_id);
    const local = await listSavedPaymentMethods(db, customerId, provider.name);
    const remoteIds = new Set(remote.map((r) => r.providerPaymentMethodId));
    for (const row of local) if (!remoteIds.has(row.provider_payment_method_id)) await deleteSavedPaymentMethod(db, customerId, row.id);
    const localIds = new Set(local.map((r) => r.provider_payment_method_id));
    for (const info of remote) if (!localIds.has(info.providerPaymentMethodId)) await recordSavedMethod(ctx, customerId, info, false);
  }
  const rows = await listSavedPaymentMethods(db, customerId, provider.name);
  return { payments: rows.map(savedMethodView) };
}

/** The provider input of a `paymentdetails` body. @throws 400 `PaymentError` `paymentMethodRequired` for the other provider's shape */
function saveInputOf(ctx: CommerceContext, body: SavePaymentDetailsRequest): SavePaymentMethodInput {
  if (ctx.payments.name === 'test' && 'testCardNumber' in body) return { testCardNumber: body.testCardNumber, expMonth: body.expMonth, expYear: body.expYear };
  if (ctx.payments.name === 'stripe' && 'stripePaymentMethodId' in body) return { stripePaymentMethodId: body.stripePaymentMethodId };
  const subject = ctx.payments.name === 'test' ? 'testCardNumber' : 'stripePaymentMethodId';
  throw invalidInput('PaymentError', 'paymentMethodRequired', ctx.payments.name === 'test' ? 'Enter a test card number and its expiry.' : 'A Stripe payment method id (pm_...) is required.', subject);
}

/** `POST /users/current/paymentdetails`: saves a card on the provider customer. @throws 400 `PaymentError` */
export async function addPaymentDetails(ctx: CommerceContext, customer: PaymentCustomer, body: SavePaymentDetailsRequest): Promise<SavedPaymentMethod> {
  const provider = customerProvider(ctx);
  const input = saveInputOf(ctx, body);
  const providerCustomerId = await ensurePaymentCustomer(ctx, customer);
  const info = await provider.attachPaymentMethod(providerCustomerId, input);
  return savedMethodView(await recordSavedMethod(ctx, customer.id, info, body.defaultPaymentMethod === true));
}

/** `POST /users/current/updatePaymentDetails?paymentMethodId=`: makes it the default. @throws 404 */
export async function setDefaultPaymentDetails(ctx: CommerceContext, customerId: string, id: string): Promise<SavedPaymentMethod> {
  return withTransaction(ctx.dbh, async (trx) => {
    if (!(await setDefaultSavedPaymentMethod(trx, customerId, id))) throw methodNotFound(id);
    const row = await findSavedPaymentMethod(trx, customerId, id);
    if (!row) throw methodNotFound(id);
    return savedMethodView(row);
  });
}

/** `DELETE /users/current/paymentdetails/{id}`: detached from the provider customer, then forgotten. @throws 404 */
export async function deletePaymentDetails(ctx: CommerceContext, customerId: string, id: string): Promise<void> {
  const row = await findSavedPaymentMethod(ctx.dbh.db, customerId, id);
  if (!row) throw methodNotFound(id);
  const provider = ctx.payments;
  if (row.provider === provider.name && supportsCustomers(provider)) await provider.detachPaymentMethod(row.provider_payment_method_id);
  await withTransaction(ctx.dbh, async (trx) => {
    if (!(await deleteSavedPaymentMethod(trx, customerId, id))) throw methodNotFound(id);
    if (Number(row.is_default) === 1) {
      const [next] = await listSavedPaymentMethods(trx, customerId, row.provider);
      if (next) await setDefaultSavedPaymentMethod(trx, customerId, next.id);
    }
  });
}
