/**
 * Auto-delivery home through the HTTP layer (issue 10; ADR 0018 "Auto-delivery home"), on SQLite
 * and PostgreSQL: every call, bad input naming the field, someone else's subscription → 404,
 * ALREADY_ADDED_TO_SP / _BACKUP_PRODUCT, concurrent PATCHes never lose an update, a change while a
 * cycle is processing → 409 orderInProgress, and cancelling a campaign commitment (clawback).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLocalDays, localDateOf } from '@store/domain';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { DEMO_CUSTOMER } from '@store/db';
import { expectApiError, signInCustomer, signUpCustomer, stockOf, type TestCustomer } from './support/commerce.ts';
import { adHome, createSubscription, saveCard } from './support/subscriptions.ts';

const today = () => localDateOf(new Date(), 'America/New_York');

describe.each(dbKinds())('auto-delivery home on %s', (kind) => {
  let t: TestApp;
  let c: TestCustomer;
  let card: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    c = await signUpCustomer(t);
    card = await saveCard(c);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists and reads a subscription with items, prices, card and allowed actions; 401 anonymous, 403 machine user, 404 for someone else', async () => {
    const next = addLocalDays(today(), 10);
    const id = await createSubscription(t.dbh, c.id, { nextShipDate: next, cardId: card, items: [{ variantCode: 'BH-BOLD-SUMMIT-24', qty: 2, backup: 'BH-CAMPFIRE-DARK-24' }] });
    const home = adHome(t, c);
    const list = await home.listSubscriptions('usb2c');
    expect(list.subscriptions.map((s) => s.id)).toContain(id);
    const s = await home.getSubscription('usb2c', id);
    expect(s).toMatchObject({ id, program: 'AUTO_DELIVERY', status: 'active', frequencyWeeks: 4, nextShipDate: next, reminderDate: addLocalDays(next, -3), orderInProgress: false, commitment: null });
    expect(s.items).toHaveLength(1);
    expect(s.items[0]).toMatchObject({ qty: 2, product: { code: 'BH-BOLD-SUMMIT-24', inStock: true }, backup: { code: 'BH-CAMPFIRE-DARK-24' } });
    // usb2c recurring AD discount 25 %: unit = list − 25 % (half-up)
    const item = s.items[0]!;
    expect(item.unitPriceMinor).toBe(Math.round((item.listPrice.value * 100 * 7500) / 10000));
    expect(s.nextOrderSubtotalMinor).toBe(item.unitPriceMinor * 2);
    expect(s.paymentMethod).toMatchObject({ id: card, brand: 'visa', last4: '4242', expiresBeforeNextShipDate: false });
    expect(s.allowedActions).toEqual(expect.arrayContaining(['changeFrequency', 'skip', 'shipNow', 'shipOn', 'pause', 'cancel', 'addItem']));
    expect(s.allowedActions).not.toContain('resume');

    const anon = await t.app.inject({ method: 'GET', url: `/rest/v2/usb2c/users/current/subscriptions/${id}` });
    expect(anon.statusCode).toBe(401);
    const machine = await t.app.inject({ method: 'GET', url: `/rest/v2/usb2c/users/anonymous/subscriptions`, headers: { authorization: `Bearer ${t.token}` } });
    expect(machine.statusCode).toBe(403);
    const other = await signUpCustomer(t);
    const theirs = adHome(t, other);
    await expectApiError(theirs.getSubscription('usb2c', id), 404, 'subscriptionNotFound');
    await expectApiError(theirs.skipSubscriptionOrder('usb2c', id), 404, 'subscriptionNotFound');
    await expectApiError(theirs.updateSubscription('usb2c', id, { frequencyWeeks: 6 }), 404, 'subscriptionNotFound');
    await expectApiError(theirs.cancelSubscription('usb2c', id, { reason: 'other' }), 404, 'subscriptionNotFound');
    await expectApiError(theirs.getADOrders('usb2c', { subscriptionId: id }), 404, 'subscriptionNotFound');
    await expectApiError(theirs.getStripeADPaymentMethod('usb2c', id), 404, 'subscriptionNotFound');
    expect((await theirs.listSubscriptions('usb2c')).subscriptions).toEqual([]);
    // another site: not found either
    await expectApiError(home.getSubscription('cab2c', id), 404, 'subscriptionNotFound');
  });

  it('the demo customer (README) has an active auto-delivery on usb2c and one on cab2c', async () => {
    const demo = await signInCustomer(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const home = adHome(t, demo);
    const us = (await home.listSubscriptions('usb2c')).subscriptions;
    expect(us.map((s) => [s.id, s.status, s.program])).toEqual([[DEMO_CUSTOMER.subscriptions.usb2c, 'active', 'AUTO_DELIVERY']]);
    expect(us[0]!.paymentMethod).toMatchObject({ last4: '4242' });
    const ca = (await home.listSubscriptions('cab2c', { lang: 'fr' })).subscriptions;
    expect(ca.map((s) => [s.id, s.status, s.program, s.dayOfMonth])).toEqual([[DEMO_CUSTOMER.subscriptions.cab2c, 'active', 'SCHEDULED', 15]]);
    expect(ca[0]!.nextOrderSubtotal.currencyIso).toBe('CAD');
  });

  it('changes frequency, day of month, address and card; bad input names the field', async () => {
    const next = addLocalDays(today(), 10);
    const id = await createSubscription(t.dbh, c.id, { nextShipDate: next, cardId: card });
    const home = adHome(t, c);
    const changed = await home.updateSubscription('usb2c', id, { frequencyWeeks: 6 });
    expect(changed).toMatchObject({ frequencyWeeks: 6, nextShipDate: next });
    await expectApiError(home.updateSubscription('usb2c', id, { frequencyWeeks: 13 }), 400, 'invalidFrequency');
    await expectApiError(home.updateSubscription('usb2c', id, { dayOfMonth: 10 }), 400, 'dayOfMonthNotApplicable');
    const bad = await t.app.inject({ method: 'PATCH', url: `/rest/v2/usb2c/users/current/subscriptions/${id}`, headers: { authorization: c.auth }, payload: { frequencyWeeks: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ type: 'ValidationError', subject: 'frequencyWeeks' });
    const extra = await t.app.inject({ method: 'PATCH', url: `/rest/v2/usb2c/users/current/subscriptions/${id}`, headers: { authorization: c.auth }, payload: { frequencyWeeks: 4, status: 'active' } });
    expect(extra.statusCode).toBe(400);

    const monthly = await createSubscription(t.dbh, c.id, { program: 'SCHEDULED', dayOfMonth: 15, nextShipDate: addLocalDays(today(), 20), cardId: card });
    const m = await home.updateSubscription('usb2c', monthly, { dayOfMonth: 31 });
    expect(m.dayOfMonth).toBe(31);
    expect(m.nextShipDate.endsWith('-28') || m.nextShipDate.endsWith('-29') || m.nextShipDate.endsWith('-30') || m.nextShipDate.endsWith('-31')).toBe(true);
    await expectApiError(home.updateSubscription('usb2c', monthly, { frequencyWeeks: 4 }), 400, 'frequencyNotApplicable');
    const badDay = await t.app.inject({ method: 'PATCH', url: `/rest/v2/usb2c/users/current/subscriptions/${monthly}`, headers: { authorization: c.auth }, payload: { dayOfMonth: 30 } });
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().errors[0]).toMatchObject({ subject: 'dayOfMonth', reason: 'invalidDayOfMonth' });

    // a monthly box chooses its rotation; other programs have none (issue 10 monthly boxes)
    expect(m.rotation).toBeNull();
    await expectApiError(home.updateSubscription('usb2c', monthly, { rotation: 'curated' }), 400, 'rotationNotApplicable');
    const box = await createSubscription(t.dbh, c.id, { program: 'MONTHLY_BOX', dayOfMonth: 5, nextShipDate: addLocalDays(today(), 20), cardId: card });
    expect((await home.getSubscription('usb2c', box)).rotation).toBe('choose');
    const curated = await home.updateSubscription('usb2c', box, { rotation: 'curated' });
    expect(curated.rotation).toBe('curated');
    expect((await t.dbh.db.selectFrom('subscriptions').select('rotation').where('id', '=', box).executeTakeFirstOrThrow()).rotation).toBe('curated');
    const badRotation = await t.app.inject({ method: 'PATCH', url: `/rest/v2/usb2c/users/current/subscriptions/${box}`, headers: { authorization: c.auth }, payload: { rotation: 'random' } });
    expect(badRotation.statusCode).toBe(400);
    expect(badRotation.json().errors[0]).toMatchObject({ subject: 'rotation' });

    const address = await c.customer.addAddress('usb2c', { firstName: 'Ada', lastName: 'Lovelace', line1: '9 Pine Road', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' });
    const moved = await home.updateSubscription('usb2c', id, { addressId: address.id });
    expect(moved.shippingAddress).toMatchObject({ id: address.id, city: 'Portland', region: 'OR' });
    await expectApiError(home.updateSubscription('usb2c', id, { addressId: 'nope' }), 404, 'addressNotFound');
    const other = await signUpCustomer(t);
    const theirCard = await saveCard(other);
    await expectApiError(home.updateSubscription('usb2c', id, { paymentMethodId: theirCard }), 404, 'paymentMethodNotFound');
    const second = await saveCard(c);
    expect((await home.updateSubscription('usb2c', id, { paymentMethodId: second })).paymentMethod?.id).toBe(second);
    expect((await home.getStripeADPaymentMethod('usb2c', id)).stripePaymentMethodId).toMatch(/^pm_test_/);
  });

  it('skip, ship on, pause, resume and cancel follow the schedule rules; dates out of range are 400 naming the field', async () => {
    const next = addLocalDays(today(), 10);
    const id = await createSubscription(t.dbh, c.id, { nextShipDate: next, cardId: card, frequencyWeeks: 2 });
    const home = adHome(t, c);
    expect((await home.skipSubscriptionOrder('usb2c', id)).nextShipDate).toBe(addLocalDays(next, 14));
    const on = addLocalDays(today(), 5);
    expect((await home.shipSubscriptionOn('usb2c', id, on)).nextShipDate).toBe(on);
    await expectApiError(home.shipSubscriptionOn('usb2c', id, today()), 400, 'dateOutOfRange');
    await expectApiError(home.shipSubscriptionOn('usb2c', id, addLocalDays(today(), 181)), 400, 'dateOutOfRange');
    const badDate = await t.app.inject({ method: 'POST', url: `/rest/v2/usb2c/users/current/subscriptions/${id}/shipOn`, headers: { authorization: c.auth }, payload: { date: '2026-02-30' } });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().errors[0].subject).toBe('date');
    const until = addLocalDays(today(), 30);
    const paused = await home.pauseSubscription('usb2c', id, until);
    expect(paused).toMatchObject({ status: 'paused', pausedUntil: until, nextShipDate: until });
    expect(paused.allowedActions).toContain('resume');
    await expectApiError(home.skipSubscriptionOrder('usb2c', id), 409, 'subscriptionPaused');
    await expectApiError(home.pauseSubscription('usb2c', id, addLocalDays(today(), 200)), 400, 'dateOutOfRange');
    const resumed = await home.resumeSubscription('usb2c', id);
    expect(resumed).toMatchObject({ status: 'active', pausedUntil: null });
    const missing = await t.app.inject({ method: 'POST', url: `/rest/v2/usb2c/users/current/subscriptions/${id}/cancel`, headers: { authorization: c.auth }, payload: { reason: 'bored' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].subject).toBe('reason');
    const cancelled = await home.cancelSubscription('usb2c', id, { reason: 'other', note: 'moving abroad' });
    expect(cancelled.clawback).toBeNull();
    expect(cancelled.subscription).toMatchObject({ status: 'cancelled', cancelReason: 'other', allowedActions: [] });
    await expectApiError(home.resumeSubscription('usb2c', id), 409, 'subscriptionCancelled');
    await expectApiError(home.cancelSubscription('usb2c', id, { reason: 'other' }), 409, 'subscriptionCancelled');
  });

  it('items: add (and addProductToExistingAD), ALREADY_ADDED_TO_SP / _BACKUP_PRODUCT, not eligible, quantity, backup, remove', async () => {
    const id = await createSubscription(t.dbh, c.id, { nextShipDate: addLocalDays(today(), 10), cardId: card, items: [{ variantCode: 'BH-BOLD-SUMMIT-24', qty: 1, backup: 'BH-CAMPFIRE-DARK-24' }] });
    const home = adHome(t, c);
    const added = await home.addSubscriptionItem('usb2c', id, { productCode: 'BH-CAFE-AU-LAIT-24', qty: 2 });
    expect(added.items.map((i) => [i.product.code, i.qty])).toEqual([
      ['BH-BOLD-SUMMIT-24', 1],
      ['BH-CAFE-AU-LAIT-24', 2],
    ]);
    await expectApiError(home.addSubscriptionItem('usb2c', id, { productCode: 'BH-BOLD-SUMMIT-24', qty: 1 }), 409, 'ALREADY_ADDED_TO_SP');
    await expectApiError(home.addProductToExistingAD('usb2c', { subscriptionId: id, productCode: 'BH-CAMPFIRE-DARK-24', qty: 1 }), 409, 'ALREADY_ADDED_TO_BACKUP_PRODUCT');
    await expectApiError(home.addSubscriptionItem('usb2c', id, { productCode: 'ACC-DESCALE-1', qty: 1 }), 400, 'notAdEligible');
    await expectApiError(home.addSubscriptionItem('usb2c', id, { productCode: 'NO-SUCH', qty: 1 }), 404, 'productNotFound');
    await expectApiError(home.addSubscriptionItem('usb2c', id, { productCode: 'BH-BOLD-SUMMIT-48', qty: 13 }), 400, 'invalidQuantity');
    const viaSpec = await home.addProductToExistingAD('usb2c', { subscriptionId: id, productCode: 'BH-BOLD-SUMMIT-48', qty: 1 });
    expect(viaSpec.items).toHaveLength(3);
    const other = await signUpCustomer(t);
    await expectApiError(adHome(t, other).addProductToExistingAD('usb2c', { subscriptionId: id, productCode: 'BH-BOLD-SUMMIT-96', qty: 1 }), 404, 'subscriptionNotFound');

    const [first, second] = viaSpec.items;
    expect((await home.updateSubscriptionItem('usb2c', id, first!.id, { qty: 3 })).items[0]!.qty).toBe(3);
    await expectApiError(home.updateSubscriptionItem('usb2c', id, second!.id, { backupProductCode: 'BH-CAMPFIRE-DARK-24' }), 409, 'ALREADY_ADDED_TO_BACKUP_PRODUCT');
    await expectApiError(home.updateSubscriptionItem('usb2c', id, second!.id, { backupProductCode: 'BH-BOLD-SUMMIT-24' }), 409, 'ALREADY_ADDED_TO_SP');
    const withBackup = await home.updateSubscriptionItem('usb2c', id, second!.id, { backupProductCode: 'BH-BOLD-SUMMIT-12' });
    expect(withBackup.items[1]!.backup?.code).toBe('BH-BOLD-SUMMIT-12');
    expect((await home.updateSubscriptionItem('usb2c', id, second!.id, { backupProductCode: null })).items[1]!.backup).toBeNull();
    await expectApiError(home.updateSubscriptionItem('usb2c', id, 'si_nope', { qty: 1 }), 404, 'itemNotFound');
    const bad = await t.app.inject({ method: 'PATCH', url: `/rest/v2/usb2c/users/current/subscriptions/${id}/items/${first!.id}`, headers: { authorization: c.auth }, payload: { qty: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].subject).toBe('qty');
    let s = await home.removeSubscriptionItem('usb2c', id, second!.id);
    s = await home.removeSubscriptionItem('usb2c', id, s.items[1]!.id);
    await expectApiError(home.removeSubscriptionItem('usb2c', id, s.items[0]!.id), 409, 'lastItem');
  });

  it('concurrent PATCHes never lose an update (version grows once per change)', async () => {
    const id = await createSubscription(t.dbh, c.id, { nextShipDate: addLocalDays(today(), 10), cardId: card, items: [{ variantCode: 'BH-BOLD-SUMMIT-24', qty: 1 }] });
    const home = adHome(t, c);
    const before = await home.getSubscription('usb2c', id);
    const codes = ['BH-BOLD-SUMMIT-12', 'BH-BOLD-SUMMIT-48', 'BH-BOLD-SUMMIT-96', 'BH-CAFE-AU-LAIT-24', 'BH-CAFE-AU-LAIT-72', 'BH-CAMPFIRE-DARK-24'];
    await Promise.all([
      ...codes.map((code) => home.addSubscriptionItem('usb2c', id, { productCode: code, qty: 1 })),
      home.updateSubscription('usb2c', id, { frequencyWeeks: 8 }),
      home.skipSubscriptionOrder('usb2c', id),
    ]);
    const after = await home.getSubscription('usb2c', id);
    expect(after.items).toHaveLength(1 + codes.length);
    expect(after.frequencyWeeks).toBe(8);
    expect(after.version).toBe(before.version + codes.length + 2);
    // the skip moved by the frequency in force when it ran (4 or 8 weeks), never lost
    expect([addLocalDays(before.nextShipDate, 28), addLocalDays(before.nextShipDate, 56)]).toContain(after.nextShipDate);
  });

  it('a change while a cycle is processing answers 409 orderInProgress', async () => {
    const id = await createSubscription(t.dbh, c.id, { nextShipDate: addLocalDays(today(), 10), cardId: card });
    const now = new Date().toISOString();
    await t.dbh.db.insertInto('subscription_cycles').values({ subscription_id: id, cycle_date: today(), status: 'processing', attempts: 1, created_at: now, updated_at: now }).execute();
    const home = adHome(t, c);
    expect((await home.getSubscription('usb2c', id)).orderInProgress).toBe(true);
    await expectApiError(home.skipSubscriptionOrder('usb2c', id), 409, 'orderInProgress');
    await expectApiError(home.updateSubscription('usb2c', id, { frequencyWeeks: 6 }), 409, 'orderInProgress');
    await expectApiError(home.addSubscriptionItem('usb2c', id, { productCode: 'BH-BOLD-SUMMIT-96', qty: 1 }), 409, 'orderInProgress');
    await expectApiError(home.cancelSubscription('usb2c', id, { reason: 'other' }), 409, 'orderInProgress');
  });

  it('ship now places a paid recurring order today (once), listed by getADOrders', async () => {
    const id = await createSubscription(t.dbh, c.id, { nextShipDate: addLocalDays(today(), 10), cardId: card, frequencyWeeks: 3, items: [{ variantCode: 'BH-CAFE-AU-LAIT-72', qty: 1 }] });
    const home = adHome(t, c);
    const stock = await stockOf(t.dbh, 'BH-CAFE-AU-LAIT-72');
    const r = await home.shipSubscriptionNow('usb2c', id);
    expect(r.cycle).toMatchObject({ date: today(), status: 'placed' });
    expect(r.subscription.nextShipDate).toBe(addLocalDays(today(), 21));
    expect(await stockOf(t.dbh, 'BH-CAFE-AU-LAIT-72')).toBe(stock - 1);
    await expectApiError(home.shipSubscriptionNow('usb2c', id), 409, 'cycleAlreadyPlaced');
    const orders = await home.getADOrders('usb2c', { subscriptionId: id });
    expect(orders.orders).toHaveLength(1);
    expect(orders.orders[0]).toMatchObject({ code: r.cycle.orderCode, kind: 'recurring', subscriptionId: id, status: 'created', totalUnitCount: 1 });
    const order = await c.customer.getOrder('usb2c', r.cycle.orderCode!);
    expect(order.code).toBe(r.cycle.orderCode);
  });

  it('cancelling an open campaign commitment charges the clawback off-session; after it is met cancel is free', async () => {
    const home = adHome(t, c);
    const early = await createSubscription(t.dbh, c.id, { nextShipDate: addLocalDays(today(), 10), cardId: card, campaign: { boxesCounted: 4, ordersCounted: 1 } });
    const view = await home.getSubscription('usb2c', early);
    // (10000 − 5000) × (16 − 4) / 16 = 3750
    expect(view.commitment).toMatchObject({ campaignCode: 'FIFTYPERCENTBREWER', boxesCounted: 4, boxesRequired: 16, ordersCounted: 1, ordersRequired: 4, cancelCostNowMinor: 3750 });
    const r = await home.cancelSubscription('usb2c', early, { reason: 'tooExpensive' });
    expect(r.clawback).toMatchObject({ amountMinor: 3750 });
    expect(r.subscription.status).toBe('cancelled');
    expect(r.subscription.commitment?.status).toBe('clawedBack');
    const order = await t.dbh.db.selectFrom('orders').selectAll().where('code', '=', r.clawback!.orderCode).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ kind: 'clawback', status: 'created', total_minor: 3750, subscription_id: early });

    // A declined card: 400 PaymentError, nothing changes.
    const d = await signUpCustomer(t);
    const declined = await saveCard(d, 'declined');
    const stuck = await createSubscription(t.dbh, d.id, { nextShipDate: addLocalDays(today(), 10), cardId: declined, campaign: { boxesCounted: 8 } });
    await expectApiError(adHome(t, d).cancelSubscription('usb2c', stuck, { reason: 'other' }), 400, 'cardDeclined');
    const still = await adHome(t, d).getSubscription('usb2c', stuck);
    expect(still.status).toBe('active');
    expect(still.commitment?.status).toBe('open');

    const e = await signUpCustomer(t);
    const eCard = await saveCard(e);
    const met = await createSubscription(t.dbh, e.id, { nextShipDate: addLocalDays(today(), 10), cardId: eCard, campaign: { boxesCounted: 16, ordersCounted: 4 } });
    await t.dbh.db.updateTable('commitments').set({ status: 'met' }).where('subscription_id', '=', met).execute();
    const free = await adHome(t, e).cancelSubscription('usb2c', met, { reason: 'other' });
    expect(free.clawback).toBeNull();
    expect(free.subscription.commitment).toMatchObject({ status: 'met', cancelCostNowMinor: 0 });
  });
});
