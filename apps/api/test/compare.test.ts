/**
 * Compare and search suggestions (issue 13; ADR 0031), on SQLite and PostgreSQL, over the
 * transport of the run (`API_TRANSPORT`): brewer compare by path and by query, product
 * comparison, the table (classes, missing cells, differs, price row), and bad input (5 items,
 * empty items, one item, duplicates, unknown code, a non-brewer, NUL byte, 3 KB string); the
 * suggestions (products and categories, French, bounded term); the seeded keyword redirects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ComparisonAnswerSchema, OccErrorBodySchema, SearchAnswerSchema, SuggestionsAnswerSchema } from '@store/contracts';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';

const BREWERS = ['BH-SOLO', 'BH-MINI', 'BH-SLIM'];

describe.each(dbKinds())('compare and suggestions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = (url: string) => t.app.inject({ method: 'GET', url: `/rest/v2/${url}` });
  const ok = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const refused = async (url: string, status: number, reason: string, subject: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(status);
    const body = OccErrorBodySchema.parse(res.json());
    expect(body.errors[0]).toMatchObject({ reason, subject });
    return body;
  };

  it('compares three brewers by path and by query alike, grouped by class with differences flagged', async () => {
    const byPath = ComparisonAnswerSchema.parse(await ok(`usb2c/products/${BREWERS.join(',')}/getAppliance/comparison?lang=en`));
    const byQuery = ComparisonAnswerSchema.parse(await ok(`usb2c/products/compare-appliance?items=${BREWERS.join(',')}&lang=en`));
    expect(byQuery).toEqual(byPath);
    expect(byPath.kind).toBe('brewers');
    expect(byPath.products.map((p) => p.code)).toEqual(BREWERS);
    const brewing = byPath.classifications.find((g) => g.code === 'BREWING');
    expect(brewing?.name).toBe('Brewing features');
    const cups = brewing!.rows.find((r) => r.code === 'CUP_SIZES')!;
    expect(cups.values).toHaveLength(3);
    expect(cups.values[0]).toBe('6, 8, 10 oz');
    const rows = byPath.classifications.flatMap((g) => g.rows);
    expect(rows.every((r) => r.differs === new Set(r.values).size > 1)).toBe(true);
    expect(byPath.identicalRowCount).toBe(rows.filter((r) => !r.differs).length);
    // the price row: the Mini is on sale at $55.99, the Solo $89.99
    expect(byPath.price.values.map((p) => p?.value)).toEqual([89.99, 55.99, expect.any(Number)]);
    expect(byPath.price.differs).toBe(true);
  });

  it('answers French names and values, and collapses duplicate codes', async () => {
    const fr = ComparisonAnswerSchema.parse(await ok('cab2c/products/compare-appliance?items=BH-SOLO,BH-MINI,BH-SOLO&lang=fr'));
    expect(fr.products.map((p) => p.code)).toEqual(['BH-SOLO', 'BH-MINI']);
    expect(fr.classifications.find((g) => g.code === 'BREWING')?.name).toBe("Fonctions d'infusion");
    expect(fr.products[0]!.url.startsWith('/fr/')).toBe(true);
  });

  it('compares products of any type; a missing feature is a null cell', async () => {
    const res = ComparisonAnswerSchema.parse(await ok('usb2c/products/compare?items=BH-SOLO,ACC-DESCALE&lang=en'));
    expect(res.kind).toBe('products');
    const rows = res.classifications.flatMap((g) => g.rows);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.values[1] === null && r.differs)).toBe(true);
    expect(res.identicalRowCount).toBe(0);
  });

  it('refuses bad items with 400 naming the field, unknown codes with 404 naming the code', async () => {
    await refused('usb2c/products/compare?items=BH-SOLO,BH-MINI,BH-SLIM,BH-CLASSIC,BH-ELITE', 400, 'tooManyItems', 'items');
    await refused('usb2c/products/compare-appliance?items=BH-SOLO,BH-MINI,BH-SLIM,BH-CLASSIC,BH-ELITE', 400, 'tooManyItems', 'items');
    await refused('usb2c/products/BH-SOLO,BH-MINI,BH-SLIM,BH-CLASSIC,BH-ELITE/getAppliance/comparison', 400, 'tooManyItems', 'codes');
    await refused('usb2c/products/compare?items=', 400, 'tooFewItems', 'items');
    await refused('usb2c/products/compare?items=BH-SOLO,,BH-SOLO', 400, 'tooFewItems', 'items');
    await refused('usb2c/products/compare', 400, 'missing', 'items');
    await refused('usb2c/products/compare?items=BH-SOLO,BH%00MINI', 400, 'invalidCharacters', 'items');
    await refused('usb2c/products/BH-SOLO,BH%00MINI/getAppliance/comparison', 400, 'invalidCharacters', 'codes');
    await refused(`usb2c/products/compare?items=${'A'.repeat(3000)}`, 400, 'tooLong', 'items');
    const unknown = await refused('usb2c/products/compare?items=BH-SOLO,NOPE-404', 404, 'notFound', 'items');
    expect(unknown.errors[0]!.message).toContain('NOPE-404');
    // a commercial brewer is not sold on cab2c
    await refused('cab2c/products/compare?items=BH-SOLO,BH-OFFICE-PRO', 404, 'notFound', 'items');
    const notBrewer = await refused('usb2c/products/BH-SOLO,ACC-DESCALE/getAppliance/comparison', 404, 'notABrewer', 'codes');
    expect(notBrewer.errors[0]!.message).toContain('ACC-DESCALE');
  });

  it('suggests products and categories as the shopper types, in French too, with a bounded term', async () => {
    const en = SuggestionsAnswerSchema.parse(await ok('usb2c/products/suggestions?term=brewh%20so&lang=en'));
    expect(en.products.map((p) => p.code)).toContain('BH-SOLO');
    const cat = SuggestionsAnswerSchema.parse(await ok('usb2c/products/suggestions?term=coffee%20mak&lang=en&max=3'));
    expect(cat.categories.length).toBeGreaterThan(0);
    expect(cat.categories.length).toBeLessThanOrEqual(3);
    expect(cat.products.length).toBeLessThanOrEqual(3);
    const fr = SuggestionsAnswerSchema.parse(await ok(`cab2c/products/suggestions?term=${encodeURIComponent('détartr')}&lang=fr`));
    expect(fr.products[0]).toMatchObject({ code: 'ACC-DESCALE', url: '/fr/brewhaus-solution-de-detartrage/p/ACC-DESCALE' });
    const empty = SuggestionsAnswerSchema.parse(await ok('usb2c/products/suggestions?term=%20'));
    expect(empty).toEqual({ term: '', products: [], categories: [] });
    await refused(`usb2c/products/suggestions?term=${'a'.repeat(101)}`, 400, 'tooLong', 'term');
    await refused('usb2c/products/suggestions?term=a%00b', 400, 'invalidCharacters', 'term');
    await refused('usb2c/products/suggestions?term=ab&max=11', 400, 'invalid', 'max');
  });

  it('sends the seeded descaling words to the descaler, in the answer language', async () => {
    for (const site of ['usb2c', 'cab2c', 'usafh']) {
      const res = SearchAnswerSchema.parse(await ok(`${site}/search?term=Descaling&lang=en`));
      expect(res.keywordRedirect).toEqual({ url: '/brewhaus-descaling-solution/p/ACC-DESCALE' });
    }
    const fr = SearchAnswerSchema.parse(await ok(`cab2c/search?term=${encodeURIComponent('Détartrage')}&lang=fr`));
    expect(fr.keywordRedirect).toEqual({ url: '/fr/brewhaus-descaling-solution/p/ACC-DESCALE' });
  });
});
