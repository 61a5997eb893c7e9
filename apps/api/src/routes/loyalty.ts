/**
 * Brewhaus Perks routes (issue 12; ADR 0028; spec §7 "Coupons and loyalty"), under
 * /rest/v2/:baseSiteId, defined once ({@link defineRoute}) for HTTP and the direct transport:
 *
 * - `POST /users/{userId}/loyaltyProgramSignup` {acceptTerms: true} → LoyaltySummary (idempotent 200);
 * - `PUT /users/{userId}/updatePerksOptInOut` {perksOptIn, csAgentId?} → LoyaltySummary;
 * - `GET /users/{userId}/loyalty?lang=` → LoyaltySummary;
 * - `GET /users/{userId}/loyalty/history?currentPage=&pageSize=` → LoyaltyHistory;
 * - `GET /users/{userId}/loyalty/preview?cartGuid=&lang=` → LoyaltyPreview.
 *
 * `userId` is `current` (customer token) or `anonymous` (client token: answered 403 `LoyaltyError`
 * `customersOnly`, spec §6 "perks opt-in is for customers only"). A site without Perks (usafh)
 * answers 404 `LoyaltyError` `loyaltyDisabled`. Bad bodies: 400 `ValidationError` naming the field.
 */
import type { FastifyInstance } from 'fastify';
import {
  LOYALTY_HISTORY_PAGE_SIZE,
  LoyaltyHistoryQuerySchema,
  LoyaltyHistorySchema,
  LoyaltyPreviewQuerySchema,
  LoyaltyPreviewSchema,
  LoyaltyQuerySchema,
  LoyaltySignupRequestSchema,
  LoyaltySummarySchema,
  OccErrorBodySchema,
  PerksOptInRequestSchema,
} from '@store/contracts';
import type { CommerceContext } from '../flows/context.ts';
import { loyaltyCartPreview, loyaltyHistory, loyaltySummary, signUpForLoyalty, updatePerksOptIn } from '../flows/loyalty.ts';
import { defineRoute, registerApiRoutes, shopperOfContext } from '../http/api-route.ts';
import { USER_SECURITY, UserParamsSchema } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema, 409: OccErrorBodySchema };
const description = '403 LoyaltyError customersOnly for anonymous; 404 LoyaltyError loyaltyDisabled on a site without Perks (usafh).';

/** The Perks routes (see module comment). */
export function loyaltyRouteList(ctx: CommerceContext) {
  return [
    defineRoute({
      method: 'POST',
      url: '/users/:userId/loyaltyProgramSignup',
      auth: 'user',
      docs: { tags: ['loyalty'], summary: 'Join Brewhaus Perks (acceptTerms must be true); idempotent: a member gets 200 and the same membership', description, security: USER_SECURITY },
      schema: { params: UserParamsSchema, body: LoyaltySignupRequestSchema, response: { 200: LoyaltySummarySchema, ...errors } },
      handler: async (_input, rc) => signUpForLoyalty(ctx, rc.site, shopperOfContext(rc).userId, rc.log),
    }),
    defineRoute({
      method: 'PUT',
      url: '/users/:userId/updatePerksOptInOut',
      auth: 'user',
      docs: { tags: ['loyalty'], summary: 'Opt in or out of earning Perks points (csAgentId when an agent acts); opting out keeps the history', description: `${description} 409 LoyaltyError notEnrolled for a customer who has not joined.`, security: USER_SECURITY },
      schema: { params: UserParamsSchema, body: PerksOptInRequestSchema, response: { 200: LoyaltySummarySchema, ...errors } },
      handler: async ({ body }, rc) => updatePerksOptIn(ctx, rc.site, shopperOfContext(rc).userId, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/users/:userId/loyalty',
      auth: 'user',
      docs: { tags: ['loyalty'], summary: 'Perks summary: available and pending points (the ledger sums), value in the site currency, tier, points expiring soon', description, security: USER_SECURITY },
      schema: { params: UserParamsSchema, querystring: LoyaltyQuerySchema, response: { 200: LoyaltySummarySchema, ...errors } },
      handler: async ({ query }, rc) => loyaltySummary(ctx, rc.site, shopperOfContext(rc).userId, query.lang),
    }),
    defineRoute({
      method: 'GET',
      url: '/users/:userId/loyalty/history',
      auth: 'user',
      docs: { tags: ['loyalty'], summary: 'Perks history, newest first (paged: currentPage from 0, pageSize default 20): earned, pending, redeemed, expired, with order codes', description, security: USER_SECURITY },
      schema: { params: UserParamsSchema, querystring: LoyaltyHistoryQuerySchema, response: { 200: LoyaltyHistorySchema, ...errors } },
      handler: async ({ query }, rc) => loyaltyHistory(ctx, rc.site, shopperOfContext(rc).userId, query, LOYALTY_HISTORY_PAGE_SIZE),
    }),
    defineRoute({
      method: 'GET',
      url: '/users/:userId/loyalty/preview',
      auth: 'user',
      docs: { tags: ['loyalty'], summary: "Points the caller's cart would earn (0 for a cart that is not theirs)", description, security: USER_SECURITY },
      schema: { params: UserParamsSchema, querystring: LoyaltyPreviewQuerySchema, response: { 200: LoyaltyPreviewSchema, ...errors } },
      handler: async ({ query }, rc) => loyaltyCartPreview(ctx, rc.site, shopperOfContext(rc).userId, query.cartGuid, query.lang),
    }),
  ];
}

/** Registers the Perks routes on the /rest/v2/:baseSiteId scope. */
export function registerLoyaltyRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  registerApiRoutes(scope, loyaltyRouteList(ctx));
}
