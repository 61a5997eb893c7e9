/**
 * Brewer campaigns through HTTP (issue 10; ADR 0018 "Brewer campaigns"; spec §9 campaign codes) on
 * every database kind: addCampaignBundle puts the brewer at the campaign price and the beverages
 * as BBAD lines in one transaction (errors name the field, nothing written); placing the order
 * opens one subscription of the beverages and the commitment; the customer data flags follow; a
 * second purchase is refused and two concurrent placements open one commitment.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, createAutoDeliveryBuyClient, CustomerDataSchema, type AddressInput, type AutoDeliveryBuyCalls, type CustomerData } from '@store/contracts';
import { createCart, updateCart } from '@store/db';
import { buildTestApp, dbKinds, TEST_BASE_URL, type TestApp } from '@store/testing';
import { ADDRESSES, expectApiError, newKey, signUpCustomer, type TestCustomer } from './support/commerce.ts';

const BREWER = 'BH-SOLO'; // in FREEBREWER and FIFTYPERCENTBREWER on usb2c
const COFFEE_24 = 'BH-SIGNATURE-DARK-24';
const COFFEE_48 = 'BH-SIGNATURE-DARK-48';
const VISA = { testCardNumber: '4242424242424242' };

describe.each(dbKinds())('brewer campaigns on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  function adOf(c: TestCustomer): AutoDeliveryBuyCalls {
    const core = createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: t.fetch, getToken: async () => c.accessToken });
    return createAutoDeliveryBuyClient(core, { user: 'current' });
  }
  async function customerData(c: TestCustomer): Promise<CustomerData> {
    const core = createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: t.fetch, getToken: async () => c.accessToken });
    return core.request('GET', '/usb2c/users/current/customerData', { schema: CustomerDataSchema });
  }
  async function checkout(c: TestCustomer, cartGuid: string, address: AddressInput = ADDRESSES.NY, paymentMethod: { testCardNumber: string; expMonth?: number; expYear?: number } = VISA) {
    await c.commerce.setDeliveryAddress('usb2c', cartGuid, address);
    await c.commerce.setDeliveryMode('usb2c', cartGuid, 'standard');
    await c.commerce.setBillingAddress('usb2c', cartGuid, { sameAsShipping: true });
    const intent = await c.commerce.createPaymentIntent('usb2c', cartGuid);
    return c.commerce.placeOrder('usb2c', cartGuid, { idempotencyKey: newKey(), paymentIntentId: intent.paymentIntentId, paymentMethod });
  }
  async function commitmentsOf(customerId: string) {
    return t.dbh.db.selectFrom('commitments').selectAll().where('customer_id', '=', customerId).execute();
  }
  /** A second open cart of a customer (as another device would hold). */
  async function secondCart(c: TestCustomer): Promise<string> {
    const guid = randomUUID();
    const now = new Date().toISOString();
    await createCart(t.dbh.db, { guid, baseSite: 'usb2c', currency: 'USD', lang: 'en', userId: c.id, now });
    await updateCart(t.dbh.db, guid, { email: c.email }, now);
    return guid;
  }

  it('adds the brewer at the campaign price and the beverages as BBAD lines with one frequency', async () => {
    const c = await signUpCustomer(t);
    const cart = await adOf(c).addCampaignBundle('usb2c', { campaignCode: 'FIFTYPERCENTBREWER', brewerCode: BREWER, items: [{ productCode: COFFEE_24, qty: 2 }, { productCode: COFFEE_48, qty: 1 }], frequencyWeeks: 6 });
    expect(cart.entries.map((e) => [e.entryType, e.program, e.frequencyWeeks])).toEqual([
      ['BBAD', 'BREWER_CAMPAIGN', 6],
      ['BBAD', 'BREWER_CAMPAIGN', 6],
      ['BBAD', 'BREWER_CAMPAIGN', 6],
    ]);
    const brewer = cart.entries[0];
    if (!brewer?.originalPrice) throw new Error('the brewer line has no list price');
    // half price, half-up once
    const listMinor = Math.round(brewer.originalPrice.value * 100);
    expect(Math.round(brewer.basePrice.value * 100)).toBe(listMinor - Math.round(listMinor / 2));
    expect(cart.entries[1]).toMatchObject({ product: { code: COFFEE_24 }, quantity: 2, basePrice: { value: 13.49 } });
    expect(cart.hasAutoDelivery).toBe(true);
  });

  it('bad bundles answer 4xx naming the field and write nothing', async () => {
    const c = await signUpCustomer(t);
    const ad = adOf(c);
    const e1 = await expectApiError(ad.addCampaignBundle('usb2c', { campaignCode: 'FREEBREWER', brewerCode: 'BH-CLASSIC', items: [{ productCode: COFFEE_24, qty: 1 }] }), 400, 'brewerNotInCampaign');
    expect(e1.errors[0]?.subject).toBe('brewerCode');
    const e2 = await expectApiError(ad.addCampaignBundle('usb2c', { campaignCode: 'FREEBREWER', brewerCode: BREWER, items: [{ productCode: 'GC-EGIFT-50', qty: 1 }] }), 400, 'notAdEligible');
    expect(e2.errors[0]?.subject).toBe('items[0].productCode');
    const e3 = await expectApiError(ad.addCampaignBundle('usb2c', { campaignCode: 'FREEBREWER', brewerCode: BREWER, items: [{ productCode: COFFEE_24, qty: 1 }], frequencyWeeks: 13 }), 400, 'invalidFrequency');
    expect(e3.errors[0]?.subject).toBe('frequencyWeeks');
    const e4 = await expectApiError(ad.addCampaignBundle('usb2c', { campaignCode: 'FREEBREWER', brewerCode: BREWER, items: [{ productCode: COFFEE_24, qty: 13 }] }), 400, 'invalidQuantity');
    expect(e4.errors[0]?.subject).toBe('items[0].qty');
    const core = createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: t.fetch, getToken: async () => c.accessToken });
    const afh = createAutoDeliveryBuyClient(core, { user: 'current' });
    await expectApiError(afh.addCampaignBundle('usafh', { campaignCode: 'FREEBREWER', brewerCode: BREWER, items: [{ productCode: COFFEE_24, qty: 1 }] }), 404, 'campaignNotOffered');
    const carts = await t.dbh.db.selectFrom('carts').select('guid').where('user_id', '=', c.id).execute();
    const lines = carts.length === 0 ? [] : await t.dbh.db.selectFrom('cart_entries').select('variant_code').where('cart_guid', 'in', carts.map((x) => x.guid)).execute();
    expect(lines).toEqual([]);
  });

  it('placing the bundle opens the beverages’ subscription and the commitment once; flags follow; a second offer is refused', async () => {
    const c = await signUpCustomer(t);
    const before = await customerData(c);
    expect(before).toMatchObject({ isFiftyPercentCampaignEligible: true, isFreeCampaignEligible: true, isBBADCampaignEligible: true, activeAutoDeliveryItems: [] });
    const ad = adOf(c);
    const cart = await ad.addCampaignBundle('usb2c', { campaignCode: 'FREEBREWER', brewerCode: BREWER, items: [{ productCode: COFFEE_24, qty: 4 }] });
    expect(cart.entries[0]?.basePrice.value).toBe(0);
    const order = await checkout(c, cart.cartGuid);
    expect(order.subscriptions).toHaveLength(1);
    expect(order.subscriptions[0]).toMatchObject({ program: 'BREWER_CAMPAIGN', entryType: 'BBAD', frequencyWeeks: 4 });
    // the brewer is bought once, not subscribed
    expect(order.subscriptions[0]?.items.map((i) => [i.productCode, i.quantity])).toEqual([[COFFEE_24, 4]]);
    const commitments = await commitmentsOf(c.id);
    expect(commitments).toHaveLength(1);
    expect(commitments[0]).toMatchObject({ campaign_code: 'FREEBREWER', status: 'open', brewer_paid_minor: 0, boxes_required: 16, min_orders: 4, parent_order_code: order.code, subscription_id: order.subscriptions[0]?.id, email: c.email });
    expect(Number(commitments[0]?.brewer_list_minor)).toBeGreaterThan(0);
    const sub = await t.dbh.db.selectFrom('subscriptions').selectAll().where('id', '=', order.subscriptions[0]?.id ?? '').executeTakeFirstOrThrow();
    expect(sub.campaign_code).toBe('FREEBREWER');

    const after = await customerData(c);
    expect(after).toMatchObject({ isFiftyPercentCampaignEligible: false, isFreeCampaignEligible: false, isBBADCampaignEligible: false, activeAutoDeliveryItems: [COFFEE_24] });
    // a second offer: refused when adding, and at placement (a cart filled before)
    await expectApiError(ad.addCampaignBundle('usb2c', { campaignCode: 'KSKBBAD', brewerCode: 'BH-CLASSIC', items: [{ productCode: COFFEE_24, qty: 4 }] }), 409, 'commitmentOpen');
    expect(await commitmentsOf(c.id)).toHaveLength(1);
  });

  it('a card that expires within 6 months is refused for a campaign at placement (409 cardExpiresTooSoon)', async () => {
    const c = await signUpCustomer(t);
    const cart = await adOf(c).addCampaignBundle('usb2c', { campaignCode: 'KSKLITE', brewerCode: BREWER, items: [{ productCode: COFFEE_24, qty: 4 }] });
    const now = new Date();
    const soon = { testCardNumber: '4242424242424242', expMonth: now.getUTCMonth() + 1, expYear: now.getUTCFullYear() };
    const e = await expectApiError(checkout(c, cart.cartGuid, ADDRESSES.OR, soon), 409, 'cardExpiresTooSoon');
    expect(e.errors[0]?.subject).toBe('paymentMethod');
    expect(await commitmentsOf(c.id)).toHaveLength(0);
    expect(await t.dbh.db.selectFrom('orders').select('code').where('user_id', '=', c.id).execute()).toHaveLength(0);
  });

  it('two concurrent placements for the same email open one commitment', async () => {
    const c = await signUpCustomer(t);
    const ad = adOf(c);
    const first = await ad.addCampaignBundle('usb2c', { campaignCode: 'FIFTYPERCENTBREWER', brewerCode: BREWER, items: [{ productCode: COFFEE_24, qty: 4 }] });
    const other = await secondCart(c);
    await ad.addCampaignBundle('usb2c', { campaignCode: 'FIFTYPERCENTBREWER', brewerCode: BREWER, items: [{ productCode: COFFEE_48, qty: 2 }], cartGuid: other });
    const prepared = await Promise.all(
      [first.cartGuid, other].map(async (guid) => {
        await c.commerce.setDeliveryAddress('usb2c', guid, ADDRESSES.AK);
        await c.commerce.setDeliveryMode('usb2c', guid, 'standard');
        await c.commerce.setBillingAddress('usb2c', guid, { sameAsShipping: true });
        return { guid, intent: await c.commerce.createPaymentIntent('usb2c', guid) };
      }),
    );
    await Promise.allSettled(prepared.map((p) => c.commerce.placeOrder('usb2c', p.guid, { idempotencyKey: newKey(), paymentIntentId: p.intent.paymentIntentId, paymentMethod: VISA })));
    const open = (await commitmentsOf(c.id)).filter((x) => x.status === 'open');
    expect(open).toHaveLength(1);
  });
});
