/**
 * The API response cache of catalogue reads (ADR 0037), through the HTTP layer of the run's
 * transport (`app.inject`, or the direct transport with API_TRANSPORT=direct) on every database
 * kind: a cached answer equals the uncached one; a stock change by an order, a cancellation and
 * a price change show on the next request; answers that depend on the caller's price groups
 * never reach another caller; concurrent misses share one read; memory stays within its budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductFullSchema, type CommerceCalls } from '@store/contracts';
import { upsertPriceListPrice } from '@store/db';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';
import { catalogChangesOf } from '../src/catalog-changes.ts';
import { createResponseCache } from '../src/http/response-cache.ts';
import { commerce, newKey, prepareCheckout, signUpCustomer, type TestCustomer } from './support/commerce.ts';

const BASE = 'BH-SIGNATURE-DARK';
const COFFEE_24 = 'BH-SIGNATURE-DARK-24'; // $17.99
const VISA = { testCardNumber: '4242424242424242' };

/** Catalogue reads answered from the cache (path and query). */
const READS = [
  `/rest/v2/usb2c/products/${BASE}?fields=FULL`,
  `/rest/v2/usb2c/products/${COFFEE_24}?fields=FULL&lang=en`,
  `/rest/v2/usb2c/products/${BASE}?fields=BASIC`,
  `/rest/v2/cab2c/products/${BASE}?fields=FULL&lang=fr`,
  `/rest/v2/usafh/products/${BASE}?fields=FULL`,
  `/rest/v2/usb2c/products/${BASE}/variantOptions`,
  `/rest/v2/usb2c/products/${BASE}/productClassifications?lang=fr`,
  '/rest/v2/usb2c/categories/BR',
  '/rest/v2/usb2c/categories/BR/products?pageSize=5',
  '/rest/v2/cab2c/categories/BR/products?pageSize=3&q=brand:BREWHAUS&lang=fr',
  '/rest/v2/cab2c/search?term=dark&lang=fr',
  `/rest/v2/usb2c/productCodesData?productCodes=${BASE}`,
];

async function get(t: TestApp, path: string, headers: Record<string, string> = {}) {
  const res = await t.fetch(`http://localhost${path}`, { headers: { accept: 'application/json', ...headers } });
  return { status: res.status, headers: res.headers, body: res.status === 304 ? null : ((await res.json()) as unknown) };
}

async function stockOf(t: TestApp, code = COFFEE_24): Promise<number> {
  const { body } = await get(t, `/rest/v2/usb2c/products/${BASE}?fields=FULL`);
  const v = ProductFullSchema.parse(body).variantOptions.find((o) => o.code === code);
  if (!v) throw new Error(`no variant ${code}`);
  return v.stock.stockLevel ?? -1;
}

async function priceOf(t: TestApp, headers: Record<string, string> = {}) {
  const { body } = await get(t, `/rest/v2/usb2c/products/${BASE}?fields=FULL`, headers);
  const v = ProductFullSchema.parse(body).variantOptions.find((o) => o.code === COFFEE_24);
  return { price: v?.priceData.value, personalized: v?.personalizedPriceData?.value ?? null };
}

