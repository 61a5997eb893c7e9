/**
 * Issue 9 items 11 and 13 through the HTTP layer, on SQLite and PostgreSQL: the coffee makers
 * listing holds only brewers and brewer bundles, and `/medias/<code>.svg` draws each brewer model
 * differently, each colour in its colour, a bundle with its contents, and never any text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategoryProductsAnswerSchema } from '@store/contracts';
import { DEMO_CATEGORY_CODES, DEMO_CODES, VARIANT_COLORS } from '@store/db';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';

describe.each(dbKinds())('catalogue listings and product pictures on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const svg = async (code: string) => {
    const res = await get(`/medias/${code}.svg`);
    expect(res.statusCode, code).toBe(200);
    return res.body;
  };

  it('lists only brewers and brewer kits under Coffee makers, on every site and in both languages (item 11)', async () => {
    for (const [site, lang] of [['usb2c', 'en'], ['cab2c', 'en'], ['cab2c', 'fr'], ['usafh', 'en']] as const) {
      const res = await get(`/rest/v2/${site}/categories/${DEMO_CATEGORY_CODES.brewers}/products?pageSize=100&lang=${lang}`);
      const page = CategoryProductsAnswerSchema.parse(res.json());
      expect(page.products.length, site).toBeGreaterThan(0);
      const strays = page.products.filter((p) => p.productType !== 'Brewer' && !(p.productType === 'Bundle' && p.code !== 'BUNDLE-TEA-SAMPLER' && p.code !== 'BUNDLE-COCOA-GIFT'));
      expect(strays.map((p) => `${p.code} ${p.name}`), `${site} ${lang}`).toEqual([]);
    }
    // the two beverage bundles are where a tea or cocoa shopper looks
    const tea = CategoryProductsAnswerSchema.parse((await get(`/rest/v2/usb2c/categories/${DEMO_CATEGORY_CODES.tea}/products?pageSize=100`)).json());
    expect(tea.products.map((p) => p.code)).toContain('BUNDLE-TEA-SAMPLER');
    const cocoa = CategoryProductsAnswerSchema.parse((await get(`/rest/v2/cab2c/categories/${DEMO_CATEGORY_CODES.cocoa}/products?pageSize=100&lang=fr`)).json());
    expect(cocoa.products.map((p) => p.code)).toContain('BUNDLE-COCOA-GIFT');
  });

  it('serves pictures with no text at all (item 13)', async () => {
    for (const code of [DEMO_CODES.coffeeVariant24, DEMO_CODES.brewerRedVariant, DEMO_CODES.bundle, DEMO_CODES.giftCardVariant50, 'ACC-MUG-WHT', DEMO_CODES.caOnlyProduct]) {
      const body = await svg(code);
      expect(body, code).not.toMatch(/<(text|title|desc)\b|aria-label|font-family/);
      expect(body.replace(/<[^>]*>/g, '').trim(), code).toBe('');
    }
  });

  it('draws brewer models differently and each colour variant in its colour (item 13)', async () => {
    const solo = await svg(DEMO_CODES.brewerDefaultVariant);
    const elite = await svg('BH-ELITE-BLK');
    const office = await svg('BH-OFFICE-PRO-BLK');
    const geometry = (s: string) => s.replace(/#[0-9a-f]{6}\b/gi, '#000000');
    expect(new Set([solo, elite, office].map(geometry)).size).toBe(3);
    const red = await svg(DEMO_CODES.brewerRedVariant);
    expect(red).toContain(`fill="${VARIANT_COLORS['cherry-red']!.hex}"`);
    expect(solo).toContain(`fill="${VARIANT_COLORS['matte-black']!.hex}"`);
    // the colour is the only difference between two variants of one model
    expect(geometry(red)).toBe(geometry(solo));
    // a product code draws its default variant
    expect(await svg(DEMO_CODES.brewer)).toBe(solo);
    // the starter kit shows its matte-black brewer inside
    expect(await svg(DEMO_CODES.bundle)).toContain(VARIANT_COLORS['matte-black']!.hex);
  });
});
