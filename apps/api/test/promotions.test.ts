/**
 * Promotions through HTTP (issue 4; ADR 0010 "Engine", "Price strategies", "Discount message";
 * spec §3, §5, §6, §9) on every database kind: automatic buy-more-save-more and product
 * promotions on the cart, coupon and automatic promotions together (no compounding), free shipping
 * and the free gift as promotion lines, the lines frozen on the order in both languages,
 * group-restricted automatic promotions, the catalogue's promotedPriceData, products no promotion
 * touches, and the role-based discount message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductFullSchema, VariantOptionsAnswerSchema, type CommerceCalls } from '@store/contracts';
import { upsertPromotion } from '@store/db';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { ADDRESSES, commerce, newKey, signUpCustomer } from './support/commerce.ts';
import { prepareWithCoupons } from './support/promotions.ts';

const VISA = { testCardNumber: '4242424242424242' };
const MUG = 'ACC-MUG-BLK'; // $14.99, drinkware (buy more, save more)
const TUMBLER = 'ACC-TUMBLER-BLK'; // $24.99, drinkware
const DESCALE_2 = 'ACC-DESCALE-2'; // $22.99, 15 % off automatically

describe.each(dbKinds())('promotions on %s', (kind) => {
  let t: TestApp;
  let api: CommerceCalls;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    api = commerce(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('products no promotion targets keep their totals (the seeded automatic promotions are scoped)', async () => {
    const cart = await api.addToCart('usb2c', { productCode: 'BH-SIGNATURE-DARK-24', qty: 3 });
    const read = await api.getCart('usb2c', cart.cartGuid);
    expect(read.appliedPromotions).toEqual([]);
    expect(read.appliedCoupons).toEqual([]);
    expect(read.totalDiscounts.value).toBe(0);
    expect(read.totalPrice.value).toBe(53.97);
  });

  it('buy more, save more: no tier for one unit, 10 % from 2 drinkware units, 15 % from 4', async () => {
    let guid = (await api.addToCart('usb2c', { productCode: MUG, qty: 1 })).cartGuid;
    expect((await api.getCart('usb2c', guid)).appliedPromotions).toEqual([]);
    guid = (await api.addToCart('usb2c', { productCode: TUMBLER, qty: 1, cartGuid: guid })).cartGuid;
    const two = await api.getCart('usb2c', guid);
    // 10 % of 14.99 = 1.499 → 1.50; of 24.99 = 2.499 → 2.50 (rounded per entry)
    expect(two.appliedPromotions).toEqual([
      {
        code: 'USB2C-AUTO-BMSM-DRINKWARE',
        kind: 'bmsm',
        description: 'Buy more, save more on mugs and tumblers',
        couponCode: null,
        discount: { value: 4, formattedValue: '$4.00', currencyIso: 'USD' },
        entryNumbers: [0, 1],
        giftProductCode: null,
      },
    ]);
    expect(two.subTotal.value).toBe(39.98);
    expect(two.totalPrice.value).toBe(35.98);
    const four = await api.updateEntry('usb2c', guid, 0, 3);
    // 15 % of 44.97 = 6.7455 → 6.75; of 24.99 = 3.7485 → 3.75
    expect(four.totalDiscounts.value).toBe(10.5);
  });

  it('an automatic product promotion, stacked with a coupon computed on the undiscounted total', async () => {
    const guid = (await api.addToCart('usb2c', { productCode: DESCALE_2, qty: 2 })).cartGuid;
    const auto = await api.getCart('usb2c', guid);
    // 15 % of 45.98 = 6.897 → 6.90
    expect(auto.appliedPromotions).toMatchObject([{ code: 'USB2C-AUTO-DESCALE15', kind: 'productPercent', couponCode: null, discount: { value: 6.9 }, entryNumbers: [0] }]);
    const both = await api.applyCoupon('usb2c', guid, 'WELCOME10');
    // WELCOME10 is 10 % of the undiscounted 45.98 = 4.598 → 4.60 (no compounding)
    expect(both.appliedPromotions.map((p) => [p.code, p.discount.value])).toEqual([
      ['USB2C-AUTO-DESCALE15', 6.9],
      ['USB2C-WELCOME10', 4.6],
    ]);
    expect(both.totalDiscounts.value).toBe(11.5);
    expect(both.totalPrice.value).toBe(34.48);
  });

  it('gift cards are never discounted nor counted toward a minimum', async () => {
    let guid = (await api.addToCart('usb2c', { productCode: 'BH-SIGNATURE-DARK-24', qty: 1 })).cartGuid;
    guid = (await api.addToCart('usb2c', { productCode: 'GC-EGIFT-50', qty: 1, cartGuid: guid })).cartGuid;
    const cart = await api.applyCoupon('usb2c', guid, 'WELCOME10');
    // 10 % of the coffee only: 1.799 → 1.80
    expect(cart.subTotal.value).toBe(67.99);
    expect(cart.totalDiscounts.value).toBe(1.8);
    // SAVE5 needs $30 of merchandise: the $50 card does not count
    const e = await api.applyCoupon('usb2c', guid, 'SAVE5').catch((error: unknown) => error);
    expect(e).toMatchObject({ status: 400, reason: 'couponNotApplicable' });
  });

  it('free shipping makes the delivery mode free and says what it saved', async () => {
    const guid = (await api.addToCart('usb2c', { productCode: 'BH-SIGNATURE-DARK-24', qty: 1 })).cartGuid;
    await api.setDeliveryAddress('usb2c', guid, ADDRESSES.OR);
    const before = await api.setDeliveryMode('usb2c', guid, 'standard');
    expect(before.deliveryCost.value).toBe(7.99);
    const cart = await api.applyCoupon('usb2c', guid, 'freeship');
    expect(cart.deliveryCost.value).toBe(0);
    expect(cart.deliveryMode).toMatchObject({ code: 'standard', isFree: true, deliveryCost: { value: 0 } });
    expect(cart.appliedPromotions).toEqual([
      { code: 'USB2C-FREESHIP', kind: 'freeShipping', description: 'Free shipping', couponCode: 'FREESHIP', discount: { value: 7.99, formattedValue: '$7.99', currencyIso: 'USD' }, entryNumbers: [], giftProductCode: null },
    ]);
    expect(cart.totalDiscounts.value).toBe(0);
    expect(cart.totalPrice.value).toBe(17.99);
  });

  it('a free gift is a promotion line naming the gift, from its minimum on', async () => {
    const guid = (await api.addToCart('usb2c', { productCode: 'BH-SIGNATURE-DARK-24', qty: 2 })).cartGuid;
    const e = await api.applyCoupon('usb2c', guid, 'GIFTMUG').catch((error: unknown) => error);
    expect(e).toMatchObject({ status: 400, reason: 'couponNotApplicable' });
    await api.updateEntry('usb2c', guid, 0, 3);
    const cart = await api.applyCoupon('usb2c', guid, 'GIFTMUG');
    expect(cart.appliedPromotions).toEqual([
      {
        code: 'USB2C-GIFTMUG',
        kind: 'freeGift',
        description: 'A free mug with orders of $50 or more',
        couponCode: 'GIFTMUG',
        discount: { value: 0, formattedValue: '$0.00', currencyIso: 'USD' },
        entryNumbers: [],
        giftProductCode: 'ACC-MUG-WHT',
      },
    ]);
    expect(cart.totalPrice.value).toBe(53.97);
  });

  it('freezes coupon and automatic promotion lines on the order, in English and French', async () => {
    const p = await prepareWithCoupons(api, { site: 'cab2c', products: [{ code: 'ACC-DESCALE-2', qty: 1 }, { code: 'BH-SIGNATURE-DARK-24', qty: 1 }], coupons: ['BIENVENUE10'] });
    const cart = await api.getCart('cab2c', p.cartGuid, { lang: 'fr' });
    // CAD: descaler 30.99 → 15 % = 4.6485 → 4.65; 10 % of 54.98 = 5.498 → 5.50
    expect(cart.appliedPromotions.map((x) => [x.code, x.description, x.discount.value])).toEqual([
      ['CAB2C-AUTO-DESCALE15', '15 % de rabais sur la solution détartrante', 4.65],
      ['CAB2C-BIENVENUE10', '10 % de rabais sur votre commande', 5.5],
    ]);
    const order = await api.placeOrder('cab2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA, lang: 'fr' });
    expect(order.totalDiscounts.value).toBe(10.15);
    expect(order.totalPrice).toEqual(cart.totalPrice);
    expect(order.appliedCoupons).toEqual(['BIENVENUE10']);
    expect(order.appliedPromotions).toEqual(cart.appliedPromotions);
    const en = await api.getOrder('cab2c', order.code, { email: p.email }, { lang: 'en' });
    expect(en.appliedPromotions.map((x) => x.description)).toEqual(['15% off descaling solution', '10% off your order']);
    // frozen: switching the promotion off does not change the order
    await t.dbh.db.updateTable('promotions').set({ active: 0 }).where('code', '=', 'CAB2C-AUTO-DESCALE15').execute();
    try {
      expect((await api.getOrder('cab2c', order.code, { email: p.email })).appliedPromotions).toHaveLength(2);
      expect((await api.getCart('cab2c', (await api.addToCart('cab2c', { productCode: 'ACC-DESCALE-2', qty: 1 })).cartGuid)).appliedPromotions).toEqual([]);
    } finally {
      await t.dbh.db.updateTable('promotions').set({ active: 1 }).where('code', '=', 'CAB2C-AUTO-DESCALE15').execute();
    }
  });

  it('an automatic promotion for a user group applies only to customers of that group (decided on the server)', async () => {
    await upsertPromotion(t.dbh.db, {
      code: `VIP-MUGS-${kind}`,
      baseSite: 'usafh',
      kind: 'productFixed',
      name: { en: '$2 off mugs for VIP', fr: '2 $ de rabais sur les tasses VIP' },
      params: { productCodes: ['ACC-MUG'], amountMinor: 200 },
      userGroups: ['VIP'],
    });
    const vip = await signUpCustomer(t);
    await t.dbh.db.updateTable('customers').set({ user_group: 'VIP' }).where('id', '=', vip.id).execute();
    const guid = (await vip.commerce.addToCart('usafh', { productCode: MUG, qty: 2 })).cartGuid;
    expect((await vip.commerce.getCart('usafh', guid)).totalDiscounts.value).toBe(4);
    const anon = (await api.addToCart('usafh', { productCode: MUG, qty: 2 })).cartGuid;
    const res = await t.app.inject({
      method: 'GET',
      url: `/rest/v2/usafh/users/anonymous/carts/${anon}`,
      headers: { authorization: `Bearer ${t.token}`, cookie: 'userGroup=VIP; priceGroup=VIP', 'x-user-group': 'VIP' },
    });
    expect(res.json()).toMatchObject({ totalDiscounts: { value: 0 }, appliedPromotions: [] });
  });

  it('the catalogue answers promotedPriceData (one unit after automatic promotions), null elsewhere', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/products/ACC-DESCALE' });
    const product = ProductFullSchema.parse(res.json());
    const byCode = new Map(product.variantOptions.map((v) => [v.code, v]));
    // ACC-DESCALE-1 shows its discount price 9.99 (spec §5): 15 % off → 8.49; ACC-DESCALE-2 22.99 → 19.54
    expect(byCode.get('ACC-DESCALE-1')).toMatchObject({ priceData: { value: 12.99 }, discountPriceData: { value: 9.99 }, promotedPriceData: { value: 8.49, formattedValue: '$8.49' }, personalizedPriceData: null, campaignPriceData: null });
    expect(byCode.get('ACC-DESCALE-2')?.promotedPriceData?.value).toBe(19.54);
    const options = VariantOptionsAnswerSchema.parse((await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/products/ACC-DESCALE-2/variantOptions' })).json());
    expect(options.variantOptions.find((v) => v.code === 'ACC-DESCALE-2')?.promotedPriceData?.value).toBe(19.54);
    const mug = ProductFullSchema.parse((await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/products/ACC-MUG' })).json());
    expect(mug.variantOptions.every((v) => v.promotedPriceData === null)).toBe(true); // BMSM needs 2 units
    const coffee = ProductFullSchema.parse((await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/products/BH-SIGNATURE-DARK' })).json());
    expect(coffee.variantOptions.map((v) => [v.promotedPriceData, v.personalizedPriceData, v.campaignPriceData])).toEqual(coffee.variantOptions.map(() => [null, null, null]));
  });

  describe('discount message (spec §6)', () => {
    const get = (site: string, user: string, auth: string, lang?: string) =>
      t.app.inject({ method: 'GET', url: `/rest/v2/${site}/users/${user}/discountMessage${lang ? `?lang=${lang}` : ''}`, headers: { authorization: auth } });

    it('anonymous visitors get the percentage message with 2 decimals', async () => {
      const res = await get('usb2c', 'anonymous', `Bearer ${t.token}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        memberText: 'As a Brewhaus Perks member, you save on every order.',
        percentText: 'Join Brewhaus Perks and save 25.00% on your next order.',
        variant: 'percent',
        localStorageFlag: 'isPerksMember',
        mainBrand: true,
      });
      const fr = await get('cab2c', 'anonymous', `Bearer ${t.token}`, 'fr');
      expect(fr.json()).toMatchObject({ percentText: 'Adhérez à Brewhaus Perks et économisez 25,00 % sur votre prochaine commande.', variant: 'percent', mainBrand: false });
      expect((await get('usb2c', 'anonymous', 'Bearer nope')).statusCode).toBe(401);
    });

    it('a customer with a listed role sees the member text on the main brand only; others the percentage', async () => {
      const member = await signUpCustomer(t);
      await t.dbh.db.updateTable('customers').set({ roles: 'perks_member' }).where('id', '=', member.id).execute();
      expect((await get('usb2c', 'current', member.auth)).json()).toMatchObject({ variant: 'member', mainBrand: true });
      expect((await get('cab2c', 'current', member.auth)).json()).toMatchObject({ variant: 'percent', mainBrand: false });
      const plain = await signUpCustomer(t);
      expect((await get('usb2c', 'current', plain.auth)).json()).toMatchObject({ variant: 'percent' });
      // roles come from the profile, never from a cookie
      const spoofed = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/users/current/discountMessage', headers: { authorization: plain.auth, cookie: 'roles=PERKS_MEMBER' } });
      expect(spoofed.json()).toMatchObject({ variant: 'percent' });
      expect((await get('usb2c', member.id, plain.auth)).statusCode).toBe(403);
    });

    it('substitutes the configured percentage with 2 decimals', async () => {
      await t.dbh.db.updateTable('site_config').set({ value: '12.5' }).where('base_site', '=', 'usafh').where('key', '=', 'discountMessage.percent').execute();
      expect((await get('usafh', 'anonymous', `Bearer ${t.token}`)).json()).toMatchObject({ percentText: 'Join Brewhaus Perks and save 12.50% on your next order.' });
    });
  });
});
