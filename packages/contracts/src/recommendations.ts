/**
 * Recommendation carousels (issue 13; spec §7 "Recommendation carousel (GET, query
 * baseProductCode, componentId, lang); recommended list; real-time product codes and sort
 * recommendation by context id and customer id"; §5/§9 caps; §6 segments; ADR 0033): the query
 * and answer schemas and the typed call.
 *
 * `GET /{site}/users/{anonymous|current}/recommendations/carousel?componentId=&baseProductCode=&recent=&lang=`
 * → {@link RecommendationCarousel}: up to 5 brewer cards or 4 beverage cards (5 recently viewed),
 * each with its reason, the shopper's segment and the experiment variant. With the customer's
 * token (`current`), a customer who bought a brewer gets only pods that fit it, with the reason
 * `fits` naming it ("Fits your Solo"). Errors: 400 `ValidationError` naming the field
 * (`componentId` not one of {@link RECOMMENDATION_COMPONENT_IDS}; `baseProductCode` missing for a
 * PDP component; `invalidCharacters`, `tooLong`); 404 `UnknownIdentifierError` for a
 * `baseProductCode` not sold on the site; 401/403 as every `users/{userId}` route.
 *
 * The other spec §7 recommendation calls (same users/{userId} rules):
 * - `GET …/recommendations/list?componentId=&baseProductCode=&recent=&lang=&pageSize=` (recommended
 *   list) → {@link RecommendedList}: the carousel's ranked cards, at most `pageSize` (1–36, default
 *   the cap) and never more than the cap; errors as the carousel, plus `pageSize` out of range 400.
 * - `GET …/recommendations/productCodes?contextId=&customerId=&recent=` (real-time product codes)
 *   → {@link RecommendationProductCodes}: only the ranked codes, capped at 5 brewers / 4 beverages.
 *   `contextId`: `HomeRecommendationCarousel`, `RecentlyViewed`, or a product code (a brewer's
 *   code: 5 other brewers; any other product: 4 beverages, as on its PDP); an unknown product 404
 *   `notFound` (subject `contextId`). `customerId`: `current` (the token's customer),
 *   `anonymous` (rank as for a shopper nobody knows), or the token customer's own id; absent: the
 *   path's user;
 *   another customer's id, or `current` without a customer token, 403 `ForbiddenError`
 *   `notYourCustomerId` (subject `customerId`).
 * - `POST …/recommendations/sort` {contextId, customerId?, productCodes} (sort recommendation) →
 *   {@link SortedRecommendations}: the same codes re-ordered for the shopper (in stock first, pods
 *   fitting their brewer, carousel score, then the given order). Unknown codes (not sold on the
 *   site) are dropped and listed in `droppedCodes`; a repeated code is kept once. 400
 *   `productCodes` `required` (empty) or `tooMany` (more than {@link SORT_RECOMMENDATION_MAX_CODES}),
 *   `tooLong` / `invalidCharacters` on a code; `contextId` and `customerId` as productCodes.
 */
import { z } from 'zod';
import { EXPERIMENT_VARIANTS, SEGMENTS, SORT_RECOMMENDATION_MAX_CODES } from '@store/domain';
import { LangSchema, ProductCardSchema, type Lang } from './catalog.ts';
import type { ApiCore } from './client.ts';
import { codeInput, codeListInput, safeText } from './input.ts';

/**
 * The carousels the call knows (spec §7 `componentId`):
 * - `PdpBeverageRecommendations`: beverages for a PDP (`baseProductCode` required), at most 4;
 * - `PdpBrewerRecommendations`: brewers for a PDP (`baseProductCode` required), at most 5;
 * - `HomeRecommendationCarousel`: the home carousel whose content follows the experiment variant;
 * - `RecentlyViewed`: the `recent` codes as cards, without `baseProductCode`, at most 5.
 */
export const RECOMMENDATION_COMPONENT_IDS = ['PdpBeverageRecommendations', 'PdpBrewerRecommendations', 'HomeRecommendationCarousel', 'RecentlyViewed'] as const;
export type RecommendationComponentId = (typeof RECOMMENDATION_COMPONENT_IDS)[number];

