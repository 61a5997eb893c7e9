import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categorySubtree,
  clearReadCache,
  createDb,
  listCategories,
  listProducts,
  DEMO_CATEGORY_CODES,
  type DbHandle,
  type FacetFilters,
  type ListSort,
} from '@store/db';
import { createTestDb, dbKinds, type TestDb } from '@store/testing';

// listProducts through the read cache (ADR 0011) answers exactly what a fresh read answers, and
// sees a change once the cache is cleared (or its TTL ends).
describe.each(dbKinds())('listProducts with the read cache on %s', (kind) => {
  let testDb: TestDb;
  let cached: DbHandle;
  beforeAll(async () => {
    testDb = await createTestDb(kind);
    cached = createDb(testDb.url, { readCacheTtlMs: 60_000 });
  });
  afterAll(async () => {
    await cached?.close();
    await testDb?.close();
  });

  it('answers the same pages, totals and facets as an uncached read', async () => {
    const categoryCodes = categorySubtree(await listCategories(testDb.dbh.db), DEMO_CATEGORY_CODES.beverages);
    const cases: Array<{ sort: ListSort; filters: FacetFilters; page: number }> = [
      { sort: 'relevance', filters: {}, page: 0 },
      { sort: 'relevance', filters: {}, page: 1 },
      { sort: 'name-asc', filters: {}, page: 0 },
      { sort: 'price-asc', filters: { roast: ['dark'] }, page: 0 },
      { sort: 'price-desc', filters: { roast: ['dark', 'medium'], packType: ['Pods'] }, page: 0 },
      { sort: 'name-asc', filters: { beverageType: ['tea'] }, page: 0 },
    ];
    for (const site of ['usb2c', 'cab2c'] as const) {
      for (const lang of ['en', 'fr'] as const) {
        for (const c of cases) {
          const opts = { site, lang, scope: { kind: 'categories' as const, categoryCodes }, pageSize: 10, ...c };
          // twice through the cache: the second answer comes from the cached rows
          await listProducts(cached.db, opts);
          const [fromCache, fresh] = await Promise.all([listProducts(cached.db, opts), listProducts(testDb.dbh.db, opts)]);
          expect(fromCache).toEqual(fresh);
        }
      }
    }
  });

  it('shows a price change once the cache is cleared', async () => {
    const categoryCodes = [DEMO_CATEGORY_CODES.brewers];
    const opts = { site: 'usb2c', lang: 'en' as const, scope: { kind: 'categories' as const, categoryCodes }, pageSize: 50, page: 0, filters: {}, sort: 'price-desc' as const };
    const before = await listProducts(cached.db, opts);
    const top = before.cards[0]!;
    const variant = top.defaultVariantCode;
    const old = await testDb.dbh.db.selectFrom('prices').select('price_minor').where('variant_code', '=', variant).where('base_site', '=', 'usb2c').executeTakeFirstOrThrow();
    try {
      // the cheapest possible price: the product moves to the end of a price-desc listing
      await testDb.dbh.db.updateTable('prices').set({ price_minor: 1, discount_price_minor: null }).where('variant_code', '=', variant).where('base_site', '=', 'usb2c').execute();
      expect((await listProducts(cached.db, opts)).cards[0]!.code).toBe(top.code);
      clearReadCache(cached.db);
      const after = await listProducts(cached.db, opts);
      expect(after.cards[0]!.code).not.toBe(top.code);
      expect(after.cards.at(-1)!.code).toBe(top.code);
      expect(after).toEqual(await listProducts(testDb.dbh.db, opts));
    } finally {
      await testDb.dbh.db.updateTable('prices').set({ price_minor: old.price_minor }).where('variant_code', '=', variant).where('base_site', '=', 'usb2c').execute();
    }
  });
});
