/**
 * The recurring-order scheduler with a controllable clock (issue 10; ADR 0018 "Recurring orders"),
 * on SQLite and PostgreSQL: six months of cycles give exactly the expected orders (skip, pause and
 * ship now included; each day run twice, reminders once per date), a declining card walks the
 * retries 1, 3, 7 then suspends with emails, stock running out ships the backup or leaves the item
 * out with a notice (never negative stock), campaign boxes are counted until the commitment is
 * met, and the SQL statements of one recurring order do not grow with its lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueryCounter, setAvailable, type QueryCounter } from '@store/db';
import { addLocalDays, startOfLocalDay } from '@store/domain';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { catalogChangesOf, purgeTagsOf, type CatalogChange } from '../src/catalog-changes.ts';
import { claimDueCycle, runRecurringOrders, STALE_CYCLE_MS } from '../src/flows/recurring-orders.ts';
import type { PaymentProvider } from '../src/payments/index.ts';
import { cancelSubscriptionFlow, pauseSubscription, shipSubscriptionNow, skipSubscriptionOrder } from '../src/flows/subscriptions.ts';
import { signUpCustomer, stockOf } from './support/commerce.ts';
import { cancelSeededSubscriptions, createSubscription, flowContext, saveCard } from './support/subscriptions.ts';

const TZ = 'America/New_York';
const noon = (day: string) => new Date(startOfLocalDay(day, TZ).getTime() + 12 * 3_600_000);

async function cyclesOf(t: TestApp, id: string) {
  return t.dbh.db.selectFrom('subscription_cycles').selectAll().where('subscription_id', '=', id).orderBy('cycle_date').execute();
}

async function ordersOf(t: TestApp, id: string) {
  return t.dbh.db.selectFrom('orders').selectAll().where('subscription_id', '=', id).where('kind', '=', 'recurring').orderBy('created_at').execute();
}

describe.each(dbKinds())('recurring-order scheduler on %s', (kind) => {
  let t: TestApp;
  let counter: QueryCounter;
  beforeAll(async () => {
    counter = createQueryCounter();
    t = await buildTestApp(kind, { dbOptions: { plugins: [counter] } });
    await cancelSeededSubscriptions(t.dbh);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('six months of cycles: exactly the expected orders (skip, pause, ship now), reminders once per date', async () => {
    const a = await signUpCustomer(t);
    const b = await signUpCustomer(t);
    const aCard = await saveCard(a);
    const bCard = await saveCard(b);
    const weekly = await createSubscription(t.dbh, a.id, { nextShipDate: '2027-01-05', frequencyWeeks: 4, cardId: aCard });
    const monthly = await createSubscription(t.dbh, b.id, { program: 'SCHEDULED', dayOfMonth: 31, nextShipDate: '2027-01-31', cardId: bCard, lang: 'fr' });
    const clock = { now: noon('2027-01-04') };
    const ctx = flowContext(t.dbh, clock);
    const who = { customerId: a.id, site: 'usb2c' as const };
    for (let day = '2027-01-04'; day <= '2027-07-03'; day = addLocalDays(day, 1)) {
      clock.now = noon(day);
      if (day === '2027-01-20') await skipSubscriptionOrder(ctx, who, weekly);
      if (day === '2027-03-10') await pauseSubscription(ctx, who, weekly, '2027-04-10');
      if (day === '2027-05-15') await shipSubscriptionNow(ctx, who, weekly);
      await runRecurringOrders(ctx, { sites: ['usb2c'] });
      await runRecurringOrders(ctx, { sites: ['usb2c'] }); // a second run the same day changes nothing
    }
    await ctx.mailer.flush();
    expect((await cyclesOf(t, weekly)).map((c) => [c.cycle_date, c.status])).toEqual([
      ['2027-01-05', 'placed'],
      ['2027-03-02', 'placed'],
      ['2027-04-10', 'placed'],
      ['2027-05-08', 'placed'],
      ['2027-05-15', 'placed'],
      ['2027-06-12', 'placed'],
    ]);
    expect((await cyclesOf(t, monthly)).map((c) => c.cycle_date)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2027-06-30']);
    const orders = await ordersOf(t, weekly);
    expect(orders).toHaveLength(6);
    expect(orders.every((o) => o.status === 'created' && o.kind === 'recurring' && o.user_id === a.id)).toBe(true);
    expect(await ordersOf(t, monthly)).toHaveLength(6);
    const sub = await t.dbh.db.selectFrom('subscriptions').selectAll().where('id', '=', weekly).executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ status: 'active', next_ship_date: '2027-07-10' });
    // reminders (3 days ahead): 01-05, 03-02, 04-10 (the first order after the pause), 05-08,
    // 06-12 — once each despite two runs a day; none for the ship-now order
    const aMails = ctx.mailer.sent.filter((m) => m.to === a.email);
    expect(aMails.filter((m) => m.subject.includes('ships on')).map((m) => m.subject.replace(/^.*ships on /, ''))).toEqual([
      'January 5, 2027',
      'March 2, 2027',
      'April 10, 2027',
      'May 8, 2027',
      'June 12, 2027',
    ]);
    expect(aMails.filter((m) => m.subject.includes('auto-delivery order'))).toHaveLength(6);
    const bMails = ctx.mailer.sent.filter((m) => m.to === b.email);
    expect(bMails.filter((m) => m.subject.includes('part le'))).toHaveLength(6);
    expect(bMails.every((m) => m.subject.includes('\u202f:'))).toBe(true);
  });

  it('a declining card: retries on first failure + 1, 3, 7 days, then suspended (emails on the first failure and on suspension); stock given back', async () => {
    const c = await signUpCustomer(t);
    const card = await saveCard(c, 'declined');
    const stock = await stockOf(t.dbh, 'BH-BOLD-SUMMIT-48');
    const id = await createSubscription(t.dbh, c.id, { nextShipDate: '2027-02-01', cardId: card, items: [{ variantCode: 'BH-BOLD-SUMMIT-48', qty: 1 }] });
    const clock = { now: noon('2027-02-01') };
    const ctx = flowContext(t.dbh, clock);
    const attempts: string[] = [];
    for (let day = '2027-02-01'; day <= '2027-03-10'; day = addLocalDays(day, 1)) {
      clock.now = noon(day);
      const r = await runRecurringOrders(ctx, { sites: ['usb2c'] });
      if (r.failed) attempts.push(day);
    }
    await ctx.mailer.flush();
    expect(attempts).toEqual(['2027-02-01', '2027-02-02', '2027-02-04', '2027-02-08']);
    expect((await cyclesOf(t, id)).map((x) => [x.cycle_date, x.status, Number(x.attempts)])).toEqual([['2027-02-01', 'suspended', 4]]);
    const orders = await ordersOf(t, id);
    expect(orders.map((o) => o.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
    expect(await stockOf(t.dbh, 'BH-BOLD-SUMMIT-48')).toBe(stock);
    const sub = await t.dbh.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(sub.status).toBe('suspended');
    const mails = ctx.mailer.sent.filter((m) => m.to === c.email).map((m) => m.subject);
    expect(mails.filter((s) => s.includes('could not charge'))).toHaveLength(1);
    expect(mails.filter((s) => s.includes('suspended'))).toHaveLength(1);
    const intents = await t.dbh.db.selectFrom('payment_intents').select(['id', 'status']).where('id', 'like', 'pi_test_off_%').where('cart_guid', 'in', orders.map((o) => o.code)).execute();
    expect(intents.map((i) => i.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
  });

  it('stock runs out: the backup ships, or the item is left out with a notice; all out → cycle skipped; stock never negative', async () => {
    const c = await signUpCustomer(t);
    const card = await saveCard(c);
    await setAvailable(t.dbh.db, 'BH-CAMPFIRE-DARK-24', 1);
    await setAvailable(t.dbh.db, 'BH-CAFE-AU-LAIT-24', 5);
    await setAvailable(t.dbh.db, 'BH-BOLD-SUMMIT-96', 0);
    // both want the one unit left: the first gets it, the second ships its backup
    const s1 = await createSubscription(t.dbh, c.id, { nextShipDate: '2027-08-02', cardId: card, items: [{ variantCode: 'BH-CAMPFIRE-DARK-24', qty: 1, backup: 'BH-CAFE-AU-LAIT-24' }] });
    const s2 = await createSubscription(t.dbh, c.id, { nextShipDate: '2027-08-02', cardId: card, items: [{ variantCode: 'BH-CAMPFIRE-DARK-24', qty: 1, backup: 'BH-CAFE-AU-LAIT-24' }] });
    // one item out without backup, one in stock
    const s3 = await createSubscription(t.dbh, c.id, { nextShipDate: '2027-08-02', cardId: card, items: [{ variantCode: 'BH-BOLD-SUMMIT-96', qty: 1 }, { variantCode: 'BH-CAFE-AU-LAIT-24', qty: 2 }] });
    // everything out
    const s4 = await createSubscription(t.dbh, c.id, { nextShipDate: '2027-08-02', cardId: card, items: [{ variantCode: 'BH-BOLD-SUMMIT-96', qty: 2, backup: 'BH-CAMPFIRE-DARK-24' }] });
    const clock = { now: noon('2027-08-02') };
    const ctx = flowContext(t.dbh, clock);
    await runRecurringOrders(ctx, { sites: ['usb2c'] });
    await ctx.mailer.flush();
    const lines = async (id: string) => {
      const o = (await ordersOf(t, id))[0];
      if (!o) return null;
      return (await t.dbh.db.selectFrom('order_entries').select(['variant_code', 'qty']).where('order_code', '=', o.code).orderBy('entry_number').execute()).map((e) => [e.variant_code, Number(e.qty)]);
    };
    const got = [await lines(s1), await lines(s2)];
    expect(got).toContainEqual([['BH-CAMPFIRE-DARK-24', 1]]);
    expect(got).toContainEqual([['BH-CAFE-AU-LAIT-24', 1]]);
    expect(await lines(s3)).toEqual([['BH-CAFE-AU-LAIT-24', 2]]);
    expect(JSON.parse((await cyclesOf(t, s3))[0]!.notice_json ?? '{}')).toMatchObject({ skipped: ['BH-BOLD-SUMMIT-96'] });
    expect(await lines(s4)).toBeNull();
    expect((await cyclesOf(t, s4)).map((x) => x.status)).toEqual(['skipped']);
    for (const v of ['BH-CAMPFIRE-DARK-24', 'BH-CAFE-AU-LAIT-24', 'BH-BOLD-SUMMIT-96']) expect(await stockOf(t.dbh, v)).toBeGreaterThanOrEqual(0);
    expect(await stockOf(t.dbh, 'BH-CAMPFIRE-DARK-24')).toBe(0);
    expect(await stockOf(t.dbh, 'BH-CAFE-AU-LAIT-24')).toBe(2);
    const placed = ctx.mailer.sent.filter((m) => m.to === c.email && m.subject.includes('auto-delivery order'));
    expect(placed.some((m) => m.text.includes('replaced by your backup'))).toBe(true);
    expect(placed.some((m) => m.text.includes('left out of this order'))).toBe(true);
    // the skipped cycle is told too, once, with the item and the next date (issue 10 "skipped with a notice")
    const skipped = ctx.mailer.sent.filter((m) => m.to === c.email && m.subject.includes('was skipped (out of stock)'));
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.text).toContain(`Auto-delivery: ${s4}`);
    expect(skipped[0]!.text).toMatch(/- 2 × .*Bold Summit/i);
    expect(skipped[0]!.text).toContain('Next order: August 30, 2027');
    expect(skipped[0]!.text).toContain('You were not charged.');
  });

  it('campaign subscriptions count boxes per recurring order until the commitment is met; then cancel is free', async () => {
    const c = await signUpCustomer(t);
    const card = await saveCard(c);
    // 96 ct = 4 boxes per order: 4 orders meet 16 boxes / 4 orders
    const id = await createSubscription(t.dbh, c.id, { nextShipDate: '2027-09-06', frequencyWeeks: 2, cardId: card, campaign: {}, items: [{ variantCode: 'BH-BOLD-SUMMIT-96', qty: 1 }] });
    await setAvailable(t.dbh.db, 'BH-BOLD-SUMMIT-96', 50);
    const clock = { now: noon('2027-09-06') };
    const ctx = flowContext(t.dbh, clock);
    for (let day = '2027-09-06'; day <= '2027-10-20'; day = addLocalDays(day, 1)) {
      clock.now = noon(day);
      await runRecurringOrders(ctx, { sites: ['usb2c'] });
    }
    const commitment = await t.dbh.db.selectFrom('commitments').selectAll().where('subscription_id', '=', id).executeTakeFirstOrThrow();
    expect({ boxes: Number(commitment.boxes_counted), orders: Number(commitment.orders_counted), status: commitment.status }).toEqual({ boxes: 16, orders: 4, status: 'met' });
    const r = await cancelSubscriptionFlow(ctx, { customerId: c.id, site: 'usb2c' }, id, { reason: 'other' });
    expect(r.clawback).toBeNull();
    expect(r.subscription.status).toBe('cancelled');
  });

  it('a curated monthly box ships on its day each month and moves to the next box of the rotation', async () => {
    const c = await signUpCustomer(t);
    const card = await saveCard(c);
    await t.dbh.db.insertInto('site_config').values({ base_site: 'usb2c', key: 'monthlyBoxRotation', value: 'BH-BOLD-SUMMIT-24, BH-CAFE-AU-LAIT-24, BH-CAMPFIRE-DARK-24' }).execute();
    const id = await createSubscription(t.dbh, c.id, { program: 'SCHEDULED', dayOfMonth: 10, nextShipDate: '2027-11-10', cardId: card, items: [{ variantCode: 'BH-BOLD-SUMMIT-24', qty: 1 }] });
    await t.dbh.db.updateTable('subscriptions').set({ program: 'MONTHLY_BOX', entry_type: 'MBOX', rotation: 'curated' }).where('id', '=', id).execute();
    for (const v of ['BH-BOLD-SUMMIT-24', 'BH-CAFE-AU-LAIT-24', 'BH-CAMPFIRE-DARK-24']) await setAvailable(t.dbh.db, v, 100);
    const clock = { now: noon('2027-11-10') };
    const ctx = flowContext(t.dbh, clock);
    for (let day = '2027-11-10'; day <= '2028-02-10'; day = addLocalDays(day, 1)) {
      clock.now = noon(day);
      await runRecurringOrders(ctx, { sites: ['usb2c'] });
    }
    const shipped = [];
    for (const o of await ordersOf(t, id)) {
      const e = await t.dbh.db.selectFrom('order_entries').select('variant_code').where('order_code', '=', o.code).executeTakeFirstOrThrow();
      shipped.push(e.variant_code);
    }
    expect(shipped).toEqual(['BH-BOLD-SUMMIT-24', 'BH-CAFE-AU-LAIT-24', 'BH-CAMPFIRE-DARK-24', 'BH-BOLD-SUMMIT-24']);
    expect((await cyclesOf(t, id)).map((x) => x.cycle_date)).toEqual(['2027-11-10', '2027-12-10', '2028-01-10', '2028-02-10']);
  });

  it('a cycle left processing (process stopped, or the charge outcome unknown) is finished later, once', async () => {
    await cancelSeededSubscriptions(t.dbh); // earlier tests' subscriptions would be due too
    const c = await signUpCustomer(t);
    const card = await saveCard(c);
    const stopped = await createSubscription(t.dbh, c.id, { nextShipDate: '2028-03-01', cardId: card });
    const unknown = await createSubscription(t.dbh, c.id, { nextShipDate: '2028-03-01', cardId: card });
    const clock = { now: noon('2028-03-01') };
    const ctx = flowContext(t.dbh, clock);
    // 1. a process claimed the cycle and stopped before writing the order
    expect((await claimDueCycle(ctx, stopped, { today: '2028-03-01' })).cycleDate).toBe('2028-03-01');
    // 2. the provider did not answer: the order stays pending, the cycle processing
    const real = ctx.payments;
    const down: PaymentProvider = Object.assign(Object.create(Object.getPrototypeOf(real) as object) as PaymentProvider, real, {
      chargeSaved: async () => {
        throw new Error('provider unreachable');
      },
    });
    const r1 = await runRecurringOrders({ ...ctx, payments: down }, { sites: ['usb2c'] });
    expect(r1.unknown).toBe(1);
    expect((await cyclesOf(t, unknown)).map((x) => x.status)).toEqual(['processing']);
    expect((await ordersOf(t, unknown)).map((o) => o.status)).toEqual(['pendingPayment']);
    // not yet stale: nothing happens
    clock.now = new Date(clock.now.getTime() + 60_000);
    await runRecurringOrders(ctx, { sites: ['usb2c'] });
    expect((await cyclesOf(t, stopped)).map((x) => x.status)).toEqual(['processing']);
    // stale: both finish, each with one order
    clock.now = new Date(clock.now.getTime() + STALE_CYCLE_MS + 60_000);
    await runRecurringOrders(ctx, { sites: ['usb2c'] });
    await runRecurringOrders(ctx, { sites: ['usb2c'] });
    for (const id of [stopped, unknown]) {
      expect((await cyclesOf(t, id)).map((x) => [x.cycle_date, x.status])).toEqual([['2028-03-01', 'placed']]);
      expect((await ordersOf(t, id)).map((o) => o.status)).toEqual(['created']);
    }
  });

  // issue 11 item 4 (ADR 0038): the jobs process (and the server's scheduler) purge the pages showing the stock taken
  it('a placed recurring order tells the page cache which variants it took stock of', async () => {
    const c = await signUpCustomer(t);
    const card = await saveCard(c);
    const items = ['BH-BOLD-SUMMIT-12', 'BH-CAFE-AU-LAIT-72'];
    for (const v of items) await setAvailable(t.dbh.db, v, 100);
    await createSubscription(t.dbh, c.id, { nextShipDate: '2029-02-06', cardId: card, items: items.map((v) => ({ variantCode: v, qty: 1 })) });
    const changes: CatalogChange[] = [];
    const unsubscribe = catalogChangesOf(t.dbh).subscribe((change) => void changes.push(change));
    try {
      const ctx = flowContext(t.dbh, { now: noon('2029-02-06') });
      // subscriptions of earlier tests in this file may be due that day as well: one event per placed order
      const r = await runRecurringOrders(ctx, { sites: ['usb2c'] });
      expect(changes).toHaveLength(r.placed);
    } finally {
      unsubscribe();
    }
    expect(changes).toContainEqual({ kind: 'products', codes: items });
    expect(purgeTagsOf({ kind: 'products', codes: items })).toEqual(['product:BH-BOLD-SUMMIT-12', 'product:BH-CAFE-AU-LAIT-72']);
  });

  it('SQL statements per recurring order do not grow with the number of lines', async () => {
    const c = await signUpCustomer(t);
    const card = await saveCard(c);
    const five = ['BH-BOLD-SUMMIT-12', 'BH-BOLD-SUMMIT-24', 'BH-BOLD-SUMMIT-48', 'BH-CAFE-AU-LAIT-72', 'BH-CAMPFIRE-DARK-24'];
    for (const v of five) await setAvailable(t.dbh.db, v, 100);
    const one = await createSubscription(t.dbh, c.id, { nextShipDate: '2028-01-03', cardId: card, items: [{ variantCode: five[0]!, qty: 1 }] });
    const many = await createSubscription(t.dbh, c.id, { nextShipDate: '2028-01-04', cardId: card, items: five.map((v) => ({ variantCode: v, qty: 1 })) });
    const clock = { now: noon('2028-01-02') };
    const ctx = flowContext(t.dbh, clock);
    await runRecurringOrders(ctx, { sites: ['usb2c'] }); // reminders and reads warm up
    const measure = async (day: string) => {
      clock.now = noon(day);
      counter.reset();
      const r = await runRecurringOrders(ctx, { sites: ['usb2c'] });
      expect(r.placed).toBe(1);
      return counter.count;
    };
    const n1 = await measure('2028-01-03');
    const n5 = await measure('2028-01-04');
    expect((await ordersOf(t, one)).length + (await ordersOf(t, many)).length).toBe(2);
    expect(n5).toBe(n1);
  });
});
