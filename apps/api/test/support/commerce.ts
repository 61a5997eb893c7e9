/**
 * Shared fixtures of the commerce API tests (cart, checkout, place-order, concurrency, email):
 * the typed commerce client over a test app, valid addresses per site, a helper that takes a
 * cart through every checkout step, and an assertion for OCC error answers.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  createApiClient,
  createCommerceClient,
  createCustomerClient,
  isApiError,
  requestCustomerToken,
  type AddressInput,
  type CommerceCalls,
  type CustomerCommerceCalls,
  type Lang,
} from '@store/contracts';
import { getAvailable, type DbHandle } from '@store/db';
import { TEST_BASE_URL, TEST_OAUTH_CLIENT, type TestApp } from '@store/testing';

/** The commerce calls of a test app (machine-to-machine token included). */
export function commerce(t: TestApp): CommerceCalls {
  return createCommerceClient(t.client);
}

/** A signed-up, signed-in customer of a test app with typed clients that send their token. */
export interface TestCustomer {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  /** commerce calls on `users/current` */
  commerce: CommerceCalls;
  /** address book, saved cards, orders, current cart, merge */
  customer: CustomerCommerceCalls;
  /** authorization header value */
  auth: string;
}

/** Password used by {@link signUpCustomer}. */
export const TEST_PASSWORD = 'Brew2026coffee';

/** Signs a customer in (password grant of the test OAuth client) and builds their clients. */
export async function signInCustomer(t: TestApp, email: string, password = TEST_PASSWORD): Promise<TestCustomer> {
  const answer = await requestCustomerToken({
    tokenUrl: `${TEST_BASE_URL}/authorizationserver/oauth/token`,
    fetch: t.fetch,
    clientId: TEST_OAUTH_CLIENT.clientId,
    clientSecret: TEST_OAUTH_CLIENT.clientSecret,
    username: email,
    password,
  });
  const accessToken = answer.access_token;
  const core = createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: t.fetch, getToken: async () => accessToken });
  const row = await t.dbh.db.selectFrom('customers').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirstOrThrow();
  return {
    id: row.id,
    email: email.trim().toLowerCase(),
    password,
    accessToken,
    commerce: createCommerceClient(core, { user: 'current' }),
    customer: createCustomerClient(core),
    auth: `Bearer ${accessToken}`,
  };
}

/** Signs up a new customer (POST /users with the machine token), then signs them in. */
export async function signUpCustomer(t: TestApp, opts: { email?: string; firstName?: string } = {}): Promise<TestCustomer> {
  const email = opts.email ?? `customer-${randomUUID().slice(0, 8)}@example.com`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/rest/v2/usb2c/users',
    headers: { authorization: `Bearer ${t.token}` },
    payload: { email, password: TEST_PASSWORD, firstName: opts.firstName ?? 'Ada', lastName: 'Lovelace' },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return signInCustomer(t, email);
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

/** Takes a customer's current cart through checkout and places the order (test card 4242...). */
export async function placeCustomerOrder(
  c: TestCustomer,
  opts: {
    site?: string;
    products?: Array<{ code: string; qty?: number }>;
    paymentMethod?: { testCardNumber: string };
    savedPaymentMethodId?: string;
    saveCard?: boolean;
    /** a gift card (formatted code and id) paying `amountMinor` of the order */
    giftCard?: { code: string; id: string; amountMinor: number };
  } = {},
) {
  const site = opts.site ?? 'usb2c';
  let cartGuid: string | undefined;
  for (const p of opts.products ?? [{ code: 'BH-SIGNATURE-DARK-24', qty: 1 }]) {
    cartGuid = (await c.commerce.addToCart(site, { productCode: p.code, qty: p.qty ?? 1, ...(cartGuid ? { cartGuid } : {}) })).cartGuid;
  }
  if (!cartGuid) throw new Error('no product added');
  await c.commerce.setDeliveryAddress(site, cartGuid, site === 'cab2c' ? ADDRESSES.QC : ADDRESSES.NY);
  await c.commerce.setDeliveryMode(site, cartGuid, 'standard');
  await c.commerce.setBillingAddress(site, cartGuid, { sameAsShipping: true });
  if (opts.giftCard) {
    await c.commerce.applyGiftCard(site, cartGuid, opts.giftCard.code);
    await c.commerce.applyGiftCardValue(site, cartGuid, opts.giftCard.id, opts.giftCard.amountMinor);
  }
  const intent = await c.commerce.createPaymentIntent(site, cartGuid);
  const order = await c.commerce.placeOrder(site, cartGuid, {
    idempotencyKey: newKey(),
    paymentIntentId: intent.paymentIntentId,
    ...(opts.savedPaymentMethodId ? { savedPaymentMethodId: opts.savedPaymentMethodId } : { paymentMethod: opts.paymentMethod ?? { testCardNumber: '4242424242424242' } }),
    ...(opts.saveCard ? { saveCard: true } : {}),
  });
  return { order, cartGuid };
}