describe('the cache alone', () => {
  it('keeps its bytes within the budget, evicting the least recently used', async () => {
    const cache = createResponseCache({ ttlMs: 60_000, maxBytes: 1_048_576 });
    const big = 'x'.repeat(50_000);
    for (let i = 0; i < 100; i++) await cache.answer(`k${i}`, undefined, () => [`product:P${i}`], async () => ({ status: 200, data: { code: `P${i}`, big } }));
    const stats = cache.stats();
    expect(stats.bytes).toBeLessThanOrEqual(1_048_576);
    expect(stats.entries).toBeLessThan(100);
    expect(stats.entries).toBeGreaterThan(5);
    // the newest entry is kept, purging it by tag drops it
    const before = cache.stats().misses;
    await cache.answer('k99', undefined, () => [], async () => ({ status: 200, data: {} }));
    expect(cache.stats().misses).toBe(before);
    cache.purge({ kind: 'products', codes: ['P99'] });
    await cache.answer('k99', undefined, () => [], async () => ({ status: 200, data: {} }));
    expect(cache.stats().misses).toBe(before + 1);
  });

  it('answers a read that a purge overtook, but does not keep it', async () => {
    const cache = createResponseCache({ ttlMs: 60_000, maxBytes: 1_048_576 });
    let release!: () => void;
    const slow = cache.answer('k', undefined, () => ['product:A'], () => new Promise((resolve) => (release = () => resolve({ status: 200, data: { v: 1 } }))));
    await Promise.resolve();
    cache.purge({ kind: 'products', codes: ['A'] });
    release();
    expect((await slow).data).toEqual({ v: 1 });
    const next = await cache.answer('k', undefined, () => ['product:A'], async () => ({ status: 200, data: { v: 2 } }));
    expect(next.data).toEqual({ v: 2 });
  });
});

