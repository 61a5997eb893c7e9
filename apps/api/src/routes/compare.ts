/**
 * Compare and search-suggestion routes (issue 13; spec §7 "GET /products/{codes}/getAppliance/comparison;
 * /products/compare-appliance; compare products (query items, lang)" and search; ADR 0031; contracts
 * `compare.ts`), under /rest/v2/:baseSiteId, no token:
 * - `GET /products/{codes}/getAppliance/comparison?lang=` and `GET /products/compare-appliance?items=&lang=`:
 *   brewer compare (every code must be a brewer: 404 `notABrewer` otherwise);
 * - `GET /products/compare?items=&lang=`: product comparison (any product sold on the site);
 * - `GET /products/suggestions?term=&max=&lang=`: products and categories as the shopper types.
 * Thin handlers: parse (zod), read (repositories), build the table (`@store/domain`), answer.
 * Defined once (ADR 0021): served over HTTP and by the direct transport.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  CompareCodesParamsSchema,
  CompareQuerySchema,
  ComparisonAnswerSchema,
  LangQuerySchema,
  OccErrorBodySchema,
  SuggestionsAnswerSchema,
  SuggestionsQuerySchema,
  type ComparisonAnswer,
  type Lang,
} from '@store/contracts';
import {
  foldForSearch,
  getProductCards,
  listCategories,
  listProductFeatures,
  listSiteCategoryCodes,
  matchProductCodes,
  searchTokens,
  type DbHandle,
  type ProductCardRecord,
} from '@store/db';
import { buildComparisonTable, notFound, parseCompareItems } from '@store/domain';
import { categoryRef, presentCard, price, type PresentContext } from '../catalog/present.ts';
import { defineRoute, registerApiRoutes } from '../http/api-route.ts';
import { answerLang } from './site-context.ts';

const errors = { 400: OccErrorBodySchema, 404: OccErrorBodySchema };

/** The price a shopper pays for the default variant, minor units (the sale price when on sale). */
function shownPriceMinor(p: ProductCardRecord): number | null {
  const dv = p.variants.find((v) => v.code === p.defaultVariantCode) ?? p.variants.find((v) => v.isDefault) ?? p.variants[0];
  const pr = dv?.price;
  if (!pr) return null;
  return pr.isDiscountPrice && pr.discountPriceMinor !== null ? pr.discountPriceMinor : pr.priceMinor;
}

/**
 * The comparison of `raw` (a comma list already checked by the schema: 2–4 distinct codes) on the
 * request's site. Unknown codes (or not sold on the site, or discontinued) → 404 naming the code
 * (`subject` = the field, message = the code); a brewer compare naming another product → 404
 * `notABrewer`. Three statements.
 */
async function compare(dbh: DbHandle, ctx: PresentContext, raw: string, kind: ComparisonAnswer['kind'], field: 'items' | 'codes'): Promise<ComparisonAnswer> {
  const parsed = parseCompareItems(raw);
  const codes = parsed.codes;
  const [cards, features] = await Promise.all([
    getProductCards(dbh.db, { site: ctx.site, lang: ctx.lang, codes }),
    listProductFeatures(dbh.db, { codes, lang: ctx.lang }),
  ]);
  const byCode = new Map(cards.map((c) => [c.code, c]));
  for (const code of codes) {
    const card = byCode.get(code);
    if (!card) throw notFound('UnknownIdentifierError', 'notFound', `Product with code '${code}' not found`, field);
    if (kind === 'brewers' && card.productType !== 'Brewer') throw notFound('UnknownIdentifierError', 'notABrewer', `Product '${code}' is not a brewer`, field);
  }
  const ordered = codes.map((c) => byCode.get(c)!);
  const table = buildComparisonTable(ordered.map((c) => ({ code: c.code, priceMinor: shownPriceMinor(c), features: features.get(c.code) ?? [] })));
  return {
    kind,
    products: ordered.map((c) => presentCard(ctx, c)),
    price: { values: table.price.valuesMinor.map((m) => (m === null ? null : price(ctx, m))), differs: table.price.differs },
    classifications: table.groups,
    identicalRowCount: table.identicalRowCount,
  };
}

/** True when every word of `tokens` starts a word of `folded`. */
function matchesWords(folded: string, tokens: readonly string[]): boolean {
  const words = folded.split(' ');
  return tokens.every((t) => words.some((w) => w.startsWith(t)));
}

