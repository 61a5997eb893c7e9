/**
 * Perks rewards routes (issue 12; ADR 0028 amendment "Rewards"; spec §7 Rewards, reward lists,
 * applyLoyaltyReward, removeLoyaltyReward, swapLoyaltyReward), under /rest/v2/:baseSiteId, defined
 * once ({@link defineRoute}) for HTTP and the direct transport:
 *
 * - `GET /users/{userId}/loyalty/rewards?fields=BASIC|FULL&lang=` → RewardCatalogue;
 * - `GET /users/{userId}/loyalty/rewards/bestSellers?currentPage=&pageSize=&lang=` → RewardBestSellers (page size 28);
 * - `POST /users/{userId}/carts/{cartGuid}/applyLoyaltyReward` {rewardCode} → RewardCartAnswer;
 * - `POST /users/{userId}/carts/{cartGuid}/removeLoyaltyReward` {} → RewardCartAnswer;
 * - `POST /users/{userId}/carts/{cartGuid}/swapLoyaltyReward` {rewardCode} → RewardCartAnswer.
 *
 * `anonymous` answers 403 `LoyaltyError` `customersOnly`; usafh 404 `loyaltyDisabled`; bad input
 * 400 `ValidationError` naming the field.
 */
import type { FastifyInstance } from 'fastify';
import {
  ApplyLoyaltyRewardRequestSchema,
  OccErrorBodySchema,
  RemoveLoyaltyRewardRequestSchema,
  REWARDS_BEST_SELLERS_PAGE_SIZE,
  RewardBestSellersQuerySchema,
  RewardBestSellersSchema,
  RewardCartAnswerSchema,
  RewardCartQuerySchema,
  RewardCatalogueQuerySchema,
  RewardCatalogueSchema,
} from '@store/contracts';
import type { CommerceContext } from '../flows/context.ts';
import { applyLoyaltyReward, removeLoyaltyReward, rewardBestSellers, rewardCatalogue, swapLoyaltyReward } from '../flows/rewards.ts';
import { defineRoute, registerApiRoutes, shopperOfContext } from '../http/api-route.ts';
import { CartParamsSchema, USER_SECURITY, UserParamsSchema } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema, 409: OccErrorBodySchema, 422: OccErrorBodySchema };
const description = '403 LoyaltyError customersOnly for anonymous; 404 LoyaltyError loyaltyDisabled on a site without Perks (usafh).';
const cartDescription = `${description} 404 CartError notFound (unknown cart or another shopper's), 404 LoyaltyError rewardNotFound; 409 LoyaltyError rewardAlreadyApplied / noRewardApplied / rewardChanged, CartError cartNotOpen; 422 LoyaltyError notEnrolled / optedOut / insufficientPoints. Answers the cart and sessionCartCount (broadcast as a cart update, spec §4).`;

/** The rewards routes (see module comment). */
export function rewardRouteList(ctx: CommerceContext) {
  return [
    defineRoute({
      method: 'GET',
      url: '/users/:userId/loyalty/rewards',
      auth: 'user',
      docs: { tags: ['loyalty'], summary: 'Perks rewards catalogue with the points the caller can spend and what each reward still needs', description, security: USER_SECURITY },
      schema: { params: UserParamsSchema, querystring: RewardCatalogueQuerySchema, response: { 200: RewardCatalogueSchema, ...errors } },
      handler: async ({ query }, rc) => rewardCatalogue(ctx, rc.site, shopperOfContext(rc).userId, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/users/:userId/loyalty/rewards/bestSellers',
      auth: 'user',
      docs: { tags: ['loyalty'], summary: 'Perks rewards best sellers: most redeemed first (paged: currentPage from 0, pageSize default 28)', description, security: USER_SECURITY },
      schema: { params: UserParamsSchema, querystring: RewardBestSellersQuerySchema, response: { 200: RewardBestSellersSchema, ...errors } },
      handler: async ({ query }, rc) => rewardBestSellers(ctx, rc.site, shopperOfContext(rc).userId, query, REWARDS_BEST_SELLERS_PAGE_SIZE),
    }),
    defineRoute({
      method: 'POST',
      url: '/users/:userId/carts/:cartGuid/applyLoyaltyReward',
      auth: 'user',
      docs: { tags: ['loyalty'], summary: 'Apply a Perks reward to the cart (one per cart; the points are held when the order is placed)', description: cartDescription, security: USER_SECURITY },
      schema: { params: CartParamsSchema, querystring: RewardCartQuerySchema, body: ApplyLoyaltyRewardRequestSchema, response: { 200: RewardCartAnswerSchema, ...errors } },
      handler: async ({ params, query, body }, rc) => applyLoyaltyReward(ctx, rc.site, shopperOfContext(rc), params.cartGuid, body.rewardCode, query.lang),
    }),
    defineRoute({
      method: 'POST',
      url: '/users/:userId/carts/:cartGuid/removeLoyaltyReward',
      auth: 'user',
      docs: { tags: ['loyalty'], summary: 'Remove the Perks reward of the cart', description: cartDescription, security: USER_SECURITY },
      schema: { params: CartParamsSchema, querystring: RewardCartQuerySchema, body: RemoveLoyaltyRewardRequestSchema, response: { 200: RewardCartAnswerSchema, ...errors } },
      handler: async ({ params, query }, rc) => removeLoyaltyReward(ctx, rc.site, shopperOfContext(rc), params.cartGuid, query.lang),
    }),
    defineRoute({
      method: 'POST',
      url: '/users/:userId/carts/:cartGuid/swapLoyaltyReward',
      auth: 'user',
      docs: { tags: ['loyalty'], summary: "Replace the cart's Perks reward with another", description: cartDescription, security: USER_SECURITY },
      schema: { params: CartParamsSchema, querystring: RewardCartQuerySchema, body: ApplyLoyaltyRewardRequestSchema, response: { 200: RewardCartAnswerSchema, ...errors } },
      handler: async ({ params, query, body }, rc) => swapLoyaltyReward(ctx, rc.site, shopperOfContext(rc), params.cartGuid, body.rewardCode, query.lang),
    }),
  ];
}

/** Registers the rewards routes on the /rest/v2/:baseSiteId scope. */
export function registerRewardRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  registerApiRoutes(scope, rewardRouteList(ctx));
}
