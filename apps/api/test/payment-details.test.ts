import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { StripePaymentProvider, type StripeClientLike } from '../src/payments/index.ts';
import { expectApiError, placeCustomerOrder, signUpCustomer, type TestCustomer } from './support/commerce.ts';

describe.each(dbKinds())('saved payment methods (test provider) on %s', (kind) => {
  let t: TestApp;
  let c: TestCustomer;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    c = await signUpCustomer(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates the provider customer once, saves cards (brand + last 4 only), sets the default and deletes', async () => {
    expect(await c.customer.fetchStripeCustomerId('usb2c')).toEqual({ stripeCustomerId: null, provider: 'test' });
    const created = await c.customer.saveStripeCustomerId('usb2c');
    expect(created.stripeCustomerId).toMatch(/^cus_test_/);
    expect((await c.customer.saveStripeCustomerId('usb2c')).stripeCustomerId).toBe(created.stripeCustomerId);
    expect((await c.customer.fetchStripeCustomerId('usb2c')).stripeCustomerId).toBe(created.stripeCustomerId);

    const visa = await c.customer.addPaymentDetails('usb2c', { testCardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2030 });
    expect(visa).toMatchObject({ provider: 'test', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, defaultPaymentMethod: true });
    const mc = await c.customer.addPaymentDetails('usb2c', { testCardNumber: '5555555555554444', expMonth: 1, expYear: 2031 });
    expect(mc).toMatchObject({ brand: 'mastercard', last4: '4444', defaultPaymentMethod: false });
    const rows = await t.dbh.db.selectFrom('saved_payment_methods').selectAll().where('customer_id', '=', c.id).execute();
    expect(JSON.stringify(rows)).not.toContain('4242424242424242');

    expect((await c.customer.setDefaultPaymentDetails('usb2c', mc.id)).defaultPaymentMethod).toBe(true);
    const list = await c.customer.listPaymentDetails('usb2c');
    expect(list.payments.map((p) => [p.id, p.defaultPaymentMethod])).toEqual([
      [mc.id, true],
      [visa.id, false],
    ]);
    await c.customer.deletePaymentDetails('usb2c', mc.id);
    expect((await c.customer.listPaymentDetails('usb2c')).payments.map((p) => [p.id, p.defaultPaymentMethod])).toEqual([[visa.id, true]]);
    await expectApiError(c.customer.deletePaymentDetails('usb2c', mc.id), 404, 'paymentMethodNotFound');
  });

  it('refuses bad cards and another customer’s methods', async () => {
    await expectApiError(c.customer.addPaymentDetails('usb2c', { testCardNumber: '1234', expMonth: 1, expYear: 2030 }), 400, 'invalidCardNumber');
    await expectApiError(c.customer.addPaymentDetails('usb2c', { testCardNumber: '4242424242424242', expMonth: 1, expYear: 2020 }), 400, 'expiredCard');
    await expectApiError(c.customer.addPaymentDetails('usb2c', { stripePaymentMethodId: 'pm_123' }), 400, 'paymentMethodRequired');
    const other = await signUpCustomer(t);
    const mine = (await c.customer.listPaymentDetails('usb2c')).payments[0]!;
    await expectApiError(other.customer.setDefaultPaymentDetails('usb2c', mine.id), 404, 'paymentMethodNotFound');
    await expectApiError(other.customer.deletePaymentDetails('usb2c', mine.id), 404, 'paymentMethodNotFound');
    expect((await other.customer.listPaymentDetails('usb2c')).payments).toEqual([]);
    await expectApiError(placeCustomerOrder(other, { savedPaymentMethodId: mine.id }), 404, 'paymentMethodNotFound');
    const res = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/users/anonymous/paymentdetails', headers: { authorization: `Bearer ${t.token}` } });
    expect(res.statusCode).toBe(403);
  });

  it('places an order with a saved card, and saves a new card with saveCard', async () => {
    const d = await signUpCustomer(t);
    const { order } = await placeCustomerOrder(d, { paymentMethod: { testCardNumber: '5555555555554444' }, saveCard: true });
    expect(order.paymentInfo).toMatchObject({ brand: 'mastercard', last4: '4444' });
    const saved = (await d.customer.listPaymentDetails('usb2c')).payments;
    expect(saved).toEqual([expect.objectContaining({ brand: 'mastercard', last4: '4444', defaultPaymentMethod: true })]);
    const second = await placeCustomerOrder(d, { savedPaymentMethodId: saved[0]!.id });
    expect(second.order.paymentInfo).toMatchObject({ brand: 'mastercard', last4: '4444' });
    // a saved declining test card is declined at payment time
    const bad = await d.customer.addPaymentDetails('usb2c', { testCardNumber: '4000000000000002', expMonth: 5, expYear: 2032 });
    await expectApiError(placeCustomerOrder(d, { savedPaymentMethodId: bad.id }), 400, 'cardDeclined');
    // anonymous checkout cannot use saved cards
    const anonRes = await t.app.inject({
      method: 'POST',
      url: '/rest/v2/usb2c/users/anonymous/carts/00000000-0000-4000-8000-000000000000/placeOrder',
      headers: { authorization: `Bearer ${t.token}`, 'idempotency-key': 'k-1' },
      payload: { paymentIntentId: 'pi_x', savedPaymentMethodId: saved[0]!.id },
    });
    expect(anonRes.statusCode).toBe(404);
  });
});