/** A componentId: one of {@link RECOMMENDATION_COMPONENT_IDS}; another string answers reason `unknownComponent`. */
function componentIdInput() {
  const ids: readonly string[] = RECOMMENDATION_COMPONENT_IDS;
  return safeText(64)
    .check((ctx) => {
      if (!ids.includes(ctx.value)) ctx.issues.push({ code: 'custom', input: ctx.value, message: 'Unknown recommendation component', params: { reason: 'unknownComponent' } });
    })
    .meta({ enum: [...RECOMMENDATION_COMPONENT_IDS] }) as unknown as z.ZodType<RecommendationComponentId, string>;
}

/** Query of the carousel call. */
export const RecommendationCarouselQuerySchema = z.object({
  componentId: componentIdInput(),
  baseProductCode: codeInput().optional(),
  /** the recent-products cookie: product codes, most recent first, `|` or `,` separated (real-time product codes) */
  recent: codeListInput().optional(),
  lang: LangSchema.optional(),
});
export type RecommendationCarouselQuery = z.input<typeof RecommendationCarouselQuerySchema>;

/** Why a product is recommended. `fits`: a pod that fits the customer's brewer (`owned`) or the PDP's brewer. */
export const RecommendationReasonSchema = z.object({
  code: z.string(),
  kind: z.enum(['fits', 'similar', 'popular', 'recent']),
  /** `fits` only: the brewer's code and brand-neutral model name ("Solo") */
  brewerCode: z.string().optional(),
  brewerName: z.string().optional(),
  /** `fits` only: true when the customer bought the brewer */
  owned: z.boolean().optional(),
});
export type RecommendationReasonView = z.infer<typeof RecommendationReasonSchema>;

/** The carousel answer. */
export const RecommendationCarouselSchema = z.object({
  componentId: z.enum(RECOMMENDATION_COMPONENT_IDS),
  /** what the products are */
  kind: z.enum(['brewer', 'beverage', 'recent']),
  /** the cap that applied (5 brewers, 4 beverages, 5 recently viewed) */
  cap: z.number().int(),
  /** spec §6 segment of the shopper */
  segment: z.enum(SEGMENTS),
  /** spec §9 experiment variant (home carousel; the PDP carousels answer it too) */
  variant: z.enum(EXPERIMENT_VARIANTS),
  products: z.array(ProductCardSchema),
  /** one per product, same order */
  reasons: z.array(RecommendationReasonSchema),
});
export type RecommendationCarousel = z.infer<typeof RecommendationCarouselSchema>;

/** Largest `pageSize` of the recommended list (spec §9 product select page size 36); the cap still applies. */
export const RECOMMENDED_LIST_MAX_PAGE_SIZE = 36;

/** Query of the recommended list: the carousel's plus `pageSize`. */
export const RecommendedListQuerySchema = RecommendationCarouselQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(RECOMMENDED_LIST_MAX_PAGE_SIZE).optional(),
});
export type RecommendedListQuery = z.input<typeof RecommendedListQuerySchema>;

/** The recommended list: the ranked cards of a component, at most `pageSize`. */
export const RecommendedListSchema = RecommendationCarouselSchema.extend({
  /** the page size that applied: min(requested, cap) */
  pageSize: z.number().int(),
});
export type RecommendedList = z.infer<typeof RecommendedListSchema>;

/** Whose ranking: `current` (the token's customer), `anonymous`, or the token customer's own id. */
const customerIdInput = () => codeInput().describe('current | anonymous | the signed-in customer\'s own id');

/** A context: `HomeRecommendationCarousel`, `RecentlyViewed` or a product code. */
const contextIdInput = () => codeInput().describe('HomeRecommendationCarousel | RecentlyViewed | a product code');

/** Query of the real-time product codes call. */
export const RecommendationProductCodesQuerySchema = z.object({
  contextId: contextIdInput(),
  customerId: customerIdInput().optional(),
  recent: codeListInput().optional(),
});
export type RecommendationProductCodesQuery = z.input<typeof RecommendationProductCodesQuerySchema>;

/** The real-time product codes: ranked, capped at 5 brewers or 4 beverages. */
export const RecommendationProductCodesSchema = z.object({
  contextId: z.string(),
  /** whose ranking it is */
  customerId: z.enum(['current', 'anonymous']),
  kind: z.enum(['brewer', 'beverage', 'recent']),
  cap: z.number().int(),
  segment: z.enum(SEGMENTS),
  variant: z.enum(EXPERIMENT_VARIANTS),
  productCodes: z.array(z.string()),
});
export type RecommendationProductCodes = z.infer<typeof RecommendationProductCodesSchema>;

