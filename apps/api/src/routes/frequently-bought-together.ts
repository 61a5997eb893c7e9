/**
 * Recommendation and multi-add routes (issue 13; ADR 0032; contracts `fbt.ts`), under
 * /rest/v2/:baseSiteId:
 * - `POST /users/{userId}/frequentlyBoughtTogetherAddToCart` {cartGuid?, productCodes, lang?} —
 *   one unit of each code, one transaction, all or nothing;
 * - `POST /users/{userId}/bundleAddToCart` {cartGuid?, bundleCode, qty?, lang?} — the bundle line
 *   after every component was checked, one transaction;
 * - `GET /getProductOOSRecommendation?productCode&lang` — in-stock alternatives (no token).
 * Defined once (ADR 0021): served over HTTP and by the direct transport.
 */
import type { FastifyInstance } from 'fastify';
import {
  BundleAddToCartRequestSchema,
  BundleAddToCartResponseSchema,
  FbtAddToCartRequestSchema,
  FbtAddToCartResponseSchema,
  OccErrorBodySchema,
  OosRecommendationQuerySchema,
  OosRecommendationSchema,
} from '@store/contracts';
import type { CommerceContext } from '../flows/context.ts';
import { bundleAddToCart, frequentlyBoughtTogetherAddToCart, oosRecommendation } from '../flows/frequently-bought-together.ts';
import { defineRoute, registerApiRoutes, shopperOfContext } from '../http/api-route.ts';
import { UserParamsSchema, USER_SECURITY } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema, 409: OccErrorBodySchema };

/** The routes. */
export function fbtRouteList(ctx: CommerceContext) {
  return [
    defineRoute({
      method: 'POST',
      url: '/users/:userId/frequentlyBoughtTogetherAddToCart',
      auth: 'user',
      docs: {
        tags: ['cart'],
        summary: 'frequentlyBoughtTogetherAddToCart: one unit of each product code in one transaction, all or nothing (at most 6 codes)',
        description:
          '400 ValidationError naming productCodes (empty or too many) or productCodes[i] (duplicate); 404 UnknownIdentifierError naming productCodes[i]; 409 InsufficientStockError naming productCodes[i]. Nothing is added on any error.',
        security: USER_SECURITY,
      },
      schema: { params: UserParamsSchema, body: FbtAddToCartRequestSchema, response: { 200: FbtAddToCartResponseSchema, ...errors } },
      handler: async ({ body }, rc) => frequentlyBoughtTogetherAddToCart(ctx, rc.site, shopperOfContext(rc), body),
    }),
    defineRoute({
      method: 'POST',
      url: '/users/:userId/bundleAddToCart',
      auth: 'user',
      docs: {
        tags: ['cart'],
        summary: 'bundleAddToCart: the bundle at its bundle price, every component checked in the same transaction (ADR 0032)',
        description: '404 unknown code or notABundle (bundleCode); 409 InsufficientStockError naming components[i] or qty; nothing is added on any error.',
        security: USER_SECURITY,
      },
      schema: { params: UserParamsSchema, body: BundleAddToCartRequestSchema, response: { 200: BundleAddToCartResponseSchema, ...errors } },
      handler: async ({ body }, rc) => bundleAddToCart(ctx, rc.site, shopperOfContext(rc), body),
    }),
    defineRoute({
      method: 'GET',
      url: '/getProductOOSRecommendation',
      auth: 'none',
      docs: {
        tags: ['catalogue'],
        summary: 'In-stock alternatives of a sold-out product: same beverage type and roast, or same brewer class (brewers up to 5, beverages up to 4)',
        description: '400 missing or bad productCode; 404 unknown productCode.',
      },
      schema: { querystring: OosRecommendationQuerySchema, response: { 200: OosRecommendationSchema, 400: OccErrorBodySchema, 404: OccErrorBodySchema } },
      handler: async ({ query }, rc) => oosRecommendation(ctx.dbh.db, rc.site, query.lang, query.productCode),
    }),
  ];
}

/** Registers the routes on the /rest/v2/:baseSiteId scope. */
export function registerFbtRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  registerApiRoutes(scope, fbtRouteList(ctx));
}
