/**
 * The Perks welcome offer (issue 12; ADR 0028 amendment): the product pages promise "Join Brewhaus
 * Perks and save 25% on your next order"; joining gives the member a personal one-use coupon for
 * exactly that, usable only on their own carts, and a member then sees the member text — through
 * HTTP on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, createLoyaltyClient } from '@store/contracts';
import { buildTestApp, dbKinds, TEST_BASE_URL, type TestApp } from '@store/testing';
import { commerce, expectApiError, signUpCustomer, type TestCustomer } from './support/commerce.ts';

describe.each(dbKinds())('Perks welcome offer on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  const loyalty = (c: TestCustomer) =>
    createLoyaltyClient(createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: t.fetch, getToken: async () => c.accessToken }));

  it('joining gives one personal coupon: the promised percentage off the next order, on the member’s carts only, once', async () => {
    const c = await signUpCustomer(t);
    const before = await loyalty(c).getLoyalty('usb2c');
    expect(before.welcomeOffer).toBeNull();
    const joined = await loyalty(c).signUp('usb2c', { acceptTerms: true });
    const offer = joined.welcomeOffer;
    expect(offer).toMatchObject({ percent: 25, used: false, couponCode: expect.stringMatching(/^PERKS-[A-Z2-9]{10}$/) });
    const days = (Date.parse(offer!.endsAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59);
    expect(days).toBeLessThanOrEqual(60);
    // signing up again keeps the same offer
    expect((await loyalty(c).signUp('usb2c', { acceptTerms: true })).welcomeOffer?.couponCode).toBe(offer!.couponCode);

    // the member's cart: 25 % off the merchandise
    const cart = await c.commerce.addToCart('usb2c', { productCode: 'BH-SIGNATURE-DARK-24', qty: 2 });
    const applied = await c.commerce.applyCoupon('usb2c', cart.cartGuid, offer!.couponCode);
    const subtotalMinor = Math.round(applied.subTotal.value * 100);
    expect(Math.round(applied.totalDiscounts.value * 100)).toBe(Math.round(subtotalMinor * 0.25));

    // another customer and a guest cannot use it
    const other = await signUpCustomer(t);
    const otherCart = await other.commerce.addToCart('usb2c', { productCode: 'BH-SIGNATURE-DARK-24', qty: 2 });
    await expectApiError(other.commerce.applyCoupon('usb2c', otherCart.cartGuid, offer!.couponCode), 400, 'couponNotApplicable');
    const guest = commerce(t);
    const guestCart = await guest.addToCart('usb2c', { productCode: 'BH-SIGNATURE-DARK-24', qty: 2 });
    await expectApiError(guest.applyCoupon('usb2c', guestCart.cartGuid, offer!.couponCode), 400, 'couponNotApplicable');
    // nothing was applied to their carts
    expect((await other.commerce.getCart('usb2c', otherCart.cartGuid)).appliedCoupons ?? []).toEqual([]);
  });

  it('a member who earns points sees the member text on the main brand; a non-member the percentage', async () => {
    const c = await signUpCustomer(t);
    const message = async () =>
      (await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/users/current/discountMessage', headers: { authorization: c.auth } })).json<{ variant: string }>();
    expect((await message()).variant).toBe('percent');
    await loyalty(c).signUp('usb2c', { acceptTerms: true });
    expect((await message()).variant).toBe('member');
    await loyalty(c).updatePerksOptInOut('usb2c', { perksOptIn: false });
    expect((await message()).variant).toBe('percent');
  });

  it('no welcome coupon where the site’s percentage is not a whole number (nothing promised)', async () => {
    await t.dbh.db.updateTable('site_config').set({ value: '12.5' }).where('base_site', '=', 'cab2c').where('key', '=', 'discountMessage.percent').execute();
    try {
      const c = await signUpCustomer(t);
      expect((await loyalty(c).signUp('cab2c', { acceptTerms: true })).welcomeOffer).toBeNull();
    } finally {
      await t.dbh.db.updateTable('site_config').set({ value: '25' }).where('base_site', '=', 'cab2c').where('key', '=', 'discountMessage.percent').execute();
    }
  });
});
