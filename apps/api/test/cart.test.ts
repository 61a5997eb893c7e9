/**
 * Cart API through HTTP (issue 2 "Cart"; spec §3, §4, §7) on every database kind: session cart,
 * add (base product → default variant, variant), multi-add, update, remove, totals with tax lines
 * and free-shipping progress, validation, and every error answer with the cart unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, CommerceCalls } from '@store/contracts';
import { setAvailable } from '@store/db';
import { percentOfMinor } from '@store/domain';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { ADDRESSES, commerce, expectApiError } from './support/commerce.ts';

const COFFEE = 'BH-SIGNATURE-DARK';
const COFFEE_24 = 'BH-SIGNATURE-DARK-24'; // 17.99 USD, no discount, 480 in stock
const COFFEE_48 = 'BH-SIGNATURE-DARK-48';
const LAST_UNIT = 'LASTUNIT-24'; // 1 in stock
const SOLD_OUT = 'LASTUNIT-48'; // 0 in stock
const CA_ONLY = 'MR-MAPLE-SUGAR-SHACK';
const DISCONTINUED = 'DISC-AUTUMN-HARVEST';

describe.each(dbKinds())('cart API on %s', (kind) => {
  let t: TestApp;
  let api: CommerceCalls;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    api = commerce(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function cartCount(): Promise<number> {
    const r = await t.dbh.db.selectFrom('carts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Comparable content of a cart (what an error must not change). */
  function snapshot(cart: Cart) {
    return { entries: cart.entries.map((e) => [e.entryNumber, e.product.code, e.quantity]), total: cart.totalPrice.value, status: cart.status };
  }

  it('requires the machine-to-machine token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/rest/v2/usb2c/users/anonymous/addProductToCart', payload: { productCode: COFFEE } });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].type).toBe('UnauthorizedError');
  });

  it('getSessionCartGuid creates a cart, then answers the same open cart for its guid (header or query)', async () => {
    const first = await api.getSessionCartGuid('usb2c');
    expect(first).toMatchObject({ cartQuantity: 0, created: true });
    expect(first.cartGuid).toMatch(/^[0-9a-f-]{36}$/);
    const again = await api.getSessionCartGuid('usb2c', first.cartGuid);
    expect(again).toEqual({ cartGuid: first.cartGuid, cartQuantity: 0, created: false });
    const byQuery = await t.app.inject({
      method: 'GET',
      url: `/rest/v2/usb2c/getSessionCartGuid?sessioncartguid=${first.cartGuid}`,
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(byQuery.json()).toMatchObject({ cartGuid: first.cartGuid, created: false });
    // a cart of another site or an unknown guid gives a fresh cart
    const other = await api.getSessionCartGuid('cab2c', first.cartGuid);
    expect(other.created).toBe(true);
    expect(other.cartGuid).not.toBe(first.cartGuid);
    expect((await api.getSessionCartGuid('usb2c', 'no-such-cart-guid')).created).toBe(true);
  });

  it('adds a base product as its default variant, with qty 1 by default, and merges repeated adds', async () => {
    const added = await api.addToCart('usb2c', { productCode: COFFEE });
    expect(added.statusCode).toBe('success');
    expect(added.cartQuantity).toBe(1);
    expect(added.SuccessMessage).toContain('was added to your cart');
    expect(added.entry).toMatchObject({
      entryNumber: 0,
      entryType: 'STD',
      quantity: 1,
      product: { code: COFFEE_24, baseProduct: COFFEE, sizeLabel: '24 ct', imageUrl: `/medias/${COFFEE_24}.svg`, stock: { stockLevelStatus: 'inStock' } },
      basePrice: { value: 17.99, formattedValue: '$17.99', currencyIso: 'USD' },
      totalPrice: { value: 17.99 },
    });
    expect(added.entry.product.url).toMatch(/\/p\/BH-SIGNATURE-DARK#24-ct$/);
    const more = await api.addToCart('usb2c', { productCode: COFFEE_24, qty: 2, cartGuid: added.cartGuid });
    expect(more.cartGuid).toBe(added.cartGuid);
    expect(more.cartQuantity).toBe(3);
    expect(more.entry).toMatchObject({ entryNumber: 0, quantity: 3, totalPrice: { value: 53.97 } });
    const other = await api.addToCart('usb2c', { productCode: COFFEE_48, cartGuid: added.cartGuid });
    expect(other.entry.entryNumber).toBe(1);
    const cart = await api.getCart('usb2c', added.cartGuid);
    expect(cart.entries.map((e) => [e.entryNumber, e.product.code, e.quantity])).toEqual([
      [0, COFFEE_24, 3],
      [1, COFFEE_48, 1],
    ]);
    expect(cart.totalItems).toBe(2);
    expect(cart.cartQuantity).toBe(4);
  });

  it('creates a new cart when the given cart guid is unknown', async () => {
    const added = await api.addToCart('usb2c', { productCode: COFFEE_24, cartGuid: 'aaaaaaaa-0000-0000-0000-000000000000' });
    expect(added.cartGuid).not.toBe('aaaaaaaa-0000-0000-0000-000000000000');
    expect(added.cartQuantity).toBe(1);
  });

  it('computes totals, the free-shipping progress and US state tax', async () => {
    const { cartGuid } = await api.addToCart('usb2c', { productCode: COFFEE_24 });
    let cart = await api.getCart('usb2c', cartGuid);
    expect(cart.subTotal).toMatchObject({ value: 17.99, formattedValue: '$17.99' });
    expect(cart.deliveryCost.value).toBe(0);
    expect(cart.deliveryMode).toBeNull();
    expect(cart.taxLines).toEqual([]);
    expect(cart.totalPrice.value).toBe(17.99);
    expect(cart.amountAwayFromFreeShipping).toMatchObject({ value: 11.01, formattedValue: '$11.01' });
    expect(cart.freeShippingThreshold.value).toBe(29);
    expect(cart.qualifiesForFreeShipping).toBe(false);

    await api.setDeliveryAddress('usb2c', cartGuid, ADDRESSES.NY);
    cart = await api.setDeliveryMode('usb2c', cartGuid, 'standard');
    // NY: 4 % on items and shipping (7.99 standard, not free below 29.00)
    const tax = percentOfMinor(1799 + 799, 400);
    expect(cart.deliveryCost.value).toBe(7.99);
    expect(cart.taxLines).toEqual([{ code: 'SALES', name: 'Sales tax', rateBps: 400, amount: { value: tax / 100, formattedValue: `$${(tax / 100).toFixed(2)}`, currencyIso: 'USD' } }]);
    expect(Math.round(cart.totalPrice.value * 100)).toBe(1799 + 799 + tax);

    cart = await api.updateEntry('usb2c', cartGuid, 0, 2);
    expect(cart.subTotal.value).toBe(35.98);
    expect(cart.amountAwayFromFreeShipping.value).toBe(0);
    expect(cart.qualifiesForFreeShipping).toBe(true);
    expect(cart.deliveryCost.value).toBe(0);
    expect(Math.round(cart.totalTax.value * 100)).toBe(percentOfMinor(3598, 400));
  });

  it('shows Canadian taxes as separate lines per province, in French with fr-CA money', async () => {
    const { cartGuid, entry } = await api.addToCart('cab2c', { productCode: COFFEE_24, qty: 3, lang: 'fr' });
    expect(entry.basePrice.formattedValue).toMatch(/^\d+,\d{2}\u00a0\$$/);
    expect(entry.product.sizeLabel).toBe('24 unités');
    await api.setDeliveryAddress('cab2c', cartGuid, ADDRESSES.QC);
    const qc = await api.setDeliveryMode('cab2c', cartGuid, 'standard', { lang: 'fr' });
    const base = Math.round(qc.subTotal.value * 100) + Math.round(qc.deliveryCost.value * 100);
    expect(qc.taxLines.map((l) => [l.code, l.name, l.rateBps, Math.round(l.amount.value * 100)])).toEqual([
      ['GST', 'TPS', 500, percentOfMinor(base, 500)],
      ['QST', 'TVQ', 997.5, percentOfMinor(base, 997.5)],
    ]);
    expect(qc.lang).toBe('fr');
    expect(qc.deliveryAddress).toMatchObject({ region: 'QC', postalCode: 'H2X 1Y4', country: 'CA' });

    const on = await api.setDeliveryAddress('cab2c', cartGuid, ADDRESSES.ON, { lang: 'en' });
    expect(on.taxLines.map((l) => [l.code, l.name, l.rateBps])).toEqual([['HST', 'HST', 1300]]);
    expect(Math.round(on.totalTax.value * 100)).toBe(percentOfMinor(Math.round(on.subTotal.value * 100) + Math.round(on.deliveryCost.value * 100), 1300));
    expect(on.currencyIso).toBe('CAD');
    expect(on.freeShippingThreshold.value).toBe(55);
  });

  it('keeps the language last asked for on the cart (used by the order email); usb2c stays English', async () => {
    const { cartGuid } = await api.addToCart('cab2c', { productCode: COFFEE_24, lang: 'fr' });
    expect((await api.getCart('cab2c', cartGuid)).lang).toBe('fr');
    await api.addToCart('cab2c', { productCode: COFFEE_48, cartGuid, lang: 'en' });
    expect((await api.getCart('cab2c', cartGuid)).lang).toBe('en');
    expect((await api.getCart('cab2c', cartGuid, { lang: 'fr' })).lang).toBe('fr');
    const us = await api.addToCart('usb2c', { productCode: COFFEE_24, lang: 'fr' });
    expect(us.SuccessMessage).toContain('was added to your cart');
    expect((await api.getCart('usb2c', us.cartGuid)).lang).toBe('en');
  });

  it('updates, removes and lists lines through updateCart, PATCH and DELETE', async () => {
    const { cartGuid } = await api.addProductsToCart('usb2c', { productCodes: [COFFEE_24, COFFEE_48] });
    let cart = await api.updateCart('usb2c', cartGuid, { entries: [{ entryNumber: 0, qty: 4 }, { entryNumber: 1, qty: 2 }] });
    expect(cart.entries.map((e) => e.quantity)).toEqual([4, 2]);
    cart = await api.updateCart('usb2c', cartGuid, { entryNumber: 1, qty: 0 });
    expect(cart.entries.map((e) => e.product.code)).toEqual([COFFEE_24]);
    cart = await api.updateEntry('usb2c', cartGuid, 0, 1);
    expect(cart.cartQuantity).toBe(1);
    cart = await api.removeEntry('usb2c', cartGuid, 0);
    expect(cart.entries).toEqual([]);
    expect(cart.totalPrice.value).toBe(0);
    // entry numbers are not reused while lines remain; a new line after emptying starts again
    const again = await api.addToCart('usb2c', { productCode: COFFEE_48, cartGuid });
    expect(again.entry.entryNumber).toBe(0);
  });

  it('count answers the units of the cart without pricing it, the same as the priced cart; 404 for a cart of another site or an unknown guid (issue 11)', async () => {
    const first = await api.addToCart('usb2c', { productCode: COFFEE, qty: 2 });
    await api.addToCart('usb2c', { productCode: COFFEE_48, qty: 3, cartGuid: first.cartGuid });
    const count = await api.getCartCount('usb2c', first.cartGuid);
    const cart = await api.getCart('usb2c', first.cartGuid);
    expect(count).toEqual({ cartGuid: first.cartGuid, cartQuantity: 5 });
    expect(cart.cartQuantity).toBe(5);
    await expectApiError(api.getCartCount('cab2c', first.cartGuid), 404, 'notFound');
    await expectApiError(api.getCartCount('usb2c', '00000000-0000-4000-8000-000000000000'), 404, 'notFound');
    const empty = await api.getSessionCartGuid('usb2c');
    expect(await api.getCartCount('usb2c', empty.cartGuid)).toEqual({ cartGuid: empty.cartGuid, cartQuantity: 0 });
  });

  it('multi-add answers cartQuantity and a ResponseMessage, all or nothing', async () => {
    const res = await api.addProductsToCart('usb2c', { productCodes: [COFFEE_24, COFFEE_48, COFFEE_24] });
    expect(res.cartQuantity).toBe(3);
    expect(res.ResponseMessage).toBe('3 items were added to your cart.');
    const before = snapshot(await api.getCart('usb2c', res.cartGuid));
    const err = await expectApiError(api.addProductsToCart('usb2c', { cartGuid: res.cartGuid, productCodes: [COFFEE_24, 'NOPE-404'] }), 404, 'notFound');
    expect(err.errors[0]).toMatchObject({ type: 'UnknownIdentifierError', subject: 'productCodes[1]' });
    expect(snapshot(await api.getCart('usb2c', res.cartGuid))).toEqual(before);
  });

  describe('errors leave the cart unchanged', () => {
    let cartGuid: string;
    let before: ReturnType<typeof snapshot>;
    beforeAll(async () => {
      cartGuid = (await api.addToCart('usb2c', { productCode: COFFEE_24, qty: 2 })).cartGuid;
      before = snapshot(await api.getCart('usb2c', cartGuid));
    });
    const unchanged = async () => expect(snapshot(await api.getCart('usb2c', cartGuid))).toEqual(before);

    it('unknown product: 404 UnknownIdentifierError', async () => {
      const err = await expectApiError(api.addToCart('usb2c', { productCode: 'NO-SUCH-PRODUCT', cartGuid }), 404, 'notFound');
      expect(err.errors[0]).toMatchObject({ type: 'UnknownIdentifierError', subject: 'productCode' });
      await unchanged();
    });

    it('bad quantities: 400 naming the field', async () => {
      for (const qty of [0, -1, 1.5, 100]) {
        const err = await expectApiError(api.addToCart('usb2c', { productCode: COFFEE_24, qty, cartGuid }), 400, 'invalidQuantity');
        expect(err.errors[0]).toMatchObject({ type: 'ValidationError', subject: 'qty' });
      }
      const wrongType = await t.app.inject({
        method: 'POST',
        url: '/rest/v2/usb2c/users/anonymous/addProductToCart',
        headers: { authorization: `Bearer ${t.token}` },
        payload: { productCode: COFFEE_24, qty: 'two', cartGuid },
      });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().errors[0]).toMatchObject({ type: 'ValidationError', subject: 'qty' });
      await expectApiError(api.updateEntry('usb2c', cartGuid, 0, 100), 400, 'invalidQuantity');
      const many = await expectApiError(api.updateCart('usb2c', cartGuid, { entries: [{ entryNumber: 0, qty: 3 }, { entryNumber: 0, qty: -2 }] }), 400, 'invalidQuantity');
      expect(many.errors[0]?.subject).toBe('entries[1].qty');
      await expectApiError(api.addToCart('usb2c', { productCode: COFFEE_24, entryType: 'NOPE', cartGuid }), 400, 'invalidEntryType');
      await unchanged();
    });

    it('more than the stock, counting what the cart holds: 409 "Only N left"; sold out: 409 outOfStock', async () => {
      const err = await expectApiError(api.addToCart('usb2c', { productCode: LAST_UNIT, qty: 2, cartGuid }), 409, 'insufficientStock');
      expect(err.errors[0]).toMatchObject({ type: 'InsufficientStockError', subject: 'qty', message: 'Only 1 left' });
      const sold = await expectApiError(api.addToCart('usb2c', { productCode: SOLD_OUT, cartGuid }), 409, 'outOfStock');
      expect(sold.errors[0]?.message).toBe('This item is out of stock');
      await unchanged();
      // the one unit fits, a second one does not (stock is checked, not reserved)
      const other = await api.addToCart('usb2c', { productCode: LAST_UNIT });
      await expectApiError(api.addToCart('usb2c', { productCode: LAST_UNIT, cartGuid: other.cartGuid }), 409, 'insufficientStock');
      await expectApiError(api.updateEntry('usb2c', other.cartGuid, other.entry.entryNumber, 2), 409, 'insufficientStock');
      expect((await api.getCart('usb2c', other.cartGuid)).cartQuantity).toBe(1);
      // another cart may hold the same last unit: nothing is reserved before the order
      expect((await api.addToCart('usb2c', { productCode: LAST_UNIT })).cartQuantity).toBe(1);
    });

    it('product not sold on this site: 404; discontinued: 400 discontinued', async () => {
      const notSold = await expectApiError(api.addToCart('usb2c', { productCode: CA_ONLY, cartGuid }), 404, 'notSold');
      expect(notSold.errors[0]?.type).toBe('UnknownIdentifierError');
      const disc = await expectApiError(api.addToCart('usb2c', { productCode: DISCONTINUED, cartGuid }), 400, 'discontinued');
      expect(disc.errors[0]?.type).toBe('CartError');
      await unchanged();
      // the Canadian product is sold on cab2c
      expect((await api.addToCart('cab2c', { productCode: CA_ONLY })).cartQuantity).toBe(1);
    });

    it('unknown cart or entry: 404 CartError', async () => {
      const missing = await expectApiError(api.getCart('usb2c', 'bbbbbbbb-0000-0000-0000-000000000000'), 404, 'notFound');
      expect(missing.errors[0]?.type).toBe('CartError');
      await expectApiError(api.updateEntry('usb2c', 'bbbbbbbb-0000-0000-0000-000000000000', 0, 1), 404, 'notFound');
      await expectApiError(api.removeEntry('usb2c', 'bbbbbbbb-0000-0000-0000-000000000000', 0), 404, 'notFound');
      // a cart is only visible on its own site
      await expectApiError(api.getCart('cab2c', cartGuid), 404, 'notFound');
      const entry = await expectApiError(api.updateEntry('usb2c', cartGuid, 7, 1), 404, 'entryNotFound');
      expect(entry.errors[0]?.subject).toBe('entryNumber');
      await unchanged();
    });

    it('a failed add without a cart creates no cart', async () => {
      const count = await cartCount();
      await expectApiError(api.addToCart('usb2c', { productCode: LAST_UNIT, qty: 5 }), 409, 'insufficientStock');
      await expectApiError(api.addToCart('usb2c', { productCode: 'NO-SUCH-PRODUCT' }), 404, 'notFound');
      expect(await cartCount()).toBe(count);
    });
  });

  it('validates the cart before checkout: lower stock, discontinued, not sold any more', async () => {
    const { cartGuid } = await api.addProductsToCart('usb2c', { productCodes: ['BH-SIGNATURE-DARK-96', 'BH-SIGNATURE-DARK-96', 'BH-SIGNATURE-DARK-96'] });
    expect(await api.validateCart('usb2c', cartGuid)).toEqual({ valid: true, messages: [] });
    const original = (await t.dbh.db.selectFrom('stock').select('available').where('variant_code', '=', 'BH-SIGNATURE-DARK-96').executeTakeFirstOrThrow()).available;
    try {
      await setAvailable(t.dbh.db, 'BH-SIGNATURE-DARK-96', 2);
      expect(await api.validateCart('usb2c', cartGuid)).toEqual({
        valid: false,
        messages: [{ entryNumber: 0, productCode: 'BH-SIGNATURE-DARK-96', reason: 'insufficientStock', message: 'Only 2 left', available: 2 }],
      });
      await setAvailable(t.dbh.db, 'BH-SIGNATURE-DARK-96', 0);
      expect((await api.validateCart('usb2c', cartGuid)).messages[0]).toMatchObject({ reason: 'outOfStock', available: 0 });
      await t.dbh.db.updateTable('products').set({ discontinued: 1 }).where('code', '=', 'BH-SIGNATURE-DARK').execute();
      expect((await api.validateCart('usb2c', cartGuid, { lang: 'en' })).messages[0]).toMatchObject({ reason: 'discontinued', message: 'This item is no longer available' });
      await t.dbh.db.deleteFrom('product_sites').where('product_code', '=', 'BH-SIGNATURE-DARK').where('base_site', '=', 'usb2c').execute();
      expect((await api.validateCart('usb2c', cartGuid)).messages[0]?.reason).toBe('notSold');
    } finally {
      await setAvailable(t.dbh.db, 'BH-SIGNATURE-DARK-96', Number(original));
      await t.dbh.db.updateTable('products').set({ discontinued: 0 }).where('code', '=', 'BH-SIGNATURE-DARK').execute();
      await t.dbh.db
        .insertInto('product_sites')
        .values({ product_code: 'BH-SIGNATURE-DARK', base_site: 'usb2c' })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });

  it('a French validation message on cab2c', async () => {
    const { cartGuid } = await api.addToCart('cab2c', { productCode: LAST_UNIT, lang: 'fr' });
    await setAvailable(t.dbh.db, LAST_UNIT, 0);
    try {
      expect((await api.validateCart('cab2c', cartGuid)).messages[0]).toMatchObject({ reason: 'outOfStock', message: 'Cet article est en rupture de stock' });
    } finally {
      await setAvailable(t.dbh.db, LAST_UNIT, 1);
    }
  });
});
