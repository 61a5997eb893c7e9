import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categorySubtree,
  countFacets,
  createQueryCounter,
  facetQueryOf,
  findCmsPage,
  findProduct,
  getComponents,
  getProductCards,
  getSiteConfig,
  listCategories,
  listProducts,
  parseFacetQuery,
  DEMO_CATEGORY_CODES,
  DEMO_CODES,
  type CategoryRecord,
  type QueryCounter,
} from '@store/db';
import { createTestDb, dbKinds, type TestDb } from '@store/testing';

describe('facet query strings', () => {
  it('parses `facet:value` pairs, ignores unknown facets and duplicates, and prints them back in facet order', () => {
    const filters = parseFacetQuery('brand:MAPLE_RIDGE, roast:dark,colour:red,brand:MAPLE_RIDGE,brand:NORTHBOUND,price:,junk');
    expect(filters).toEqual({ brand: ['MAPLE_RIDGE', 'NORTHBOUND'], roast: ['dark'] });
    expect(facetQueryOf(filters)).toBe('roast:dark,brand:MAPLE_RIDGE,brand:NORTHBOUND');
    expect(parseFacetQuery(undefined)).toEqual({});
  });

  it('counts disjunctively: a facet ignores its own filter but applies the others', () => {
    const row = (code: string, roast: string, brand: string) => ({
      code,
      name: code,
      brand,
      brandCode: brand,
      sortOrder: 0,
      priceMinor: 1000,
      values: { beverageType: ['coffee'], roast: [roast], brand: [brand], count: ['24ct'], packType: ['Pods'], price: ['10-20'] },
    });
    const rows = [row('a', 'dark', 'X'), row('b', 'dark', 'Y'), row('c', 'light', 'X')];
    const facets = countFacets(rows, { roast: ['dark'] });
    const roast = facets.find((f) => f.code === 'roast')!;
    expect(roast.values.map((v) => [v.code, v.count, v.selected])).toEqual([
      ['light', 1, false],
      ['dark', 2, true],
    ]);
    const brand = facets.find((f) => f.code === 'brand')!;
    expect(brand.values.map((v) => [v.code, v.count])).toEqual([
      ['X', 1],
      ['Y', 1],
    ]);
  });
});

