/**
 * Catalogue routes under /rest/v2/:baseSiteId (spec §7 "Catalogue and content"): products,
 * variant options, bundle data, classifications, categories, category products, search, and
 * product codes data. Thin handlers: parse (zod), read (repositories), answer (presenters).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '@store/domain';
import {
  BundleDataAnswerSchema,
  CategoryAnswerSchema,
  CategoryParamsSchema,
  CategoryProductsAnswerSchema,
  ClassificationsAnswerSchema,
  LangQuerySchema,
  ListQuerySchema,
  OccErrorBodySchema,
  ProductAnswerSchema,
  ProductCodesAnswerSchema,
  ProductCodesQuerySchema,
  ProductParamsSchema,
  ProductQuerySchema,
  SearchAnswerSchema,
  SearchQuerySchema,
  VariantOptionsAnswerSchema,
} from '@store/contracts';
import {
  categorySubtree,
  findProduct,
  getProductCards,
  getSiteConfigValues,
  listCategories,
  listSiteCategoryCodes,
  listProducts,
  parseFacetQuery,
  facetQueryOf,
  searchProducts,
  searchTokens,
  type ProductRecord,
} from '@store/db';
import {
  pagination,
  presentBasic,
  presentBundle,
  presentCard,
  presentCategory,
  presentClassifications,
  presentFacets,
  presentFull,
  presentVariant,
  type PresentContext,
} from '../catalog/present.ts';
import { answerLang, freeShippingMinimumMinor } from './site-context.ts';
import { catalogPriceStrategies } from '../flows/promotions.ts';
import { optionalCustomerId } from './coupons.ts';

const errors = { 400: OccErrorBodySchema, 404: OccErrorBodySchema };

function productNotFound(code: string) {
  return notFound('UnknownIdentifierError', 'notFound', `Product with code '${code}' not found`, 'code');
}

/** Site configuration key holding keyword redirects: JSON `{ "<folded term>": "<storefront path>" }`. */
export const KEYWORD_REDIRECTS_KEY = 'search.keywordRedirects';

