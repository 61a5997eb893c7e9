import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchAnswerSchema } from '@store/contracts';
import { DEMO_CODES } from '@store/db';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';

async function upsertSiteConfig(t: TestApp, site: string, key: string, value: string): Promise<void> {
  await t.dbh.db
    .insertInto('site_config')
    .values({ base_site: site, key, value })
    .onConflict((oc) => oc.columns(['base_site', 'key']).doUpdateSet({ value }))
    .execute();
}

describe.each(dbKinds())('GET /search on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  const search = async (site: string, query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/rest/v2/${site}/search?${query}` });
    expect(res.statusCode).toBe(200);
    return SearchAnswerSchema.parse(res.json());
  };

  it('"cafe" finds "Café au Lait" (accents folded both ways)', async () => {
    const plain = await search('usb2c', 'term=cafe&lang=en');
    expect(plain.products.map((p) => p.code)).toContain(DEMO_CODES.frenchAccentProduct);
    expect(plain.freeTextSearch).toBe('cafe');
    const accented = await search('usb2c', `term=${encodeURIComponent('CAFÉ au lait')}`);
    expect(accented.products[0]!.code).toBe(DEMO_CODES.frenchAccentProduct);
  });

  it('searches in French on cab2c and answers French names and fr-CA prices', async () => {
    const fr = await search('cab2c', `term=${encodeURIComponent('torréfaction foncée')}&lang=fr`);
    expect(fr.pagination.totalResults).toBeGreaterThan(0);
    expect(fr.products.map((p) => p.code)).toContain(DEMO_CODES.coffee);
    expect(fr.products[0]!.url.startsWith('/fr/')).toBe(true);
    expect(fr.products[0]!.priceData.formattedValue).toMatch(/,\d{2}\u00A0\$$/);
    const thé = await search('cab2c', 'term=the&lang=fr&q=beverageType:tea');
    expect(thé.products.length).toBeGreaterThan(0);
    expect(thé.products.every((p) => p.beverageType === 'tea')).toBe(true);
  });

  it('answers facets, paging and an empty result cleanly', async () => {
    const all = await search('usb2c', 'term=coffee&pageSize=5');
    expect(all.products).toHaveLength(5);
    expect(all.pagination.totalResults).toBeGreaterThan(5);
    expect(all.facets.length).toBeGreaterThan(0);
    const none = await search('usb2c', 'term=qqqqzzzz');
    expect(none).toMatchObject({ products: [], facets: [], keywordRedirect: null, spellingSuggestion: null });
    expect(none.pagination.totalResults).toBe(0);
  });

  it('answers a keyword redirect configured for the site', async () => {
    await upsertSiteConfig(t, 'usb2c', 'search.keywordRedirects', JSON.stringify({ 'coffee makers': '/c/BR' }));
    const res = await search('usb2c', 'term=Coffee%20Makers');
    expect(res.keywordRedirect).toEqual({ url: '/c/BR' });
    expect((await search('usb2c', 'term=coffee')).keywordRedirect).toBeNull();
  });
});
