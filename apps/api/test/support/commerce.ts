/**
 * Shared fixtures of the commerce API tests (cart, checkout, place-order, concurrency, email):
 * the typed commerce client over a test app, valid addresses per site, a helper that takes a
 * cart through every checkout step, and an assertion for OCC error answers.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createCommerceClient, isApiError, type AddressInput, type CommerceCalls, type Lang } from '@store/contracts';
import { getAvailable, type DbHandle } from '@store/db';
import type { TestApp } from '@store/testing';

/** The commerce calls of a test app (machine-to-machine token included). */
export function commerce(t: TestApp): CommerceCalls {
  return createCommerceClient(t.client);
}

/** Valid addresses: New York (US, 4 % state tax, taxes shipping), Quebec (GST + QST), Ontario (HST), Oregon (no tax), Alaska (no free shipping). */
export const ADDRESSES = {
  NY: { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main Street', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US', phone: '518-555-0100' },
  OR: { firstName: 'Ada', lastName: 'Lovelace', line1: '9 Pine Road', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' },
  AK: { firstName: 'Ada', lastName: 'Lovelace', line1: '3 Snow Lane', city: 'Anchorage', region: 'AK', postalCode: '99501', country: 'US' },
  QC: { firstName: 'Émile', lastName: 'Nelligan', line1: '100 rue Sainte-Catherine', city: 'Montréal', region: 'QC', postalCode: 'h2x 1y4', country: 'CA' },
  ON: { firstName: 'Laura', lastName: 'Secord', line1: '5 King Street W', city: 'Toronto', region: 'ON', postalCode: 'M5H 1A1', country: 'CA' },
} satisfies Record<string, AddressInput>;

/** Options of {@link prepareCheckout}. */
export interface PrepareOptions {
  site?: string;
  products?: Array<{ code: string; qty?: number }>;
  address?: AddressInput;
  email?: string;
  deliveryMode?: 'standard' | 'expedited';
  lang?: Lang;
}

/** A cart taken through every checkout step, ready for placeOrder. */
export interface PreparedCheckout {
  site: string;
  cartGuid: string;
  paymentIntentId: string;
  email: string;
}

/** Adds products, sets email, addresses, delivery mode and creates the payment intent. */
export async function prepareCheckout(api: CommerceCalls, opts: PrepareOptions = {}): Promise<PreparedCheckout> {
  const site = opts.site ?? 'usb2c';
  const products = opts.products ?? [{ code: 'BH-SIGNATURE-DARK-24', qty: 2 }];
  const lang = opts.lang;
  let cartGuid: string | undefined;
  for (const p of products) {
    const added = await api.addToCart(site, { productCode: p.code, qty: p.qty ?? 1, ...(cartGuid ? { cartGuid } : {}), ...(lang ? { lang } : {}) });
    cartGuid = added.cartGuid;
  }
  if (!cartGuid) throw new Error('no product added');
  const email = opts.email ?? `shopper-${randomUUID().slice(0, 8)}@example.com`;
  await api.setEmail(site, cartGuid, email);
  await api.setDeliveryAddress(site, cartGuid, opts.address ?? (site === 'cab2c' ? ADDRESSES.QC : ADDRESSES.NY));
  await api.setDeliveryMode(site, cartGuid, opts.deliveryMode ?? 'standard');
  await api.setBillingAddress(site, cartGuid, { sameAsShipping: true });
  const intent = await api.createPaymentIntent(site, cartGuid);
  return { site, cartGuid, paymentIntentId: intent.paymentIntentId, email };
}

/** A fresh idempotency key. */
export function newKey(): string {
  return `test-${randomUUID()}`;
}

/** Awaits a call that must fail with this HTTP status and first error reason; answers the ApiError. */
export async function expectApiError(promise: Promise<unknown>, status: number, reason: string) {
  try {
    await promise;
  } catch (error) {
    if (!isApiError(error)) throw error;
    expect({ status: error.status, reason: error.reason }).toEqual({ status, reason });
    return error;
  }
  throw new Error(`expected HTTP ${status} ${reason}, but the call succeeded`);
}

/** Units available of a variant. */
export function stockOf(dbh: DbHandle, variantCode: string): Promise<number> {
  return getAvailable(dbh.db, variantCode);
}

/** Number of orders (any status) in the database. */
export async function orderCount(dbh: DbHandle): Promise<number> {
  const r = await dbh.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}
