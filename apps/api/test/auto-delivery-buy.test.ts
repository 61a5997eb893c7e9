/**
 * Auto-delivery BUYING through HTTP (issue 10; ADR 0018 "Prices", "Buying"; spec §3, §5, §7) on
 * every database kind: AD lines priced with the first-order discount outside the promotion engine
 * (no coupon stacks, not counted toward thresholds), free standard shipping, frequency change,
 * removeAutoDeliveryItem, bad inputs naming the field with nothing written, and checkout: an
 * anonymous AD checkout refused, a signed-in one opening subscriptions, saving the card, emailing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, createAutoDeliveryBuyClient, type AutoDeliveryBuyCalls, type Cart, type CommerceCalls } from '@store/contracts';
import { buildTestApp, dbKinds, startSmtpSink, TEST_BASE_URL, type SmtpSink, type TestApp } from '@store/testing';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMailer } from '../src/email/mailer.ts';
import type { CommerceContext } from '../src/flows/context.ts';
import { IDEMPOTENCY_LEASE_MS, placeOrder, reconcilePendingOrder } from '../src/flows/place-order.ts';
import { TestPaymentProvider } from '../src/payments/index.ts';
import { ADDRESSES, commerce, expectApiError, newKey, orderCount, signUpCustomer, type TestCustomer } from './support/commerce.ts';
import { createCoupon } from './support/promotions.ts';

const COFFEE_24 = 'BH-SIGNATURE-DARK-24'; // 17.99 USD list, no discount, AD-eligible
const COFFEE_48 = 'BH-SIGNATURE-DARK-48';
const GIFT_CARD = 'GC-EGIFT-50';

describe.each(dbKinds())('auto-delivery buying on %s', (kind) => {
  let t: TestApp;
  let api: CommerceCalls;
  let ad: AutoDeliveryBuyCalls;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    api = commerce(t);
    ad = createAutoDeliveryBuyClient(t.client);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function entriesOf(cartGuid: string) {
    return t.dbh.db.selectFrom('cart_entries').selectAll().where('cart_guid', '=', cartGuid).orderBy('entry_number').execute();
  }
  function line(cart: Cart, n: number) {
    const e = cart.entries.find((x) => x.entryNumber === n);
    if (!e) throw new Error(`no entry ${n}`);
    return e;
  }

  it('the site configuration answers the AD settings of each site', async () => {
    const us = await t.client.getSiteConfig('usb2c');
    expect(us.autoDelivery).toMatchObject({ enabled: true, discountBps: 2500, firstOrderDiscountBps: 2500, defaultFrequencyWeeks: 4, freeStandardShipping: true, reminderLeadDays: 3 });
    expect(us.autoDelivery.frequenciesWeeks).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(us.autoDelivery.daysOfMonth).toContain(31);
    const ca = await t.client.getSiteConfig('cab2c');
    expect(ca.autoDelivery).toMatchObject({ discountBps: 1500, firstOrderDiscountBps: 2500 });
    const afh = await t.client.getSiteConfig('usafh');
    expect(afh.autoDelivery).toMatchObject({ discountBps: 1000, freeStandardShipping: false });
  });

  async function getJson(url: string, token = t.token) {
    const res = await t.app.inject({ method: 'GET', url: `/rest/v2${url}`, headers: { authorization: `Bearer ${token}` } });
    return { status: res.statusCode, body: res.json() };
  }

  it('variant and product answers carry adEligible and the AD prices (parent, recurring, saving)', async () => {
    const us = await getJson('/usb2c/products/BH-SIGNATURE-DARK');
    expect(us.status).toBe(200);
    const v24 = us.body.variantOptions.find((v: { code: string }) => v.code === COFFEE_24);
    // 17.99: 25 % first order and recurring on usb2c → 13.49; saving 4.50 per unit
    expect(v24).toMatchObject({ adEligible: true, adPriceData: { value: 13.49 }, adRecurringPriceData: { value: 13.49 }, adSavingData: { value: 4.5 } });
    expect(us.body).toMatchObject({ adEligible: true, adPriceData: { value: 13.49 } });
    const ca = await getJson('/cab2c/products/BH-SIGNATURE-DARK');
    const caV = ca.body.variantOptions[0] as { priceData: { value: number }; adPriceData: { value: number }; adRecurringPriceData: { value: number } };
    const list = Math.round(caV.priceData.value * 100);
    // cab2c: 25 % on the first order, 15 % on recurring orders (half-up once per unit)
    expect(Math.round(caV.adPriceData.value * 100)).toBe(list - Math.round(list * 0.25));
    expect(Math.round(caV.adRecurringPriceData.value * 100)).toBe(list - Math.round(list * 0.15));
    const gc = await getJson('/usb2c/products/GC-EGIFT');
    expect(gc.body).toMatchObject({ adEligible: false, adPriceData: null, adRecurringPriceData: null, adSavingData: null });
    const options = await getJson('/usb2c/products/BH-SIGNATURE-DARK/variantOptions');
    expect(options.body.variantOptions[0]).toMatchObject({ adEligible: true });
  });

  it('smartSuggestion answers the first date, frequency and reasoning; bad inputs are 400 naming the field', async () => {
    // 24 pods a box, 2 boxes an order, 2 cups a day → 48 / 2 / 7 ≈ 3.4 → 3 weeks; 40 pods at home → 20 days − 3 = 17
    const s = await ad.getSmartSuggestion('usb2c', { productCode: COFFEE_24, podsAtHomeQty: 40, cupsPerDay: 2, qty: 2 });
    expect(s).toMatchObject({ productCode: COFFEE_24, frequencyWeeks: 3, reasoning: { podsPerOrder: 48, daysOfCoffeeAtHome: 20, firstShipInDays: 17, notes: [] } });
    expect(s.firstShipDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(s.message).toContain('every 3 weeks');
    const empty = await ad.getSmartSuggestion('cab2c', { productCode: COFFEE_24, podsAtHomeQty: 'abc', cupsPerDay: 1, lang: 'fr' });
    expect(empty.reasoning.notes).toContain('podsAtHomeUnknown');
    expect(empty.message).toContain('\u202f:');
    const tooMany = await expectApiError(ad.getSmartSuggestion('usb2c', { productCode: COFFEE_24, podsAtHomeQty: 501, cupsPerDay: 2 }), 400, 'invalidPodsAtHomeQty');
    expect(tooMany.errors[0]?.subject).toBe('podsAtHomeQty');
    const cups = await getJson(`/usb2c/users/anonymous/autoDelivery/smartSuggestion?productCode=${COFFEE_24}&cupsPerDay=21`);
    expect(cups.status).toBe(400);
    expect(JSON.stringify(cups.body)).toContain('cupsPerDay');
    await expectApiError(ad.getSmartSuggestion('usb2c', { productCode: 'GC-EGIFT-50', cupsPerDay: 2 }), 400, 'notAdEligible');
    await expectApiError(ad.getSmartSuggestion('usb2c', { productCode: 'NO-SUCH-PRODUCT', cupsPerDay: 2 }), 404, 'notFound');
  });

  it('demo data: every site sells AD-eligible beverages, and the brewers of its campaigns', async () => {
    for (const site of ['usb2c', 'cab2c', 'usafh']) {
      const eligible = await t.dbh.db
        .selectFrom('products as p')
        .innerJoin('product_sites as ps', 'ps.product_code', 'p.code')
        .select('p.code')
        .where('ps.base_site', '=', site)
        .where('p.ad_eligible', '=', 1)
        .where('p.product_type', '=', 'Coffee')
        .execute();
      expect(eligible.length, site).toBeGreaterThan(3);
      const campaigns = await t.dbh.db.selectFrom('campaigns').select(['code', 'brewer_codes']).where('base_site', '=', site).execute();
      expect(campaigns.length, site).toBeGreaterThan(0);
      for (const c of campaigns) {
        const brewers = c.brewer_codes.split(',');
        const sold = await t.dbh.db.selectFrom('product_sites').select('product_code').where('base_site', '=', site).where('product_code', 'in', brewers).execute();
        expect(sold.length, `${site} ${c.code}`).toBeGreaterThan(0);
      }
    }
  });

  it('an ADC line is priced with the first-order discount, stored with its choices, with the saving shown', async () => {
    const added = await api.addToCart('usb2c', { productCode: COFFEE_24, entryType: 'ADC', qty: 2, frequencyWeeks: 6, podsAtHomeQty: 40 });
    // 17.99 − 25 % (4.4975 → 4.50 half-up) = 13.49
    expect(added.entry).toMatchObject({
      entryType: 'ADC',
      program: 'AUTO_DELIVERY',
      frequencyWeeks: 6,
      dayOfMonth: null,
      podsAtHomeQty: 40,
      basePrice: { value: 13.49 },
      originalPrice: { value: 17.99 },
      totalPrice: { value: 26.98 },
      adSaving: { value: 9 },
    });
    const cart = await api.getCart('usb2c', added.cartGuid);
    expect(cart).toMatchObject({ hasAutoDelivery: true, adFirstOrderSaving: { value: 9 }, subTotal: { value: 26.98 } });
    const rows = await entriesOf(added.cartGuid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entry_type: 'ADC', frequency_weeks: 6, pods_at_home_qty: 40, day_of_month: null });
  });

  it('the same variant may be in the cart once per entry type; the default frequency is the site’s', async () => {
    const first = await api.addToCart('usb2c', { productCode: COFFEE_24, qty: 1 });
    const second = await api.addToCart('usb2c', { productCode: COFFEE_24, entryType: 'ADC', cartGuid: first.cartGuid });
    const third = await api.addToCart('usb2c', { productCode: COFFEE_24, entryType: 'ADF', dayOfMonth: 31, cartGuid: first.cartGuid });
    const cart = await api.getCart('usb2c', first.cartGuid);
    expect(cart.entries.map((e) => [e.entryType, e.program, e.frequencyWeeks, e.dayOfMonth])).toEqual([
      ['STD', 'ONE_TIME', null, null],
      ['ADC', 'AUTO_DELIVERY', 4, null],
      ['ADF', 'SCHEDULED', null, 31],
    ]);
    expect(second.entry.entryNumber).not.toBe(third.entry.entryNumber);
    expect(line(cart, first.entry.entryNumber).adSaving).toBeNull();
  });

  it('no promotion or coupon reduces an AD line, and AD lines do not count toward thresholds', async () => {
    const code = await createCoupon(t.dbh); // 10 % off the order
    const added = await api.addToCart('usb2c', { productCode: COFFEE_24, entryType: 'ADC', qty: 2 });
    await api.addToCart('usb2c', { productCode: COFFEE_48, qty: 1, cartGuid: added.cartGuid });
    const cart = await api.applyCoupon('usb2c', added.cartGuid, code);
    const std = cart.entries.find((e) => e.entryType === 'STD');
    if (!std) throw new Error('no STD line');
    const stdMinor = Math.round(std.totalPrice.value * 100);
    // 10 % of the one-time line only (half-up), the AD line stays at 2 × 13.49
    expect(Math.round(cart.totalDiscounts.value * 100)).toBe(Math.round(stdMinor / 10));
    expect(line(cart, added.entry.entryNumber).totalPrice.value).toBe(26.98);
    // a coupon on an AD-only cart gives nothing
    const only = await api.addToCart('usb2c', { productCode: COFFEE_24, entryType: 'ADC', qty: 1 });
    const onlyCart = await api.applyCoupon('usb2c', only.cartGuid, code).catch(() => api.getCart('usb2c', only.cartGuid));
    expect(onlyCart.totalDiscounts.value).toBe(0);
  });

  it('an AD line ships standard for free (adFreeStandardShipping), not expedited; usafh pays shipping', async () => {
    const added = await api.addToCart('usb2c', { productCode: COFFEE_24, entryType: 'ADC', qty: 1 }); // 13.49 < 29.00 minimum
    await api.setDeliveryAddress('usb2c', added.cartGuid, ADDRESSES.NY);
    const modes = await api.getDeliveryModes('usb2c', added.cartGuid);
    expect(modes.deliveryModes.find((m) => m.code === 'standard')).toMatchObject({ isFree: true, deliveryCost: { value: 0 } });
    expect(modes.deliveryModes.find((m) => m.code === 'expedited')?.isFree).toBe(false);
    const standard = await api.setDeliveryMode('usb2c', added.cartGuid, 'standard');
    expect(standard.deliveryCost.value).toBe(0);
    expect(standard.deliveryMode).toMatchObject({ code: 'standard', isFree: true });
    const expedited = await api.setDeliveryMode('usb2c', added.cartGuid, 'expedited');
    expect(expedited.deliveryCost.value).toBeGreaterThan(0);
    // the same cart without the AD line pays standard shipping
    const plain = await api.addToCart('usb2c', { productCode: COFFEE_24, qty: 1 });
    await api.setDeliveryAddress('usb2c', plain.cartGuid, ADDRESSES.NY);
    expect((await api.setDeliveryMode('usb2c', plain.cartGuid, 'standard')).deliveryCost.value).toBe(7.99);
    // usafh: 10 % first order, no free shipping
    const afh = await api.addToCart('usafh', { productCode: COFFEE_24, entryType: 'ADC', qty: 1 });
    expect(afh.entry.adSaving).not.toBeNull();
    await api.setDeliveryAddress('usafh', afh.cartGuid, ADDRESSES.NY);
    expect((await api.setDeliveryMode('usafh', afh.cartGuid, 'standard')).deliveryCost.value).toBeGreaterThan(0);
  });

  it('PATCH entries changes an AD line’s frequency; a one-time line has none (400)', async () => {
    const added = await api.addToCart('usb2c', { productCode: COFFEE_24, entryType: 'ADC', frequencyWeeks: 4 });
    const changed = await ad.updateEntryFrequency('usb2c', added.cartGuid, added.entry.entryNumber, 8);
    expect(line(changed, added.entry.entryNumber).frequencyWeeks).toBe(8);
    expect((await entriesOf(added.cartGuid))[0]?.frequency_weeks).toBe(8);
    const e1 = await expectApiError(ad.updateEntryFrequency('usb2c', added.cartGuid, added.entry.entryNumber, 13), 400, 'invalidFrequency');
    expect(e1.errors[0]?.subject).toBe('frequencyWeeks');
    expect((await entriesOf(added.cartGuid))[0]?.frequency_weeks).toBe(8);
    const std = await api.addToCart('usb2c', { productCode: COFFEE_48, cartGuid: added.cartGuid });
    await expectApiError(ad.updateEntryFrequency('usb2c', added.cartGuid, std.entry.entryNumber, 4), 400, 'frequencyNotApplicable');
    // quantity changes keep working, within adMaxQtyPerItem (12 on usb2c)
    const qty = await api.updateEntry('usb2c', added.cartGuid, added.entry.entryNumber, 3);
    expect(line(qty, added.entry.entryNumber).quantity).toBe(3);
    const e2 = await expectApiError(api.updateEntry('usb2c', added.cartGuid, added.entry.entryNumber, 13), 400, 'invalidQuantity');
    expect(e2.errors[0]?.subject).toBe('qty');
  });

  it('removeAutoDeliveryItem turns the line into a one-time line, merged with the variant’s one-time line', async () => {
    const added = await api.addToCart('usb2c', { productCode: COFFEE_24, entryType: 'ADC', qty: 2 });
    const alone = await ad.removeAutoDeliveryItem('usb2c', added.cartGuid, added.entry.entryNumber);
    expect(alone.entries).toHaveLength(1);
    expect(alone.entries[0]).toMatchObject({ entryType: 'STD', program: 'ONE_TIME', frequencyWeeks: null, quantity: 2, basePrice: { value: 17.99 }, adSaving: null });
    expect(alone.hasAutoDelivery).toBe(false);

    const std = await api.addToCart('usb2c', { productCode: COFFEE_24, qty: 1 });
    const adLine = await api.addToCart('usb2c', { productCode: COFFEE_24, entryType: 'ADC', qty: 3, cartGuid: std.cartGuid });
    const merged = await ad.removeAutoDeliveryItem('usb2c', std.cartGuid, adLine.entry.entryNumber);
    expect(merged.entries.map((e) => [e.entryNumber, e.entryType, e.quantity])).toEqual([[std.entry.entryNumber, 'STD', 4]]);
    await expectApiError(ad.removeAutoDeliveryItem('usb2c', std.cartGuid, std.entry.entryNumber), 400, 'notAutoDelivery');
    await expectApiError(ad.removeAutoDeliveryItem('usb2c', std.cartGuid, 99), 404, 'entryNotFound');
  });

  it('bad inputs answer 400 naming the field and write nothing', async () => {
    const base = await api.addToCart('usb2c', { productCode: COFFEE_48, qty: 1 });
    const cartGuid = base.cartGuid;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ entryType: 'ADC', frequencyWeeks: 13 }, 'invalidFrequency', 'frequencyWeeks'],
      [{ entryType: 'ADC', frequencyWeeks: 1 }, 'invalidFrequency', 'frequencyWeeks'],
      [{ entryType: 'ADC', podsAtHomeQty: 501 }, 'invalidPodsAtHomeQty', 'podsAtHomeQty'],
      [{ entryType: 'ADC', podsAtHomeQty: -1 }, 'invalidPodsAtHomeQty', 'podsAtHomeQty'],
      [{ entryType: 'ADCF', cupsPerDay: 21 }, 'invalidCupsPerDay', 'cupsPerDay'],
      [{ entryType: 'ADF' }, 'invalidDayOfMonth', 'dayOfMonth'],
      [{ entryType: 'ADF', dayOfMonth: 30 }, 'invalidDayOfMonth', 'dayOfMonth'],
      [{ entryType: 'ADF', dayOfMonth: 3, frequencyWeeks: 4 }, 'frequencyNotApplicable', 'frequencyWeeks'],
      [{ entryType: 'ADC', qty: 13 }, 'invalidQuantity', 'qty'],
      [{ entryType: 'XYZ' }, 'invalidEntryType', 'entryType'],
      [{ entryType: 'BBAD' }, 'campaignRequired', 'entryType'],
    ];
    for (const [extra, reason, subject] of cases) {
      const e = await expectApiError(api.addToCart('usb2c', { productCode: COFFEE_24, cartGuid, ...extra } as never), 400, reason);
      expect(e.errors.map((x) => x.subject)).toContain(subject);
    }
    // a gift card is never AD-eligible
    const gc = await expectApiError(api.addToCart('usb2c', { productCode: GIFT_CARD, entryType: 'ADC', cartGuid }), 400, 'notAdEligible');
    expect(gc.errors[0]?.subject).toBe('entryType');
    expect(gc.errors[0]?.message).toContain('ADC');
    expect((await entriesOf(cartGuid)).map((e) => [e.variant_code, e.entry_type])).toEqual([[COFFEE_48, 'STD']]);
    // podsAtHomeQty that is not a number is empty (spec §5)
    const empty = await api.addToCart('usb2c', { productCode: COFFEE_24, entryType: 'ADC', podsAtHomeQty: 'lots', cartGuid });
    expect(empty.entry.podsAtHomeQty).toBeNull();
  });

  it('someone else’s cart: 404 for the AD calls, nothing written', async () => {
    const owner = await signUpCustomer(t);
    const mine = await owner.commerce.addToCart('usb2c', { productCode: COFFEE_24, entryType: 'ADC' });
    await expectApiError(ad.removeAutoDeliveryItem('usb2c', mine.cartGuid, mine.entry.entryNumber), 404, 'notFound');
    await expectApiError(ad.updateEntryFrequency('usb2c', mine.cartGuid, mine.entry.entryNumber, 8), 404, 'notFound');
    expect((await entriesOf(mine.cartGuid)).map((e) => [e.entry_type, e.frequency_weeks])).toEqual([['ADC', 4]]);
  });
});

const VISA = { testCardNumber: '4242424242424242' };

describe.each(dbKinds())('auto-delivery checkout on %s', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  let api: CommerceCalls;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp(kind, { env: { SMTP_URL: sink.url, MAIL_FROM: 'Brewhaus <orders@brewhaus.test>' } });
    api = commerce(t);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  /** Fills a customer's cart with these lines and takes it to the payment step. */
  async function readyCart(c: TestCustomer, lines: Array<Record<string, unknown>>, site = 'usb2c'): Promise<{ cartGuid: string; paymentIntentId: string }> {
    let cartGuid: string | undefined;
    for (const l of lines) cartGuid = (await c.commerce.addToCart(site, { ...(l as { productCode: string }), ...(cartGuid ? { cartGuid } : {}) })).cartGuid;
    if (!cartGuid) throw new Error('no line');
    await c.commerce.setDeliveryAddress(site, cartGuid, site === 'cab2c' ? ADDRESSES.QC : ADDRESSES.NY);
    await c.commerce.setDeliveryMode(site, cartGuid, 'standard');
    await c.commerce.setBillingAddress(site, cartGuid, { sameAsShipping: true });
    const intent = await c.commerce.createPaymentIntent(site, cartGuid);
    return { cartGuid, paymentIntentId: intent.paymentIntentId };
  }

  async function subscriptionsOf(orderCode: string) {
    return t.dbh.db.selectFrom('subscriptions').selectAll().where('parent_order_code', '=', orderCode).orderBy('program').execute();
  }

  it('an anonymous checkout of a cart with an AD line is refused (403 accountRequired), nothing written', async () => {
    const added = await api.addToCart('usb2c', { productCode: COFFEE_24, entryType: 'ADC' });
    await api.setEmail('usb2c', added.cartGuid, 'anon-ad@example.com');
    await api.setDeliveryAddress('usb2c', added.cartGuid, ADDRESSES.NY);
    await api.setDeliveryMode('usb2c', added.cartGuid, 'standard');
    await api.setBillingAddress('usb2c', added.cartGuid, { sameAsShipping: true });
    const intent = await api.createPaymentIntent('usb2c', added.cartGuid);
    const before = await orderCount(t.dbh);
    const e = await expectApiError(api.placeOrder('usb2c', added.cartGuid, { idempotencyKey: newKey(), paymentIntentId: intent.paymentIntentId, paymentMethod: VISA }), 403, 'accountRequired');
    expect(e.errors[0]?.type).toBe('AutoDeliveryError');
    expect(e.errors[0]?.message).toMatch(/sign in or create an account/);
    expect(await orderCount(t.dbh)).toBe(before);
    expect((await api.getCart('usb2c', added.cartGuid)).status).toBe('open');
  });

  it('a signed-in AD checkout places the order, opens one subscription per group, saves the card, emails both', async () => {
    const c = await signUpCustomer(t);
    const { cartGuid, paymentIntentId } = await readyCart(c, [
      { productCode: COFFEE_24, entryType: 'ADC', qty: 2, frequencyWeeks: 4 },
      { productCode: COFFEE_48, entryType: 'ADC', qty: 1, frequencyWeeks: 4 },
      { productCode: 'BH-SIGNATURE-DARK-24', entryType: 'ADF', qty: 1, dayOfMonth: 15 },
      { productCode: COFFEE_48, qty: 1 },
    ]);
    const order = await c.commerce.placeOrder('usb2c', cartGuid, { idempotencyKey: newKey(), paymentIntentId, paymentMethod: VISA });
    expect(order.status).toBe('created');
    expect(order.subscriptions).toHaveLength(2);
    const weekly = order.subscriptions.find((s) => s.program === 'AUTO_DELIVERY');
    const monthly = order.subscriptions.find((s) => s.program === 'SCHEDULED');
    expect(weekly).toMatchObject({ entryType: 'ADC', frequencyWeeks: 4, dayOfMonth: null });
    expect(weekly?.items.map((i) => [i.productCode, i.quantity]).sort()).toEqual([[COFFEE_24, 2], [COFFEE_48, 1]]);
    expect(monthly).toMatchObject({ entryType: 'ADF', frequencyWeeks: null, dayOfMonth: 15 });
    expect(monthly?.nextShipDate).toMatch(/^\d{4}-\d{2}-15$/);
    // the weekly one ships 4 weeks after the order's local date
    const created = new Date(order.created);
    const in4Weeks = new Date(created.getTime() + 28 * 86_400_000);
    expect(Math.abs(Date.parse(`${weekly?.nextShipDate}T12:00:00Z`) - in4Weeks.getTime())).toBeLessThan(2 * 86_400_000);
    // rows: subscriptions with the customer, the order as parent, the saved card; parent lines linked
    const subs = await subscriptionsOf(order.code);
    expect(subs).toHaveLength(2);
    const saved = await t.dbh.db.selectFrom('saved_payment_methods').selectAll().where('customer_id', '=', c.id).execute();
    expect(saved).toHaveLength(1);
    for (const s of subs) expect(s).toMatchObject({ customer_id: c.id, status: 'active', saved_payment_method_id: saved[0]?.id, base_site: 'usb2c' });
    const lines = await t.dbh.db.selectFrom('order_entries').select(['entry_type', 'subscription_id', 'frequency_weeks']).where('order_code', '=', order.code).execute();
    expect(lines.filter((l) => l.entry_type === 'STD').every((l) => l.subscription_id === null)).toBe(true);
    expect(lines.filter((l) => l.entry_type !== 'STD').every((l) => l.subscription_id !== null)).toBe(true);
    // the order answer read again lists them too
    const again = await c.commerce.getOrder('usb2c', order.code, {});
    expect(again.subscriptions.map((s) => s.id).sort()).toEqual(subs.map((s) => s.id).sort());
    // emails: the confirmation lists the subscriptions, and a separate subscription confirmation
    const confirmation = await sink.waitFor((m) => m.subject.includes(order.code));
    expect(confirmation.decoded).toContain('Your auto-delivery');
    expect(confirmation.decoded).toContain('Auto-delivery, every 4 weeks');
    const subMail = await sink.waitFor((m) => m.to.includes(c.email) && m.subject.includes('auto-deliveries are set up'));
    expect(subMail.decoded).toContain(order.code);
    expect(subMail.decoded).toContain('on day 15 of each month');
  });

  it('a saved card pays an AD order and goes on its subscription; French emails for a cab2c French order', async () => {
    const c = await signUpCustomer(t);
    const first = await readyCart(c, [{ productCode: COFFEE_24, entryType: 'ADC' }], 'cab2c');
    const o1 = await c.commerce.placeOrder('cab2c', first.cartGuid, { idempotencyKey: newKey(), paymentIntentId: first.paymentIntentId, paymentMethod: VISA, lang: 'fr' });
    const saved = await t.dbh.db.selectFrom('saved_payment_methods').selectAll().where('customer_id', '=', c.id).executeTakeFirstOrThrow();
    const subMail = await sink.waitFor((m) => m.to.includes(c.email) && m.subject.includes('livraison automatique est en place'));
    expect(subMail.subject).toContain('\u202f:');
    expect(subMail.decoded).toContain('toutes les 4 semaines');
    const confirmation = await sink.waitFor((m) => m.subject.includes(o1.code));
    expect(confirmation.decoded).toContain('Votre livraison automatique\u202f:');
    expect(confirmation.decoded).toContain('Livraison automatique, toutes les 4 semaines');
    const second = await readyCart(c, [{ productCode: COFFEE_48, entryType: 'ADC', frequencyWeeks: 2 }], 'cab2c');
    const o2 = await c.commerce.placeOrder('cab2c', second.cartGuid, { idempotencyKey: newKey(), paymentIntentId: second.paymentIntentId, savedPaymentMethodId: saved.id });
    expect((await subscriptionsOf(o2.code))[0]).toMatchObject({ saved_payment_method_id: saved.id, frequency_weeks: 2, currency: 'CAD' });
    expect((await subscriptionsOf(o1.code))[0]?.saved_payment_method_id).toBe(saved.id);
    expect(await t.dbh.db.selectFrom('saved_payment_methods').select('id').where('customer_id', '=', c.id).execute()).toHaveLength(1);
  });

  it('concurrent placements of the same cart create one order and one subscription set', async () => {
    const c = await signUpCustomer(t);
    const { cartGuid, paymentIntentId } = await readyCart(c, [{ productCode: COFFEE_24, entryType: 'ADC', qty: 1 }]);
    const results = await Promise.allSettled([1, 2, 3].map(() => c.commerce.placeOrder('usb2c', cartGuid, { idempotencyKey: newKey(), paymentIntentId, paymentMethod: VISA })));
    const placed = results.filter((r) => r.status === 'fulfilled');
    expect(placed).toHaveLength(1);
    const subs = await t.dbh.db.selectFrom('subscriptions').selectAll().where('customer_id', '=', c.id).execute();
    expect(subs).toHaveLength(1);
    const items = await t.dbh.db.selectFrom('subscription_items').selectAll().where('subscription_id', '=', subs[0]?.id ?? '').execute();
    expect(items.map((i) => [i.variant_code, i.qty])).toEqual([[COFFEE_24, 1]]);
  });

  it('the pending-order sweeper settles a crashed AD placement through the same code: one subscription set, once', async () => {
    const c = await signUpCustomer(t);
    const { cartGuid, paymentIntentId } = await readyCart(c, [{ productCode: COFFEE_24, entryType: 'ADC', qty: 1, frequencyWeeks: 3 }]);
    const silent = { info() {}, warn() {}, error() {} };
    const context = (payments: TestPaymentProvider, now: () => Date = () => new Date()): CommerceContext => ({
      dbh: t.dbh,
      payments,
      mailer: createMailer({ MAIL_FROM: 'test@example.com', OUTBOX_DIR: join(tmpdir(), 'store-test-outbox', `adb-${kind}-${Date.now()}`) }, silent),
      log: silent,
      now,
    });
    // the charge goes through, then the answer is lost and the provider cannot be asked: order left pending
    const lost = new TestPaymentProvider(t.dbh.db);
    const confirm = lost.confirm.bind(lost);
    lost.confirm = async (...args: Parameters<TestPaymentProvider['confirm']>) => {
      await confirm(...args);
      throw new Error('socket hang up');
    };
    lost.status = async () => {
      throw new Error('provider unreachable');
    };
    await expect(placeOrder(context(lost), { site: 'usb2c', cartGuid, idempotencyKey: newKey(), paymentIntentId, paymentMethod: VISA, shopper: { userId: c.id, email: c.email } })).rejects.toThrow('socket hang up');
    const pending = await t.dbh.db.selectFrom('orders').select(['code', 'status']).where('cart_guid', '=', cartGuid).executeTakeFirstOrThrow();
    expect(pending.status).toBe('pendingPayment');
    expect(await subscriptionsOf(pending.code)).toHaveLength(0);
    const afterLease = () => new Date(Date.now() + IDEMPOTENCY_LEASE_MS + 1000);
    expect(await reconcilePendingOrder(context(new TestPaymentProvider(t.dbh.db), afterLease), pending.code)).toBe('created');
    expect(await reconcilePendingOrder(context(new TestPaymentProvider(t.dbh.db), afterLease), pending.code)).toBeNull();
    const subs = await subscriptionsOf(pending.code);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ program: 'AUTO_DELIVERY', frequency_weeks: 3, customer_id: c.id, saved_payment_method_id: null });
    const order = await c.commerce.getOrder('usb2c', pending.code, {});
    expect(order.subscriptions.map((x) => x.id)).toEqual([subs[0]?.id]);
  });

  it('an anonymous AD cart merged at sign-in keeps its choices, and its checkout opens the subscription', async () => {
    const anon = await api.addToCart('usb2c', { productCode: COFFEE_24, entryType: 'ADF', dayOfMonth: 31, qty: 2 });
    const c = await signUpCustomer(t);
    const res = await t.app.inject({ method: 'POST', url: '/rest/v2/usb2c/users/current/carts/merge', headers: { authorization: c.auth }, payload: { anonymousCartGuid: anon.cartGuid } });
    expect(res.statusCode).toBe(200);
    const merged = (res.json() as { cart: Cart }).cart;
    expect(merged.entries.map((e) => [e.entryType, e.dayOfMonth, e.quantity])).toEqual([['ADF', 31, 2]]);
    const cartGuid = merged.cartGuid;
    await c.commerce.setDeliveryAddress('usb2c', cartGuid, ADDRESSES.NY);
    await c.commerce.setDeliveryMode('usb2c', cartGuid, 'standard');
    await c.commerce.setBillingAddress('usb2c', cartGuid, { sameAsShipping: true });
    const { paymentIntentId } = await c.commerce.createPaymentIntent('usb2c', cartGuid);
    const order = await c.commerce.placeOrder('usb2c', cartGuid, { idempotencyKey: newKey(), paymentIntentId, paymentMethod: VISA });
    expect(order.subscriptions).toHaveLength(1);
    expect(order.subscriptions[0]).toMatchObject({ program: 'SCHEDULED', dayOfMonth: 31 });
  });

  it('an AD line whose product stops being AD-eligible is flagged by the cart validation and blocks the placement (409)', async () => {
    const c = await signUpCustomer(t);
    const { cartGuid, paymentIntentId } = await readyCart(c, [{ productCode: COFFEE_48, entryType: 'ADC' }]);
    await t.dbh.db.updateTable('products').set({ ad_eligible: 0 }).where('code', '=', 'BH-SIGNATURE-DARK').execute();
    try {
      const v = await c.commerce.validateCart('usb2c', cartGuid);
      expect(v.messages.map((m) => m.reason)).toEqual(['notAdEligible']);
      await expectApiError(c.commerce.placeOrder('usb2c', cartGuid, { idempotencyKey: newKey(), paymentIntentId, paymentMethod: VISA }), 409, 'notAdEligible');
      expect(await t.dbh.db.selectFrom('orders').select('code').where('cart_guid', '=', cartGuid).execute()).toHaveLength(0);
    } finally {
      await t.dbh.db.updateTable('products').set({ ad_eligible: 1 }).where('code', '=', 'BH-SIGNATURE-DARK').execute();
    }
  });

  it('smartSuggestion blends a signed-in customer’s past orders of the product', async () => {
    const c = await signUpCustomer(t);
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { cartGuid, paymentIntentId } = await readyCart(c, [{ productCode: COFFEE_24, qty: 1 }]);
      codes.push((await c.commerce.placeOrder('usb2c', cartGuid, { idempotencyKey: newKey(), paymentIntentId, paymentMethod: VISA })).code);
    }
    // the three orders 14 days apart, the latest 14 days ago
    for (const [i, code] of codes.entries()) {
      const at = new Date(Date.now() - (3 - i) * 14 * 86_400_000).toISOString();
      await t.dbh.db.updateTable('orders').set({ created_at: at }).where('code', '=', code).execute();
    }
    const core = createApiClient({ baseUrl: `${TEST_BASE_URL}/rest/v2`, fetch: t.fetch, getToken: async () => c.accessToken });
    const mine = await createAutoDeliveryBuyClient(core, { user: 'current' }).getSmartSuggestion('usb2c', { productCode: COFFEE_24, podsAtHomeQty: 10, cupsPerDay: 1 });
    expect(mine.reasoning).toMatchObject({ observedIntervalDays: 14, observedGaps: 2, historyWeight: 2 });
    expect(mine.reasoning.notes).toContain('pastOrdersBlended');
    // anonymous: no history
    const anon = await createAutoDeliveryBuyClient(t.client).getSmartSuggestion('usb2c', { productCode: COFFEE_24, podsAtHomeQty: 10, cupsPerDay: 1 });
    expect(anon.reasoning.observedGaps).toBe(0);
  });
});