/** Body of the sort recommendation call. */
export const SortRecommendationsRequestSchema = z.object({
  contextId: contextIdInput(),
  customerId: customerIdInput().optional(),
  productCodes: z
    .array(codeInput())
    .refine((a) => a.length > 0, { params: { reason: 'required' }, message: 'Send at least one product code' })
    .refine((a) => a.length <= SORT_RECOMMENDATION_MAX_CODES, { params: { reason: 'tooMany' }, message: `at most ${SORT_RECOMMENDATION_MAX_CODES} product codes` }),
  /** the recent-products cookie codes (boosts viewed brewers for a brewer intender) */
  recent: codeListInput().optional(),
});
export type SortRecommendationsRequest = z.input<typeof SortRecommendationsRequestSchema>;

/** The sorted codes. */
export const SortedRecommendationsSchema = z.object({
  contextId: z.string(),
  customerId: z.enum(['current', 'anonymous']),
  segment: z.enum(SEGMENTS),
  variant: z.enum(EXPERIMENT_VARIANTS),
  /** the known codes of the request, each once, re-ordered */
  productCodes: z.array(z.string()),
  /** codes of the request not sold on the site (dropped) */
  droppedCodes: z.array(z.string()),
});
export type SortedRecommendations = z.infer<typeof SortedRecommendationsSchema>;

/** The recommendation calls. */
export interface RecommendationCalls {
  /** GET /{site}/users/{anonymous|current}/recommendations/carousel (see module comment). */
  getRecommendationCarousel(
    site: string,
    opts: { componentId: RecommendationComponentId; baseProductCode?: string; recent?: readonly string[]; lang?: Lang },
  ): Promise<RecommendationCarousel>;
  /** GET /{site}/users/{anonymous|current}/recommendations/list (recommended list). */
  getRecommendedList(
    site: string,
    opts: { componentId: RecommendationComponentId; baseProductCode?: string; recent?: readonly string[]; lang?: Lang; pageSize?: number },
  ): Promise<RecommendedList>;
  /** GET /{site}/users/{anonymous|current}/recommendations/productCodes (real-time product codes). */
  getRecommendationProductCodes(site: string, opts: { contextId: string; customerId?: string; recent?: readonly string[] }): Promise<RecommendationProductCodes>;
  /** POST /{site}/users/{anonymous|current}/recommendations/sort (sort recommendation). */
  sortRecommendations(site: string, body: { contextId: string; customerId?: string; productCodes: readonly string[]; recent?: readonly string[] }): Promise<SortedRecommendations>;
}

/** Builds the call on a core: the customer's (`current`) or the machine token's (`anonymous`). */
export function createRecommendationClient(core: ApiCore, user: 'current' | 'anonymous'): RecommendationCalls {
  const enc = encodeURIComponent;
  return {
    getRecommendationCarousel: (site, opts) =>
      core.request('GET', `/${enc(site)}/users/${user}/recommendations/carousel`, {
        query: { componentId: opts.componentId, baseProductCode: opts.baseProductCode, recent: opts.recent && opts.recent.length > 0 ? opts.recent.join('|') : undefined, lang: opts.lang },
        schema: RecommendationCarouselSchema,
      }),
    getRecommendedList: (site, opts) =>
      core.request('GET', `/${enc(site)}/users/${user}/recommendations/list`, {
        query: {
          componentId: opts.componentId,
          baseProductCode: opts.baseProductCode,
          recent: opts.recent && opts.recent.length > 0 ? opts.recent.join('|') : undefined,
          lang: opts.lang,
          pageSize: opts.pageSize === undefined ? undefined : String(opts.pageSize),
        },
        schema: RecommendedListSchema,
      }),
    getRecommendationProductCodes: (site, opts) =>
      core.request('GET', `/${enc(site)}/users/${user}/recommendations/productCodes`, {
        query: { contextId: opts.contextId, customerId: opts.customerId, recent: opts.recent && opts.recent.length > 0 ? opts.recent.join('|') : undefined },
        schema: RecommendationProductCodesSchema,
      }),
    sortRecommendations: (site, body) =>
      core.request('POST', `/${enc(site)}/users/${user}/recommendations/sort`, {
        body: { contextId: body.contextId, customerId: body.customerId, productCodes: body.productCodes, recent: body.recent && body.recent.length > 0 ? body.recent.join('|') : undefined },
        schema: SortedRecommendationsSchema,
      }),
  };
}
