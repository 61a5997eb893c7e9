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
 */
import { z } from 'zod';
import { EXPERIMENT_VARIANTS, SEGMENTS } from '@store/domain';
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

/** The recommendation call. */
export interface RecommendationCalls {
  /** GET /{site}/users/{anonymous|current}/recommendations/carousel (see module comment). */
  getRecommendationCarousel(
    site: string,
    opts: { componentId: RecommendationComponentId; baseProductCode?: string; recent?: readonly string[]; lang?: Lang },
  ): Promise<RecommendationCarousel>;
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
  };
}
