/**
 * Cart routes (spec §7 Cart; issue 2 "Cart"; issue 3 customer carts), under /rest/v2/:baseSiteId.
 * Paths are `users/{userId}/...` guarded by `app.requireUser`: `anonymous` with the storefront's
 * machine-to-machine token, `current` (or the customer's own id) with the customer's token. A
 * customer's cart is reachable only by that customer, an anonymous cart only anonymously
 * (flows/cart.ts). Thin handlers: parse (zod contracts), call the flow, answer.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AddProductsToCartRequestSchema,
  AddProductsToCartResponseSchema,
  AddToCartRequestSchema,
  AddToCartResponseSchema,
  CartMergeRequestSchema,
  CartMergeResponseSchema,
  CartCountResponseSchema,
  CartSchema,
  CartValidationResponseSchema,
  codeInput,
  LangSchema,
  OccErrorBodySchema,
  SessionCartGuidResponseSchema,
  UpdateCartRequestSchema,
  UpdateEntryRequestSchema,
} from '@store/contracts';
import { forbidden } from '@store/domain';
import type { CommerceContext, Shopper } from '../flows/context.ts';
import { addProductsToCart, addToCart, getCart, getCartCount, getSessionCart, updateEntries, validateCart } from '../flows/cart.ts';
import { getCurrentCart, mergeAnonymousCart, type CustomerShopper } from '../flows/customer-carts.ts';
import { userIdOf } from '../plugins/auth.ts';
import { defineRoute, registerApiRoutes, shopperOfContext, type ApiContext } from '../http/api-route.ts';

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 403: OccErrorBodySchema, 404: OccErrorBodySchema, 409: OccErrorBodySchema };
/** OpenAPI security of `users/{userId}` routes: the machine token for `anonymous`, a customer token otherwise. */
export const USER_SECURITY: Array<Record<string, string[]>> = [{ clientToken: [] }, { customerToken: [] }];
/** OpenAPI security of customer-only routes. */
export const CUSTOMER_SECURITY: Array<Record<string, string[]>> = [{ customerToken: [] }];
const security = USER_SECURITY;

/** Who a `users/{userId}` request acts for (after `app.requireUser`). */
export function shopperOf(request: FastifyRequest): Shopper {
  const userId = userIdOf(request);
  return userId ? { userId, email: request.customer?.email ?? null } : { userId: null };
}

/**
 * The signed-in customer of a customer-only `users/{userId}` route (after `app.requireUser`).
 * @throws 403 `ForbiddenError` `customerRequired` for `users/anonymous`
 */
export function customerOf(request: FastifyRequest): CustomerShopper & { email: string } {
  const userId = userIdOf(request);
  if (!userId) throw forbidden('ForbiddenError', 'customerRequired', 'Sign in to use this resource', 'userId');
  return { userId, email: request.customer?.email ?? '' };
}

/** Path parameter `userId`: `anonymous`, `current` or a customer id. */
export const UserParamsSchema = z.object({ baseSiteId: codeInput(), userId: codeInput() });
/** Path parameters of cart routes. */
export const CartParamsSchema = UserParamsSchema.extend({ cartGuid: codeInput() });
/** Path parameters of cart entry routes. */
export const EntryParamsSchema = CartParamsSchema.extend({ entryNumber: z.string().regex(/^\d{1,4}$/, 'must be an entry number') });
/** `lang` query of cart routes. */
export const CartLangQuerySchema = z.object({ lang: LangSchema.optional() });

/**
 * The signed-in customer of a customer-only `users/{userId}` route (route context version of
 * {@link customerOf}).
 * @throws 403 `ForbiddenError` `customerRequired` for `users/anonymous`
 */
export function customerOfContext(rc: ApiContext): CustomerShopper & { email: string } {
  const shopper = shopperOfContext(rc);
  if (!shopper.userId) throw forbidden('ForbiddenError', 'customerRequired', 'Sign in to use this resource', 'userId');
  return { userId: shopper.userId, email: rc.customer?.email ?? '' };
}

