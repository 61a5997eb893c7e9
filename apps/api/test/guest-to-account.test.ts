import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomerClient } from '@store/contracts';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { commerce, expectApiError, newKey, prepareCheckout, signInCustomer, signUpCustomer, TEST_PASSWORD } from './support/commerce.ts';

describe.each(dbKinds())('guest order → account on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function guestOrder(email?: string) {
    const api = commerce(t);
    const p = await prepareCheckout(api, email ? { email } : {});
    const order = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: { testCardNumber: '4242424242424242' } });
    return { order, cartGuid: p.cartGuid, email: p.email };
  }
  const machine = () => createCustomerClient(t.client);

  it('creates the account with the order email, attaches the order, and the customer can sign in and see it', async () => {
    const g = await guestOrder();
    const created = await machine().createUserFromOrder('usb2c', g.order.code, { password: TEST_PASSWORD, cartGuid: g.cartGuid });
    expect(created).toMatchObject({ email: g.email.toLowerCase(), firstName: 'Ada', lastName: 'Lovelace', orderCode: g.order.code });
    expect(created.uid).toMatch(/^cu_/);
    const row = await t.dbh.db.selectFrom('orders').select('user_id').where('code', '=', g.order.code).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(created.uid);
    const c = await signInCustomer(t, g.email);
    expect((await c.customer.listOrders('usb2c')).orders.map((o) => o.code)).toEqual([g.order.code]);
    expect((await c.customer.getOrder('usb2c', g.order.code)).guestCustomer).toBe(false);
    // once attached, the guest lookup no longer answers it (issue 9 item 7): the owner signs in
    await expectApiError(commerce(t).getOrder('usb2c', g.order.code, { cartGuid: g.cartGuid }), 404, 'notFound');
    // twice: the order already belongs to an account
    await expectApiError(machine().createUserFromOrder('usb2c', g.order.code, { password: TEST_PASSWORD, cartGuid: g.cartGuid }), 409, 'alreadyAttached');
  });

  it('409 when the email already has an account; the order stays a guest order', async () => {
    const existing = await signUpCustomer(t);
    const g = await guestOrder(existing.email);
    await expectApiError(machine().createUserFromOrder('usb2c', g.order.code, { password: TEST_PASSWORD, cartGuid: g.cartGuid }), 409, 'duplicateUid');
    const row = await t.dbh.db.selectFrom('orders').select('user_id').where('code', '=', g.order.code).executeTakeFirstOrThrow();
    expect(row.user_id).toBeNull();
  });

  it('needs the cart guid of the order (404 otherwise), the machine token, and a policy-compliant password', async () => {
    const g = await guestOrder();
    const other = await guestOrder();
    await expectApiError(machine().createUserFromOrder('usb2c', g.order.code, { password: TEST_PASSWORD, cartGuid: other.cartGuid }), 404, 'notFound');
    await expectApiError(machine().createUserFromOrder('usb2c', 'KC-00000-00000', { password: TEST_PASSWORD, cartGuid: g.cartGuid }), 404, 'notFound');
    await expectApiError(machine().createUserFromOrder('cab2c', g.order.code, { password: TEST_PASSWORD, cartGuid: g.cartGuid }), 404, 'notFound');
    await expectApiError(machine().createUserFromOrder('usb2c', g.order.code, { password: 'short1', cartGuid: g.cartGuid }), 400, 'passwordTooShort');
    const noToken = await t.app.inject({ method: 'PUT', url: `/rest/v2/usb2c/users/anonymous/orders/${g.order.code}/createuser`, payload: { password: TEST_PASSWORD, cartGuid: g.cartGuid } });
    expect(noToken.statusCode).toBe(401);
    const customer = await signUpCustomer(t);
    const withCustomerToken = await t.app.inject({
      method: 'PUT',
      url: `/rest/v2/usb2c/users/anonymous/orders/${g.order.code}/createuser`,
      headers: { authorization: customer.auth },
      payload: { password: TEST_PASSWORD, cartGuid: g.cartGuid },
    });
    expect(withCustomerToken.statusCode).toBe(401);
    expect(await t.dbh.db.selectFrom('customers').select('id').where('email', '=', g.email.toLowerCase()).executeTakeFirst()).toBeUndefined();
  });
});
