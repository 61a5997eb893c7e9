/**
 * Promotions on the order's life (issue 4, ADR 0010) on every database kind: a free gift becomes
 * an order line at price 0 with its stock taken (and skipped, never failing the order, when out
 * of stock); the coupons of an anonymous cart follow it into the customer's cart at sign-in; a
 * cancelled order gives its coupon use back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommerceCalls } from '@store/contracts';
import { setAvailable } from '@store/db';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { commerce, newKey, signUpCustomer, stockOf } from './support/commerce.ts';
import { createCoupon, prepareWithCoupons, usedCount } from './support/promotions.ts';

const VISA = { testCardNumber: '4242424242424242' };
const COFFEE_24 = 'BH-SIGNATURE-DARK-24';
const GIFT = 'ACC-MUG-WHT';

describe.each(dbKinds())('promotions through the order on %s', (kind) => {
  let t: TestApp;
  let api: CommerceCalls;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    api = commerce(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a free gift is added to the order at price 0 and its stock is taken', async () => {
    const giftStock = await stockOf(t.dbh, GIFT);
    const p = await prepareWithCoupons(api, { products: [{ code: COFFEE_24, qty: 3 }], coupons: ['GIFTMUG'] });
    const cart = await api.getCart('usb2c', p.cartGuid);
    const order = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
    expect(order.entries).toHaveLength(2);
    expect(order.entries[1]).toMatchObject({ entryType: 'GIFT', quantity: 1, product: { code: GIFT }, basePrice: { value: 0 }, totalPrice: { value: 0 } });
    expect(order.totalPrice).toEqual(cart.totalPrice);
    expect(order.appliedPromotions.map((a) => a.giftProductCode)).toEqual([GIFT]);
    expect(await stockOf(t.dbh, GIFT)).toBe(giftStock - 1);
  });

  it('a gift out of stock is left out (no line, no promotion line) and the order is still placed', async () => {
    const before = await stockOf(t.dbh, GIFT);
    await setAvailable(t.dbh.db, GIFT, 0);
    try {
      const p = await prepareWithCoupons(api, { products: [{ code: COFFEE_24, qty: 3 }], coupons: ['GIFTMUG'] });
      const order = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
      expect(order.entries.map((e) => e.entryType)).toEqual(['STD']);
      expect(order.appliedPromotions).toEqual([]);
      expect(await stockOf(t.dbh, GIFT)).toBe(0);
    } finally {
      await setAvailable(t.dbh.db, GIFT, before);
    }
  });

  it('a declined payment gives the gift stock back', async () => {
    const giftStock = await stockOf(t.dbh, GIFT);
    const p = await prepareWithCoupons(api, { products: [{ code: COFFEE_24, qty: 3 }], coupons: ['GIFTMUG'] });
    const e = await api
      .placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: { testCardNumber: '4000000000000002' } })
      .catch((error: unknown) => error);
    expect(e).toMatchObject({ status: 400, reason: 'cardDeclined' });
    expect(await stockOf(t.dbh, GIFT)).toBe(giftStock);
  });

  it("an anonymous cart's coupons follow it into the customer's cart at sign-in", async () => {
    const c = await signUpCustomer(t);
    const anon = (await api.addToCart('usb2c', { productCode: COFFEE_24, qty: 2 })).cartGuid;
    await api.applyCoupon('usb2c', anon, 'WELCOME10');
    const merged = await c.customer.mergeCart('usb2c', anon);
    expect(merged.cart.appliedCoupons.map((x) => x.couponCode)).toEqual(['WELCOME10']);
    expect(merged.cart.totalDiscounts.value).toBe(3.6); // 10 % of 2 × 17.99 = 3.598 → 3.60
  });

  it('cancelling an order gives its coupon use back, and keeps the promotion lines on the order', async () => {
    const code = await createCoupon(t.dbh, { coupon: { maxUses: 1 } });
    const c = await signUpCustomer(t);
    const guid = (await c.commerce.addToCart('usb2c', { productCode: COFFEE_24, qty: 2 })).cartGuid;
    await c.commerce.applyCoupon('usb2c', guid, code);
    await c.commerce.setDeliveryAddress('usb2c', guid, { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Main Street', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' });
    await c.commerce.setDeliveryMode('usb2c', guid, 'standard');
    await c.commerce.setBillingAddress('usb2c', guid, { sameAsShipping: true });
    const intent = await c.commerce.createPaymentIntent('usb2c', guid);
    const order = await c.commerce.placeOrder('usb2c', guid, { idempotencyKey: newKey(), paymentIntentId: intent.paymentIntentId, paymentMethod: VISA });
    expect(await usedCount(t.dbh, code)).toBe(1);
    const res = await t.app.inject({ method: 'POST', url: `/rest/v2/usb2c/users/current/orders/${order.code}/cancel`, headers: { authorization: c.auth } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', appliedCoupons: [code] });
    expect(await usedCount(t.dbh, code)).toBe(0);
    // the single use is free again: another shopper can redeem it
    const p = await prepareWithCoupons(api, { coupons: [code] });
    const again = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
    expect(again.appliedCoupons).toEqual([code]);
  });

  it('an order that promotions bring to zero is placed without any payment intent', async () => {
    const code = await createCoupon(t.dbh, { promotion: { params: { percentBps: 10000 } } });
    const guid = (await api.addToCart('usb2c', { productCode: COFFEE_24, qty: 2 })).cartGuid;
    await api.setEmail('usb2c', guid, 'zero@example.com');
    await api.applyCoupon('usb2c', guid, code);
    await api.applyCoupon('usb2c', guid, 'FREESHIP');
    await api.setDeliveryAddress('usb2c', guid, { firstName: 'Zed', lastName: 'Zero', line1: '1 Main Street', city: 'Albany', region: 'NY', postalCode: '12207', country: 'US' });
    await api.setDeliveryMode('usb2c', guid, 'standard');
    const cart = await api.setBillingAddress('usb2c', guid, { sameAsShipping: true });
    expect(cart.totalPrice.value).toBe(0);
    expect(cart.amountToPay.value).toBe(0);
    await expect(api.createPaymentIntent('usb2c', guid)).rejects.toMatchObject({ status: 400, reason: 'paymentNotNeeded' });
    const order = await api.placeOrder('usb2c', guid, { idempotencyKey: newKey() });
    expect(order).toMatchObject({ status: 'created', totalPrice: { value: 0 }, amountPaidByCard: { value: 0 } });
    const intents = await t.dbh.db.selectFrom('payment_intents').select('id').where('cart_guid', '=', guid).execute();
    expect(intents).toEqual([]);
  });
});
