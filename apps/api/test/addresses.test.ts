import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError } from '@store/contracts';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { ADDRESSES, expectApiError, newKey, signUpCustomer, type TestCustomer } from './support/commerce.ts';

describe.each(dbKinds())('address book on %s', (kind) => {
  let t: TestApp;
  let c: TestCustomer;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    c = await signUpCustomer(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds, lists (page size 4, page 0 by default, default first), replaces, updates, sets default and deletes', async () => {
    const first = await c.customer.addAddress('usb2c', ADDRESSES.NY);
    expect(first).toMatchObject({ ...ADDRESSES.NY, defaultAddress: true });
    expect(first.id).toMatch(/^ad_/);
    const ids = [first.id];
    for (const city of ['Buffalo', 'Ithaca', 'Utica', 'Troy']) ids.push((await c.customer.addAddress('usb2c', { ...ADDRESSES.NY, city })).id);
    const page0 = await c.customer.listAddresses('usb2c');
    expect(page0.pagination).toEqual({ currentPage: 0, pageSize: 4, totalPages: 2, totalResults: 5 });
    expect(page0.addresses).toHaveLength(4);
    expect(page0.addresses[0]!.id).toBe(first.id);
    const page1 = await c.customer.listAddresses('usb2c', { currentPage: 1 });
    expect(page1.addresses).toHaveLength(1);
    expect(new Set([...page0.addresses, ...page1.addresses].map((a) => a.id))).toEqual(new Set(ids));
    const byPageNum = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/users/current/addresses?pageNum=1', headers: { authorization: c.auth } });
    expect(byPageNum.json().addresses).toHaveLength(1);

    const replaced = await c.customer.replaceAddress('usb2c', ids[1]!, ADDRESSES.OR);
    expect(replaced).toMatchObject({ id: ids[1], city: 'Portland', region: 'OR', defaultAddress: false });
    expect(replaced.phone).toBeUndefined();
    const updated = await c.customer.updateAddress('usb2c', ids[1]!, { line2: 'Apt 4', phone: '503-555-0199' });
    expect(updated).toMatchObject({ city: 'Portland', line2: 'Apt 4', phone: '503-555-0199' });

    const def = await c.customer.setDefaultAddress('usb2c', ids[1]!);
    expect(def.defaultAddress).toBe(true);
    const after = await c.customer.listAddresses('usb2c', { pageSize: 10 });
    expect(after.addresses.filter((a) => a.defaultAddress).map((a) => a.id)).toEqual([ids[1]]);
    expect(after.addresses[0]!.id).toBe(ids[1]);

    await c.customer.deleteAddress('usb2c', ids[1]!);
    const left = await c.customer.listAddresses('usb2c', { pageSize: 10 });
    expect(left.pagination.totalResults).toBe(4);
    expect(left.addresses.filter((a) => a.defaultAddress)).toHaveLength(1);
    await expectApiError(c.customer.deleteAddress('usb2c', ids[1]!), 404, 'addressNotFound');
  });

  it('lists every bad field in one 400 (domain validateAddress), for add, replace and update', async () => {
    try {
      await c.customer.addAddress('usb2c', { firstName: '', lastName: 'X', line1: '1 A St', city: '', region: 'ZZ', postalCode: 'abc', phone: '12' });
      throw new Error('accepted');
    } catch (error) {
      if (!isApiError(error)) throw error;
      expect(error.status).toBe(400);
      expect(error.errors.map((e) => [e.subject, e.reason])).toEqual([
        ['firstName', 'required'],
        ['city', 'required'],
        ['region', 'invalidRegion'],
        ['postalCode', 'invalidPostalCode'],
        ['phone', 'invalidPhone'],
      ]);
    }
    const a = await c.customer.addAddress('usb2c', ADDRESSES.OR);
    await expectApiError(c.customer.replaceAddress('usb2c', a.id, { firstName: 'Only' }), 400, 'required');
    await expectApiError(c.customer.updateAddress('usb2c', a.id, { postalCode: '1' }), 400, 'invalidPostalCode');
    await expectApiError(c.customer.addAddress('usb2c', ADDRESSES.QC), 400, 'invalidCountry');
    expect(await c.customer.addAddress('cab2c', ADDRESSES.QC)).toMatchObject({ postalCode: 'H2X 1Y4', country: 'CA' });
  });

  it("another customer's address answers 404 everywhere; anonymous is 403", async () => {
    const other = await signUpCustomer(t);
    const mine = await c.customer.addAddress('usb2c', ADDRESSES.AK);
    await expectApiError(other.customer.replaceAddress('usb2c', mine.id, ADDRESSES.NY), 404, 'addressNotFound');
    await expectApiError(other.customer.updateAddress('usb2c', mine.id, { city: 'Juneau' }), 404, 'addressNotFound');
    await expectApiError(other.customer.deleteAddress('usb2c', mine.id), 404, 'addressNotFound');
    await expectApiError(other.customer.setDefaultAddress('usb2c', mine.id), 404, 'addressNotFound');
    expect((await other.customer.listAddresses('usb2c')).addresses).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/users/anonymous/addresses', headers: { authorization: `Bearer ${t.token}` } });
    expect(res.statusCode).toBe(403);
    expect((await c.customer.listAddresses('usb2c', { pageSize: 20 })).addresses.find((a) => a.id === mine.id)?.city).toBe('Anchorage');
  });

  it('checkout uses a book address by id, or saves a new one on request', async () => {
    const d = await signUpCustomer(t);
    const saved = await d.customer.addAddress('usb2c', ADDRESSES.OR);
    const cart = await d.commerce.addToCart('usb2c', { productCode: 'BH-SIGNATURE-DARK-24' });
    const withBook = await d.commerce.setDeliveryAddress('usb2c', cart.cartGuid, { addressId: saved.id });
    expect(withBook.deliveryAddress).toMatchObject({ city: 'Portland', region: 'OR' });
    await expectApiError(d.commerce.setDeliveryAddress('usb2c', cart.cartGuid, { addressId: 'ad_nope' }), 404, 'addressNotFound');
    const other = await signUpCustomer(t);
    const foreign = await other.customer.addAddress('usb2c', ADDRESSES.AK);
    await expectApiError(d.commerce.setDeliveryAddress('usb2c', cart.cartGuid, { addressId: foreign.id }), 404, 'addressNotFound');
    const withNew = await d.commerce.setDeliveryAddress('usb2c', cart.cartGuid, { ...ADDRESSES.NY, saveToAddressBook: true });
    expect(withNew.deliveryAddress).toMatchObject({ city: 'Albany' });
    const book = await d.customer.listAddresses('usb2c');
    expect(book.addresses.map((a) => a.city).sort()).toEqual(['Albany', 'Portland']);
    await d.commerce.setBillingAddress('usb2c', cart.cartGuid, { addressId: saved.id });
    await d.commerce.setDeliveryMode('usb2c', cart.cartGuid, 'standard');
    const intent = await d.commerce.createPaymentIntent('usb2c', cart.cartGuid);
    const order = await d.commerce.placeOrder('usb2c', cart.cartGuid, { idempotencyKey: newKey(), paymentIntentId: intent.paymentIntentId, paymentMethod: { testCardNumber: '4242424242424242' } });
    expect(order.billingAddress).toMatchObject({ city: 'Portland' });
    // anonymous checkout may not use the address book
    const anonRes = await t.app.inject({
      method: 'PUT',
      url: `/rest/v2/usb2c/users/anonymous/carts/${cart.cartGuid}/addresses/delivery`,
      headers: { authorization: `Bearer ${t.token}` },
      payload: { addressId: saved.id },
    });
    expect(anonRes.statusCode).toBe(404);
  });
});
