/**
 * Catalogue routes under /rest/v2/:baseSiteId (spec §7 "Catalogue and content"): products,
 * variant options, bundle data, classifications, categories, category products, search, and
 * product codes data. Thin handlers: parse (zod), read (repositories), answer (presenters).
 */
import { loadAutoDeliverySettings } from '../flows/auto-delivery-buy.ts';
import { frequentlyBoughtTogetherOf } from '../flows/frequently-bought-together.ts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { DbHandle } from '@store/db';
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
  findCustomerPricing,
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
import { catalogPriceStrategiesOfGroups, groupsOfCustomer } from '../flows/promotions.ts';
import { defineRoute, optionalCustomerIdOf, registerApiRoutes, type ApiContext, type RouteCachePolicy } from '../http/api-route.ts';
import { FBT_TAG, LISTING_TAG } from '../http/response-cache.ts';

const errors = { 400: OccErrorBodySchema, 404: OccErrorBodySchema };

function productNotFound(code: string) {
  return notFound('UnknownIdentifierError', 'notFound', `Product with code '${code}' not found`, 'code');
}

/**
 * Site configuration key holding keyword redirects: JSON `{ "<folded term>": "<storefront path>" }`.
 * Paths are stored without the language prefix; French answers add `/fr` (issue 13, ADR 0031).
 */
export const KEYWORD_REDIRECTS_KEY = 'search.keywordRedirects';

/**
 * Purge tags of a catalogue answer (ADR 0037): `product:<x>` for every `code`, `baseProduct` and
 * `defaultVariantCode` anywhere in it (the product, its variants, bundle components; category
 * codes too, which only purges a little more), and `fbt` when it carries frequently-bought-together
 * lists (their partners are the in-stock ones: a partner back in stock joins them).
 */
export function productTagsOf(data: unknown): string[] {
  const tags = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if ((key === 'code' || key === 'baseProduct' || key === 'defaultVariantCode') && typeof child === 'string') tags.add(`product:${child}`);
      else if (key === 'frequentlyBoughtTogether' && Array.isArray(child)) {
        tags.add(FBT_TAG);
        for (const partner of child) if (typeof partner === 'string') tags.add(`product:${partner}`);
      }
      else if (typeof child === 'object') walk(child);
    }
  };
  walk(data);
  return [...tags];
}

/** Cache policy of lists and category answers (ADR 0037): one answer for every caller, purged by any product change. */
export const LISTING_CACHE: RouteCachePolicy = { tags: () => [LISTING_TAG] };

/**
 * The catalogue routes of an app (issue 11 item 3: defined once, served over HTTP and by the
 * direct transport).
 */
