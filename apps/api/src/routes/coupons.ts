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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CartSchema, codeInput, CouponDataSchema, DiscountMessageSchema, LangSchema, OccErrorBodySchema } from '@store/contracts';
import type { CommerceContext } from '../flows/context.ts';
import { applyCartCoupon, getCouponData, getDiscountMessage, removeCartCouponFlow } from '../flows/coupons.ts';
import { verifyClientToken } from '../auth/tokens.ts';
import { CartParamsSchema, shopperOf, USER_SECURITY, UserParamsSchema } from './carts.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema, 409: OccErrorBodySchema };
const CouponQuerySchema = z.object({ couponCode: codeInput().optional(), lang: LangSchema.optional() });
const CouponBodySchema = z.object({ couponCode: codeInput().optional() }).optional();

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^bearer\s+(\S+)$/i.exec(header) : null;
  return match ? match[1]! : null;
}

/**
 * The verified customer id of a request's bearer token, or null (no token, a client token, an
 * invalid or expired token). For public routes that answer more to a signed-in customer (catalogue
 * price strategies); never fails the request.
 */
export async function optionalCustomerId(request: FastifyRequest): Promise<string | null> {
  const token = bearerOf(request);
  if (!token) return null;
  const customer = await request.server.verifyCustomer(token);
  return customer?.id ?? null;
}

/** Registers the coupon and discount-message routes on the /rest/v2/:baseSiteId scope. */
export function registerCouponRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const secret = scope.config.JWT_SECRET;

  /** preHandler: a valid client (machine) token or customer token, else 401. */
  const requireAnyToken = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerOf(request);
    if (token && ((await verifyClientToken(secret, token)) || (await app.verifyCustomer(token)))) return;
    return app.requireClientToken(request, reply);
  };

  app.get(
    '/coupons/applyCouponData',
    {
      preHandler: requireAnyToken,
      schema: {
        tags: ['coupons'],
        summary: 'Coupon data (couponCode, couponName, pageName, success message) without touching a cart',
        description: '404 CouponError couponNotFound (unknown or malformed code); 400 couponExpired, couponNotYetValid, couponUsedUp.',
        security: USER_SECURITY,
        querystring: CouponQuerySchema,
        response: { 200: CouponDataSchema, ...errors },
      },
    },
    async (request) => getCouponData(ctx, request.baseSite, request.query.couponCode, request.query.lang),
  );

  const applySchema = {
    tags: ['coupons'],
    summary: 'Apply a coupon to the cart (codes are case-insensitive); answers the cart',
    description:
      'CouponError reasons: couponNotFound (404), couponExpired, couponNotYetValid, couponUsedUp, couponAlreadyUsed (per-customer limit), couponAlreadyApplied, couponNotApplicable (its promotion gives nothing on this cart; the message says why) — 400.',
    security: USER_SECURITY,
    params: CartParamsSchema,
    querystring: CouponQuerySchema,
    response: { 200: CartSchema, ...errors },
  };

  app.get('/users/:userId/carts/:cartGuid/coupon/apply', { onRequest: app.requireUser, schema: applySchema }, async (request) =>
    applyCartCoupon(ctx, request.baseSite, shopperOf(request), request.params.cartGuid, request.query.couponCode, request.query.lang),
  );

  app.post('/users/:userId/carts/:cartGuid/coupon/apply', { onRequest: app.requireUser, schema: { ...applySchema, body: CouponBodySchema } }, async (request) =>
    applyCartCoupon(ctx, request.baseSite, shopperOf(request), request.params.cartGuid, request.query.couponCode ?? request.body?.couponCode, request.query.lang),
  );

  app.post(
    '/users/:userId/carts/:cartGuid/applyDscntCoupon',
    { onRequest: app.requireUser, schema: { ...applySchema, summary: 'Apply a coupon to the cart ({couponCode}); answers the cart', body: CouponBodySchema } },
    async (request) => applyCartCoupon(ctx, request.baseSite, shopperOf(request), request.params.cartGuid, request.body?.couponCode ?? request.query.couponCode, request.query.lang),
  );

  app.delete(
    '/users/:userId/carts/:cartGuid/coupons/:couponCode',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['coupons'],
        summary: 'Remove a coupon from the cart; answers the cart (404 CouponError couponNotFound when it is not on the cart)',
        security: USER_SECURITY,
        params: CartParamsSchema.extend({ couponCode: codeInput() }),
        querystring: z.object({ lang: LangSchema.optional() }),
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request) => removeCartCouponFlow(ctx, request.baseSite, shopperOf(request), request.params.cartGuid, request.params.couponCode, request.query.lang),
  );

  app.get(
    '/users/:userId/discountMessage',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['coupons'],
        summary: 'The spec §6 role-based discount message: member text or percentage text (2 decimals), chosen from the signed-in profile roles',
        security: USER_SECURITY,
        params: UserParamsSchema,
        querystring: z.object({ lang: LangSchema.optional() }),
        response: { 200: DiscountMessageSchema, ...errors },
      },
    },
    async (request) => getDiscountMessage(ctx, request.baseSite, shopperOf(request), request.query.lang),
  );
}
