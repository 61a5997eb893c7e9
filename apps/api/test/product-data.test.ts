/**
 * productData, search product codes and variant options' frequentlyBoughtTogether (issue 13;
 * ADR 0035 "Product data and search product codes", ADR 0032), on SQLite and PostgreSQL, over the
 * transport of the run (`API_TRANSPORT`):
 * - productData: variants' stock, prices and purchasable flag agree with the FULL product answer;
 *   a variant code sets `selected`; a sold-out variant is not purchasable; French URL; the
 *   frequently-bought-together codes; 404 unknown code, 400 NUL byte and a 150-character code
 *   (414 for 3 KB: the URL limit);
 * - search product codes: the same codes, in the same order, as the first page of `/search`, and
 *   its total; pageSize bounds; 400 missing, blank, NUL byte, too long searchQuery and pageSize 0,
 *   101, "x";
 * - variantOptions carries the product's frequentlyBoughtTogether on every option, in ONE more
 *   statement whatever the list's length.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OccErrorBodySchema, ProductDataAnswerSchema, ProductFullSchema, SearchAnswerSchema, SearchProductCodesAnswerSchema, VariantOptionsAnswerSchema } from '@store/contracts';
import { createQueryCounter } from '@store/db';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';

describe.each(dbKinds())('productData and search product codes on %s', (kind) => {
  let t: TestApp;
  const counter = createQueryCounter();
  beforeAll(async () => {
    t = await buildTestApp(kind, { dbOptions: { plugins: [counter] } });
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
  const refused = async (url: string, status: number, subject: string, reason?: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(status);
    const body = OccErrorBodySchema.parse(res.json());
    expect(body.errors[0]).toMatchObject({ subject, ...(reason ? { reason } : {}) });
    return body;
  };

  describe('productData', () => {
    it('answers the per-request data of the product page, agreeing with the FULL answer', async () => {
      const full = ProductFullSchema.parse(await ok('usb2c/products/BH-SOLO'));
      const data = ProductDataAnswerSchema.parse(await ok('usb2c/products/BH-SOLO/productData'));
      expect(data).toMatchObject({ code: 'BH-SOLO', name: full.name, url: full.url, defaultVariantCode: full.defaultVariantCode, selected: null, discontinued: false, purchasable: true });
      expect(data.frequentlyBoughtTogether).toEqual(['ACC-DESCALE', 'BH-SIGNATURE-DARK', 'ACC-MUG']);
      expect(data.variants.map((v) => v.code)).toEqual(full.variantOptions.map((v) => v.code));
      for (const [i, v] of data.variants.entries()) {
        const o = full.variantOptions[i]!;
        expect(v).toMatchObject({ stock: o.stock, priceData: o.priceData, originalPriceData: o.originalPriceData, discountPriceData: o.discountPriceData, adPriceData: o.adPriceData, salesPriceStrategy: o.salesPriceStrategy });
        expect(v.purchasable).toBe(o.stock.stockLevelStatus !== 'outOfStock');
      }
    });

    it('a variant code answers its base product with selected; a sold-out variant is not purchasable; French URL', async () => {
      const data = ProductDataAnswerSchema.parse(await ok('usb2c/products/LASTUNIT-48/productData'));
      expect(data.code).toBe('LASTUNIT');
      expect(data.selected).toBe('LASTUNIT-48');
      const soldOut = data.variants.find((v) => v.code === 'LASTUNIT-48')!;
      expect(soldOut).toMatchObject({ purchasable: false, stock: { stockLevelStatus: 'outOfStock' } });
      expect(data.purchasable).toBe(data.variants.some((v) => v.stock.stockLevelStatus !== 'outOfStock'));
      const fr = ProductDataAnswerSchema.parse(await ok('cab2c/products/BH-SOLO/productData?lang=fr'));
      expect(fr.url).toMatch(/^\/fr\//);
      expect(fr.variants[0]!.priceData.currencyIso).toBe('CAD');
    });

    it('refuses bad input: 404 unknown code, 400 NUL byte, too long code, bad lang; 414 a 3 KB code', async () => {
      const unknown = await refused('usb2c/products/NOPE-404/productData', 404, 'code', 'notFound');
      expect(unknown.errors[0]!.message).toContain('NOPE-404');
      await refused('usb2c/products/BH%00SOLO/productData', 400, 'code', 'invalidCharacters');
      await refused(`usb2c/products/${'A'.repeat(150)}/productData`, 400, 'code', 'tooLong');
      // a 3 KB code in the path: the server's URL limit answers 414 before any route runs (as for every path parameter)
      expect((await get(`usb2c/products/${'A'.repeat(3 * 1024)}/productData`)).statusCode).toBe(414);
      await refused('usb2c/products/BH-SOLO/productData?lang=de', 400, 'lang');
      await refused('nosite/products/BH-SOLO/productData', 404, 'baseSiteId');
      // a commercial brewer is not sold on cab2c
      await refused('cab2c/products/BH-OFFICE-PRO/productData', 404, 'code', 'notFound');
    });
  });

  describe('search product codes', () => {
    it('answers the codes of the first page of /search, in the same order, and the total', async () => {
      for (const [site, term, lang] of [['usb2c', 'coffee', 'en'], ['usb2c', 'brewer', 'en'], ['cab2c', 'cafe', 'fr']] as const) {
        const search = SearchAnswerSchema.parse(await ok(`${site}/search?term=${term}&lang=${lang}&pageSize=5`));
        const codes = SearchProductCodesAnswerSchema.parse(await ok(`${site}/search/productCodes?searchQuery=${term}&lang=${lang}&pageSize=5`));
        expect(search.pagination.totalResults).toBeGreaterThan(0);
        expect(codes.productCodes).toEqual(search.products.map((p) => p.code));
        expect(codes.totalCount).toBe(search.pagination.totalResults);
      }
      // pageSize bounds the codes, not the total; the default page size is 36
      const one = SearchProductCodesAnswerSchema.parse(await ok('usb2c/search/productCodes?searchQuery=coffee&pageSize=1'));
      expect(one.productCodes).toHaveLength(1);
      const all = SearchProductCodesAnswerSchema.parse(await ok('usb2c/search/productCodes?searchQuery=coffee'));
      expect(all.totalCount).toBe(one.totalCount);
      expect(all.productCodes).toHaveLength(Math.min(36, all.totalCount));
      // nothing matches: empty, not an error
      expect(await ok('usb2c/search/productCodes?searchQuery=zzzqqqxxx')).toEqual({ productCodes: [], totalCount: 0 });
    });

    it('refuses bad input with 400 naming the field', async () => {
      await refused('usb2c/search/productCodes', 400, 'searchQuery');
      await refused('usb2c/search/productCodes?searchQuery=', 400, 'searchQuery');
      await refused('usb2c/search/productCodes?searchQuery=%20%20', 400, 'searchQuery');
      await refused('usb2c/search/productCodes?searchQuery=cof%00fee', 400, 'searchQuery', 'invalidCharacters');
      await refused(`usb2c/search/productCodes?searchQuery=${'a'.repeat(3000)}`, 400, 'searchQuery', 'tooLong');
      await refused('usb2c/search/productCodes?searchQuery=coffee&pageSize=0', 400, 'pageSize');
      await refused('usb2c/search/productCodes?searchQuery=coffee&pageSize=101', 400, 'pageSize');
      await refused('usb2c/search/productCodes?searchQuery=coffee&pageSize=x', 400, 'pageSize');
      await refused('usb2c/search/productCodes?searchQuery=coffee&lang=de', 400, 'lang');
    });
  });

  describe('variantOptions frequentlyBoughtTogether', () => {
    it('fills the list on every option, like the FULL answer', async () => {
      const full = ProductFullSchema.parse(await ok('usb2c/products/BH-SOLO'));
      const answer = VariantOptionsAnswerSchema.parse(await ok('usb2c/products/BH-SOLO/variantOptions'));
      expect(answer.variantOptions.length).toBeGreaterThan(0);
      for (const v of answer.variantOptions) expect(v.frequentlyBoughtTogether).toEqual(full.variantOptions[0]!.frequentlyBoughtTogether);
      expect(answer.variantOptions[0]!.frequentlyBoughtTogether).toEqual(['ACC-DESCALE', 'BH-SIGNATURE-DARK', 'ACC-MUG']);
      const none = VariantOptionsAnswerSchema.parse(await ok('usb2c/products/TW-MATCHA-LATTE/variantOptions'));
      for (const v of none.variantOptions) expect(v.frequentlyBoughtTogether).toEqual([]);
      await refused('usb2c/products/NOPE-404/variantOptions', 404, 'code', 'notFound');
      await refused('usb2c/products/BH%00SOLO/variantOptions', 400, 'code', 'invalidCharacters');
    });

    it('the list costs ONE statement whatever its length', async () => {
      const statementsOf = async (code: string) => {
        await ok(`usb2c/products/${code}/variantOptions`); // warm
        counter.reset();
        await ok(`usb2c/products/${code}/variantOptions`);
        return counter.count;
      };
      // BH-SOLO has 3 partners, TW-MATCHA-LATTE none: the same statements
      expect(await statementsOf('BH-SOLO')).toBe(await statementsOf('TW-MATCHA-LATTE'));
    });
  });
});
