/**
 * Issue 12, the real path of points (ADRs 0027, 0028): a Perks member's order earns pending
 * points at placement; the operator's ship call (`POST /orders/{code}/consignments`) makes the
 * shipped lines' points available in the same transaction, and a referred friend's first order
 * gives the referrer their points when it ships (ADR 0030) — on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, createLoyaltyClient, createReferralClient } from '@store/contracts';
import { dbKinds, TEST_BASE_URL, type TestApp } from '@store/testing';
import { commerce, newKey, placeCustomerOrder, signUpCustomer, type TestCustomer } from './support/commerce.ts';
import { prepareWithCoupons } from './support/promotions.ts';
import { buildOperatorApp } from './support/operator.ts';

describe.each(dbKinds())('points become available when the order ships, on %s', (kind) => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    ({ t, operator } = await buildOperatorApp(kind));
  });
  afterAll(async () => {
    await t?.close();
  });

  const loyalty = (c: TestCustomer) =>
    createLoyaltyClient(createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: t.fetch, getToken: async () => c.accessToken }));
  const ship = (code: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/rest/v2/usb2c/orders/${code}/consignments`, headers: { authorization: operator }, payload: body });

  it('a partial shipment makes part of the points available, the rest follows with the last shipment', async () => {
    const c = await signUpCustomer(t);
    const api = loyalty(c);
    await api.signUp('usb2c', { acceptTerms: true });
    const { order } = await placeCustomerOrder(c, {
      products: [
        { code: 'BH-SIGNATURE-DARK-24', qty: 2 },
        { code: 'BH-SIGNATURE-DARK-48', qty: 1 },
      ],
    });
    const placed = await api.getLoyalty('usb2c');
    expect(placed.availablePoints).toBe(0);
    expect(placed.pendingPoints).toBeGreaterThan(0);
    const total = placed.pendingPoints;

    const first = await ship(order.code, { trackingNumber: '1Z999AA10123456784', entries: [{ entryNumber: 0, quantity: 2 }] });
    expect(first.statusCode).toBe(201);
    const mid = await api.getLoyalty('usb2c');
    expect(mid.availablePoints).toBeGreaterThan(0);
    expect(mid.availablePoints).toBeLessThan(total);
    expect(mid.availablePoints + mid.pendingPoints).toBe(total);

    const last = await ship(order.code, { trackingNumber: '1Z999AA10123456785' });
    expect(last.statusCode).toBe(201);
    expect(await api.getLoyalty('usb2c')).toMatchObject({ availablePoints: total, pendingPoints: 0 });
    const kinds = (await api.getLoyaltyHistory('usb2c')).entries.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'earned')).toHaveLength(2);
  });

  it('a guest order ships with no points moved; a non-member earns nothing when shipped', async () => {
    const c = await signUpCustomer(t);
    const { order } = await placeCustomerOrder(c, { products: [{ code: 'BH-SIGNATURE-DARK-24', qty: 1 }] });
    const res = await ship(order.code, { trackingNumber: 'TRACK-1' });
    expect(res.statusCode).toBe(201);
    const ledger = await t.dbh.db.selectFrom('loyalty_ledger').selectAll().where('user_id', '=', c.id).execute();
    expect(ledger).toEqual([]);
  });

  it('a referred friend’s first order ships: the referrer gets the referral points once (member or not yet)', async () => {
    for (const joinFirst of [true, false]) {
      const referrer = await signUpCustomer(t);
      const api = loyalty(referrer);
      if (joinFirst) await api.signUp('usb2c', { acceptTerms: true });
      const referrals = createReferralClient(createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: t.fetch, getToken: async () => referrer.accessToken }));
      const email = `friend-${joinFirst ? 'm' : 'n'}-${Date.now()}@example.com`;
      await referrals.submitReferral('usb2c', { email });
      const row = await t.dbh.db.selectFrom('referrals').select('coupon_code').where('friend_email', '=', email).executeTakeFirstOrThrow();
      const shop = commerce(t);
      const p = await prepareWithCoupons(shop, { coupons: [row.coupon_code], email, products: [{ code: 'BH-SIGNATURE-DARK-24', qty: 2 }] });
      const order = await shop.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: { testCardNumber: '4242424242424242' } });
      const r1 = await ship(order.code, { trackingNumber: 'REF-SHIP-1', entries: [{ entryNumber: 0, quantity: 1 }] });
      expect(r1.statusCode, r1.body).toBe(201);
      expect((await ship(order.code, { trackingNumber: 'REF-SHIP-2' })).statusCode).toBe(201);
      if (!joinFirst) {
        expect((await api.getLoyalty('usb2c')).enrolled).toBe(false);
        await api.signUp('usb2c', { acceptTerms: true });
      }
      expect(await api.getLoyalty('usb2c')).toMatchObject({ availablePoints: 1000, pendingPoints: 0 });
      const listed = (await referrals.listReferrals('usb2c')).referrals[0];
      expect(listed).toMatchObject({ status: 'rewarded', rewardPoints: 1000 });
    }
  });
});