/**
 * The cart routes (issue 11 item 3: defined once, served over HTTP and by the direct transport;
 * item 1: the flows take the contract schemas' output).
 */
export function cartRouteList(ctx: CommerceContext) {
  return [
    defineRoute({
      method: 'GET',
      url: '/getSessionCartGuid',
      auth: 'client',
      docs: {
        tags: ['cart'],
        summary: 'The session cart guid: the `sessioncartguid` header (or query) when it names an open cart of this site, else a new cart',
        security: [{ clientToken: [] }],
      },
      schema: {
        querystring: z.object({ sessioncartguid: codeInput().optional(), lang: LangSchema.optional() }),
        headers: z.object({ sessioncartguid: codeInput().optional() }),
        response: { 200: SessionCartGuidResponseSchema, ...errors },
      },
      handler: async ({ query, headers }, rc) => getSessionCart(ctx, rc.site, headers.sessioncartguid ?? query.sessioncartguid, query.lang),
    }),
    defineRoute({
      method: 'POST',
      url: '/users/:userId/addProductToCart',
      auth: 'user',
      docs: {
        tags: ['cart'],
        summary: 'Add a product (base product → default variant, or a variant) to a cart; creates the cart when cartGuid is absent, unknown or closed',
        security,
      },
      schema: { params: UserParamsSchema, body: AddToCartRequestSchema, response: { 200: AddToCartResponseSchema, ...errors } },
      handler: async ({ body }, rc) => addToCart(ctx, rc.site, shopperOfContext(rc), body),
    }),
    defineRoute({
      method: 'POST',
      url: '/users/:userId/addProductsToCart',
      auth: 'user',
      docs: { tags: ['cart'], summary: 'Add one unit of each product code (all or nothing)', security },
      schema: { params: UserParamsSchema, body: AddProductsToCartRequestSchema, response: { 200: AddProductsToCartResponseSchema, ...errors } },
      handler: async ({ body }, rc) => addProductsToCart(ctx, rc.site, shopperOfContext(rc), body),
    }),
    defineRoute({
      method: 'GET',
      url: '/users/:userId/carts/:cartGuid',
      auth: 'user',
      docs: { tags: ['cart'], summary: 'The cart: entries, totals, tax lines, free-shipping progress, checkout fields', security },
      schema: { params: CartParamsSchema, querystring: CartLangQuerySchema.extend({ fields: codeInput().optional() }), response: { 200: CartSchema, ...errors } },
      handler: async ({ params, query }, rc) => getCart(ctx, rc.site, shopperOfContext(rc), params.cartGuid, query.lang),
    }),
    defineRoute({
      method: 'GET',
      url: '/users/:userId/carts/:cartGuid/count',
      auth: 'user',
      docs: { tags: ['cart'], summary: 'The units in the cart (Σ entry qty), not priced: the header count of every page (issue 11); 0 once the cart is closed', security },
      schema: { params: CartParamsSchema, response: { 200: CartCountResponseSchema, ...errors } },
      handler: async ({ params }, rc) => getCartCount(ctx, rc.site, shopperOfContext(rc), params.cartGuid),
    }),
    defineRoute({
      method: 'POST',
      url: '/users/:userId/carts/:cartGuid/updateCart',
      auth: 'user',
      docs: { tags: ['cart'], summary: 'Change quantities: {entryNumber, qty} or {entries:[{entryNumber, qty}]}; qty 0 removes the line', security },
      schema: {
        params: CartParamsSchema,
        querystring: CartLangQuerySchema.extend({ fields: codeInput().optional(), csAgentId: codeInput().optional() }),
        body: UpdateCartRequestSchema,
        response: { 200: CartSchema, ...errors },
      },
      handler: async ({ params, query, body }, rc) => {
        const many = body.entries !== undefined;
        // the schema requires entryNumber and qty when entries is absent
        const changes = body.entries ?? [{ entryNumber: body.entryNumber!, qty: body.qty! }];
        return updateEntries(ctx, rc.site, shopperOfContext(rc), params.cartGuid, changes, query.lang, (i, field) => (many ? `entries[${i}].${field}` : field));
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/users/:userId/carts/:cartGuid/entries/:entryNumber',
      auth: 'user',
      docs: { tags: ['cart'], summary: "Set the quantity of a line (0 removes it) and/or an auto-delivery line's frequencyWeeks", security },
      schema: { params: EntryParamsSchema, querystring: CartLangQuerySchema, body: UpdateEntryRequestSchema, response: { 200: CartSchema, ...errors } },
      handler: async ({ params, query, body }, rc) =>
        updateEntries(ctx, rc.site, shopperOfContext(rc), params.cartGuid, [{ entryNumber: Number(params.entryNumber), qty: body.qty, frequencyWeeks: body.frequencyWeeks }], query.lang, (_i, field) =>
          field === 'qty' ? 'qty' : 'entryNumber',
        ),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/users/:userId/carts/:cartGuid/entries/:entryNumber',
      auth: 'user',
      docs: { tags: ['cart'], summary: 'Remove a line', security },
      schema: { params: EntryParamsSchema, querystring: CartLangQuerySchema, response: { 200: CartSchema, ...errors } },
      handler: async ({ params, query }, rc) =>
        updateEntries(ctx, rc.site, shopperOfContext(rc), params.cartGuid, [{ entryNumber: Number(params.entryNumber), qty: 0 }], query.lang, (_i, field) => field),
    }),
    defineRoute({
      method: 'GET',
      url: '/users/:userId/carts/:cartGuid/validate',
      auth: 'user',
      docs: { tags: ['cart'], summary: 'Cart validation before checkout (spec §2): lines out of stock, short of stock, discontinued or no longer sold', security },
      schema: { params: CartParamsSchema, querystring: CartLangQuerySchema, response: { 200: CartValidationResponseSchema, ...errors } },
      handler: async ({ params, query }, rc) => validateCart(ctx, rc.site, shopperOfContext(rc), params.cartGuid, query.lang),
    }),
    defineRoute({
      method: 'GET',
      url: '/users/:userId/carts/current',
      auth: 'user',
      docs: { tags: ['cart'], summary: "The signed-in customer's open cart of this site (created when none); 403 for users/anonymous", security: CUSTOMER_SECURITY },
      schema: { params: UserParamsSchema, querystring: CartLangQuerySchema, response: { 200: CartSchema, ...errors } },
      handler: async ({ query }, rc) => getCurrentCart(ctx, rc.site, customerOfContext(rc), query.lang),
    }),
    defineRoute({
      method: 'POST',
      url: '/users/:userId/carts/merge',
      auth: 'user',
      docs: {
        tags: ['cart'],
        summary: "Merge an anonymous cart into the customer's current cart at sign-in (quantities added, capped by stock; one transaction; the anonymous cart is closed)",
        description:
          'Answers the merged cart and a message per line not merged in full (quantityCapped, outOfStock, discontinued, notSold). 404 when the anonymous cart is unknown or belongs to a customer; 409 cartNotOpen when it is ordered or already merged.',
        security: CUSTOMER_SECURITY,
      },
      schema: { params: UserParamsSchema, querystring: CartLangQuerySchema, body: CartMergeRequestSchema, response: { 200: CartMergeResponseSchema, ...errors } },
      handler: async ({ query, body }, rc) => mergeAnonymousCart(ctx, rc.site, customerOfContext(rc), body.anonymousCartGuid, query.lang),
    }),
  ];
}

/** Registers the cart routes on the /rest/v2/:baseSiteId scope. */
export function registerCartRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  registerApiRoutes(scope, cartRouteList(ctx));
}