describe('StripePaymentProvider customer objects (fake client)', () => {
  function fake() {
    const calls: Array<{ method: string; args: unknown[] }> = [];
    const pm = (id: string): Stripe.PaymentMethod => ({ id, object: 'payment_method', card: { brand: 'visa', last4: '4242', exp_month: 3, exp_year: 2030 } }) as Stripe.PaymentMethod;
    const client: StripeClientLike = {
      paymentIntents: {
        create: async () => ({}) as Stripe.PaymentIntent,
        update: async (...args) => {
          calls.push({ method: 'paymentIntents.update', args });
          return {} as Stripe.PaymentIntent;
        },
        confirm: async (...args) => {
          calls.push({ method: 'paymentIntents.confirm', args });
          return { id: 'pi_1', status: 'succeeded', payment_method: pm('pm_saved') } as Stripe.PaymentIntent;
        },
        cancel: async () => ({}) as Stripe.PaymentIntent,
        retrieve: async () => ({}) as Stripe.PaymentIntent,
      },
      customers: {
        create: async (...args) => {
          calls.push({ method: 'customers.create', args });
          return { id: 'cus_123' } as Stripe.Customer;
        },
      },
      paymentMethods: {
        attach: async (...args) => {
          calls.push({ method: 'paymentMethods.attach', args });
          return pm(args[0]);
        },
        list: async (...args) => {
          calls.push({ method: 'paymentMethods.list', args });
          return { data: [pm('pm_a'), pm('pm_b')] };
        },
        detach: async (...args) => {
          calls.push({ method: 'paymentMethods.detach', args });
          return pm(args[0]);
        },
      },
    };
    return { client, calls };
  }

  it('creates customers, attaches, lists and detaches methods through the SDK', async () => {
    const { client, calls } = fake();
    const p = new StripePaymentProvider(client);
    expect(await p.createCustomer({ customerId: 'cu_1', email: 'a@example.com' })).toBe('cus_123');
    expect(calls[0]).toEqual({ method: 'customers.create', args: [{ email: 'a@example.com', metadata: { customerId: 'cu_1' } }, { idempotencyKey: 'customer-cu_1' }] });
    expect(await p.attachPaymentMethod('cus_123', { stripePaymentMethodId: 'pm_new' })).toEqual({ providerPaymentMethodId: 'pm_new', brand: 'visa', last4: '4242', expMonth: 3, expYear: 2030 });
    expect(calls[1]).toEqual({ method: 'paymentMethods.attach', args: ['pm_new', { customer: 'cus_123' }] });
    expect((await p.listPaymentMethods('cus_123')).map((m) => m.providerPaymentMethodId)).toEqual(['pm_a', 'pm_b']);
    expect(calls[2]!.args[0]).toEqual({ customer: 'cus_123', type: 'card', limit: 100 });
    await p.detachPaymentMethod('pm_a');
    expect(calls[3]).toEqual({ method: 'paymentMethods.detach', args: ['pm_a'] });
    await expect(p.attachPaymentMethod('cus_123', { testCardNumber: '4242424242424242', expMonth: 1, expYear: 2030 })).rejects.toMatchObject({ reason: 'paymentMethodRequired' });
  });

  it('charges a saved method for its customer, and asks Stripe to keep a new one', async () => {
    const { client, calls } = fake();
    const p = new StripePaymentProvider(client);
    const r = await p.confirm('pi_1', { providerPaymentMethodId: 'pm_saved' }, { idempotencyKey: 'k', customerId: 'cus_123' });
    expect(r).toEqual({ status: 'succeeded', summary: { brand: 'visa', last4: '4242' } });
    expect(calls[0]).toEqual({ method: 'paymentIntents.update', args: ['pi_1', { customer: 'cus_123' }] });
    expect(calls[1]!.args[1]).toEqual({ payment_method: 'pm_saved', expand: ['payment_method'] });
    await p.confirm('pi_1', { stripePaymentMethodId: 'pm_new' }, { idempotencyKey: 'k2', customerId: 'cus_123', saveForFuture: true });
    expect(calls[2]).toEqual({ method: 'paymentIntents.update', args: ['pi_1', { customer: 'cus_123', setup_future_usage: 'off_session' }] });
  });

  it('maps a refused card at attach to a PaymentError', async () => {
    const { client } = fake();
    client.paymentMethods!.attach = async () => {
      throw Object.assign(new Error('Your card was declined.'), { type: 'StripeCardError', code: 'card_declined', decline_code: 'generic_decline' });
    };
    await expect(new StripePaymentProvider(client).attachPaymentMethod('cus_1', { stripePaymentMethodId: 'pm_x' })).rejects.toMatchObject({ type: 'PaymentError', reason: 'cardDeclined' });
  });
});
