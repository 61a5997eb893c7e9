/**
 * Coupon routes and the discount message (issue 4; ADR 0010; spec §3 Coupon, §6, §7 Coupons),
 * under /rest/v2/:baseSiteId. Thin handlers: parse (zod), call flows/coupons.ts, answer.
 *
 * - `GET /coupons/applyCouponData?couponCode=` — coupon data, no cart (client or customer token).
 * - `GET|POST /users/{userId}/carts/{cartGuid}/coupon/apply?couponCode=` (POST may send
 *   `{couponCode}` instead) and `POST /users/{userId}/carts/{cartGuid}/applyDscntCoupon {couponCode}`
 *   — apply, answer the cart. The GET form changes the cart too (spec parity, ADR 0010).
 * - `DELETE /users/{userId}/carts/{cartGuid}/coupons/{couponCode}` — remove, answer the cart.
 * - `GET /users/{userId}/discountMessage?lang=` — the spec §6 role-based message.
 * Cart calls follow the cart routes' ownership rule (`shopperOf`): another shopper's cart answers
 * the same 404 as an unknown one, checked before anything about the coupon. The coupon code is
 * optional in the schemas so that an absent code is answered after that check (400 naming
 * `couponCode`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CartSchema, codeInput, CouponDataSchema, DiscountMessageSchema, LangSchema, OccErrorBodySchema } from '@store/contracts';
import type { CommerceContext } from '../flows/context.ts';
import { applyCartCoupon, getCouponData, getDiscountMessage, removeCartCouponFlow } from '../flows/coupons.ts';
import { defineRoute, registerApiRoutes, shopperOfContext } from '../http/api-route.ts';
import { bearerOfHeader } from '../plugins/auth.ts';
import { CartParamsSchema, USER_SECURITY, UserParamsSchema } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema, 409: OccErrorBodySchema };
const CouponQuerySchema = z.object({ couponCode: codeInput().optional(), lang: LangSchema.optional() });
const CouponBodySchema = z.object({ couponCode: codeInput().optional() }).optional();

/**
 * The verified customer id of a request's bearer token, or null (no token, a client token, an
 * invalid or expired token). For public routes that answer more to a signed-in customer (catalogue
 * price strategies); never fails the request.
 */
export async function optionalCustomerId(request: FastifyRequest): Promise<string | null> {
  const token = bearerOfHeader(request.headers.authorization);
  if (!token) return null;
  const customer = await request.server.verifyCustomer(token);
  return customer?.id ?? null;
}

const applyDocs = {
  tags: ['coupons'],
  summary: 'Apply a coupon to the cart (codes are case-insensitive); answers the cart',
  description:
    'CouponError reasons: couponNotFound (404), couponExpired, couponNotYetValid, couponUsedUp, couponAlreadyUsed (per-customer limit), couponAlreadyApplied, couponNotApplicable (its promotion gives nothing on this cart; the message says why) — 400.',
  security: USER_SECURITY,
};

/**
 * The coupon and discount-message routes (issue 11 item 3: defined once, served over HTTP and by
 * the direct transport). See module comment.
 */
export function couponRouteList(ctx: CommerceContext) {
  return [
    defineRoute({
      method: 'GET',
      url: '/coupons/applyCouponData',
      // a valid client (machine) token or customer token, else 401
      auth: 'token',
      docs: {
        tags: ['coupons'],
        summary: 'Coupon data (couponCode, couponName, pageName, success message) without touching a cart',
        description: '404 CouponError couponNotFound (unknown or malformed code); 400 couponExpired, couponNotYetValid, couponUsedUp.',
        security: USER_SECURITY,
      },
      schema: { querystring: CouponQuerySchema, response: { 200: CouponDataSchema, ...errors } },
      handler: async ({ query }, rc) => getCouponData(ctx, rc.site, query.couponCode, query.lang),
    }),
    defineRoute({
      method: 'GET',
      url: '/users/:userId/carts/:cartGuid/coupon/apply',
      auth: 'user',
      docs: applyDocs,
      schema: { params: CartParamsSchema, querystring: CouponQuerySchema, response: { 200: CartSchema, ...errors } },
      handler: async ({ params, query }, rc) => applyCartCoupon(ctx, rc.site, shopperOfContext(rc), params.cartGuid, query.couponCode, query.lang),
    }),
    defineRoute({
      method: 'POST',
      url: '/users/:userId/carts/:cartGuid/coupon/apply',
      auth: 'user',
      docs: applyDocs,
      schema: { params: CartParamsSchema, querystring: CouponQuerySchema, body: CouponBodySchema, response: { 200: CartSchema, ...errors } },
      handler: async ({ params, query, body }, rc) => applyCartCoupon(ctx, rc.site, shopperOfContext(rc), params.cartGuid, query.couponCode ?? body?.couponCode, query.lang),
    }),
    defineRoute({
      method: 'POST',
      url: '/users/:userId/carts/:cartGuid/applyDscntCoupon',
      auth: 'user',
      docs: { ...applyDocs, summary: 'Apply a coupon to the cart ({couponCode}); answers the cart' },
      schema: { params: CartParamsSchema, querystring: CouponQuerySchema, body: CouponBodySchema, response: { 200: CartSchema, ...errors } },
      handler: async ({ params, query, body }, rc) => applyCartCoupon(ctx, rc.site, shopperOfContext(rc), params.cartGuid, body?.couponCode ?? query.couponCode, query.lang),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/users/:userId/carts/:cartGuid/coupons/:couponCode',
      auth: 'user',
      docs: { tags: ['coupons'], summary: 'Remove a coupon from the cart; answers the cart (404 CouponError couponNotFound when it is not on the cart)', security: USER_SECURITY },
      schema: { params: CartParamsSchema.extend({ couponCode: codeInput() }), querystring: z.object({ lang: LangSchema.optional() }), response: { 200: CartSchema, ...errors } },
      handler: async ({ params, query }, rc) => removeCartCouponFlow(ctx, rc.site, shopperOfContext(rc), params.cartGuid, params.couponCode, query.lang),
    }),
    defineRoute({
      method: 'GET',
      url: '/users/:userId/discountMessage',
      auth: 'user',
      docs: {
        tags: ['coupons'],
        summary: 'The spec §6 role-based discount message: member text or percentage text (2 decimals), chosen from the signed-in profile roles',
        security: USER_SECURITY,
      },
      schema: { params: UserParamsSchema, querystring: z.object({ lang: LangSchema.optional() }), response: { 200: DiscountMessageSchema, ...errors } },
      handler: async ({ query }, rc) => getDiscountMessage(ctx, rc.site, shopperOfContext(rc), query.lang),
    }),
  ];
}

/** Registers the coupon and discount-message routes on the /rest/v2/:baseSiteId scope. */
export function registerCouponRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  registerApiRoutes(scope, couponRouteList(ctx));
}