/** The compare and suggestion routes. */
export function compareRouteList(dbh: DbHandle) {
  const ctxOf = (site: PresentContext['site'], lang: Lang | undefined): PresentContext => ({ site, lang: answerLang(site, lang) });
  const compareErrors =
    ' 400 ValidationError naming the field: tooManyItems (more than 4 distinct codes), tooFewItems (fewer than 2), tooLong, invalidCharacters. 404 UnknownIdentifierError notFound naming the unknown code.';
  return [
    defineRoute({
      method: 'GET',
      url: '/products/:codes/getAppliance/comparison',
      auth: 'none',
      docs: {
        tags: ['compare'],
        summary: 'Brewer compare: 2–4 brewers (comma-separated codes, duplicates collapse) side by side by classification feature',
        description: `Rows grouped by classification class, a cell per brewer (null = missing), a differs flag per row, the price row.${compareErrors} 404 notABrewer for another product.`,
      },
      schema: { params: CompareCodesParamsSchema, querystring: LangQuerySchema, response: { 200: ComparisonAnswerSchema, ...errors } },
      handler: async ({ params, query }, rc) => compare(dbh, ctxOf(rc.site, query.lang), params.codes, 'brewers', 'codes'),
    }),
    defineRoute({
      method: 'GET',
      url: '/products/compare-appliance',
      auth: 'none',
      docs: {
        tags: ['compare'],
        summary: 'Brewer compare with the codes in the query (items=A,B,C)',
        description: `Same answer as getAppliance/comparison.${compareErrors} 404 notABrewer for another product.`,
      },
      schema: { querystring: CompareQuerySchema, response: { 200: ComparisonAnswerSchema, ...errors } },
      handler: async ({ query }, rc) => compare(dbh, ctxOf(rc.site, query.lang), query.items, 'brewers', 'items'),
    }),
    defineRoute({
      method: 'GET',
      url: '/products/compare',
      auth: 'none',
      docs: {
        tags: ['compare'],
        summary: 'Compare products: 2–4 products of any type (items=A,B) side by side by classification feature',
        description: `Rows grouped by classification class, a cell per product (null = missing), a differs flag per row, the price row.${compareErrors}`,
      },
      schema: { querystring: CompareQuerySchema, response: { 200: ComparisonAnswerSchema, ...errors } },
      handler: async ({ query }, rc) => compare(dbh, ctxOf(rc.site, query.lang), query.items, 'products', 'items'),
    }),
    defineRoute({
      method: 'GET',
      url: '/products/suggestions',
      auth: 'none',
      docs: {
        tags: ['catalogue'],
        summary: 'Search suggestions as you type: products (best match first) and categories whose names match every word as a prefix',
        description: 'term at most 100 characters (400 tooLong, invalidCharacters); max 1–10 of each kind (default 6). An empty term answers empty lists.',
      },
      schema: { querystring: SuggestionsQuerySchema, response: { 200: SuggestionsAnswerSchema, 400: OccErrorBodySchema } },
      async handler({ query }, rc) {
        const ctx = ctxOf(rc.site, query.lang);
        const tokens = searchTokens(query.term);
        if (tokens.length === 0) return { term: query.term, products: [], categories: [] };
        const [codes, categories, sellable] = await Promise.all([
          matchProductCodes(dbh, { site: ctx.site, lang: ctx.lang, term: query.term }),
          listCategories(dbh.db),
          listSiteCategoryCodes(dbh.db, ctx.site),
        ]);
        const cards = await getProductCards(dbh.db, { site: ctx.site, lang: ctx.lang, codes: (codes ?? []).slice(0, query.max) });
        return {
          term: query.term,
          products: cards.map((c) => {
            const card = presentCard(ctx, c);
            return {
              code: card.code,
              name: card.name,
              url: card.url,
              imageUrl: card.images[0]?.url ?? null,
              priceData: card.isDiscountPrice && card.discountPriceData ? card.discountPriceData : card.priceData,
            };
          }),
          categories: categories
            .filter((c) => sellable.has(c.code) && matchesWords(foldForSearch(c.name[ctx.lang]), tokens))
            .slice(0, query.max)
            .map((c) => categoryRef(ctx.lang, c)),
        };
      },
    }),
  ];
}

/** Registers the compare and suggestion routes on the /rest/v2/:baseSiteId scope. */
export const compareRoutes: FastifyPluginAsync = async (scope) => {
  registerApiRoutes(scope, compareRouteList(scope.dbh));
};
