/**
 * Recommendation carousel route (issue 13; spec §7 "Recommendation carousel (GET, query
 * baseProductCode, componentId, lang)"; §5/§9 caps; §6 segments; ADR 0033; contracts
 * `recommendations.ts`), under /rest/v2/:baseSiteId:
 * - `GET /users/{userId}/recommendations/carousel?componentId=&baseProductCode=&recent=&lang=`:
 *   `anonymous` with the machine token, `current` with the customer's token (personalised: the
 *   customer's orders choose the segment and the pods that fit their brewer);
 * - `GET /users/{userId}/recommendations/list?componentId=&baseProductCode=&recent=&lang=&pageSize=`
 *   (recommended list): the same ranked cards, at most `pageSize` (never beyond the cap);
 * - `GET /users/{userId}/recommendations/productCodes?contextId=&customerId=&recent=` (real-time
 *   product codes): the ranked codes only, capped 5 brewers / 4 beverages;
 * - `POST /users/{userId}/recommendations/sort` {contextId, customerId?, productCodes, recent?}
 *   (sort recommendation): the codes re-ordered for the shopper, unknown ones dropped.
 * All read-only (POST only because the code list may be long).
 * Defined once (ADR 0021): served over HTTP and by the direct transport.
 */
import type { FastifyInstance } from 'fastify';
import {
  OccErrorBodySchema,
  RecommendationCarouselQuerySchema,
  RecommendationCarouselSchema,
  RecommendationProductCodesQuerySchema,
  RecommendationProductCodesSchema,
  RecommendedListQuerySchema,
  RecommendedListSchema,
  SortedRecommendationsSchema,
  SortRecommendationsRequestSchema,
} from '@store/contracts';
import type { CommerceContext } from '../flows/context.ts';
import { recommendationCarousel, recommendationProductCodes, recommendedList, sortRecommendations } from '../flows/recommendations.ts';
import { defineRoute, registerApiRoutes, shopperOfContext, type RouteCachePolicy } from '../http/api-route.ts';
import { LISTING_TAG } from '../http/response-cache.ts';
import { UserParamsSchema } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema };

/**
 * The carousel of an anonymous shopper depends only on the query (component, base product,
 * recent codes, language) and the catalogue, so it is shared through the response cache (ADR
 * 0037; every product page of a visitor with a cart asks it): one entry per query, dropped with
 * every listing when any product changes (its candidates are the whole assortment). A signed-in
 * customer's carousel is their own (their orders choose the segment and the pods): never cached.
 */
const ANONYMOUS_CAROUSEL_CACHE: RouteCachePolicy = {
  variant: async (rc) => (shopperOfContext(rc).userId === null ? '' : null),
  tags: () => [LISTING_TAG],
};

/** The recommendation routes. */
export function recommendationRouteList(ctx: CommerceContext) {
  return [
    defineRoute({
      method: 'GET',
      url: '/users/:userId/recommendations/carousel',
      auth: 'user',
      docs: {
        tags: ['recommendations'],
        summary: 'Recommendation carousel: up to 5 brewers or 4 beverages (5 recently viewed) with reasons, the segment and the experiment variant',
        description:
          'componentId: PdpBeverageRecommendations | PdpBrewerRecommendations (baseProductCode required) | HomeRecommendationCarousel | RecentlyViewed. recent: the recent-products cookie codes. With the customer token, pods are limited to those fitting the brewer the customer bought (reason fits). 400 ValidationError naming the field; 404 UnknownIdentifierError for an unknown baseProductCode.',
        security: [{ clientToken: [] }, { customerToken: [] }],
      },
      schema: { params: UserParamsSchema, querystring: RecommendationCarouselQuerySchema, response: { 200: RecommendationCarouselSchema, ...errors } },
      cache: ANONYMOUS_CAROUSEL_CACHE,
      handler: async ({ query }, rc) => recommendationCarousel(ctx, rc.site, shopperOfContext(rc).userId, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/users/:userId/recommendations/list',
      auth: 'user',
      docs: {
        tags: ['recommendations'],
        summary: 'Recommended list: the ranked product cards of a recommendation component, at most pageSize (1–36, never beyond the cap 5/4)',
        description:
          'componentId and baseProductCode as the carousel; pageSize 1–36 (default the cap). 400 ValidationError naming the field; 404 UnknownIdentifierError for an unknown baseProductCode.',
        security: [{ clientToken: [] }, { customerToken: [] }],
      },
      schema: { params: UserParamsSchema, querystring: RecommendedListQuerySchema, response: { 200: RecommendedListSchema, ...errors } },
      handler: async ({ query }, rc) => recommendedList(ctx, rc.site, shopperOfContext(rc).userId, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/users/:userId/recommendations/productCodes',
      auth: 'user',
      docs: {
        tags: ['recommendations'],
        summary: 'Real-time product codes: the ranked recommendation codes for a context and a customer, capped at 5 brewers or 4 beverages',
        description:
          'contextId: HomeRecommendationCarousel | RecentlyViewed | a product code (a brewer: brewers; otherwise beverages). customerId: current | anonymous | your own id (default: the user of the path); another customer 403 ForbiddenError notYourCustomerId. 404 UnknownIdentifierError for an unknown product context.',
        security: [{ clientToken: [] }, { customerToken: [] }],
      },
      schema: { params: UserParamsSchema, querystring: RecommendationProductCodesQuerySchema, response: { 200: RecommendationProductCodesSchema, ...errors } },
      handler: async ({ query }, rc) => recommendationProductCodes(ctx, rc.site, shopperOfContext(rc).userId, query),
    }),
    defineRoute({
      method: 'POST',
      url: '/users/:userId/recommendations/sort',
      auth: 'user',
      docs: {
        tags: ['recommendations'],
        summary: 'Sort recommendation: product codes re-ordered for the shopper (in stock, pods fitting their brewer, similarity, given order); unknown codes dropped',
        description:
          'Body {contextId, customerId?, productCodes (1–50), recent?}. Read-only. 400 productCodes required (empty) / tooMany (51+); 403 notYourCustomerId; 404 unknown product context.',
        security: [{ clientToken: [] }, { customerToken: [] }],
      },
      schema: { params: UserParamsSchema, body: SortRecommendationsRequestSchema, response: { 200: SortedRecommendationsSchema, ...errors } },
      handler: async ({ body }, rc) => sortRecommendations(ctx, rc.site, shopperOfContext(rc).userId, body),
    }),
  ];
}

/** Registers the recommendation routes on the /rest/v2/:baseSiteId scope. */
export function registerRecommendationRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  registerApiRoutes(scope, recommendationRouteList(ctx));
}
