/**
 * Statements of the hot API paths (issue 11 item 6, ADR 0022), on a warm server (reference data
 * through the read cache, as `npm start` runs): place order takes at most 12 statements, the same
 * for a cart of 1 line and of 12 lines (promotions off: an applied promotion adds its row), and the
 * order answered equals the order read back; add to
 * cart takes the same statements for a cart of 1 line and of 12 lines, and 3 for a new cart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommerceCalls } from '@store/contracts';
import { createQueryCounter } from '@store/db';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { commerce, newKey, prepareCheckout } from './support/commerce.ts';

const VISA = { testCardNumber: '4242424242424242' };

describe.each(dbKinds())('hot path statements on %s', (kind) => {
  let t: TestApp;
  let api: CommerceCalls;
  let variants: string[] = [];
  const counter = createQueryCounter();
  beforeAll(async () => {
    t = await buildTestApp(kind, { dbOptions: { plugins: [counter], readCacheTtlMs: 600_000 } });
    api = commerce(t);
    const rows = await t.dbh.db
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.code', 'v.base_product_code')
      .innerJoin('prices as pr', (j) => j.onRef('pr.variant_code', '=', 'v.code').on('pr.base_site', '=', 'usb2c'))
      .innerJoin('product_sites as ps', (j) => j.onRef('ps.product_code', '=', 'p.code').on('ps.base_site', '=', 'usb2c'))
      .innerJoin('stock as s', 's.variant_code', 'v.code')
      .select('v.code')
      .where('p.discontinued', '=', 0)
      .where('p.product_type', '!=', 'GiftCard')
      .where('s.available', '>=', 100)
      .orderBy('v.code')
      .limit(13)
      .execute();
    variants = rows.map((r) => r.code);
    // no automatic promotion: a bigger cart crossing a threshold would add its order_promotions row
    await t.dbh.db.updateTable('promotions').set({ active: 0 }).execute();
    expect(variants).toHaveLength(13);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function placeCounted(lines: number): Promise<number> {
    const p = await prepareCheckout(api, { products: variants.slice(0, lines).map((code) => ({ code, qty: 1 })) });
    counter.reset();
    const order = await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
    const statements = counter.count;
    // the answer built from what the placement wrote equals the order read back
    expect(await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA }).catch(() => null)).toBeNull();
    const res = await t.app.inject({ method: 'GET', url: `/rest/v2/usb2c/users/anonymous/orders/${order.code}?email=${encodeURIComponent(p.email)}`, headers: { authorization: `Bearer ${t.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(order)));
    expect(order.entries).toHaveLength(lines);
    return statements;
  }

  it('place order: at most 12 statements, the same for 1 and 12 lines', async () => {
    await placeCounted(1); // warm the read cache
    const one = await placeCounted(1);
    const twelve = await placeCounted(12);
    expect(one).toBeLessThanOrEqual(12);
    expect(twelve).toBe(one);
  });

  it('add to cart: 3 statements for a new cart, the same for a cart of 1 and of 12 lines', async () => {
    await api.addToCart('usb2c', { productCode: variants[0] as string, qty: 1 });
    counter.reset();
    const first = await api.addToCart('usb2c', { productCode: variants[0] as string, qty: 1 });
    expect(counter.count).toBe(3);
    counter.reset();
    await api.addToCart('usb2c', { productCode: variants[1] as string, qty: 1, cartGuid: first.cartGuid });
    const oneLine = counter.count;
    let guid = first.cartGuid;
    for (const code of variants.slice(2, 12)) guid = (await api.addToCart('usb2c', { productCode: code, qty: 1, cartGuid: guid })).cartGuid;
    counter.reset();
    await api.addToCart('usb2c', { productCode: variants[12] as string, qty: 1, cartGuid: guid });
    expect(counter.count).toBe(oneLine);
  });
});
