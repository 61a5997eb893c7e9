/**
 * Price lists and the server-side price group (issue 4 "a browser-set price-group cookie does not
 * change the price"; ADR 0010 "Price strategies and price lists"; spec §3 personalizedPriceData,
 * §6 is{product}Employee, price and user groups) on every database kind: a `priceGroup` /
 * `userGroup` cookie or header never changes a price, for anonymous shoppers or customers; a real
 * employee gets the EMPLOYEE price in the cart, the order and the catalogue; price and user
 * groups set on the customer record; a group price never raises a price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema, ProductFullSchema } from '@store/contracts';
import { upsertPriceListPrice } from '@store/db';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { newKey, signUpCustomer, type TestCustomer } from './support/commerce.ts';
import { prepareWithCoupons } from './support/promotions.ts';

const COFFEE_24 = 'BH-SIGNATURE-DARK-24'; // $17.99; EMPLOYEE: 30 % off → $12.59
const SPOOF = { cookie: 'priceGroup=EMPLOYEE; userGroup=EMPLOYEE; isBrewhausEmployee=true', 'x-price-group': 'EMPLOYEE', 'x-user-group': 'EMPLOYEE' };
const VISA = { testCardNumber: '4242424242424242' };

describe.each(dbKinds())('price lists on %s', (kind) => {
  let t: TestApp;
  let employee: TestCustomer;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    employee = await signUpCustomer(t);
    await t.dbh.db.updateTable('customers').set({ is_employee: 1 }).where('id', '=', employee.id).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function cartAs(auth: string, user: string, guid: string) {
    const res = await t.app.inject({ method: 'GET', url: `/rest/v2/usb2c/users/${user}/carts/${guid}`, headers: { authorization: auth, ...SPOOF } });
    expect(res.statusCode).toBe(200);
    return CartSchema.parse(res.json());
  }

  it('a browser-set price-group cookie or header does not change the price of an anonymous cart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest/v2/usb2c/users/anonymous/addProductToCart',
      headers: { authorization: `Bearer ${t.token}`, ...SPOOF },
      payload: { productCode: COFFEE_24, qty: 2 },
    });
    const { cartGuid } = res.json() as { cartGuid: string };
    const cart = await cartAs(`Bearer ${t.token}`, 'anonymous', cartGuid);
    expect(cart.entries[0]).toMatchObject({ basePrice: { value: 17.99 }, originalPrice: null, totalPrice: { value: 35.98 } });
    expect(cart.subTotal.value).toBe(35.98);
  });

  it('nor the price of a customer who is not in the group', async () => {
    const plain = await signUpCustomer(t);
    const guid = (await plain.commerce.addToCart('usb2c', { productCode: COFFEE_24, qty: 2 })).cartGuid;
    const cart = await cartAs(plain.auth, 'current', guid);
    expect(cart.subTotal.value).toBe(35.98);
    const product = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/products/BH-SIGNATURE-DARK', headers: { authorization: plain.auth, ...SPOOF } });
    expect(ProductFullSchema.parse(product.json()).variantOptions.every((v) => v.personalizedPriceData === null)).toBe(true);
  });

  it('a real employee (is_employee on the customer record) gets the EMPLOYEE price in the cart and the order', async () => {
    const p = await prepareWithCoupons(employee.commerce, { products: [{ code: COFFEE_24, qty: 2 }], email: employee.email });
    const cart = await employee.commerce.getCart('usb2c', p.cartGuid);
    expect(cart.entries[0]).toMatchObject({ basePrice: { value: 12.59 }, originalPrice: { value: 17.99 }, totalPrice: { value: 25.18 } });
    expect(cart.subTotal.value).toBe(25.18);
    const order = await employee.commerce.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
    expect(order.subTotal.value).toBe(25.18);
    expect(order.totalPrice).toEqual(cart.totalPrice);
    expect(order.entries[0]).toMatchObject({ basePrice: { value: 12.59 }, totalPrice: { value: 25.18 } });
    const charged = await t.dbh.db.selectFrom('payment_intents').select('amount_minor').where('id', '=', p.paymentIntentId).executeTakeFirstOrThrow();
    expect(Number(charged.amount_minor)).toBe(Math.round(order.totalPrice.value * 100));
  });

  it("the employee's coupon applies on the group price", async () => {
    const guid = (await employee.commerce.addToCart('usb2c', { productCode: COFFEE_24, qty: 2 })).cartGuid;
    const cart = await employee.commerce.applyCoupon('usb2c', guid, 'WELCOME10');
    // 10 % of 25.18 = 2.518 → 2.52
    expect(cart.totalDiscounts.value).toBe(2.52);
    expect(cart.totalPrice.value).toBe(22.66);
  });

  it('the catalogue answers personalizedPriceData from the verified customer token only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/products/BH-SIGNATURE-DARK', headers: { authorization: employee.auth } });
    // the answer depends on the token: shared caches must not serve it to someone else
    expect(String(res.headers.vary)).toMatch(/Authorization/i);
    const asEmployee = ProductFullSchema.parse(res.json());
    const byCode = new Map(asEmployee.variantOptions.map((v) => [v.code, v]));
    expect(byCode.get(COFFEE_24)?.personalizedPriceData).toEqual({ value: 12.59, formattedValue: '$12.59', currencyIso: 'USD' });
    // 96 ct: list 62.99 → 44.09 for employees; its discount price 49.99 is not shown (AD_PARENT_OTP), so 44.09 is lower
    expect(byCode.get('BH-SIGNATURE-DARK-96')?.personalizedPriceData?.value).toBe(44.09);
    const anonymous = ProductFullSchema.parse((await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/products/BH-SIGNATURE-DARK', headers: { authorization: `Bearer ${t.token}`, ...SPOOF } })).json());
    expect(anonymous.variantOptions.every((v) => v.personalizedPriceData === null)).toBe(true);
    const badToken = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/products/BH-SIGNATURE-DARK', headers: { authorization: 'Bearer forged.token.value', ...SPOOF } });
    expect(badToken.statusCode).toBe(200);
    expect(ProductFullSchema.parse(badToken.json()).variantOptions.every((v) => v.personalizedPriceData === null)).toBe(true);
  });

  it('price and user groups set on the customer record price the cart; the lowest entitled price wins, never above the shown price', async () => {
    await upsertPriceListPrice(t.dbh.db, { baseSite: 'usb2c', groupCode: `GOLD-${kind}`, variantCode: COFFEE_24, currency: 'USD', priceMinor: 1500 });
    await upsertPriceListPrice(t.dbh.db, { baseSite: 'usb2c', groupCode: `SILVER-${kind}`, variantCode: COFFEE_24, currency: 'USD', priceMinor: 1600 });
    await upsertPriceListPrice(t.dbh.db, { baseSite: 'usb2c', groupCode: `HIGH-${kind}`, variantCode: COFFEE_24, currency: 'USD', priceMinor: 2500 });
    const c = await signUpCustomer(t);
    const guid = (await c.commerce.addToCart('usb2c', { productCode: COFFEE_24, qty: 1 })).cartGuid;
    const set = (patch: { price_group?: string | null; user_group?: string | null }) => t.dbh.db.updateTable('customers').set(patch).where('id', '=', c.id).execute();

    await set({ user_group: `SILVER-${kind}` });
    expect((await c.commerce.getCart('usb2c', guid)).entries[0]?.basePrice.value).toBe(16);
    await set({ price_group: `GOLD-${kind}` });
    expect((await c.commerce.getCart('usb2c', guid)).entries[0]?.basePrice.value).toBe(15);
    await set({ price_group: `HIGH-${kind}`, user_group: null });
    const high = await c.commerce.getCart('usb2c', guid);
    expect(high.entries[0]).toMatchObject({ basePrice: { value: 17.99 }, originalPrice: null });
    // a cookie naming GOLD changes nothing
    const spoofed = await t.app.inject({ method: 'GET', url: `/rest/v2/usb2c/users/current/carts/${guid}`, headers: { authorization: c.auth, cookie: `priceGroup=GOLD-${kind}; userGroup=GOLD-${kind}` } });
    expect(CartSchema.parse(spoofed.json()).entries[0]?.basePrice.value).toBe(17.99);
  });
});