describe.each(dbKinds())('API response cache on %s', (kind) => {
  let t: TestApp;
  let uncached: TestApp;
  let api: CommerceCalls;
  beforeAll(async () => {
    [t, uncached] = await Promise.all([buildTestApp(kind), buildTestApp(kind, { env: { API_CACHE_TTL_MS: '0' } })]);
    api = commerce(t);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), uncached?.close()]);
  });

  it('a cached answer equals the uncached one, and a second request is a hit with the same ETag', async () => {
    expect(uncached.app.responseCache).toBeNull();
    for (const path of READS) {
      const plain = await get(uncached, path);
      const first = await get(t, path);
      const hitsBefore = t.app.responseCache!.stats().hits;
      const second = await get(t, path);
      expect(first.status, path).toBe(200);
      expect(first.body, path).toEqual(plain.body);
      expect(second.body, path).toEqual(plain.body);
      expect(t.app.responseCache!.stats().hits, path).toBe(hitsBefore + 1);
      expect(second.headers.get('etag'), path).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(second.headers.get('cache-control')).toBe('public, no-cache');
      expect(second.headers.get('vary')).toBe('Authorization');
      expect(second.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('If-None-Match with the ETag answers 304; a bearer makes the answer private', async () => {
    const path = `/rest/v2/usb2c/products/${BASE}?fields=FULL`;
    const first = await get(t, path);
    const again = await get(t, path, { 'if-none-match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
    const withToken = await get(t, path, { authorization: `Bearer ${t.token}` });
    expect(withToken.status).toBe(200);
    expect(withToken.body).toEqual(first.body);
    expect(withToken.headers.get('cache-control')).toBe('private, no-cache');
  });

  it("the anonymous recommendation carousel is shared and purged with the catalogue; a customer's carousel is never cached", async () => {
    const path = `/rest/v2/usb2c/users/anonymous/recommendations/carousel?componentId=PdpBeverageRecommendations&baseProductCode=${BASE}`;
    const cache = t.app.responseCache!;
    const codesOf = (body: unknown) => (body as { products: Array<{ code: string }> }).products.map((p) => p.code);
    const plain = await get(uncached, path, { authorization: `Bearer ${uncached.token}` });
    const first = await get(t, path, { authorization: `Bearer ${t.token}` });
    const hits = cache.stats().hits;
    const second = await get(t, path, { authorization: `Bearer ${t.token}` });
    expect(first.status).toBe(200);
    expect(second.body).toEqual(plain.body);
    expect(cache.stats().hits).toBe(hits + 1);
    expect(second.headers.get('cache-control')).toBe('private, no-cache');

    const customer = await signUpCustomer(t);
    const before = cache.stats();
    for (let i = 0; i < 2; i++) expect((await get(t, path.replace('/anonymous/', '/current/'), { authorization: customer.auth })).status).toBe(200);
    expect(cache.stats().hits).toBe(before.hits);
    expect(cache.stats().misses).toBe(before.misses);

    // a shown product sells out: told on the change bus, it leaves the next answer
    const shown = codesOf(first.body)[0]!;
    const variants = await t.dbh.db.selectFrom('variants').select('code').where('base_product_code', '=', shown).execute();
    const stock = await t.dbh.db.selectFrom('stock').selectAll().where('variant_code', 'in', variants.map((v) => v.code)).execute();
    try {
      await t.dbh.db.updateTable('stock').set({ available: 0 }).where('variant_code', 'in', variants.map((v) => v.code)).execute();
      expect(codesOf((await get(t, path, { authorization: `Bearer ${t.token}` })).body)).toContain(shown); // untold: the cached answer
      catalogChangesOf(t.dbh).emit({ kind: 'products', codes: [shown, ...variants.map((v) => v.code)] });
      expect(codesOf((await get(t, path, { authorization: `Bearer ${t.token}` })).body)).not.toContain(shown);
    } finally {
      for (const s of stock) await t.dbh.db.updateTable('stock').set({ available: s.available }).where('variant_code', '=', s.variant_code).execute();
      catalogChangesOf(t.dbh).emit({ kind: 'products', codes: [shown, ...variants.map((v) => v.code)] });
    }
  });

  it('errors are not kept: an unknown product answers 404 each time', async () => {
    for (let i = 0; i < 2; i++) expect((await get(t, '/rest/v2/usb2c/products/NO-SUCH-PRODUCT')).status).toBe(404);
  });

  it('concurrent misses share one read', async () => {
    t.app.responseCache!.clear();
    const misses = t.app.responseCache!.stats().misses;
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(t, `/rest/v2/usb2c/products/${BASE}?fields=FULL&lang=en`)));
    expect(t.app.responseCache!.stats().misses).toBe(misses + 1);
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
  });

  it('the stock an order takes shows on the next request, and comes back with a cancellation', async () => {
    const customer = await signUpCustomer(t);
    const before = await stockOf(t);
    expect(await stockOf(t)).toBe(before); // cached
    const listBefore = await get(t, `/rest/v2/usb2c/productCodesData?productCodes=${BASE}`);
    const p = await prepareCheckout(customer.commerce, { products: [{ code: COFFEE_24, qty: 3 }], email: customer.email });
    const order = await customer.commerce.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
    expect(await stockOf(t)).toBe(before - 3);
    const listAfter = await get(t, `/rest/v2/usb2c/productCodesData?productCodes=${BASE}`);
    expect(listAfter.body).not.toEqual(listBefore.body);

    const cancel = await t.fetch(`http://localhost/rest/v2/usb2c/users/current/orders/${order.code}/cancel`, { method: 'POST', headers: { authorization: customer.auth } });
    expect(cancel.status).toBe(200);
    expect(await stockOf(t)).toBe(before);
  });

  it('an anonymous guest order purges too', async () => {
    const before = await stockOf(t);
    const p = await prepareCheckout(api, { products: [{ code: COFFEE_24, qty: 1 }] });
    await api.placeOrder('usb2c', p.cartGuid, { idempotencyKey: newKey(), paymentIntentId: p.paymentIntentId, paymentMethod: VISA });
    expect(await stockOf(t)).toBe(before - 1);
  });

  it('a price change committed and told on the change bus shows on the next request; untold, within the TTL', async () => {
    const shortLived = await buildTestApp(kind, { env: { API_CACHE_TTL_MS: '300' } });
    try {
      for (const app of [t, shortLived]) {
        expect((await priceOf(app)).price).toBe(17.99);
        await app.dbh.db.updateTable('prices').set({ price_minor: 1899 }).where('variant_code', '=', COFFEE_24).where('base_site', '=', 'usb2c').execute();
      }
      // told (what an operator tool writing in this process does after its commit): the next request
      expect((await priceOf(t)).price).toBe(17.99);
      catalogChangesOf(t.dbh).emit({ kind: 'products', codes: [COFFEE_24] });
      expect((await priceOf(t)).price).toBe(18.99);
      // another process wrote it (nothing told here): the entry lives at most API_CACHE_TTL_MS
      expect((await priceOf(shortLived)).price).toBe(17.99);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await priceOf(shortLived)).price).toBe(18.99);
      // a catalogue import (kind catalogue) drops every entry
      await t.dbh.db.updateTable('prices').set({ price_minor: 1799 }).where('variant_code', '=', COFFEE_24).where('base_site', '=', 'usb2c').execute();
      catalogChangesOf(t.dbh).emit({ kind: 'catalogue' });
      expect((await priceOf(t)).price).toBe(17.99);
    } finally {
      await shortLived.close();
    }
  });

  describe('answers by price group', () => {
    let employee: TestCustomer;
    let plain: TestCustomer;
    beforeAll(async () => {
      employee = await signUpCustomer(t);
      plain = await signUpCustomer(t);
      await t.dbh.db.updateTable('customers').set({ is_employee: 1 }).where('id', '=', employee.id).execute();
      await upsertPriceListPrice(t.dbh.db, { baseSite: 'usb2c', variantCode: COFFEE_24, groupCode: 'COMMERCIAL', currency: 'USD', priceMinor: 1500 });
    });

    it('never leak between anonymous shoppers, customers in no group and customers in a group', async () => {
      t.app.responseCache!.clear();
      // anonymous first: its entry must not serve the employee
      expect(await priceOf(t)).toEqual({ price: 17.99, personalized: null });
      expect(await priceOf(t, { authorization: employee.auth })).toEqual({ price: 17.99, personalized: 12.59 });
      expect(await priceOf(t, { authorization: plain.auth })).toEqual({ price: 17.99, personalized: null });
      expect(await priceOf(t)).toEqual({ price: 17.99, personalized: null });
      expect(await priceOf(t, { authorization: `Bearer ${t.token}` })).toEqual({ price: 17.99, personalized: null });
      expect(await priceOf(t, { authorization: 'Bearer not-a-token' })).toEqual({ price: 17.99, personalized: null });
      expect(await priceOf(t, { authorization: employee.auth })).toEqual({ price: 17.99, personalized: 12.59 });
    });

    it('a customer moved into a price group gets the group answer on the next request', async () => {
      expect(await priceOf(t, { authorization: plain.auth })).toEqual({ price: 17.99, personalized: null });
      await t.dbh.db.updateTable('customers').set({ price_group: 'COMMERCIAL' }).where('id', '=', plain.id).execute();
      expect(await priceOf(t, { authorization: plain.auth })).toEqual({ price: 17.99, personalized: 15 });
      expect(await priceOf(t)).toEqual({ price: 17.99, personalized: null });
    });
  });

  it('the direct transport answers a frozen object (nobody can change the shared entry)', async () => {
    if (t.transport !== 'direct') return;
    const { createDirectDispatcher } = await import('../src/http/direct.ts');
    const dispatcher = createDirectDispatcher(t.app);
    const call = { method: 'GET', path: `/rest/v2/usb2c/products/${BASE}`, search: 'fields=FULL', headers: {}, body: undefined };
    await dispatcher.dispatch(call);
    const answer = await dispatcher.dispatch(call);
    expect(answer?.status).toBe(200);
    expect(Object.isFrozen(answer?.data)).toBe(true);
    expect(Object.isFrozen((answer?.data as { variantOptions: unknown[] }).variantOptions[0])).toBe(true);
  });

  it('memory stays within API_CACHE_MAX_BYTES whatever is asked', async () => {
    const small = await buildTestApp(kind, { env: { API_CACHE_MAX_BYTES: '1048576' } });
    try {
      const codes = (await small.dbh.db.selectFrom('products').select('code').execute()).map((r) => r.code);
      expect(codes.length).toBeGreaterThan(50);
      for (const code of codes) await get(small, `/rest/v2/usb2c/products/${encodeURIComponent(code)}?fields=FULL`);
      const stats = small.app.responseCache!.stats();
      expect(stats.bytes).toBeLessThanOrEqual(1_048_576);
      expect(stats.entries).toBeGreaterThan(0);
    } finally {
      await small.close();
    }
  });
});
