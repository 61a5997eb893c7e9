/**
 * The IDOR matrix (issue 3): every registered route whose path has `:userId` — read from
 * Fastify's route table, so new routes are covered automatically — is called with customer B's
 * token against customer A: with A's id as `userId`, and as `current` with A's objects (cart,
 * address, order, saved card) in the path, query and body. Each answer must refuse (403/404) where
 * it names A's data, and no answer may contain any of A's data (an error may only echo the ids the
 * caller sent).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCart } from '@store/db';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { ADDRESSES, placeCustomerOrder, signUpCustomer, type TestCustomer } from './support/commerce.ts';

/** `{method, path}` of every route in `printRoutes({commonPrefix: false})` (HEAD left out). */
export function routeTable(printed: string): Array<{ method: string; path: string }> {
  const out: Array<{ method: string; path: string }> = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    stack.length = depth;
    stack[depth] = m[2] ?? '';
    const path = stack.join('');
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
      if (method !== 'HEAD') out.push({ method, path });
    }
  }
  return out;
}

const OBJECT_PARAMS = [':cartGuid', ':addressId', ':orderCode', ':paymentMethodId'];

describe.each(dbKinds())('IDOR matrix over users/{userId} routes on %s', (kind) => {
  let t: TestApp;
  let a: TestCustomer;
  let b: TestCustomer;
  const A: Record<string, string> = {};
  beforeAll(async () => {
    t = await buildTestApp(kind);
    a = await signUpCustomer(t, { firstName: 'Zyxwv' });
    b = await signUpCustomer(t);
    const address = await a.customer.addAddress('usb2c', { ...ADDRESSES.OR, line1: '77 Qwertyuiop Lane' });
    const card = await a.customer.addPaymentDetails('usb2c', { testCardNumber: '5555555555554444', expMonth: 11, expYear: 2031 });
    const { order } = await placeCustomerOrder(a);
    const cart = await a.commerce.addToCart('usb2c', { productCode: 'BH-SIGNATURE-DARK-24', qty: 3 });
    await a.commerce.setDeliveryAddress('usb2c', cart.cartGuid, { ...ADDRESSES.NY, line1: '12 Asdfghjkl Road' });
    const pc = await a.customer.fetchStripeCustomerId('usb2c');
    Object.assign(A, {
      id: a.id,
      email: a.email,
      addressId: address.id,
      addressLine: '77 Qwertyuiop Lane',
      cartLine: '12 Asdfghjkl Road',
      paymentMethodId: card.id,
      orderCode: order.code,
      cartGuid: cart.cartGuid,
      providerCustomerId: pc.stripeCustomerId ?? 'none',
      firstName: 'Zyxwv',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds the users/{userId} routes in the route table', () => {
    const routes = routeTable(t.app.printRoutes({ commonPrefix: false })).filter((r) => r.path.includes(':userId'));
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    for (const expected of [
      'GET /rest/v2/:baseSiteId/users/:userId/carts/:cartGuid',
      'POST /rest/v2/:baseSiteId/users/:userId/carts/:cartGuid/placeOrder',
      'POST /rest/v2/:baseSiteId/users/:userId/carts/merge',
      'DELETE /rest/v2/:baseSiteId/users/:userId/addresses/:addressId',
      'GET /rest/v2/:baseSiteId/users/:userId/paymentdetails',
      'GET /rest/v2/:baseSiteId/users/:userId/orders/:orderCode',
      'GET /rest/v2/:baseSiteId/users/:userId/carts/:cartGuid/deliverymodes',
    ]) {
      expect(keys).toContain(expected);
    }
    expect(routes.length).toBeGreaterThanOrEqual(25);
  });

  it("refuses every users/{userId} route to another customer's token and never answers their data", async () => {
    const routes = routeTable(t.app.printRoutes({ commonPrefix: false })).filter((r) => r.path.includes(':userId'));
    const body = {
      anonymousCartGuid: A.cartGuid,
      cartGuid: A.cartGuid,
      addressId: A.addressId,
      savedPaymentMethodId: A.paymentMethodId,
      paymentIntentId: 'pi_test_000',
      productCode: 'BH-SIGNATURE-DARK-24',
      productCodes: ['BH-SIGNATURE-DARK-24'],
      qty: 1,
      entryNumber: 0,
      email: 'intruder@example.com',
      // issue 12: the reward calls reach their ownership check with a well-formed body
      rewardCode: 'OFF-5',
      ...ADDRESSES.NY,
    };
    const query = `?paymentMethodId=${A.paymentMethodId}&cartGuid=${A.cartGuid}&deliveryModeId=standard`;
    const markers = Object.values(A);
    const failures: string[] = [];
    let calls = 0;
    for (const { method, path } of routes) {
      for (const userId of [A.id!, 'current']) {
        const url =
          path
            .replace(':baseSiteId', 'usb2c')
            .replace(':userId', userId)
            .replace(':cartGuid', A.cartGuid!)
            .replace(':addressId', A.addressId!)
            .replace(':orderCode', A.orderCode!)
            .replace(':paymentMethodId', A.paymentMethodId!)
            .replace(':entryNumber', '0') + query;
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { authorization: b.auth, 'idempotency-key': `idor-${calls}` },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: body }),
        });
        calls++;
        const label = `${method} ${url} → ${res.statusCode}`;
        const namesA = userId !== 'current' || OBJECT_PARAMS.some((p) => path.includes(p)) || path.endsWith('/carts/merge') || path.endsWith('/updatePaymentDetails');
        if (namesA && res.statusCode !== 403 && res.statusCode !== 404) failures.push(`${label} (expected 403/404)`);
        if (res.statusCode >= 500) failures.push(`${label} (server error)`);
        // An error may echo the identifiers the caller sent; anything else of A's is a leak.
        const sent = `${url} ${JSON.stringify(body)}`;
        const leaked = markers.filter((m) => res.body.includes(m) && (res.statusCode < 300 || !sent.includes(m)));
        if (leaked.length > 0) failures.push(`${label} leaks ${leaked.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBe(routes.length * 2);

    // A's data is intact
    expect((await a.customer.listAddresses('usb2c')).addresses.map((x) => x.id)).toContain(A.addressId);
    expect((await a.customer.listPaymentDetails('usb2c')).payments.map((x) => x.id)).toContain(A.paymentMethodId);
    const cart = await findCart(t.dbh.db, A.cartGuid!);
    expect(cart).toMatchObject({ user_id: A.id, status: 'open' });
    expect((await a.commerce.getCart('usb2c', A.cartGuid!)).cartQuantity).toBe(3);
    expect((await a.customer.getOrder('usb2c', A.orderCode!)).code).toBe(A.orderCode);
  });
});
