/**
 * Recommendation carousel route (issue 13; spec §7 "Recommendation carousel (GET, query
 * baseProductCode, componentId, lang)"; §5/§9 caps; §6 segments; ADR 0033; contracts
 * `recommendations.ts`), under /rest/v2/:baseSiteId:
 * - `GET /users/{userId}/recommendations/carousel?componentId=&baseProductCode=&recent=&lang=`:
 *   `anonymous` with the machine token, `current` with the customer's token (personalised: the
 *   customer's orders choose the segment and the pods that fit their brewer).
 * Defined once (ADR 0021): served over HTTP and by the direct transport.
 */
import type { FastifyInstance } from 'fastify';
import { OccErrorBodySchema, RecommendationCarouselQuerySchema, RecommendationCarouselSchema } from '@store/contracts';
import type { CommerceContext } from '../flows/context.ts';
import { recommendationCarousel } from '../flows/recommendations.ts';
import { defineRoute, registerApiRoutes, shopperOfContext } from '../http/api-route.ts';
import { UserParamsSchema } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema };

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
      handler: async ({ query }, rc) => recommendationCarousel(ctx, rc.site, shopperOfContext(rc).userId, query),
    }),
  ];
}

/** Registers the recommendation routes on the /rest/v2/:baseSiteId scope. */
export function registerRecommendationRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  registerApiRoutes(scope, recommendationRouteList(ctx));
}
