/**
 * Coupon limits under concurrent checkouts (issue 4 "How it is checked"; ADR 0010; DESIGN
 * "Concurrency and integrity"), on SQLite and PostgreSQL: a single-use coupon applied to 50
 * separate carts, all placed at once, is redeemed exactly once — the other 49 fail with 400
 * `CouponError` `couponUsedUp` and keep no order, no stock and no charge; and a once-per-customer
 * coupon used by one guest email from 10 carts at once is redeemed once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError, type CommerceCalls } from '@store/contracts';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { commerce, newKey, stockOf } from './support/commerce.ts';
import { createCoupon, customerUses, prepareWithCoupons, redemptions, usedCount } from './support/promotions.ts';
import type { PreparedCheckout } from './support/commerce.ts';

const SHOPPERS = 50;
const COFFEE_24 = 'BH-SIGNATURE-DARK-24';
const VISA = { testCardNumber: '4242424242424242' };

describe.each(dbKinds())('concurrent coupon redemptions on %s', (kind) => {
  let t: TestApp;
  let api: CommerceCalls;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    api = commerce(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`a single-use coupon used by ${SHOPPERS} concurrent checkouts is redeemed exactly once`, async () => {
    const code = await createCoupon(t.dbh, { coupon: { maxUses: 1 } });
    const prepared: PreparedCheckout[] = [];
    for (let i = 0; i < SHOPPERS; i++) prepared.push(await prepareWithCoupons(api, { coupons: [code], products: [{ code: COFFEE_24, qty: 1 }], email: `race${i}.${kind}@example.com` }));
    const stock = await stockOf(t.dbh, COFFEE_24);

    const results = await Promise.allSettled(
      prepared.map((p) => api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA })),
    );
    const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(SHOPPERS - 1);
    for (const error of lost) {
      expect(isApiError(error)).toBe(true);
      if (!isApiError(error)) continue;
      expect(error.status).toBe(400);
      expect(error.errors[0]).toMatchObject({ type: 'CouponError', reason: 'couponUsedUp', subject: 'couponCode' });
    }
    const winner = won[0]!;
    expect(winner.appliedCoupons).toEqual([code]);
    expect(winner.totalDiscounts.value).toBe(1.8);

    // one use, one redemption, one order, one unit taken, one charge
    expect(await usedCount(t.dbh, code)).toBe(1);
    expect(await redemptions(t.dbh, code)).toEqual([{ order_code: winner.code, customer_key: `email:${winner.email}` }]);
    const guids = prepared.map((p) => p.cartGuid);
    const orders = await t.dbh.db.selectFrom('orders').select(['code', 'status']).where('cart_guid', 'in', guids).execute();
    expect(orders).toEqual([{ code: winner.code, status: 'created' }]);
    expect(await stockOf(t.dbh, COFFEE_24)).toBe(stock - 1);
    const charged = await t.dbh.db.selectFrom('payment_intents').select('id').where('cart_guid', 'in', guids).where('status', '=', 'succeeded').execute();
    expect(charged).toHaveLength(1);
    const carts = await t.dbh.db.selectFrom('carts').select('status').where('guid', 'in', guids).execute();
    expect(carts.filter((c) => c.status === 'ordered')).toHaveLength(1);
    expect(carts.filter((c) => c.status === 'open')).toHaveLength(SHOPPERS - 1);
    const promotionLines = await t.dbh.db.selectFrom('order_promotions').select('order_code').where('coupon_code', '=', code).execute();
    expect(promotionLines).toEqual([{ order_code: winner.code }]);
  });

  it('a once-per-customer coupon used by one guest email from 10 carts at once is redeemed once', async () => {
    const code = await createCoupon(t.dbh, { coupon: { maxUsesPerCustomer: 1 } });
    const email = `same-guest.${kind}@example.com`;
    const prepared: PreparedCheckout[] = [];
    for (let i = 0; i < 10; i++) prepared.push(await prepareWithCoupons(api, { coupons: [code], products: [{ code: COFFEE_24, qty: 1 }], email }));
    const results = await Promise.allSettled(
      prepared.map((p) => api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const reasons = results.flatMap((r) => (r.status === 'rejected' && isApiError(r.reason) ? [r.reason.reason] : []));
    expect(won).toHaveLength(1);
    expect(reasons).toEqual(Array.from({ length: 9 }, () => 'couponAlreadyUsed'));
    expect(await customerUses(t.dbh, code, `email:${email}`)).toBe(1);
    expect(await usedCount(t.dbh, code)).toBe(1);
    expect(await redemptions(t.dbh, code)).toHaveLength(1);
  });
});
