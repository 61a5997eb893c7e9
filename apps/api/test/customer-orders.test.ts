import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { commerce, expectApiError, placeCustomerOrder, prepareCheckout, newKey, signUpCustomer, type TestCustomer } from './support/commerce.ts';

describe.each(dbKinds())('order history and detail on %s', (kind) => {
  let t: TestApp;
  let c: TestCustomer;
  const codes: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp(kind);
    c = await signUpCustomer(t);
    for (let i = 0; i < 3; i++) codes.push((await placeCustomerOrder(c, { products: [{ code: 'BH-SIGNATURE-DARK-24', qty: i + 1 }] })).order.code);
    // distinct, known placement times (newest = the last placed)
    for (const [i, code] of codes.entries()) {
      await t.dbh.db.updateTable('orders').set({ created_at: `2026-11-2${i}T10:00:00.000Z` }).where('code', '=', code).execute();
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the customer’s orders newest first, paged, with totals and unit counts', async () => {
    const all = await c.customer.listOrders('usb2c');
    expect(all.orders.map((o) => o.code)).toEqual([...codes].reverse());
    expect(all.pagination).toEqual({ currentPage: 0, pageSize: 10, totalPages: 1, totalResults: 3 });
    expect(all.orders.map((o) => o.totalUnitCount)).toEqual([3, 2, 1]);
    expect(all.orders[0]).toMatchObject({ status: 'created', statusDisplay: 'created', placed: '2026-11-22T10:00:00.000Z' });
    expect(all.orders[0]!.total.currencyIso).toBe('USD');
    const p1 = await c.customer.listOrders('usb2c', { currentPage: 1, pageSize: 2 });
    expect(p1.orders.map((o) => o.code)).toEqual([codes[0]]);
    expect(p1.pagination).toMatchObject({ currentPage: 1, pageSize: 2, totalPages: 2, totalResults: 3 });
    // another site has its own history
    expect((await c.customer.listOrders('cab2c')).orders).toEqual([]);
    // issue 11 item 1: the page number is bounded by the contract (0–10000), the field named
    const far = await expectApiError(c.customer.listOrders('usb2c', { currentPage: 10_001 }), 400, 'invalid');
    expect(far.errors[0]?.subject).toBe('currentPage');
  });

  it('maps statuses for display (spec §3) in the list and the detail', async () => {
    const statuses = ['processing', 'partiallydelivered', 'partiallyshipped'];
    for (const [i, status] of statuses.entries()) await t.dbh.db.updateTable('orders').set({ status }).where('code', '=', codes[i]!).execute();
    const list = await c.customer.listOrders('usb2c');
    const display = new Map(list.orders.map((o) => [o.code, o.statusDisplay]));
    expect(statuses.map((_, i) => display.get(codes[i]!))).toEqual(['processed', 'partially-delivered', 'partially-shipped']);
    const detail = await c.customer.getOrder('usb2c', codes[0]!);
    expect(detail).toMatchObject({ code: codes[0], status: 'processing', statusDisplay: 'processed', guestCustomer: false, email: c.email });
    expect(detail.entries[0]!.quantity).toBe(1);
  });

  it("never shows another customer's order, a guest order, or a pending one", async () => {
    const other = await signUpCustomer(t);
    await expectApiError(other.customer.getOrder('usb2c', codes[0]!), 404, 'notFound');
    expect((await other.customer.listOrders('usb2c')).orders).toEqual([]);
    const guest = await prepareCheckout(commerce(t), { email: c.email });
    const guestOrder = await commerce(t).placeOrder('usb2c', guest.cartGuid, { idempotencyKey: newKey(), paymentIntentId: guest.paymentIntentId, paymentMethod: { testCardNumber: '4242424242424242' } });
    await expectApiError(c.customer.getOrder('usb2c', guestOrder.code), 404, 'notFound');
    expect((await c.customer.listOrders('usb2c')).orders.map((o) => o.code)).not.toContain(guestOrder.code);
    await t.dbh.db.updateTable('orders').set({ status: 'pendingPayment' }).where('code', '=', codes[1]!).execute();
    await expectApiError(c.customer.getOrder('usb2c', codes[1]!), 404, 'notFound');
    expect((await c.customer.listOrders('usb2c')).pagination.totalResults).toBe(2);
    await t.dbh.db.updateTable('orders').set({ status: 'created' }).where('code', '=', codes[1]!).execute();
    const res = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/users/anonymous/orders', headers: { authorization: `Bearer ${t.token}` } });
    expect(res.statusCode).toBe(403);
  });

  it("the guest lookup (machine token, code and email or cart guid) never answers a registered customer's order (issue 9 item 7)", async () => {
    const placed = await placeCustomerOrder(c, { products: [{ code: 'BH-SIGNATURE-DARK-24', qty: 1 }] });
    const code = placed.order.code;
    const cartGuid = placed.cartGuid;
    // the same 404 as an unknown code: nothing tells a customer's order from a missing one
    const unknown = await t.app.inject({ method: 'GET', url: `/rest/v2/usb2c/users/anonymous/orders/KC-00000-00000?email=${encodeURIComponent(c.email)}`, headers: { authorization: `Bearer ${t.token}` } });
    for (const query of [`email=${encodeURIComponent(c.email)}`, `email=${encodeURIComponent(c.email.toUpperCase())}`, `cartGuid=${cartGuid}`]) {
      const res = await t.app.inject({ method: 'GET', url: `/rest/v2/usb2c/users/anonymous/orders/${code}?${query}`, headers: { authorization: `Bearer ${t.token}` } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Lovelace');
      expect(res.json()).toEqual({ errors: [{ ...unknown.json<{ errors: Array<Record<string, string>> }>().errors[0], message: `Order ${code} not found` }] });
    }
    // the customer sees it signed in, with the address
    expect((await c.customer.getOrder('usb2c', code)).deliveryAddress.lastName).toBe('Lovelace');
    // a guest order is still found by its email or cart guid
    const guest = await prepareCheckout(commerce(t), { email: 'guest.lookup@example.com' });
    const guestOrder = await commerce(t).placeOrder('usb2c', guest.cartGuid, { idempotencyKey: newKey(), paymentIntentId: guest.paymentIntentId, paymentMethod: { testCardNumber: '4242424242424242' } });
    expect((await commerce(t).getOrder('usb2c', guestOrder.code, { email: 'guest.lookup@example.com' })).guestCustomer).toBe(true);
    expect((await commerce(t).getOrder('usb2c', guestOrder.code, { cartGuid: guest.cartGuid })).code).toBe(guestOrder.code);
  });
});