export const catalogRoutes: FastifyPluginAsync = async (scope) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const db = () => app.dbh.db;
  // Product answers depend on who asks (issue 4 personalizedPriceData): a shared cache must key
  // them on the bearer token.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('vary', 'Authorization');
  });

  /**
   * Issue 4 price strategies of a product's variants (spec §3 promotedPriceData,
   * personalizedPriceData): the customer comes from a verified customer bearer token only (a
   * price-group cookie or header is never read; a client token or a bad token means anonymous).
   */
  async function priceStrategiesOf(request: FastifyRequest, site: PresentContext['site'], product: ProductRecord) {
    const customerId = await optionalCustomerId(request);
    return catalogPriceStrategies(db(), site, customerId, product, new Date());
  }

  async function loadProduct(site: PresentContext['site'], lang: PresentContext['lang'], code: string) {
    const found = await findProduct(db(), { site, lang, code });
    if (!found) throw productNotFound(code);
    return found;
  }

  app.get(
    '/products/:code',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Product data (FULL or BASIC); a variant code answers its base product with baseOptions.selected',
        params: ProductParamsSchema,
        querystring: ProductQuerySchema,
        response: { 200: ProductAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const site = request.baseSite;
      const ctx = { site, lang: answerLang(site, request.query.lang) };
      const { product, requestedVariant } = await loadProduct(site, ctx.lang, request.params.code);
      if (request.query.fields === 'BASIC') return { ...presentBasic(ctx, product), fields: 'BASIC' as const };
      const [categories, minimum, strategies] = await Promise.all([listCategories(db()), freeShippingMinimumMinor(db(), site), priceStrategiesOf(request, site, product)]);
      return presentFull(ctx, product, requestedVariant, categories, minimum, strategies);
    },
  );

  app.get(
    '/products/:code/variantOptions',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Variant options of a product (spec §3 Variant option)',
        params: ProductParamsSchema,
        querystring: LangQuerySchema,
        response: { 200: VariantOptionsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const site = request.baseSite;
      const ctx = { site, lang: answerLang(site, request.query.lang) };
      const { product, requestedVariant } = await loadProduct(site, ctx.lang, request.params.code);
      const strategies = await priceStrategiesOf(request, site, product);
      return {
        code: request.params.code,
        baseProduct: product.code,
        defaultVariantCode: product.defaultVariantCode,
        selected: requestedVariant,
        variantOptions: product.variants.map((v) => presentVariant(ctx, product, v, strategies)),
      };
    },
  );

  app.get(
    '/products/:code/bundleData',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Bundle template data of a bundle (404 for other products)',
        params: ProductParamsSchema,
        querystring: LangQuerySchema,
        response: { 200: BundleDataAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const site = request.baseSite;
      const ctx = { site, lang: answerLang(site, request.query.lang) };
      const { product } = await loadProduct(site, ctx.lang, request.params.code);
      if (!product.isBundle) {
        throw notFound('UnknownIdentifierError', 'notABundle', `Product ${product.code} is not a bundle`, 'code');
      }
      return { code: product.code, name: product.name, isBundle: true as const, bundleTemplateData: presentBundle(ctx, product) };
    },
  );

  app.get(
    '/products/:code/productClassifications',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Classifications of a product (features and values), for comparison',
        params: ProductParamsSchema,
        querystring: LangQuerySchema,
        response: { 200: ClassificationsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const site = request.baseSite;
      const ctx = { site, lang: answerLang(site, request.query.lang) };
      const { product } = await loadProduct(site, ctx.lang, request.params.code);
      return { code: product.code, name: product.name, classifications: presentClassifications(product) };
    },
  );

  app.get(
    '/categories/:code',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A category: name, storefront URL, path and subcategories',
        params: CategoryParamsSchema,
        querystring: LangQuerySchema,
        response: { 200: CategoryAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const site = request.baseSite;
      const ctx = { site, lang: answerLang(site, request.query.lang) };
      const [categories, sellable] = await Promise.all([listCategories(db()), listSiteCategoryCodes(db(), site)]);
      const category = categories.find((c) => c.code === request.params.code);
      if (!category) throw notFound('UnknownIdentifierError', 'notFound', `Category with code '${request.params.code}' not found`, 'code');
      return presentCategory(ctx, categories, category, sellable);
    },
  );

  app.get(
    '/categories/:code/products',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Products of a category and its subcategories, with facets and paging (page is 0-based)',
        description: 'Facet filters in `q`: comma-separated `facet:value` codes, e.g. `roast:dark,brand:MAPLE_RIDGE` (OR inside a facet, AND across facets).',
        params: CategoryParamsSchema,
        querystring: ListQuerySchema,
        response: { 200: CategoryProductsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const site = request.baseSite;
      const { page, pageSize, sort } = request.query;
      const ctx = { site, lang: answerLang(site, request.query.lang) };
      const [categories, sellable] = await Promise.all([listCategories(db()), listSiteCategoryCodes(db(), site)]);
      const category = categories.find((c) => c.code === request.params.code);
      if (!category) throw notFound('UnknownIdentifierError', 'notFound', `Category with code '${request.params.code}' not found`, 'code');
      const filters = parseFacetQuery(request.query.q);
      const result = await listProducts(db(), {
        site,
        lang: ctx.lang,
        scope: { kind: 'categories', categoryCodes: categorySubtree(categories, category.code) },
        filters,
        page,
        pageSize,
        sort,
      });
      return {
        category: presentCategory(ctx, categories, category, sellable),
        products: result.cards.map((c) => presentCard(ctx, c)),
        pagination: pagination(page, pageSize, result.totalResults, sort),
        ...presentFacets(ctx, result.facets, filters),
        currentQuery: facetQueryOf(filters),
      };
    },
  );

  app.get(
    '/search',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Full-text product search with facets (accents folded: "cafe" finds "café")',
        description: 'Same paging and facet filters as category products. An empty term lists every product of the site.',
        querystring: SearchQuerySchema,
        response: { 200: SearchAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const site = request.baseSite;
      const { page, pageSize, sort, term } = request.query;
      const ctx = { site, lang: answerLang(site, request.query.lang) };
      const filters = parseFacetQuery(request.query.q);
      const [result, redirects] = await Promise.all([
        searchProducts(app.dbh, { site, lang: ctx.lang, term, page, pageSize, filters, sort }),
        getSiteConfigValues(db(), site, [KEYWORD_REDIRECTS_KEY]),
      ]);
      let keywordRedirect: { url: string } | null = null;
      const raw = redirects.get(KEYWORD_REDIRECTS_KEY);
      if (raw) {
        try {
          const map = z.record(z.string(), z.string()).parse(JSON.parse(raw));
          const url = map[searchTokens(term).join(' ')];
          if (url) keywordRedirect = { url };
        } catch {
          request.log.warn({ key: KEYWORD_REDIRECTS_KEY }, 'site configuration value is not a JSON object of strings');
        }
      }
      return {
        freeTextSearch: result.freeTextSearch,
        keywordRedirect,
        spellingSuggestion: null,
        products: result.cards.map((c) => presentCard(ctx, c)),
        pagination: pagination(page, pageSize, result.totalResults, sort),
        ...presentFacets(ctx, result.facets, filters),
        currentQuery: facetQueryOf(filters),
      };
    },
  );

  app.get(
    '/productCodesData',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Product cards for a comma list of product codes (carousels); unknown codes are skipped',
        querystring: ProductCodesQuerySchema,
        response: { 200: ProductCodesAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const site = request.baseSite;
      const ctx = { site, lang: answerLang(site, request.query.lang) };
      const codes = request.query.productCodes
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean)
        .slice(0, request.query.productsSize ?? 100);
      const cards = await getProductCards(db(), { site, lang: ctx.lang, codes });
      return { products: cards.map((c) => presentCard(ctx, c)) };
    },
  );
};
