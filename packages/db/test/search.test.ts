import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldForSearch, matchProductCodes, searchProducts, searchTokens, DEMO_CODES } from '@store/db';
import { createTestDb, dbKinds, type TestDb } from '@store/testing';

describe('search tokens', () => {
  it('folds accents and drops query syntax characters', () => {
    expect(searchTokens('  Café "au" LAIT* & (noir) ')).toEqual(['cafe', 'au', 'lait', 'noir']);
    expect(searchTokens('')).toEqual([]);
    expect(foldForSearch('Crème brûlée')).toBe('creme brulee');
  });
});

describe.each(dbKinds())('searchProducts on %s', (kind) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb(kind);
  });
  afterAll(async () => {
    await testDb?.close();
  });
  const search = (site: string, lang: 'en' | 'fr', term: string, extra: { filters?: Record<string, string[]>; page?: number } = {}) =>
    searchProducts(testDb.dbh, { site, lang, term, page: extra.page ?? 0, pageSize: 36, filters: extra.filters ?? {} });

  it('"cafe" finds "Café au Lait", and so do "café" and "CAFÉ AU LAIT"', async () => {
    for (const term of ['cafe', 'café', 'CAFÉ AU LAIT', 'cafe au lait']) {
      const result = await search('usb2c', 'en', term);
      expect(result.cards.map((c) => c.code), term).toContain(DEMO_CODES.frenchAccentProduct);
      expect(result.freeTextSearch).toBe(term.trim());
    }
  });

  it('searches French documents for lang=fr on cab2c', async () => {
    const result = await search('cab2c', 'fr', 'torrefaction foncee');
    expect(result.totalResults).toBeGreaterThan(0);
    expect(result.cards.map((c) => c.code)).toContain(DEMO_CODES.coffee);
    expect(result.cards[0]!.name).toMatch(/torréfaction/i);
  });

  it('matches prefixes and ANDs the tokens', async () => {
    const solo = await search('usb2c', 'en', 'sol');
    expect(solo.cards.map((c) => c.code)).toContain(DEMO_CODES.brewer);
    const none = await search('usb2c', 'en', 'solo zzzzqx');
    expect(none.totalResults).toBe(0);
    expect(none.cards).toEqual([]);
  });

  it('only answers products sold on the site', async () => {
    const codes = await matchProductCodes(testDb.dbh, { site: 'usb2c', lang: 'en', term: 'maple sugar shack' });
    expect(codes).not.toContain(DEMO_CODES.caOnlyProduct);
    const ca = await matchProductCodes(testDb.dbh, { site: 'cab2c', lang: 'en', term: 'maple sugar shack' });
    expect(ca).toContain(DEMO_CODES.caOnlyProduct);
  });

  it('takes facet filters and answers facets of the matches', async () => {
    const all = await search('usb2c', 'en', 'coffee');
    const brand = all.facets.find((f) => f.code === 'brand');
    expect(brand?.values.length).toBeGreaterThan(1);
    const first = brand!.values[0]!;
    const narrowed = await search('usb2c', 'en', 'coffee', { filters: { brand: [first.code] } });
    expect(narrowed.totalResults).toBe(first.count);
    expect(narrowed.cards.every((c) => c.brandCode === first.code)).toBe(true);
  });

  it('treats an empty term as "everything on the site" and survives query syntax', async () => {
    const all = await search('usb2c', 'en', '   ');
    expect(all.totalResults).toBeGreaterThan(100);
    for (const term of ['"', '*', 'a:b', 'NEAR(', "'; DROP TABLE products; --", '&|!']) {
      await expect(search('usb2c', 'en', term)).resolves.toBeDefined();
    }
  });
});
