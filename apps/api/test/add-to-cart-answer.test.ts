/**
 * The add-to-cart answer is the line just written, priced on its own (issue 11 item 6), and must
 * say exactly what a fresh `GET` of the cart says about that line and about the cart's units:
 * property-style random sequences of adds (fast-check) over one-time and auto-delivery lines,
 * discounted products, gift-card products and sale prices, by anonymous shoppers and by a
 * customer with a price list, in both languages, on every database kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AddToCartResponse, Cart, CommerceCalls } from '@store/contracts';
import { upsertPriceListPrice } from '@store/db';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { commerce, signUpCustomer, type TestCustomer } from './support/commerce.ts';

/** A product the sequences may add, and whether it may go on auto-delivery. */
interface PoolItem {
  code: string;
  adEligible: boolean;
}

describe.each(dbKinds())('add-to-cart answer on %s', (kind) => {
  let t: TestApp;
  let api: CommerceCalls;
  let customer: TestCustomer;
  let pool: PoolItem[] = [];

  beforeAll(async () => {
    t = await buildTestApp(kind);
    api = commerce(t);
    // a varied pool: plain, discounted (sale strategies), auto-delivery eligible, gift cards
    const rows = await t.dbh.db
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.code', 'v.base_product_code')
      .innerJoin('prices as pr', (j) => j.onRef('pr.variant_code', '=', 'v.code').on('pr.base_site', '=', 'usb2c'))
      .innerJoin('product_sites as ps', (j) => j.onRef('ps.product_code', '=', 'p.code').on('ps.base_site', '=', 'usb2c'))
      .innerJoin('stock as s', 's.variant_code', 'v.code')
      .select(['v.code', 'p.ad_eligible', 'p.product_type', 'pr.is_discount_price'])
      .where('p.discontinued', '=', 0)
      .where('s.available', '>=', 200)
      .orderBy('v.code')
      .execute();
    const take = (pick: (r: (typeof rows)[number]) => boolean, n: number) => rows.filter(pick).slice(0, n);
    const chosen = [
      ...take((r) => Number(r.is_discount_price) === 1, 3),
      ...take((r) => Number(r.ad_eligible) === 1 && Number(r.is_discount_price) !== 1, 3),
      ...take((r) => r.product_type === 'GiftCard', 1),
      ...take((r) => Number(r.ad_eligible) !== 1 && r.product_type !== 'GiftCard', 2),
    ];
    pool = [...new Map(chosen.map((r) => [r.code, { code: r.code, adEligible: Number(r.ad_eligible) === 1 }])).values()];
    expect(pool.length).toBeGreaterThanOrEqual(6);
    // a customer whose price list lowers some of the pool (and raises one: a list never raises a price)
    customer = await signUpCustomer(t);
    const group = `ADD-ANSWER-${kind}`;
    await t.dbh.db.updateTable('customers').set({ price_group: group }).where('id', '=', customer.id).execute();
    for (const [i, item] of pool.entries()) {
      if (i % 2 === 0) await upsertPriceListPrice(t.dbh.db, { baseSite: 'usb2c', groupCode: group, variantCode: item.code, currency: 'USD', priceMinor: i === 0 ? 99_999 : 700 + i });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /** One add of a sequence. */
  const step = fc.record({
    item: fc.nat({ max: 99 }),
    qty: fc.integer({ min: 1, max: 3 }),
    autoDelivery: fc.boolean(),
    lang: fc.constantFrom('en' as const, 'fr' as const),
  });

  /** Adds, then reads the cart fresh, and compares the answer with what the cart shows. */
  async function addAndCompare(calls: CommerceCalls, cartGuid: string | undefined, s: { item: number; qty: number; autoDelivery: boolean; lang: 'en' | 'fr' }): Promise<string> {
    const item = pool[s.item % pool.length] as PoolItem;
    const entryType = s.autoDelivery && item.adEligible ? 'ADC' : 'STD';
    const answer: AddToCartResponse = await calls.addToCart('usb2c', { productCode: item.code, qty: s.qty, entryType, lang: s.lang, ...(cartGuid ? { cartGuid } : {}) });
    const cart: Cart = await calls.getCart('usb2c', answer.cartGuid, { lang: s.lang });
    const shown = cart.entries.find((e) => e.entryNumber === answer.entry.entryNumber);
    expect(shown).toBeDefined();
    expect(answer.entry).toEqual(shown);
    expect(answer.cartQuantity).toBe(cart.cartQuantity);
    expect(answer.statusCode).toBe('success');
    return answer.cartGuid;
  }

  it('equals a fresh GET of the cart for random sequences of adds (anonymous shopper)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        let guid: string | undefined;
        for (const s of steps) guid = await addAndCompare(api, guid, s);
      }),
      { numRuns: kind === 'sqlite' ? 25 : 12 },
    );
  });

  it('equals a fresh GET of the cart for a customer priced by a price list', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 5 }), async (steps) => {
        // a customer has one current cart: start each sequence from an empty one
        await t.dbh.db.updateTable('carts').set({ status: 'ordered' }).where('user_id', '=', customer.id).where('status', '=', 'open').execute();
        let guid: string | undefined;
        for (const s of steps) guid = await addAndCompare(customer.commerce, guid, s);
      }),
      { numRuns: kind === 'sqlite' ? 15 : 8 },
    );
  });

  it('a price-list price shows on the added line (the answer is not the displayed price)', async () => {
    await t.dbh.db.updateTable('carts').set({ status: 'ordered' }).where('user_id', '=', customer.id).where('status', '=', 'open').execute();
    const lowered = pool[2] as PoolItem;
    const answer = await customer.commerce.addToCart('usb2c', { productCode: lowered.code, qty: 2 });
    expect(answer.entry.basePrice.value).toBe(7.02);
    expect(answer.entry.totalPrice.value).toBe(14.04);
    expect(answer.entry.originalPrice).not.toBeNull();
  });
});
