import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BundleDataAnswerSchema,
  CategoryAnswerSchema,
  CategoryProductsAnswerSchema,
  ClassificationsAnswerSchema,
  OccErrorBodySchema,
  ProductBasicAnswerSchema,
  ProductCodesAnswerSchema,
  ProductFullSchema,
  VariantOptionsAnswerSchema,
  isApiError,
} from '@store/contracts';
import { DEMO_CATEGORY_CODES, DEMO_CODES } from '@store/db';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';

const FR_MONEY = /^\d{1,3}(\u00A0\d{3})*,\d{2}\u00A0\$$/;
const EN_MONEY = /^\$\d{1,3}(,\d{3})*\.\d{2}$/;

describe.each(dbKinds())('catalogue API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('GET /products/{code}?fields=FULL answers the spec §3 fields', async () => {
    const res = await get(`/rest/v2/usb2c/products/${DEMO_CODES.coffee}?fields=FULL&lang=en`);
    expect(res.statusCode).toBe(200);
    const p = ProductFullSchema.parse(res.json());
    expect(p).toMatchObject({
      code: DEMO_CODES.coffee,
      baseProduct: DEMO_CODES.coffee,
      productType: 'Coffee',
      isBundle: false,
      discontinued: false,
      defaultVariantCode: DEMO_CODES.coffeeVariant24,
      isBeveragesCategory: true,
      isBrewersCategory: false,
      isAccessoriesCategory: false,
      bundleTemplateData: null,
      baseOptions: { selected: null },
    });
    expect(p.brand.length).toBeGreaterThan(0);
    expect(p.brandCode.length).toBeGreaterThan(0);
    expect(p.count).toBe(24);
    expect(p.url).toMatch(new RegExp(`^/[a-z0-9-]+/p/${DEMO_CODES.coffee}$`));
    expect(p.images[0]!.url).toBe(`/medias/${DEMO_CODES.coffeeVariant24}.svg`);
    expect(p.categories.map((c) => c.code)).toContain(DEMO_CATEGORY_CODES.beverages);
    expect(p.categories.every((c) => c.url.includes(`/c/${c.code}`))).toBe(true);
    expect(p.classifications.length).toBeGreaterThan(0);
    expect(p.classifications[0]!.features[0]!.featureValues.length).toBeGreaterThan(0);
    expect(p.variantOptions.map((v) => v.code)).toEqual([DEMO_CODES.coffeeVariant24, DEMO_CODES.coffeeVariant48, DEMO_CODES.coffeeVariant96]);
    expect(p.priceData.currencyIso).toBe('USD');
    expect(p.priceData.formattedValue).toMatch(EN_MONEY);
    expect(p.alternateUrls.fr).toBeNull();
    // free shipping 29.00 USD minus the default variant's displayed price
    const expected = Math.max(0, 2900 - Math.round(p.priceData.value * 100));
    expect(Math.round(p.amountAwayFromFreeShipping.value * 100)).toBe(expected);
  });

  it('variant options carry price data, discount pair, strategy, stock status, suffix and entry type', async () => {
    const p = ProductFullSchema.parse((await get(`/rest/v2/usb2c/products/${DEMO_CODES.coffee}`)).json());
    const v48 = p.variantOptions.find((v) => v.code === DEMO_CODES.coffeeVariant48)!;
    expect(v48.isDiscountPrice).toBe(true);
    expect(v48.salesPriceStrategy).toBeNull();
    expect(v48.discountPriceData!.value).toBeLessThan(v48.priceData.value);
    expect(v48.originalPriceData).toEqual(v48.priceData);
    expect(v48).toMatchObject({ entryType: 'STD', defaultVariant: false, count: 48, sizeLabel: '48 ct', variantIdForImage: v48.code });
    expect(v48.stock.stockLevelStatus).toMatch(/^(inStock|lowStock|outOfStock)$/);
    expect(v48.product).toEqual({ productType: 'Coffee', url: `${p.url}#${v48.variantUrlSuffix}`, baseProduct: DEMO_CODES.coffee });
    const v96 = p.variantOptions.find((v) => v.code === DEMO_CODES.coffeeVariant96)!;
    expect(v96.salesPriceStrategy).toBe('AD_PARENT_OTP');
  });

  it('a variant code answers its base product with baseOptions.selected', async () => {
    const res = await get(`/rest/v2/usb2c/products/${DEMO_CODES.brewerRedVariant}`);
    const p = ProductFullSchema.parse(res.json());
    expect(p.code).toBe(DEMO_CODES.brewer);
    expect(p.baseOptions.selected).toEqual({ code: DEMO_CODES.brewerRedVariant, variantUrlSuffix: 'cherry-red' });
    expect(p.isBrewersCategory).toBe(true);
    expect(p.variantOptions.filter((v) => v.variantColor !== null).length).toBe(p.variantOptions.length);
  });

  it('cab2c answers CAD formatted fr-CA in French and en-CA in English, with French text', async () => {
    const fr = ProductFullSchema.parse((await get(`/rest/v2/cab2c/products/${DEMO_CODES.coffee}?lang=fr`)).json());
    const en = ProductFullSchema.parse((await get(`/rest/v2/cab2c/products/${DEMO_CODES.coffee}?lang=en`)).json());
    expect(fr.priceData.currencyIso).toBe('CAD');
    expect(fr.priceData.formattedValue).toMatch(FR_MONEY);
    expect(en.priceData.formattedValue).toMatch(EN_MONEY);
    expect(fr.priceData.value).toBe(en.priceData.value);
    expect(fr.name).not.toBe(en.name);
    expect(fr.url.startsWith('/fr/')).toBe(true);
    expect(fr.variantOptions[0]!.sizeLabel).toBe('24 unités');
    expect(fr.alternateUrls.en).toBe(en.url);
    const us = ProductFullSchema.parse((await get(`/rest/v2/usb2c/products/${DEMO_CODES.coffee}?lang=fr`)).json());
    expect(us.priceData.currencyIso).toBe('USD');
    expect(us.url.startsWith('/fr')).toBe(false); // usb2c has no French: falls back to English
  });

  it('fields=BASIC answers card-level data', async () => {
    const res = await get(`/rest/v2/usb2c/products/${DEMO_CODES.coffee}?fields=BASIC`);
    const p = ProductBasicAnswerSchema.parse(res.json());
    expect(p.fields).toBe('BASIC');
    expect('variantOptions' in (res.json() as object)).toBe(false);
  });

  it('an unknown product answers 404 UnknownIdentifierError; a discontinued one answers discontinued: true', async () => {
    const missing = await get('/rest/v2/usb2c/products/NOPE-404');
    expect(missing.statusCode).toBe(404);
    expect(OccErrorBodySchema.parse(missing.json()).errors).toEqual([
      { type: 'UnknownIdentifierError', reason: 'notFound', subject: 'code', message: "Product with code 'NOPE-404' not found" },
    ]);
    const notOnSite = await get(`/rest/v2/usb2c/products/${DEMO_CODES.caOnlyProduct}`);
    expect(notOnSite.statusCode).toBe(404);
    const gone = ProductFullSchema.parse((await get(`/rest/v2/usb2c/products/${DEMO_CODES.discontinued}`)).json());
    expect(gone.discontinued).toBe(true);
  });

  it('variantOptions, bundleData and productClassifications', async () => {
    const vo = VariantOptionsAnswerSchema.parse((await get(`/rest/v2/usb2c/products/${DEMO_CODES.coffeeVariant48}/variantOptions`)).json());
    expect(vo).toMatchObject({ baseProduct: DEMO_CODES.coffee, selected: DEMO_CODES.coffeeVariant48, defaultVariantCode: DEMO_CODES.coffeeVariant24 });
    expect(vo.variantOptions).toHaveLength(3);

    const bundle = BundleDataAnswerSchema.parse((await get(`/rest/v2/usb2c/products/${DEMO_CODES.bundle}/bundleData`)).json());
    const items = bundle.bundleTemplateData.masterTemplateData.bundleProductsData;
    expect(items.length).toBeGreaterThan(1);
    for (const item of items) {
      expect(item.productBundlePrice.value).toBeCloseTo(item.productData.priceData.value * item.qty, 2);
      expect(typeof item.bundleInStock).toBe('boolean');
    }
    expect(bundle.bundleTemplateData.bundlePrice.value).toBeGreaterThan(0);
    const full = ProductFullSchema.parse((await get(`/rest/v2/usb2c/products/${DEMO_CODES.bundle}`)).json());
    expect(full.isBundle).toBe(true);
    expect(full.url).toBe(`/b/${DEMO_CODES.bundle}`);
    expect(full.bundleTemplateData).toEqual(bundle.bundleTemplateData);

    const notBundle = await get(`/rest/v2/usb2c/products/${DEMO_CODES.coffee}/bundleData`);
    expect(notBundle.statusCode).toBe(404);
    expect(OccErrorBodySchema.parse(notBundle.json()).errors[0]!.reason).toBe('notABundle');

    const cls = ClassificationsAnswerSchema.parse((await get(`/rest/v2/cab2c/products/${DEMO_CODES.brewer}/productClassifications?lang=fr`)).json());
    expect(cls.classifications.flatMap((c) => c.features).length).toBeGreaterThan(3);
  });

  it('a category lists only the subcategories that sell something on the site (cab2c sells no commercial brewer)', async () => {
    const on = async (site: string) => CategoryProductsAnswerSchema.parse((await get(`/rest/v2/${site}/categories/BR/products?pageSize=1`)).json());
    expect((await on('usb2c')).category.subcategories.map((c) => c.code)).toContain('BR_COMMERCIAL');
    expect((await on('cab2c')).category.subcategories.map((c) => c.code)).not.toContain('BR_COMMERCIAL');
    for (const site of ['usb2c', 'cab2c', 'usafh']) {
      for (const root of ['BR', DEMO_CATEGORY_CODES.beverages, 'ACC_GC']) {
        const category = CategoryAnswerSchema.parse((await get(`/rest/v2/${site}/categories/${root}`)).json());
        for (const sub of category.subcategories) {
          const listing = CategoryProductsAnswerSchema.parse((await get(`/rest/v2/${site}/categories/${sub.code}/products?pageSize=1`)).json());
          expect({ site, sub: sub.code, total: listing.pagination.totalResults > 0 }).toEqual({ site, sub: sub.code, total: true });
        }
      }
    }
  });

  it('category products: 36 per page by default, totals, facets with counts, a filter narrows', async () => {
    const res = await get(`/rest/v2/usb2c/categories/${DEMO_CATEGORY_CODES.beverages}/products`);
    expect(res.statusCode).toBe(200);
    const page0 = CategoryProductsAnswerSchema.parse(res.json());
    expect(page0.products).toHaveLength(36);
    expect(page0.pagination).toMatchObject({ currentPage: 0, pageSize: 36, sort: 'relevance' });
    expect(page0.pagination.totalResults).toBeGreaterThanOrEqual(120);
    expect(page0.pagination.totalPages).toBe(Math.ceil(page0.pagination.totalResults / 36));
    expect(page0.category).toMatchObject({ code: DEMO_CATEGORY_CODES.beverages, parent: null });
    expect(page0.category.subcategories.length).toBeGreaterThan(0);
    expect(page0.facets.map((f) => f.code)).toEqual(expect.arrayContaining(['roast', 'brand', 'count', 'beverageType', 'packType', 'price']));

    const roast = page0.facets.find((f) => f.code === 'roast')!;
    const dark = roast.values.find((v) => v.code === 'dark')!;
    expect(dark).toMatchObject({ name: 'Dark roast', selected: false, query: 'roast:dark' });
    expect(dark.count).toBeGreaterThan(0);
    const filtered = CategoryProductsAnswerSchema.parse((await get(`/rest/v2/usb2c/categories/${DEMO_CATEGORY_CODES.beverages}/products?q=roast:dark&pageSize=100`)).json());
    expect(filtered.pagination.totalResults).toBe(dark.count);
    expect(filtered.products.every((p) => p.roast === 'dark')).toBe(true);
    expect(filtered.breadcrumbs).toEqual([
      { facetCode: 'roast', facetName: 'Roast', facetValueCode: 'dark', facetValueName: 'Dark roast', removeQuery: '' },
    ]);
    expect(filtered.currentQuery).toBe('roast:dark');

    const last = CategoryProductsAnswerSchema.parse(
      (await get(`/rest/v2/usb2c/categories/${DEMO_CATEGORY_CODES.beverages}/products?page=${page0.pagination.totalPages - 1}`)).json(),
    );
    expect(last.products.length).toBe(page0.pagination.totalResults - 36 * (page0.pagination.totalPages - 1));
    const beyond = CategoryProductsAnswerSchema.parse((await get(`/rest/v2/usb2c/categories/${DEMO_CATEGORY_CODES.beverages}/products?page=99`)).json());
    expect(beyond.products).toEqual([]);

    const cheapFirst = CategoryProductsAnswerSchema.parse((await get(`/rest/v2/usb2c/categories/${DEMO_CATEGORY_CODES.brewers}/products?sort=price-asc`)).json());
    const values = cheapFirst.products.map((p) => (p.isDiscountPrice && p.discountPriceData && p.salesPriceStrategy !== 'AD_PARENT_OTP' ? p.discountPriceData.value : p.priceData.value));
    expect(values).toEqual([...values].sort((a, b) => a - b));
  });

  it('category facets and names in French on cab2c', async () => {
    const fr = CategoryProductsAnswerSchema.parse((await get(`/rest/v2/cab2c/categories/${DEMO_CATEGORY_CODES.beverages}/products?lang=fr&q=beverageType:tea`)).json());
    expect(fr.category.url.startsWith('/fr/')).toBe(true);
    expect(fr.facets.find((f) => f.code === 'beverageType')?.name).toBe('Type de boisson');
    expect(fr.facets.find((f) => f.code === 'brand')?.name).toBe('Marque');
    expect(fr.breadcrumbs[0]).toMatchObject({ facetValueName: 'Thé' });
    expect(fr.products[0]!.priceData.formattedValue).toMatch(FR_MONEY);
    const price = fr.facets.find((f) => f.code === 'price')!;
    expect(price.values[0]!.name).toMatch(/\$/);
  });

  it('GET /categories/{code} and unknown categories', async () => {
    const cat = CategoryAnswerSchema.parse((await get(`/rest/v2/usb2c/categories/${DEMO_CATEGORY_CODES.coffee}`)).json());
    expect(cat.parent?.code).toBe(DEMO_CATEGORY_CODES.beverages);
    expect(cat.path.map((c) => c.code)).toEqual([DEMO_CATEGORY_CODES.beverages, DEMO_CATEGORY_CODES.coffee]);
    const missing = await get('/rest/v2/usb2c/categories/NOPE/products');
    expect(missing.statusCode).toBe(404);
    expect(OccErrorBodySchema.parse(missing.json()).errors[0]!.type).toBe('UnknownIdentifierError');
  });

  it('GET /productCodesData answers cards in the order asked, skipping unknown codes', async () => {
    const body = ProductCodesAnswerSchema.parse(
      (await get(`/rest/v2/usb2c/productCodesData?productCodes=${DEMO_CODES.brewer},NOPE,${DEMO_CODES.coffee}&lang=en`)).json(),
    );
    expect(body.products.map((p) => p.code)).toEqual([DEMO_CODES.brewer, DEMO_CODES.coffee]);
    expect(body.products[0]!.variantColors.length).toBeGreaterThan(1);
    // issue 13 (ADR 0035 amendment): every variant with its size label, §5 price fields and stock,
    // the same as the FULL answer's variant options
    const full = await t.client.getProduct('usb2c', DEMO_CODES.coffee, { lang: 'en' });
    expect(body.products[1]!.variants).toEqual(
      full.variantOptions.map((v) => ({
        code: v.code,
        variantUrlSuffix: v.variantUrlSuffix,
        variantColor: v.variantColor,
        count: v.count,
        sizeLabel: v.sizeLabel,
        priceData: v.priceData,
        discountPriceData: v.discountPriceData,
        isDiscountPrice: v.isDiscountPrice,
        salesPriceStrategy: v.salesPriceStrategy,
        stockLevelStatus: v.stock.stockLevelStatus,
      })),
    );
    expect(body.products[1]!.variants.map((v) => v.sizeLabel)).toEqual(['24 ct', '48 ct', '96 ct']);
  });

  it('the typed client reads the same answers and throws ApiError on 404', async () => {
    const p = await t.client.getProduct('cab2c', DEMO_CODES.coffee, { lang: 'fr' });
    expect(p.priceData.currencyIso).toBe('CAD');
    const list = await t.client.getCategoryProducts('usb2c', DEMO_CATEGORY_CODES.beverages, { pageSize: 5, facets: { roast: ['dark'] } });
    expect(list.products.every((x) => x.roast === 'dark')).toBe(true);
    const error = await t.client.getProduct('usb2c', 'NOPE').catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    if (isApiError(error)) {
      expect(error.status).toBe(404);
      expect(error.errors[0]!.type).toBe('UnknownIdentifierError');
      expect(error.correlationId).toMatch(/.+/);
    }
  });

  it('GET /medias/{code}.svg serves the generated image with immutable caching and an ETag', async () => {
    const res = await get(`/medias/${DEMO_CODES.brewerRedVariant}.svg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.startsWith('<svg')).toBe(true);
    const etag = String(res.headers.etag);
    const again = await t.app.inject({ method: 'GET', url: `/medias/${DEMO_CODES.brewerRedVariant}.svg`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await get(`/medias/${DEMO_CODES.brewerDefaultVariant}.svg`);
    expect(other.headers.etag).not.toBe(etag);
    expect((await get('/medias/logo-cab2c-light.svg')).body).toContain('Brewhaus');
    expect((await get('/medias/NOPE.svg')).statusCode).toBe(404);
    expect((await get(`/medias/${DEMO_CODES.coffee}.png`)).statusCode).toBe(404);
  });
});
