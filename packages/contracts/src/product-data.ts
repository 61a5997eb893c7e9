/**
 * Product data and search product codes (issue 13; spec §7 "Catalogue and content":
 * `/products/{code}/productData`, "search product codes (searchQuery, pageSize)"; ADR 0035
 * "Product data and search product codes"): request and answer schemas and the typed calls. No token.
 *
 * - `GET /{site}/products/{code}/productData?lang=` → {@link ProductDataAnswer}: the light,
 *   per-request part of a product page whose HTML is cached: each variant's stock and prices
 *   (personalised for a customer bearer token, so answered with `Vary: Authorization`), whether
 *   it can be bought, and the frequently-bought-together codes. A variant code answers its base
 *   product with `selected` set. 400 bad `code` (control characters, longer than 64; a path parameter over
 *   200 characters is refused with 414 by the router first); 404 unknown.
 * - `GET /{site}/search/productCodes?searchQuery=&pageSize=&lang=` → {@link SearchProductCodesAnswer}:
 *   the codes of the first `pageSize` products the `/search` call lists for the same term (same
 *   ranking, same site filter), best first, and how many match in all. 400 `searchQuery` missing,
 *   blank, longer than 200 or with control characters; 400 `pageSize` outside 1–100.
 */
import { z } from 'zod';
import { BaseSiteParamsSchema, LangSchema, VariantOptionSchema, type Lang } from './catalog.ts';
import type { ApiCore } from './client.ts';
import { codeInput, INPUT_LIMITS, safeText } from './input.ts';

/** Most product codes in one search product codes answer. */
export const SEARCH_PRODUCT_CODES_MAX = 100;
/** Page size when none is given (spec §9 list page size). */
export const SEARCH_PRODUCT_CODES_DEFAULT = 36;

/** Path of `GET /products/{code}/productData`. */
export const ProductDataParamsSchema = BaseSiteParamsSchema.extend({ code: codeInput().min(1) });
/** Query of `GET /products/{code}/productData`. */
export const ProductDataQuerySchema = z.object({ lang: LangSchema.optional() });

/** One variant's per-request data: the price and stock fields of a variant option (spec §3), plus `purchasable`. */
export const ProductDataVariantSchema = VariantOptionSchema.pick({
  code: true,
  variantUrlSuffix: true,
  stock: true,
  priceData: true,
  originalPriceData: true,
  discountPriceData: true,
  promotedPriceData: true,
  personalizedPriceData: true,
  campaignPriceData: true,
  isDiscountPrice: true,
  salesPriceStrategy: true,
  adEligible: true,
  adPriceData: true,
  adRecurringPriceData: true,
  adSavingData: true,
}).extend({
  /** in stock and the product not discontinued */
  purchasable: z.boolean(),
});
export type ProductDataVariant = z.infer<typeof ProductDataVariantSchema>;

/** Answer of `GET /products/{code}/productData`. */
export const ProductDataAnswerSchema = z.object({
  /** the base product (or bundle) code */
  code: z.string(),
  name: z.string(),
  /** canonical storefront path in the request language */
  url: z.string(),
  defaultVariantCode: z.string(),
  /** the requested code when it was a variant code */
  selected: z.string().nullable(),
  discontinued: z.boolean(),
  /** at least one variant is purchasable */
  purchasable: z.boolean(),
  /** base product codes bought with this product, in stock, at most 3 (ADR 0032) */
  frequentlyBoughtTogether: z.array(z.string()),
  variants: z.array(ProductDataVariantSchema),
});
export type ProductDataAnswer = z.infer<typeof ProductDataAnswerSchema>;

/** Query of `GET /search/productCodes`. */
export const SearchProductCodesQuerySchema = z.object({
  searchQuery: safeText(INPUT_LIMITS.searchTerm).trim().min(1, { message: 'is required' }),
  pageSize: z.coerce.number().int().min(1).max(SEARCH_PRODUCT_CODES_MAX).default(SEARCH_PRODUCT_CODES_DEFAULT),
  lang: LangSchema.optional(),
});

/** Answer of `GET /search/productCodes`. */
export const SearchProductCodesAnswerSchema = z.object({
  /** base product codes, best match first, at most `pageSize` */
  productCodes: z.array(z.string()),
  /** products matching in all (what `/search` reports as `pagination.totalResults`) */
  totalCount: z.number().int(),
});
export type SearchProductCodesAnswer = z.infer<typeof SearchProductCodesAnswerSchema>;

/** The calls (no token needed; a customer core gets personalised prices in productData). */
export interface ProductDataCalls {
  /** GET /{site}/products/{code}/productData?lang= */
  getProductData(site: string, code: string, opts?: { lang?: Lang }): Promise<ProductDataAnswer>;
  /** GET /{site}/search/productCodes?searchQuery=&pageSize=&lang= */
  searchProductCodes(site: string, searchQuery: string, opts?: { pageSize?: number; lang?: Lang }): Promise<SearchProductCodesAnswer>;
}

/**
 * Builds the calls on a core. productData sends the core's token when it has one (a customer
 * token: personalised prices, like GET /products/{code}); search product codes sends none.
 */
export function createProductDataClient(core: ApiCore): ProductDataCalls {
  const enc = encodeURIComponent;
  return {
    getProductData: (site, code, opts = {}) =>
      core.request('GET', `/${enc(site)}/products/${enc(code)}/productData`, { query: { lang: opts.lang }, schema: ProductDataAnswerSchema }),
    searchProductCodes: (site, searchQuery, opts = {}) =>
      core.request('GET', `/${enc(site)}/search/productCodes`, { auth: false, query: { searchQuery, pageSize: opts.pageSize, lang: opts.lang }, schema: SearchProductCodesAnswerSchema }),
  };
}
