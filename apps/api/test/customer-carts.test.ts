import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerceClient, type CommerceCalls } from '@store/contracts';
import { findCart } from '@store/db';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { ADDRESSES, commerce, expectApiError, newKey, signUpCustomer, type TestCustomer } from './support/commerce.ts';

const COFFEE_24 = 'BH-SIGNATURE-DARK-24';
const COFFEE_48 = 'BH-SIGNATURE-DARK-48';
const VISA = { testCardNumber: '4242424242424242' };

describe.each(dbKinds())('customer carts and cart merge on %s', (kind) => {
  let t: TestApp;
  let anon: CommerceCalls;
  let ada: TestCustomer;
  let bob: TestCustomer;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    anon = commerce(t);
    ada = await signUpCustomer(t);
    bob = await signUpCustomer(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const setStock = (variant: string, available: number) => t.dbh.db.updateTable('stock').set({ available }).where('variant_code', '=', variant).execute();

  it('a customer cart carries the customer and their email, and is reachable only by them', async () => {
    const added = await ada.commerce.addToCart('usb2c', { productCode: COFFEE_24, qty: 2 });
    const row = await findCart(t.dbh.db, added.cartGuid);
    expect(row).toMatchObject({ user_id: ada.id, email: ada.email, status: 'open' });
    const current = await ada.customer.getCurrentCart('usb2c');
    expect(current.cartGuid).toBe(added.cartGuid);
    expect(current.email).toBe(ada.email);
    // adding without a guid goes to the same current cart
    const again = await ada.commerce.addToCart('usb2c', { productCode: COFFEE_48 });
    expect(again.cartGuid).toBe(added.cartGuid);
    expect((await ada.commerce.getCart('usb2c', added.cartGuid)).cartQuantity).toBe(3);

    await expectApiError(anon.getCart('usb2c', added.cartGuid), 404, 'notFound');
    await expectApiError(bob.commerce.getCart('usb2c', added.cartGuid), 404, 'notFound');
    await expectApiError(anon.updateEntry('usb2c', added.cartGuid, 0, 5), 404, 'notFound');
    await expectApiError(bob.commerce.setDeliveryAddress('usb2c', added.cartGuid, ADDRESSES.NY), 404, 'notFound');
    // an anonymous add naming the customer's cart gets a new anonymous cart, never theirs
    const sneaky = await anon.addToCart('usb2c', { productCode: COFFEE_24, cartGuid: added.cartGuid });
    expect(sneaky.cartGuid).not.toBe(added.cartGuid);
    expect((await findCart(t.dbh.db, sneaky.cartGuid))?.user_id).toBeNull();
    // getSessionCartGuid never hands out a customer's cart
    const session = await anon.getSessionCartGuid('usb2c', added.cartGuid);
    expect(session.created).toBe(true);
    expect(session.cartGuid).not.toBe(added.cartGuid);
  });

  it('an anonymous cart is not reachable with a customer token', async () => {
    const a = await anon.addToCart('usb2c', { productCode: COFFEE_24 });
    await expectApiError(ada.commerce.getCart('usb2c', a.cartGuid), 404, 'notFound');
    await expectApiError(ada.commerce.updateEntry('usb2c', a.cartGuid, 0, 3), 404, 'notFound');
    expect((await anon.getCart('usb2c', a.cartGuid)).cartQuantity).toBe(1);
  });

  it('the current cart is created when the customer has none; users/anonymous/carts/current is 403', async () => {
    const carol = await signUpCustomer(t);
    const cart = await carol.customer.getCurrentCart('usb2c');
    expect(cart).toMatchObject({ status: 'open', cartQuantity: 0, email: carol.email });
    expect((await carol.customer.getCurrentCart('usb2c')).cartGuid).toBe(cart.cartGuid);
    const res = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/users/anonymous/carts/current', headers: { authorization: `Bearer ${t.token}` } });
    expect(res.statusCode).toBe(403);
  });

  it('merges the anonymous cart at sign-in: quantities added, capped by stock with a message, one cart closed', async () => {
    const dan = await signUpCustomer(t);
    await setStock(COFFEE_48, 50);
    const mine = await dan.commerce.addToCart('usb2c', { productCode: COFFEE_48, qty: 30 });
    const a1 = await anon.addToCart('usb2c', { productCode: COFFEE_48, qty: 40 });
    await anon.addToCart('usb2c', { productCode: COFFEE_24, qty: 2, cartGuid: a1.cartGuid });
    const merged = await dan.customer.mergeCart('usb2c', a1.cartGuid);
    expect(merged.cart.cartGuid).toBe(mine.cartGuid);
    const byCode = new Map(merged.cart.entries.map((e) => [e.product.code, e.quantity]));
    expect(byCode.get(COFFEE_48)).toBe(50);
    expect(byCode.get(COFFEE_24)).toBe(2);
    expect(merged.messages).toEqual([
      expect.objectContaining({ productCode: COFFEE_48, reason: 'quantityCapped', requested: 70, quantity: 50, message: 'Only 50 of the 70 requested could be kept in your cart' }),
    ]);
    expect(merged.messages[0]!.entryNumber).toBe(mine.entry.entryNumber);
    expect((await findCart(t.dbh.db, a1.cartGuid))?.status).toBe('merged');
    expect((await anon.getCart('usb2c', a1.cartGuid)).status).toBe('merged');
    await expectApiError(dan.customer.mergeCart('usb2c', a1.cartGuid), 409, 'cartNotOpen');
    const after = await anon.addToCart('usb2c', { productCode: COFFEE_24, cartGuid: a1.cartGuid });
    expect(after.cartGuid).not.toBe(a1.cartGuid);
    await setStock(COFFEE_48, 480);
  });

  it('merge keeps an auto-delivery line with its frequency and pods at home (issue 10: a guest signs in at checkout)', async () => {
    const eve = await signUpCustomer(t);
    const a = await anon.addToCart('usb2c', { productCode: COFFEE_24, qty: 1, entryType: 'ADC', frequencyWeeks: 8, podsAtHomeQty: 40 });
    const merged = await eve.customer.mergeCart('usb2c', a.cartGuid);
    const line = merged.cart.entries.find((e) => e.product.code === COFFEE_24);
    expect(line).toMatchObject({ entryType: 'ADC', program: 'AUTO_DELIVERY', frequencyWeeks: 8, podsAtHomeQty: 40, quantity: 1 });
    expect(merged.cart.hasAutoDelivery).toBe(true);
  });

  it('merge into a new current cart (site language), out-of-stock line, and refusals', async () => {
    const eve = await signUpCustomer(t);
    await setStock(COFFEE_48, 0);
    const a = await anon.addToCart('usb2c', { productCode: COFFEE_24, qty: 1 });
    await setStock(COFFEE_48, 5);
    await anon.addToCart('usb2c', { productCode: COFFEE_48, qty: 3, cartGuid: a.cartGuid });
    await setStock(COFFEE_48, 0);
    const merged = await eve.customer.mergeCart('usb2c', a.cartGuid, { lang: 'fr' });
    expect(merged.cart.entries.map((e) => [e.product.code, e.quantity])).toEqual([[COFFEE_24, 1]]);
    expect(merged.cart.email).toBe(eve.email);
    expect(merged.messages).toEqual([expect.objectContaining({ productCode: COFFEE_48, reason: 'outOfStock', entryNumber: null, quantity: 0, message: 'This item is out of stock' })]);
    await setStock(COFFEE_48, 480);
    // another customer's cart, an unknown guid: 404; anonymous callers: 403
    const owned = await ada.customer.getCurrentCart('usb2c');
    await expectApiError(eve.customer.mergeCart('usb2c', owned.cartGuid), 404, 'notFound');
    await expectApiError(eve.customer.mergeCart('usb2c', '00000000-0000-4000-8000-000000000000'), 404, 'notFound');
    const res = await t.app.inject({ method: 'POST', url: '/rest/v2/usb2c/users/anonymous/carts/merge', headers: { authorization: `Bearer ${t.token}` }, payload: { anonymousCartGuid: a.cartGuid } });
    expect(res.statusCode).toBe(403);
  });

  it('two concurrent merges of one anonymous cart: one wins, the other is 409, nothing counted twice', async () => {
    const fay = await signUpCustomer(t);
    const a = await anon.addToCart('usb2c', { productCode: COFFEE_24, qty: 3 });
    const results = await Promise.allSettled([fay.customer.mergeCart('usb2c', a.cartGuid), fay.customer.mergeCart('usb2c', a.cartGuid)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await fay.customer.getCurrentCart('usb2c')).cartQuantity).toBe(3);
  });

  it('an order placed as current carries the customer and appears in their history', async () => {
    const gus = await signUpCustomer(t);
    const added = await gus.commerce.addToCart('usb2c', { productCode: COFFEE_24, qty: 1 });
    const g = added.cartGuid;
    await gus.commerce.setDeliveryAddress('usb2c', g, ADDRESSES.NY);
    await gus.commerce.setDeliveryMode('usb2c', g, 'standard');
    await gus.commerce.setBillingAddress('usb2c', g, { sameAsShipping: true });
    const intent = await gus.commerce.createPaymentIntent('usb2c', g);
    const order = await gus.commerce.placeOrder('usb2c', g, { idempotencyKey: newKey(), paymentIntentId: intent.paymentIntentId, paymentMethod: VISA });
    expect(order.guestCustomer).toBe(false);
    expect(order.email).toBe(gus.email);
    const row = await t.dbh.db.selectFrom('orders').select('user_id').where('code', '=', order.code).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(gus.id);
    expect((await gus.customer.listOrders('usb2c')).orders.map((o) => o.code)).toEqual([order.code]);
    // the next current cart is a new one
    expect((await gus.customer.getCurrentCart('usb2c')).cartGuid).not.toBe(g);
    // the anonymous client with user 'anonymous' cannot place an order from a customer cart
    const other = createCommerceClient(t.client);
    await expectApiError(other.getCart('usb2c', g), 404, 'notFound');
  });
});