export function catalogRouteList(dbh: DbHandle) {
  const db = () => dbh.db;
  /** Product answers depend on who asks (issue 4 personalizedPriceData): a shared cache must key them on the bearer token. */
  const headers = { vary: 'Authorization' };

  /**
   * Issue 4 price strategies of a product's variants (spec §3 promotedPriceData,
   * personalizedPriceData): the customer comes from a verified customer bearer token only (a
   * price-group cookie or header is never read; a client token or a bad token means anonymous).
   */
  async function priceStrategiesOf(rc: ApiContext, site: PresentContext['site'], product: ProductRecord) {
    return catalogPriceStrategiesOfGroups(db(), site, await priceGroupsOf(rc), product, new Date());
  }

  /** The price groups of the request's verified customer ([] for anonymous, a client token or a bad token), read once per request. */
  const groupsOfRequest = new WeakMap<ApiContext, Promise<string[]>>();
  function priceGroupsOf(rc: ApiContext): Promise<string[]> {
    let groups = groupsOfRequest.get(rc);
    if (!groups) {
      groups = optionalCustomerIdOf(rc).then(async (customerId) => (customerId ? groupsOfCustomer(await findCustomerPricing(db(), customerId)) : []));
      groupsOfRequest.set(rc, groups);
    }
    return groups;
  }

  /**
   * Cache policy of product answers (ADR 0037): the answer depends on the caller only through
   * the price groups of their customer record (personalised prices, group-limited promotions),
   * so callers share it by groups: every anonymous shopper and every customer in no group one
   * entry, each set of groups its own.
   */
  const productCache: RouteCachePolicy = {
    variant: async (rc) => {
      const groups = await priceGroupsOf(rc);
      return groups.length === 0 ? '' : JSON.stringify(groups);
    },
    tags: productTagsOf,
  };
  /** Product answers without personalised prices (bundle data, classifications): one for every caller. */
  const sharedProductCache: RouteCachePolicy = { tags: productTagsOf };

  async function loadProduct(site: PresentContext['site'], lang: PresentContext['lang'], code: string) {
    const found = await findProduct(db(), { site, lang, code });
    if (!found) throw productNotFound(code);
    return found;
  }

  const r0 = defineRoute({
    method: 'GET',
    url: '/products/:code',
    auth: 'none',
    headers,
    cache: productCache,
    docs: {
      tags: ['catalogue'],
      summary: 'Product data (FULL or BASIC); a variant code answers its base product with baseOptions.selected',
    },
    schema: {
      params: ProductParamsSchema,
      querystring: ProductQuerySchema,
      response: { 200: ProductAnswerSchema, ...errors },
    },
    async handler({ params, query }, rc) {
      const site = rc.site;
      // issue 10: the answer carries the AD prices (ADR 0018 "Prices")
      const ctx = { site, lang: answerLang(site, query.lang), ad: await loadAutoDeliverySettings(db(), site) };
      const { product, requestedVariant } = await loadProduct(site, ctx.lang, params.code);
      if (query.fields === 'BASIC') return { ...presentBasic(ctx, product), fields: 'BASIC' as const };
      // issue 13 (ADR 0032): frequently bought together, one indexed statement
      const [categories, minimum, strategies, fbt] = await Promise.all([
        listCategories(db()),
        freeShippingMinimumMinor(db(), site),
        priceStrategiesOf(rc, site, product),
        frequentlyBoughtTogetherOf(db(), site, product.code),
      ]);
      return presentFull(ctx, product, requestedVariant, categories, minimum, strategies, fbt);
    },
  });

  const r1 = defineRoute({
    method: 'GET',
    url: '/products/:code/variantOptions',
    auth: 'none',
    headers,
    cache: productCache,
    docs: {
      tags: ['catalogue'],
      summary: 'Variant options of a product (spec §3 Variant option)',
    },
    schema: {
      params: ProductParamsSchema,
      querystring: LangQuerySchema,
      response: { 200: VariantOptionsAnswerSchema, ...errors },
    },
    async handler({ params, query }, rc) {
      const site = rc.site;
      const ctx = { site, lang: answerLang(site, query.lang), ad: await loadAutoDeliverySettings(db(), site) };
      const { product, requestedVariant } = await loadProduct(site, ctx.lang, params.code);
      // issue 13 (ADR 0032): spec §3 frequentlyBoughtTogether on every variant option, one indexed statement
      const [strategies, fbt] = await Promise.all([priceStrategiesOf(rc, site, product), frequentlyBoughtTogetherOf(db(), site, product.code)]);
      return {
        code: params.code,
        baseProduct: product.code,
        defaultVariantCode: product.defaultVariantCode,
        selected: requestedVariant,
        variantOptions: product.variants.map((v) => presentVariant(ctx, product, v, strategies, fbt)),
      };
    },
  });

  const r2 = defineRoute({
    method: 'GET',
    url: '/products/:code/bundleData',
    auth: 'none',
    headers,
    cache: sharedProductCache,
    docs: {
      tags: ['catalogue'],
      summary: 'Bundle template data of a bundle (404 for other products)',
    },
    schema: {
      params: ProductParamsSchema,
      querystring: LangQuerySchema,
      response: { 200: BundleDataAnswerSchema, ...errors },
    },
    async handler({ params, query }, rc) {
      const site = rc.site;
      const ctx = { site, lang: answerLang(site, query.lang) };
      const { product } = await loadProduct(site, ctx.lang, params.code);
      if (!product.isBundle) {
        throw notFound('UnknownIdentifierError', 'notABundle', `Product ${product.code} is not a bundle`, 'code');
      }
      return { code: product.code, name: product.name, isBundle: true as const, bundleTemplateData: presentBundle(ctx, product) };
    },
  });

  const r3 = defineRoute({
    method: 'GET',
    url: '/products/:code/productClassifications',
    auth: 'none',
    headers,
    cache: sharedProductCache,
    docs: {
      tags: ['catalogue'],
      summary: 'Classifications of a product (features and values), for comparison',
    },
    schema: {
      params: ProductParamsSchema,
      querystring: LangQuerySchema,
      response: { 200: ClassificationsAnswerSchema, ...errors },
    },
    async handler({ params, query }, rc) {
      const site = rc.site;
      const ctx = { site, lang: answerLang(site, query.lang) };
      const { product } = await loadProduct(site, ctx.lang, params.code);
      return { code: product.code, name: product.name, classifications: presentClassifications(product) };
    },
  });

  const r4 = defineRoute({
    method: 'GET',
    url: '/categories/:code',
    auth: 'none',
    headers,
    cache: LISTING_CACHE,
    docs: {
      tags: ['catalogue'],
      summary: 'A category: name, storefront URL, path and subcategories',
    },
    schema: {
      params: CategoryParamsSchema,
      querystring: LangQuerySchema,
      response: { 200: CategoryAnswerSchema, ...errors },
    },
    async handler({ params, query }, rc) {
      const site = rc.site;
      const ctx = { site, lang: answerLang(site, query.lang) };
      const [categories, sellable] = await Promise.all([listCategories(db()), listSiteCategoryCodes(db(), site)]);
      const category = categories.find((c) => c.code === params.code);
      if (!category) throw notFound('UnknownIdentifierError', 'notFound', `Category with code '${params.code}' not found`, 'code');
      return presentCategory(ctx, categories, category, sellable);
    },
  });

  const r5 = defineRoute({
    method: 'GET',
    url: '/categories/:code/products',
    auth: 'none',
    headers,
    cache: LISTING_CACHE,
    docs: {
      tags: ['catalogue'],
      summary: 'Products of a category and its subcategories, with facets and paging (page is 0-based)',
      description: 'Facet filters in `q`: comma-separated `facet:value` codes, e.g. `roast:dark,brand:MAPLE_RIDGE` (OR inside a facet, AND across facets).',
    },
    schema: {
      params: CategoryParamsSchema,
      querystring: ListQuerySchema,
      response: { 200: CategoryProductsAnswerSchema, ...errors },
    },
    async handler({ params, query }, rc) {
      const site = rc.site;
      const { page, pageSize, sort } = query;
      const ctx = { site, lang: answerLang(site, query.lang), ad: await loadAutoDeliverySettings(db(), site) };
      const [categories, sellable] = await Promise.all([listCategories(db()), listSiteCategoryCodes(db(), site)]);
      const category = categories.find((c) => c.code === params.code);
      if (!category) throw notFound('UnknownIdentifierError', 'notFound', `Category with code '${params.code}' not found`, 'code');
      const filters = parseFacetQuery(query.q);
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
  });

  const r6 = defineRoute({
    method: 'GET',
    url: '/search',
    auth: 'none',
    headers,
    cache: LISTING_CACHE,
    docs: {
      tags: ['catalogue'],
      summary: 'Full-text product search with facets (accents folded: "cafe" finds "café")',
      description: 'Same paging and facet filters as category products. An empty term lists every product of the site.',
    },
    schema: {
      querystring: SearchQuerySchema,
      response: { 200: SearchAnswerSchema, ...errors },
    },
    async handler({ query }, rc) {
      const site = rc.site;
      const { page, pageSize, sort, term } = query;
      const ctx = { site, lang: answerLang(site, query.lang), ad: await loadAutoDeliverySettings(db(), site) };
      const filters = parseFacetQuery(query.q);
      const [result, redirects] = await Promise.all([
        searchProducts(dbh, { site, lang: ctx.lang, term, page, pageSize, filters, sort }),
        getSiteConfigValues(db(), site, [KEYWORD_REDIRECTS_KEY]),
      ]);
      let keywordRedirect: { url: string } | null = null;
      const raw = redirects.get(KEYWORD_REDIRECTS_KEY);
      if (raw) {
        try {
          const map = z.record(z.string(), z.string()).parse(JSON.parse(raw));
          const url = map[searchTokens(term).join(' ')];
          // issue 13 (ADR 0031): a site-relative path is stored without the language prefix; French answers get /fr
          if (url) keywordRedirect = { url: ctx.lang === 'fr' && url.startsWith('/') && !/^\/fr(\/|$)/.test(url) ? `/fr${url}` : url };
        } catch {
          rc.log.warn({ key: KEYWORD_REDIRECTS_KEY }, 'site configuration value is not a JSON object of strings');
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
  });

  const r7 = defineRoute({
    method: 'GET',
    url: '/productCodesData',
    auth: 'none',
    headers,
    cache: LISTING_CACHE,
    docs: {
      tags: ['catalogue'],
      summary: 'Product cards for a comma list of product codes (carousels); unknown codes are skipped',
    },
    schema: {
      querystring: ProductCodesQuerySchema,
      response: { 200: ProductCodesAnswerSchema, ...errors },
    },
    async handler({ query }, rc) {
      const site = rc.site;
      const ctx = { site, lang: answerLang(site, query.lang), ad: await loadAutoDeliverySettings(db(), site) };
      const codes = query.productCodes
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean)
        .slice(0, query.productsSize ?? 100);
      const cards = await getProductCards(db(), { site, lang: ctx.lang, codes });
      return { products: cards.map((c) => presentCard(ctx, c)) };
    },
  });

  return [r0, r1, r2, r3, r4, r5, r6, r7];
}

/** Registers the catalogue routes on the /rest/v2/:baseSiteId scope. */
export const catalogRoutes: FastifyPluginAsync = async (scope) => {
  // errors answered before a handler (404, 400) carry Vary too
  scope.addHook('onRequest', async (_request, reply) => {
    reply.header('vary', 'Authorization');
  });
  registerApiRoutes(scope, catalogRouteList(scope.dbh));
};
