/**
 * Coupons through HTTP (issue 4; ADR 0010 "Coupons"; spec §3 Coupon, §7 Coupons) on every
 * database kind: coupon data without a cart, apply (POST applyDscntCoupon, GET and POST
 * coupon/apply) and remove, every CouponError reason with the cart left unchanged, ownership,
 * usage counted at placement (per customer for customers and guests), a declined payment giving
 * the use back, and the coupon frozen on the order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema, type Cart, type CommerceCalls } from '@store/contracts';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { commerce, expectApiError, newKey, orderCount, prepareCheckout, signUpCustomer, stockOf } from './support/commerce.ts';
import { createCoupon, customerUses, prepareWithCoupons, redemptions, usedCount } from './support/promotions.ts';

const COFFEE_24 = 'BH-SIGNATURE-DARK-24';
const VISA = { testCardNumber: '4242424242424242' };
const DECLINED = { testCardNumber: '4000000000000002' };

describe.each(dbKinds())('coupons on %s', (kind) => {
  let t: TestApp;
  let api: CommerceCalls;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    api = commerce(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function cartWith(qty = 2, site = 'usb2c', code = COFFEE_24): Promise<string> {
    return (await api.addToCart(site, { productCode: code, qty })).cartGuid;
  }

  it('answers coupon data without a cart: name, page, localised message; case-insensitive', async () => {
    expect(await api.getCouponData('usb2c', ' welcome10 ')).toEqual({
      couponCode: 'WELCOME10',
      couponName: 'Welcome offer: 10% off',
      pageName: null,
      message: 'Coupon WELCOME10 applied: 10% off your order',
    });
    expect(await api.getCouponData('usb2c', 'BREWER20')).toMatchObject({ couponCode: 'BREWER20', couponName: '20% off coffee makers', pageName: '/coffee-makers/c/BR' });
    expect(await api.getCouponData('cab2c', 'BIENVENUE10', { lang: 'fr' })).toEqual({
      couponCode: 'BIENVENUE10',
      couponName: 'Offre de bienvenue\u202F: 10 % de rabais',
      pageName: null,
      message: 'Coupon BIENVENUE10 appliqué\u202f: 10 % de rabais sur votre commande',
    });
  });

  it('coupon data errors: unknown, other site, malformed 404; expired, not yet valid, used up 400; missing code 400', async () => {
    const unknown = await expectApiError(api.getCouponData('usb2c', 'NOPE-NOPE'), 404, 'couponNotFound');
    expect(unknown.errors[0]).toMatchObject({ type: 'CouponError', subject: 'couponCode', message: 'Coupon NOPE-NOPE does not exist' });
    await expectApiError(api.getCouponData('cab2c', 'WELCOME10'), 404, 'couponNotFound');
    await expectApiError(api.getCouponData('usb2c', 'bad code!'), 404, 'couponNotFound');
    const expired = await expectApiError(api.getCouponData('usb2c', 'EXPIRED10'), 400, 'couponExpired');
    expect(expired.errors[0]?.message).toBe('Coupon EXPIRED10 has expired');
    await expectApiError(api.getCouponData('usb2c', 'SPRING15'), 400, 'couponNotYetValid');
    const usedUp = await createCoupon(t.dbh, { coupon: { maxUses: 1 } });
    await t.dbh.db.updateTable('coupons').set({ used_count: 1 }).where('code', '=', usedUp).execute();
    await expectApiError(api.getCouponData('usb2c', usedUp), 400, 'couponUsedUp');
    const off = await createCoupon(t.dbh, { coupon: { active: false } });
    await expectApiError(api.getCouponData('usb2c', off), 404, 'couponNotFound');
    const res = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/coupons/applyCouponData', headers: { authorization: `Bearer ${t.token}` } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ type: 'ValidationError', reason: 'required', subject: 'couponCode' }] });
    expect((await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/coupons/applyCouponData?couponCode=WELCOME10' })).statusCode).toBe(401);
  });

  it('applies and removes coupons: promotion lines, coupon lines, stacked totals', async () => {
    const guid = await cartWith(2);
    const one = await api.applyCoupon('usb2c', guid, 'welcome10');
    expect(one.subTotal.value).toBe(35.98);
    expect(one.totalDiscounts.value).toBe(3.6);
    expect(one.totalPrice.value).toBe(32.38);
    expect(one.appliedCoupons).toEqual([{ couponCode: 'WELCOME10', couponName: 'Welcome offer: 10% off', applies: true }]);
    expect(one.appliedPromotions).toEqual([
      {
        code: 'USB2C-WELCOME10',
        kind: 'orderPercent',
        description: '10% off your order',
        couponCode: 'WELCOME10',
        discount: { value: 3.6, formattedValue: '$3.60', currencyIso: 'USD' },
        entryNumbers: [],
        giftProductCode: null,
      },
    ]);
    await expectApiError(api.applyCoupon('usb2c', guid, 'WELCOME10'), 400, 'couponAlreadyApplied');

    // the GET form (spec parity) changes the cart too; stackable promotions add up
    const res = await t.app.inject({ method: 'GET', url: `/rest/v2/usb2c/users/anonymous/carts/${guid}/coupon/apply?couponCode=save5`, headers: { authorization: `Bearer ${t.token}` } });
    expect(res.statusCode).toBe(200);
    const two = CartSchema.parse(res.json());
    expect(two.totalDiscounts.value).toBe(8.6);
    expect(two.appliedCoupons.map((c) => c.couponCode)).toEqual(['WELCOME10', 'SAVE5']);
    expect(two.appliedPromotions.map((p) => [p.code, p.discount.value])).toEqual([
      ['USB2C-SAVE5', 5],
      ['USB2C-WELCOME10', 3.6],
    ]);

    const removed = await api.removeCoupon('usb2c', guid, 'welcome10');
    expect(removed.totalDiscounts.value).toBe(5);
    expect(removed.appliedCoupons.map((c) => c.couponCode)).toEqual(['SAVE5']);
    await expectApiError(api.removeCoupon('usb2c', guid, 'WELCOME10'), 404, 'couponNotFound');

    // the POST coupon/apply form with a body
    const post = await t.app.inject({
      method: 'POST',
      url: `/rest/v2/usb2c/users/anonymous/carts/${guid}/coupon/apply`,
      headers: { authorization: `Bearer ${t.token}` },
      payload: { couponCode: 'FREESHIP' },
    });
    expect(post.statusCode).toBe(200);
    expect(CartSchema.parse(post.json()).appliedCoupons.map((c) => c.couponCode)).toEqual(['SAVE5', 'FREESHIP']);

    // lowering the cart below the SAVE5 minimum keeps the coupon, marked as not applying
    const lowered = await api.updateEntry('usb2c', guid, 0, 1);
    expect(lowered.appliedCoupons).toEqual([
      { couponCode: 'SAVE5', couponName: '$5 off orders of $30 or more', applies: false },
      { couponCode: 'FREESHIP', couponName: 'Free shipping', applies: true },
    ]);
    expect(lowered.totalDiscounts.value).toBe(0);
  });

  it('answers in French on the Canadian site', async () => {
    const guid = await cartWith(1, 'cab2c');
    const cart = await api.applyCoupon('cab2c', guid, 'BIENVENUE10', { lang: 'fr' });
    expect(cart.appliedPromotions).toMatchObject([{ description: '10 % de rabais sur votre commande', discount: { value: 2.4, currencyIso: 'CAD' } }]);
    expect(cart.appliedCoupons).toEqual([{ couponCode: 'BIENVENUE10', couponName: 'Offre de bienvenue\u202F: 10 % de rabais', applies: true }]);
  });

  it('refuses unusable coupons with their reason and leaves the cart unchanged', async () => {
    const guid = await cartWith(1);
    const usedUp = await createCoupon(t.dbh, { coupon: { maxUses: 2 } });
    await t.dbh.db.updateTable('coupons').set({ used_count: 2 }).where('code', '=', usedUp).execute();
    const notYet = await createCoupon(t.dbh, { coupon: { startsAt: '2099-01-01T00:00:00.000Z' } });
    const promoEnded = await createCoupon(t.dbh, { promotion: { endsAt: '2020-01-01T00:00:00.000Z' } });
    const cases: Array<[string, number, string, string?]> = [
      ['UNKNOWN-CODE', 404, 'couponNotFound'],
      ['EXPIRED10', 400, 'couponExpired'],
      [promoEnded, 400, 'couponExpired'],
      [notYet, 400, 'couponNotYetValid'],
      ['SPRING15', 400, 'couponNotYetValid'],
      [usedUp, 400, 'couponUsedUp', `Coupon ${usedUp} has been used up`],
      ['BREWER20', 400, 'couponNotApplicable', 'Coupon BREWER20 does not apply to the items in your cart'],
      ['SAVE5', 400, 'couponNotApplicable', 'Add $12.01 more to your cart to use coupon SAVE5'],
      ['BIENVENUE10', 404, 'couponNotFound'],
    ];
    for (const [code, status, reason, message] of cases) {
      const e = await expectApiError(api.applyCoupon('usb2c', guid, code), status, reason);
      expect(e.errors[0]).toMatchObject({ type: 'CouponError', subject: 'couponCode' });
      if (message) expect(e.errors[0]?.message).toBe(message);
    }
    const cart = await api.getCart('usb2c', guid);
    expect(cart.appliedCoupons).toEqual([]);
    expect(cart.appliedPromotions).toEqual([]);
    expect(cart.totalDiscounts.value).toBe(0);
    const missing = await t.app.inject({ method: 'POST', url: `/rest/v2/usb2c/users/anonymous/carts/${guid}/applyDscntCoupon`, headers: { authorization: `Bearer ${t.token}` }, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: [{ type: 'ValidationError', reason: 'required', subject: 'couponCode' }] });
  });

  it('an exclusive promotion does not combine: the second coupon is not applicable', async () => {
    const exclusive = await createCoupon(t.dbh, { promotion: { exclusive: true, priority: 100, params: { percentBps: 2500 }, name: { en: '25% off, alone', fr: '25 % de rabais, seul' } } });
    const guid = await cartWith(2);
    const cart = await api.applyCoupon('usb2c', guid, exclusive);
    expect(cart.totalDiscounts.value).toBe(9);
    const e = await expectApiError(api.applyCoupon('usb2c', guid, 'WELCOME10'), 400, 'couponNotApplicable');
    expect(e.errors[0]?.message).toBe('Coupon WELCOME10 cannot be combined with the promotions already on your cart');
  });

  it("follows the cart ownership rule: another shopper's cart answers 404 before anything about the coupon", async () => {
    const a = await signUpCustomer(t);
    const b = await signUpCustomer(t);
    const aCart = (await a.commerce.addToCart('usb2c', { productCode: COFFEE_24, qty: 2 })).cartGuid;
    await expectApiError(b.commerce.applyCoupon('usb2c', aCart, 'WELCOME10'), 404, 'notFound');
    await expectApiError(api.applyCoupon('usb2c', aCart, 'WELCOME10'), 404, 'notFound');
    await expectApiError(b.commerce.removeCoupon('usb2c', aCart, 'WELCOME10'), 404, 'notFound');
    const anonCart = await cartWith(1);
    await expectApiError(a.commerce.applyCoupon('usb2c', anonCart, 'WELCOME10'), 404, 'notFound');
    const mine = await a.commerce.applyCoupon('usb2c', aCart, 'WELCOME10');
    expect(mine.appliedCoupons).toHaveLength(1);
    const other = await t.app.inject({ method: 'POST', url: `/rest/v2/usb2c/users/${a.id}/carts/${aCart}/applyDscntCoupon`, headers: { authorization: b.auth }, payload: { couponCode: 'SAVE5' } });
    expect(other.statusCode).toBe(403);
    expect((await a.commerce.getCart('usb2c', aCart)).appliedCoupons.map((c) => c.couponCode)).toEqual(['WELCOME10']);
  });

  it('counts a use when the order is placed and freezes the coupon on the order', async () => {
    const code = await createCoupon(t.dbh, { coupon: { maxUses: 5 } });
    const p = await prepareWithCoupons(api, { coupons: [code] });
    const order = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
    expect(order.appliedCoupons).toEqual([code]);
    expect(order.appliedPromotions).toEqual([
      { code: `P-${code}`, kind: 'orderPercent', description: '10% off your order', couponCode: code, discount: { value: 3.6, formattedValue: '$3.60', currencyIso: 'USD' }, entryNumbers: [], giftProductCode: null },
    ]);
    expect(order.totalDiscounts.value).toBe(3.6);
    expect(await usedCount(t.dbh, code)).toBe(1);
    expect(await redemptions(t.dbh, code)).toEqual([{ order_code: order.code, customer_key: `email:${p.email}` }]);
    const read = await api.getOrder('usb2c', order.code, { email: p.email });
    expect(read.appliedCoupons).toEqual([code]);
    expect(read.appliedPromotions).toEqual(order.appliedPromotions);
  });

  it('a coupon on the cart that gives nothing is not counted', async () => {
    const code = await createCoupon(t.dbh, { coupon: { maxUses: 5 }, promotion: { params: { percentBps: 1000, minSubtotalMinor: 3000 } } });
    const p = await prepareWithCoupons(api, { coupons: [code], products: [{ code: COFFEE_24, qty: 2 }] });
    await api.updateEntry('usb2c', p.cartGuid, 0, 1);
    const order = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
    expect(order.appliedCoupons).toEqual([]);
    expect(order.totalDiscounts.value).toBe(0);
    expect(await usedCount(t.dbh, code)).toBe(0);
  });

  it('a declined payment gives the coupon use back; the next order can use it', async () => {
    const code = await createCoupon(t.dbh, { coupon: { maxUses: 1, maxUsesPerCustomer: 1 } });
    const p = await prepareWithCoupons(api, { coupons: [code] });
    const stock = await stockOf(t.dbh, COFFEE_24);
    const orders = await orderCount(t.dbh);
    await expectApiError(api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: DECLINED }), 400, 'cardDeclined');
    expect(await usedCount(t.dbh, code)).toBe(0);
    expect(await customerUses(t.dbh, code, `email:${p.email}`)).toBe(0);
    expect(await redemptions(t.dbh, code)).toEqual([]);
    expect(await stockOf(t.dbh, COFFEE_24)).toBe(stock);
    expect(await orderCount(t.dbh)).toBe(orders);
    expect(await t.dbh.db.selectFrom('order_promotions').select('order_code').where('coupon_code', '=', code).execute()).toEqual([]);
    // same cart, a good card: the coupon is still there and counts now
    const order = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: (await api.createPaymentIntent('usb2c', p.cartGuid)).paymentIntentId, paymentMethod: VISA });
    expect(order.appliedCoupons).toEqual([code]);
    expect(await usedCount(t.dbh, code)).toBe(1);
    expect(await customerUses(t.dbh, code, `email:${p.email}`)).toBe(1);
  });

  it('a once-per-customer coupon: a second use by the same customer or guest email is refused', async () => {
    // customer
    const c = await signUpCustomer(t);
    const first = await prepareWithCoupons(c.commerce, { coupons: ['ONCEPERCUSTOMER'], email: c.email });
    const order = await c.commerce.placeOrder('usb2c', first.cartGuid, { idempotencyKey: newKey(), paymentIntentId: first.paymentIntentId, paymentMethod: VISA });
    expect(order.appliedCoupons).toEqual(['ONCEPERCUSTOMER']);
    expect(await customerUses(t.dbh, 'ONCEPERCUSTOMER', c.id)).toBe(1);
    const again = (await c.commerce.addToCart('usb2c', { productCode: COFFEE_24, qty: 1 })).cartGuid;
    const e = await expectApiError(c.commerce.applyCoupon('usb2c', again, 'ONCEPERCUSTOMER'), 400, 'couponAlreadyUsed');
    expect(e.errors[0]?.message).toBe('You have already used coupon ONCEPERCUSTOMER');

    // guest, keyed by the order email (any case)
    const email = `Once.${kind}@Example.com`;
    const g1 = await prepareWithCoupons(api, { coupons: ['ONCEPERCUSTOMER'], email });
    await api.placeOrder('usb2c', g1.cartGuid, { idempotencyKey: newKey(), paymentIntentId: g1.paymentIntentId, paymentMethod: VISA });
    expect(await customerUses(t.dbh, 'ONCEPERCUSTOMER', `email:${email.toLowerCase()}`)).toBe(1);
    // known email on the cart: refused when applying
    const g2 = await cartWith(1);
    await api.setEmail('usb2c', g2, email.toLowerCase());
    await expectApiError(api.applyCoupon('usb2c', g2, 'ONCEPERCUSTOMER'), 400, 'couponAlreadyUsed');
    // coupon applied before the email was known: refused when placing, nothing kept
    const g3 = await prepareCheckout(api, { products: [{ code: COFFEE_24, qty: 1 }] });
    await api.applyCoupon('usb2c', g3.cartGuid, 'ONCEPERCUSTOMER');
    await api.setEmail('usb2c', g3.cartGuid, email.toUpperCase());
    const stock = await stockOf(t.dbh, COFFEE_24);
    const orders = await orderCount(t.dbh);
    const placing = await expectApiError(api.placeOrder('usb2c', g3.cartGuid, { idempotencyKey: newKey(), paymentIntentId: g3.paymentIntentId, paymentMethod: VISA }), 400, 'couponAlreadyUsed');
    expect(placing.errors[0]).toMatchObject({ type: 'CouponError', subject: 'couponCode' });
    expect(await stockOf(t.dbh, COFFEE_24)).toBe(stock);
    expect(await orderCount(t.dbh)).toBe(orders);
    expect((await api.getCart('usb2c', g3.cartGuid)).status).toBe('open');
    // removing the coupon lets the order through
    await api.removeCoupon('usb2c', g3.cartGuid, 'ONCEPERCUSTOMER');
    const placed = await api.placeOrder('usb2c', g3.cartGuid, { idempotencyKey: newKey(), paymentIntentId: g3.paymentIntentId, paymentMethod: VISA });
    expect(placed.appliedCoupons).toEqual([]);
  });

  it('a used-up coupon still on a cart stops the order with couponUsedUp and keeps nothing', async () => {
    const code = await createCoupon(t.dbh, { coupon: { maxUses: 1 } });
    const p = await prepareWithCoupons(api, { coupons: [code] });
    await t.dbh.db.updateTable('coupons').set({ used_count: 1 }).where('code', '=', code).execute();
    const cart: Cart = await api.getCart('usb2c', p.cartGuid);
    expect(cart.appliedCoupons).toEqual([{ couponCode: code, couponName: `Coupon ${code}`, applies: true }]);
    const stock = await stockOf(t.dbh, COFFEE_24);
    const e = await expectApiError(api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA }), 400, 'couponUsedUp');
    expect(e.errors[0]?.message).toBe(`Coupon ${code} has been used up. Remove it from your cart to place your order.`);
    expect(await stockOf(t.dbh, COFFEE_24)).toBe(stock);
    expect(await usedCount(t.dbh, code)).toBe(1);
    expect(await redemptions(t.dbh, code)).toEqual([]);
  });
});
