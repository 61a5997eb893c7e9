/**
 * Compare and search suggestions (issue 13; spec §2 brewer compare page and product comparison
 * page, §4 compare / brewer compare states, §7 comparison calls and search; ADR 0031): the request
 * and answer schemas and the typed calls. Every path is under `/rest/v2/{baseSiteId}`; no token.
 *
 * - `GET /products/{codes}/getAppliance/comparison?lang=` — brewer compare, `codes` a comma list;
 * - `GET /products/compare-appliance?items=&lang=` — the same, codes in the query;
 * - `GET /products/compare?items=&lang=` — product comparison (any product sold on the site).
 *   All three answer {@link ComparisonAnswer}. 2–4 distinct codes (duplicates collapse); errors:
 *   400 `ValidationError` naming the field (`items` or `codes`) with reason `tooManyItems` (more
 *   than 4), `tooFewItems` (fewer than 2), `tooLong` (over 2000 characters), `invalidCharacters`
 *   (a control character such as NUL); 404 `UnknownIdentifierError` `notFound` with `subject` the
 *   unknown code; 404 `notABrewer` (subject the code) when a brewer call names another product.
 * - `GET /products/suggestions?term=&max=&lang=` — search suggestions as you type:
 *   {@link SuggestionsAnswer} (products and categories whose names match every word of the term
 *   as a prefix, accents folded). `term` at most {@link SUGGEST_TERM_MAX} characters (400
 *   `tooLong`), `max` 1–10 (default 6).
 */
import { z } from 'zod';
import { COMPARE_MAX_ITEMS, parseCompareItems } from '@store/domain';
import { LangSchema, PriceDataSchema, ProductCardSchema, BaseSiteParamsSchema, type Lang } from './catalog.ts';
import type { ApiCore } from './client.ts';
import { codeListInput, safeText } from './input.ts';

/** Longest search term the suggestions accept (characters). */
export const SUGGEST_TERM_MAX = 100;
/** Most suggestions of each kind in one answer. */
export const SUGGEST_MAX = 10;

/** A comma list of 2–4 product codes (see module comment for the reasons). */
export function compareItemsInput() {
  return codeListInput().check((ctx) => {
    const parsed = parseCompareItems(ctx.value);
    if (parsed.ok) return;
    ctx.issues.push({
      code: 'custom',
      input: ctx.value,
      message: parsed.reason === 'tooManyItems' ? `compare at most ${COMPARE_MAX_ITEMS} products` : 'compare at least 2 products',
      params: { reason: parsed.reason },
    });
  });
}

/** Query of `compare-appliance` and `compare`. */
export const CompareQuerySchema = z.object({ items: compareItemsInput(), lang: LangSchema.optional() });
/** Path parameters of `/products/{codes}/getAppliance/comparison`. */
export const CompareCodesParamsSchema = BaseSiteParamsSchema.extend({ codes: compareItemsInput() });

/** One feature row: a cell per product in `products` order (null = the product lacks it, shown "—"). */
export const ComparisonRowSchema = z.object({
  code: z.string(),
  name: z.string(),
  values: z.array(z.string().nullable()),
  /** at least two cells differ */
  differs: z.boolean(),
});
export type ComparisonRow = z.infer<typeof ComparisonRowSchema>;

/** The rows of one classification class. */
export const ComparisonGroupSchema = z.object({ code: z.string(), name: z.string(), rows: z.array(ComparisonRowSchema) });
export type ComparisonGroup = z.infer<typeof ComparisonGroupSchema>;

/** Answer of the three comparison calls. */
export const ComparisonAnswerSchema = z.object({
  /** `brewers` for the brewer calls, `products` for compare products */
  kind: z.enum(['brewers', 'products']),
  /** the compared products, in the order asked (duplicates collapsed) */
  products: z.array(ProductCardSchema),
  /** the price row: the price each product sells at (the sale price when on sale) */
  price: z.object({ values: z.array(PriceDataSchema.nullable()), differs: z.boolean() }),
  /** feature rows grouped by classification class */
  classifications: z.array(ComparisonGroupSchema),
  /** how many feature rows are the same for every product */
  identicalRowCount: z.number().int(),
});
export type ComparisonAnswer = z.infer<typeof ComparisonAnswerSchema>;

/** Query of `GET /products/suggestions`. */
export const SuggestionsQuerySchema = z.object({
  term: safeText(SUGGEST_TERM_MAX).trim().default(''),
  max: z.coerce.number().int().min(1).max(SUGGEST_MAX).default(6),
  lang: LangSchema.optional(),
});

/** A suggested product (name, storefront URL in the request language, image, price). */
export const ProductSuggestionSchema = z.object({
  code: z.string(),
  name: z.string(),
  url: z.string(),
  imageUrl: z.string().nullable(),
  priceData: PriceDataSchema,
});
/** A suggested category. */
export const CategorySuggestionSchema = z.object({ code: z.string(), name: z.string(), url: z.string() });
/** Answer of `GET /products/suggestions`: empty lists for an empty term. */
export const SuggestionsAnswerSchema = z.object({
  term: z.string(),
  products: z.array(ProductSuggestionSchema),
  categories: z.array(CategorySuggestionSchema),
});
export type SuggestionsAnswer = z.infer<typeof SuggestionsAnswerSchema>;

/** The compare and suggestion calls (no token needed). */
export interface CompareCalls {
  /** GET /{site}/products/{codes}/getAppliance/comparison — brewer compare. */
  compareBrewers(site: string, codes: readonly string[], opts?: { lang?: Lang }): Promise<ComparisonAnswer>;
  /** GET /{site}/products/compare-appliance?items= — brewer compare, codes in the query. */
  compareAppliances(site: string, codes: readonly string[], opts?: { lang?: Lang }): Promise<ComparisonAnswer>;
  /** GET /{site}/products/compare?items= — product comparison. */
  compareProducts(site: string, codes: readonly string[], opts?: { lang?: Lang }): Promise<ComparisonAnswer>;
  /** GET /{site}/products/suggestions?term=&max= — suggestions as you type. */
  getSuggestions(site: string, term: string, opts?: { lang?: Lang; max?: number }): Promise<SuggestionsAnswer>;
}

/** Builds the compare calls on a core (any token or none). */
export function createCompareClient(core: ApiCore): CompareCalls {
  const enc = encodeURIComponent;
  const noAuth = { auth: false } as const;
  return {
    compareBrewers: (site, codes, opts = {}) =>
      core.request('GET', `/${enc(site)}/products/${enc(codes.join(','))}/getAppliance/comparison`, { ...noAuth, query: { lang: opts.lang }, schema: ComparisonAnswerSchema }),
    compareAppliances: (site, codes, opts = {}) =>
      core.request('GET', `/${enc(site)}/products/compare-appliance`, { ...noAuth, query: { items: codes.join(','), lang: opts.lang }, schema: ComparisonAnswerSchema }),
    compareProducts: (site, codes, opts = {}) =>
      core.request('GET', `/${enc(site)}/products/compare`, { ...noAuth, query: { items: codes.join(','), lang: opts.lang }, schema: ComparisonAnswerSchema }),
    getSuggestions: (site, term, opts = {}) =>
      core.request('GET', `/${enc(site)}/products/suggestions`, { ...noAuth, query: { term, max: opts.max, lang: opts.lang }, schema: SuggestionsAnswerSchema }),
  };
}