describe.each(dbKinds())('catalogue repository on %s', (kind) => {
  let testDb: TestDb;
  let counter: QueryCounter;
  let categories: CategoryRecord[];
  beforeAll(async () => {
    counter = createQueryCounter();
    testDb = await createTestDb(kind, { plugins: [counter] });
    categories = await listCategories(testDb.dbh.db);
  });
  afterAll(async () => {
    await testDb?.close();
  });
  const db = () => testDb.dbh.db;

  it('finds a product by code with variants, prices in the site currency, stock, categories and features', async () => {
    const found = await findProduct(db(), { site: 'cab2c', lang: 'fr', code: DEMO_CODES.coffee });
    expect(found).not.toBeNull();
    const { product, requestedVariant } = found!;
    expect(requestedVariant).toBeNull();
    expect(product.code).toBe(DEMO_CODES.coffee);
    expect(product.variants.map((v) => v.code)).toEqual([DEMO_CODES.coffeeVariant24, DEMO_CODES.coffeeVariant48, DEMO_CODES.coffeeVariant96]);
    expect(product.variants.every((v) => v.price?.currency === 'CAD')).toBe(true);
    expect(product.categoryCodes.length).toBeGreaterThan(0);
    expect(product.features.length).toBeGreaterThan(0);
    expect(product.name).not.toBe((await findProduct(db(), { site: 'cab2c', lang: 'en', code: DEMO_CODES.coffee }))!.product.name);
  });

  it('reads the recurring-only sale price strategy AD_RECURRING_OTP as itself, not as "no strategy" (ADR 0018)', async () => {
    // before: an unknown strategy became null, which shows the sale price to every one-time shopper
    const where = { variant: DEMO_CODES.coffeeVariant96, site: 'usb2c' };
    const before = await db().selectFrom('prices').select('sales_price_strategy').where('variant_code', '=', where.variant).where('base_site', '=', where.site).executeTakeFirstOrThrow();
    await db().updateTable('prices').set({ sales_price_strategy: 'AD_RECURRING_OTP' }).where('variant_code', '=', where.variant).where('base_site', '=', where.site).execute();
    try {
      const found = await findProduct(db(), { site: 'usb2c', lang: 'en', code: DEMO_CODES.coffee });
      const price = found!.product.variants.find((v) => v.code === where.variant)!.price!;
      expect(price.isDiscountPrice).toBe(true);
      expect(price.salesPriceStrategy).toBe('AD_RECURRING_OTP');
    } finally {
      await db().updateTable('prices').set({ sales_price_strategy: before.sales_price_strategy }).where('variant_code', '=', where.variant).where('base_site', '=', where.site).execute();
    }
  });

  it('finds the base product from a variant code', async () => {
    const found = await findProduct(db(), { site: 'usb2c', lang: 'en', code: DEMO_CODES.brewerRedVariant });
    expect(found?.product.code).toBe(DEMO_CODES.brewer);
    expect(found?.requestedVariant).toBe(DEMO_CODES.brewerRedVariant);
  });

  it('answers null for unknown codes and products not sold on the site', async () => {
    expect(await findProduct(db(), { site: 'usb2c', lang: 'en', code: 'NO-SUCH-THING' })).toBeNull();
    expect(await findProduct(db(), { site: 'usb2c', lang: 'en', code: DEMO_CODES.caOnlyProduct })).toBeNull();
    expect(await findProduct(db(), { site: 'cab2c', lang: 'en', code: DEMO_CODES.caOnlyProduct })).not.toBeNull();
  });

  it('loads bundle items with their variants and prices in one product read', async () => {
    counter.reset();
    const found = await findProduct(db(), { site: 'usb2c', lang: 'en', code: DEMO_CODES.bundle });
    expect(counter.count).toBe(5);
    expect(found?.product.isBundle).toBe(true);
    expect(found!.product.bundleItems.length).toBeGreaterThan(1);
    expect(found!.product.bundleItems.every((i) => i.variant.price !== null && i.qty > 0)).toBe(true);
  });

  it('lists a category subtree with paging, and the statement count does not grow with the page size', async () => {
    const scope = { kind: 'categories' as const, categoryCodes: categorySubtree(categories, DEMO_CATEGORY_CODES.beverages) };
    counter.reset();
    const small = await listProducts(db(), { site: 'usb2c', lang: 'en', scope, filters: {}, page: 0, pageSize: 2, sort: 'relevance' });
    const smallCount = counter.count;
    counter.reset();
    const big = await listProducts(db(), { site: 'usb2c', lang: 'en', scope, filters: {}, page: 0, pageSize: 100, sort: 'relevance' });
    expect(counter.count).toBe(smallCount);
    expect(counter.count).toBeLessThanOrEqual(4);
    expect(small.cards).toHaveLength(2);
    expect(big.cards).toHaveLength(Math.min(100, big.totalResults));
    expect(big.totalResults).toBeGreaterThanOrEqual(120);
    expect(small.totalResults).toBe(big.totalResults);
    const last = await listProducts(db(), { site: 'usb2c', lang: 'en', scope, filters: {}, page: 1, pageSize: 100, sort: 'relevance' });
    expect(last.cards).toHaveLength(big.totalResults - 100);
    expect(new Set([...big.cards, ...last.cards].map((c) => c.code)).size).toBe(big.totalResults);
  });

  it('narrows by facet filters and sorts by price', async () => {
    const scope = { kind: 'categories' as const, categoryCodes: categorySubtree(categories, DEMO_CATEGORY_CODES.beverages) };
    const all = await listProducts(db(), { site: 'usb2c', lang: 'en', scope, filters: {}, page: 0, pageSize: 100, sort: 'price-asc' });
    const roast = all.facets.find((f) => f.code === 'roast')!;
    const dark = roast.values.find((v) => v.code === 'dark')!;
    const filtered = await listProducts(db(), { site: 'usb2c', lang: 'en', scope, filters: { roast: ['dark'] }, page: 0, pageSize: 100, sort: 'relevance' });
    expect(filtered.totalResults).toBe(dark.count);
    expect(filtered.totalResults).toBeLessThan(all.totalResults);
    expect(filtered.cards.every((c) => c.roast === 'dark')).toBe(true);
    const prices = all.cards.map((c) => c.variants.find((v) => v.code === c.defaultVariantCode)!.price!);
    expect(prices.length).toBeGreaterThan(10);
  });

  it('skips discontinued products in lists but still finds them by code', async () => {
    const everything = await listProducts(db(), { site: 'usb2c', lang: 'en', scope: { kind: 'all' }, filters: {}, page: 0, pageSize: 100, sort: 'name-asc' });
    expect(everything.totalResults).toBeGreaterThan(100);
    const cards = await getProductCards(db(), { site: 'usb2c', lang: 'en', codes: [DEMO_CODES.discontinued, DEMO_CODES.coffee] });
    expect(cards.map((c) => c.code)).toEqual([DEMO_CODES.coffee]);
    const found = await findProduct(db(), { site: 'usb2c', lang: 'en', code: DEMO_CODES.discontinued });
    expect(found?.product.discontinued).toBe(true);
  });

  it('reads CMS pages with slots and components in both languages, and site configuration', async () => {
    const en = await findCmsPage(db(), { site: 'cab2c', lang: 'en', pageType: 'ContentPage' });
    const fr = await findCmsPage(db(), { site: 'cab2c', lang: 'fr', pageType: 'ContentPage' });
    expect(en?.uid).toBe('homepage');
    expect(en!.slots.length).toBeGreaterThan(0);
    const uid = en!.slots[0]!.componentUids[0]!;
    expect(en!.components.get(uid)?.data).not.toEqual(fr!.components.get(uid)?.data);
    const components = await getComponents(db(), { site: 'cab2c', lang: 'fr', uids: [uid, 'nope'] });
    expect([...components.keys()]).toEqual([uid]);
    const config = await getSiteConfig(db(), 'cab2c');
    expect(config.find((c) => c.key === 'freeShippingMinimum')?.value).toBe('5500');
  });
});
