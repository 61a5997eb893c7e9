/**
 * Fifty concurrent checkouts of the last unit (issue 2 "How it is checked"; DESIGN "Concurrency
 * and integrity"): 50 separate carts each holding LASTUNIT-24 (1 unit in stock), all prepared
 * first, then placed at once. Exactly one order, 49 clear out-of-stock errors, stock 0 and never
 * negative, and only the winner charged — on SQLite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError, type CommerceCalls } from '@store/contracts';
import { DEMO_CODES, setAvailable } from '@store/db';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { commerce, newKey, prepareCheckout, stockOf, type PreparedCheckout } from './support/commerce.ts';

const SHOPPERS = 50;

describe.each(dbKinds())('last-unit checkouts on %s', (kind) => {
  let t: TestApp;
  let api: CommerceCalls;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    api = commerce(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`${SHOPPERS} concurrent checkouts of the last unit give exactly one order`, async () => {
    const lastUnit = DEMO_CODES.lastUnit;
    expect(await stockOf(t.dbh, lastUnit)).toBe(1);

    // Every shopper fills a cart and completes every step (stock is checked, not reserved).
    const prepared: PreparedCheckout[] = [];
    for (let i = 0; i < SHOPPERS; i++) prepared.push(await prepareCheckout(api, { products: [{ code: lastUnit, qty: 1 }], email: `shopper${i}@example.com` }));
    expect(new Set(prepared.map((p) => p.cartGuid)).size).toBe(SHOPPERS);

    const results = await Promise.allSettled(
      prepared.map((p) => api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: { testCardNumber: '4242424242424242' } })),
    );

    const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(SHOPPERS - 1);
    for (const error of lost) {
      expect(isApiError(error)).toBe(true);
      if (!isApiError(error)) continue;
      expect(error.status).toBe(409);
      expect(error.errors[0]).toMatchObject({ type: 'InsufficientStockError', reason: 'outOfStock', subject: 'entries[0].qty' });
      expect(error.errors[0]?.message).toMatch(/out of stock/);
    }

    // stock 0, not negative; one order (no pending leftovers); only the winner was charged
    expect(await stockOf(t.dbh, lastUnit)).toBe(0);
    const guids = prepared.map((p) => p.cartGuid);
    const orders = await t.dbh.db.selectFrom('orders').select(['code', 'status', 'cart_guid']).where('cart_guid', 'in', guids).execute();
    expect(orders).toEqual([{ code: won[0]?.code, status: 'created', cart_guid: orders[0]?.cart_guid }]);
    const entries = await t.dbh.db.selectFrom('order_entries').select(['qty']).where('variant_code', '=', lastUnit).execute();
    expect(entries.map((e) => Number(e.qty))).toEqual([1]);
    const charged = await t.dbh.db.selectFrom('payment_intents').select('id').where('cart_guid', 'in', guids).where('status', '=', 'succeeded').execute();
    expect(charged).toHaveLength(1);
    const carts = await t.dbh.db.selectFrom('carts').select(['status']).where('guid', 'in', guids).execute();
    expect(carts.filter((c) => c.status === 'ordered')).toHaveLength(1);
    expect(carts.filter((c) => c.status === 'open')).toHaveLength(SHOPPERS - 1);

    // the losers' carts now fail validation with a clear message
    const loser = prepared.find((p) => p.cartGuid !== orders[0]?.cart_guid);
    if (!loser) throw new Error('no losing cart');
    expect(await api.validateCart('usb2c', loser.cartGuid)).toMatchObject({ valid: false, messages: [{ reason: 'outOfStock', message: 'This item is out of stock' }] });
  });

  it('concurrent multi-line checkouts (lines in opposite orders) never oversell, never deadlock, and take stock in one statement', async () => {
    const b = DEMO_CODES.coffeeVariant24;
    const other = await t.dbh.db
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.code', 'v.base_product_code')
      .innerJoin('product_sites as ps', 'ps.product_code', 'p.code')
      .select('v.code')
      .where('ps.base_site', '=', 'usb2c')
      .where('p.discontinued', '=', 0)
      .where('p.product_type', '=', 'Coffee')
      .where('v.code', 'like', '%-24')
      .where('v.code', 'not in', [b, DEMO_CODES.lastUnit])
      .orderBy('v.code')
      .executeTakeFirstOrThrow();
    const a = other.code;
    await setAvailable(t.dbh.db, a, 5);
    await setAvailable(t.dbh.db, b, 100);
    const prepared: PreparedCheckout[] = [];
    for (let i = 0; i < 12; i++) {
      const products = i % 2 === 0 ? [{ code: a, qty: 1 }, { code: b, qty: 2 }] : [{ code: b, qty: 2 }, { code: a, qty: 1 }];
      prepared.push(await prepareCheckout(api, { products, email: `multi${i}@example.com` }));
    }
    const results = await Promise.allSettled(
      prepared.map((p) => api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: { testCardNumber: '4242424242424242' } })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(won).toHaveLength(5);
    for (const error of lost) {
      expect(isApiError(error) && error.status).toBe(409);
      if (isApiError(error)) expect(error.errors[0]?.type).toBe('InsufficientStockError');
    }
    // the short variant names its own line, and the other variant's units came back with the rollback
    expect(await stockOf(t.dbh, a)).toBe(0);
    expect(await stockOf(t.dbh, b)).toBe(100 - 2 * 5);
  });
});
