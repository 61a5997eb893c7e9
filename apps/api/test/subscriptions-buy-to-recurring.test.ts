/**
 * End to end through the real paths (issue 10): a signed-in customer buys an auto-delivery line at
 * checkout (the buying API opens the subscription and saves the card), sees it in auto-delivery
 * home, and the scheduler places and charges the recurring order on the card saved at checkout on
 * the next ship date. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfLocalDay } from '@store/domain';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { runRecurringOrders } from '../src/flows/recurring-orders.ts';
import { ADDRESSES, newKey, signUpCustomer } from './support/commerce.ts';
import { adHome, cancelSeededSubscriptions, flowContext } from './support/subscriptions.ts';

describe.each(dbKinds())('buy on auto-delivery → recurring order on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    await cancelSeededSubscriptions(t.dbh);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('checkout opens the subscription; the scheduler charges the saved card on the next ship date', async () => {
    const c = await signUpCustomer(t);
    const added = await c.commerce.addToCart('usb2c', { productCode: 'BH-SIGNATURE-DARK-24', qty: 2, entryType: 'ADC', frequencyWeeks: 2 });
    const cartGuid = added.cartGuid;
    await c.commerce.setDeliveryAddress('usb2c', cartGuid, ADDRESSES.NY);
    await c.commerce.setDeliveryMode('usb2c', cartGuid, 'standard');
    await c.commerce.setBillingAddress('usb2c', cartGuid, { sameAsShipping: true });
    const intent = await c.commerce.createPaymentIntent('usb2c', cartGuid);
    const parent = await c.commerce.placeOrder('usb2c', cartGuid, { idempotencyKey: newKey(), paymentIntentId: intent.paymentIntentId, paymentMethod: { testCardNumber: '4242424242424242' } });

    const home = adHome(t, c);
    const [sub] = (await home.listSubscriptions('usb2c')).subscriptions;
    expect(sub).toMatchObject({ program: 'AUTO_DELIVERY', status: 'active', frequencyWeeks: 2, parentOrderCode: parent.code });
    expect(sub!.items.map((i) => [i.product.code, i.qty])).toEqual([['BH-SIGNATURE-DARK-24', 2]]);
    expect(sub!.paymentMethod).toMatchObject({ last4: '4242' });

    const clock = { now: new Date(startOfLocalDay(sub!.nextShipDate, 'America/New_York').getTime() + 12 * 3_600_000) };
    const ctx = flowContext(t.dbh, clock);
    const run = await runRecurringOrders(ctx, { sites: ['usb2c'] });
    expect(run.placed).toBe(1);
    const orders = await home.getADOrders('usb2c', { subscriptionId: sub!.id });
    expect(orders.orders.map((o) => o.kind).sort()).toEqual(['checkout', 'recurring']);
    const recurring = orders.orders.find((o) => o.kind === 'recurring')!;
    expect(recurring).toMatchObject({ status: 'created', totalUnitCount: 2 });
    const after = await home.getSubscription('usb2c', sub!.id);
    expect(after.lastCycle).toMatchObject({ date: sub!.nextShipDate, status: 'placed', orderCode: recurring.code });
    // recurring AD price: 17.99 less 25 % = 13.49 (half-up) × 2, shipping free (adFreeStandardShipping)
    const row = await t.dbh.db.selectFrom('orders').selectAll().where('code', '=', recurring.code).executeTakeFirstOrThrow();
    expect({ subtotal: Number(row.subtotal_minor), shipping: Number(row.shipping_minor) }).toEqual({ subtotal: 2 * 1349, shipping: 0 });
  });
});
