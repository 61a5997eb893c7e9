/**
 * Product data and search product codes (issue 13; spec §7 "Catalogue and content"; ADR 0035
 * "Product data and search product codes"; contracts `product-data.ts`), under /rest/v2/:baseSiteId,
 * no token needed:
 * - `GET /products/{code}/productData?lang=`: the per-request part of a cached product page
 *   (variants' stock, prices and purchasable flag, frequently-bought-together codes);
 * - `GET /search/productCodes?searchQuery=&pageSize=&lang=`: the codes `/search` lists first.
 * Thin handlers: parse (zod), read (repositories), answer (the catalogue presenters).
 * Defined once (ADR 0021): served over HTTP and by the direct transport.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  OccErrorBodySchema,
  ProductDataAnswerSchema,
  ProductDataParamsSchema,
  ProductDataQuerySchema,
  SearchProductCodesAnswerSchema,
  SearchProductCodesQuerySchema,
  type ProductDataAnswer,
} from '@store/contracts';
import { findProduct, searchProducts, type DbHandle } from '@store/db';
import { notFound } from '@store/domain';
import { presentVariant, productUrl } from '../catalog/present.ts';
import { loadAutoDeliverySettings } from '../flows/auto-delivery-buy.ts';
import { frequentlyBoughtTogetherOf } from '../flows/frequently-bought-together.ts';
import { catalogPriceStrategies } from '../flows/promotions.ts';
import { defineRoute, optionalCustomerIdOf, registerApiRoutes } from '../http/api-route.ts';
import { answerLang } from './site-context.ts';

const errors = { 400: OccErrorBodySchema, 404: OccErrorBodySchema };

/** The routes of an app. */
export function productDataRouteList(dbh: DbHandle) {
  const db = () => dbh.db;
  return [
    defineRoute({
      method: 'GET',
      url: '/products/:code/productData',
      auth: 'none',
      // prices depend on who asks (personalizedPriceData): a shared cache must key them on the bearer token
      headers: { vary: 'Authorization' },
      docs: {
        tags: ['catalogue'],
        summary: 'productData: the per-request data of a cached product page (variants: stock, prices, purchasable; frequently bought together codes)',
        description: 'A variant code answers its base product with `selected`. 400 bad code (control characters, too long); 404 unknown code.',
      },
      schema: { params: ProductDataParamsSchema, querystring: ProductDataQuerySchema, response: { 200: ProductDataAnswerSchema, ...errors } },
      async handler({ params, query }, rc): Promise<ProductDataAnswer> {
        const site = rc.site;
        const lang = answerLang(site, query.lang);
        const found = await findProduct(db(), { site, lang, code: params.code });
        if (!found) throw notFound('UnknownIdentifierError', 'notFound', `Product with code '${params.code}' not found`, 'code');
        const { product, requestedVariant } = found;
        const [ad, strategies, fbt] = await Promise.all([
          loadAutoDeliverySettings(db(), site),
          optionalCustomerIdOf(rc).then((customerId) => catalogPriceStrategies(db(), site, customerId, product, new Date())),
          frequentlyBoughtTogetherOf(db(), site, product.code),
        ]);
        const ctx = { site, lang, ad };
        const variants = product.variants.map((v) => {
          const o = presentVariant(ctx, product, v, strategies);
          return {
            code: o.code,
            variantUrlSuffix: o.variantUrlSuffix,
            stock: o.stock,
            priceData: o.priceData,
            originalPriceData: o.originalPriceData,
            discountPriceData: o.discountPriceData,
            promotedPriceData: o.promotedPriceData,
            personalizedPriceData: o.personalizedPriceData,
            campaignPriceData: o.campaignPriceData,
            isDiscountPrice: o.isDiscountPrice,
            salesPriceStrategy: o.salesPriceStrategy,
            adEligible: o.adEligible,
            adPriceData: o.adPriceData,
            adRecurringPriceData: o.adRecurringPriceData,
            adSavingData: o.adSavingData,
            purchasable: !product.discontinued && o.stock.stockLevelStatus !== 'outOfStock',
          };
        });
        return {
          code: product.code,
          name: product.name,
          url: productUrl(product, lang),
          defaultVariantCode: product.defaultVariantCode,
          selected: requestedVariant,
          discontinued: product.discontinued,
          purchasable: variants.some((v) => v.purchasable),
          frequentlyBoughtTogether: fbt,
          variants,
        };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/search/productCodes',
      auth: 'none',
      docs: {
        tags: ['catalogue'],
        summary: 'Search product codes: the codes /search lists first for the same term (same ranking), and how many match',
        description: 'No keyword redirect and no facets (use /search for those). 400 searchQuery missing, blank, too long or with control characters; 400 pageSize outside 1–100.',
      },
      schema: { querystring: SearchProductCodesQuerySchema, response: { 200: SearchProductCodesAnswerSchema, 400: OccErrorBodySchema } },
      async handler({ query }, rc) {
        const site = rc.site;
        const result = await searchProducts(dbh, { site, lang: answerLang(site, query.lang), term: query.searchQuery, page: 0, pageSize: query.pageSize, filters: {} });
        return { productCodes: result.cards.map((c) => c.code), totalCount: result.totalResults };
      },
    }),
  ];
}

/** Registers the routes on the /rest/v2/:baseSiteId scope. */
export const productDataRoutes: FastifyPluginAsync = async (scope) => {
  registerApiRoutes(scope, productDataRouteList(scope.dbh));
};
